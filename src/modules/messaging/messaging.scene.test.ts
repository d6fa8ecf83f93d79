// Messaging over real HTTP and a real event stream, on the in-process scene (the whole plugin on the
// fake platform, test/support/scene.ts): Ann and Ben exchange private messages (/msg and its
// aliases, /r), Ben ignores Ann, Cat gets mail while away and is told at join, /helpop reaches staff.
// Every messaging route and every messaging event. The same through the real game, with bots:
// test/e2e/areas/messaging.ts.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startKernelScene, type KernelScene, type SceneRest, type ScenePlayer, type Subscription } from '../../../test/support/scene.ts';

const UNKNOWN = '00000000-0000-0000-0000-0000000000aa';

describe('messaging over the Remote Access Service (in process)', () => {
  let scene: KernelScene;
  let rs: SceneRest;
  let writer: string;
  let reader: string;
  let events: Subscription;
  let ann: ScenePlayer;
  let ben: ScenePlayer;
  let annId: string;
  let benId: string;
  let catId: string;

  before(async () => {
    ({ rs, writer, reader, events, ann, ben } = scene = await startKernelScene(['messaging.*']));
    [annId, benId] = [ann.uuid, ben.uuid];
    const cat = await scene.join('Cat');
    catId = cat.uuid;
    cat.quit();
  });
  after(() => scene?.close());

  it('/msg reaches Ben, /r answers Ann, and messaging.private-message is carried', async () => {
    const benReads = ben.waitForMessage(/\[Ann -> me\] hello Ben/);
    await ann.run('/msg Ben hello Ben', /\[me -> Ben\] hello Ben/);
    await benReads;
    const e = await events.next('messaging.private-message', (d) => d['player-id'] === annId);
    assert.deepEqual([e.data['player-name'], e.data['recipient-id'], e.data['recipient-name'], e.data.body], ['Ann', benId, 'Ben', 'hello Ben']);
    const annReads = ann.waitForMessage(/\[Ben -> me\] hi Ann/);
    await ben.chat('/r hi Ann');
    await annReads;
    const viaAlias = ben.waitForMessage(/\[Ann -> me\] by whisper/);
    await ann.chat('/whisper ben by whisper');
    await viaAlias;
  });

  it('POST /messaging/message sends as the from player; offline and unknown players are declined', async () => {
    const annReads = ann.waitForMessage(/\[Ben -> me\] from the panel/);
    const r = await rs.call('POST', '/messaging/message', writer, { from: benId, to: annId, body: 'from the panel' });
    assert.equal(r.status, 200);
    assert.deepEqual([r.json.data['from-name'], r.json.data['to-name'], r.json.data.body], ['Ben', 'Ann', 'from the panel']);
    await annReads;
    const e = await events.next('messaging.private-message', (d) => d['player-id'] === benId && d.body === 'from the panel');
    assert.deepEqual([e.data['recipient-id'], e.data['recipient-name']], [annId, 'Ann']);
    const offline = await rs.call('POST', '/messaging/message', writer, { from: annId, to: catId, body: 'are you there' });
    assert.deepEqual([offline.status, offline.json.ok, offline.json.code], [200, false, 'player-offline']);
    const unknown = await rs.call('POST', '/messaging/message', writer, { from: annId, to: UNKNOWN, body: 'x' });
    assert.equal(unknown.json.code, 'not-found');
    const empty = await rs.call('POST', '/messaging/message', writer, { from: annId, to: benId, body: '' });
    assert.deepEqual([empty.status, empty.json.field], [400, 'body']);
    const reading = await rs.call('POST', '/messaging/message', reader, { from: annId, to: benId, body: 'x' });
    assert.equal(reading.status, 403);
  });

  it('a muted player is refused by the route as by the command', async () => {
    assert.equal((await rs.call('POST', `/players/${annId}/mute`, writer, { silent: true })).json.ok, true);
    const benMark = ben.messages.length;
    await ann.run('/msg Ben quiet please', /You are muted/);
    const r = await rs.call('POST', '/messaging/message', writer, { from: annId, to: benId, body: 'muted?' });
    assert.deepEqual([r.json.ok, r.json.code], [false, 'refused']);
    assert.deepEqual(ben.messages.slice(benMark), [], 'Ben reads nothing of it');
    assert.equal((await rs.call('POST', `/players/${annId}/unmute`, writer, { silent: true })).json.ok, true);
  });

  it('/ignore: Ben ignores Ann, lists her, and neither /tell nor the route reaches him', async () => {
    await ben.run('/ignore Ann', /You now ignore Ann/);
    await ben.run('/ignore', /You ignore \(1\): Ann/);
    const list = await rs.call('GET', `/players/${benId}/ignores`, reader);
    assert.equal(list.status, 200);
    assert.deepEqual([list.json.data.count, list.json.data.ignores.map((i: { 'player-name': string }) => i['player-name'])], [1, ['Ann']]);
    const benMark = ben.messages.length;
    await ann.run('/tell Ben can you hear me', /Ben is ignoring Ann/);
    const r = await rs.call('POST', '/messaging/message', writer, { from: annId, to: benId, body: 'and now?' });
    assert.deepEqual([r.json.ok, r.json.code], [false, 'refused']);
    assert.ok(!ben.messages.slice(benMark).some((l) => l.includes('[Ann -> me]')), ben.messages.slice(benMark).join(' | '));
    await ben.run('/ignore Ann', /You no longer ignore Ann/);
    assert.equal((await rs.call('GET', `/players/${benId}/ignores`, reader)).json.data.count, 0);
  });

  it('mail waits for Cat, who is told at join, reads it and clears it; mail-deliver is carried', async () => {
    const server = await rs.call('POST', `/players/${catId}/mail`, writer, { body: 'Welcome back from the server' });
    assert.deepEqual([server.status, server.json.data['from-id'], server.json.data.read], [200, null, false]);
    const e = await events.next('messaging.mail-deliver', (d) => d['player-id'] === catId && d['sender-id'] === null);
    assert.deepEqual([e.data['recipient-online'], e.data.body], [false, 'Welcome back from the server']);
    await ann.run('/mail send Cat see you at spawn', /Mail sent to Cat\./);
    await events.next('messaging.mail-deliver', (d) => d['player-id'] === catId && d['sender-id'] === annId);
    const asAnn = await rs.call('POST', `/players/${catId}/mail`, writer, { body: 'as Ann', from: annId });
    assert.equal(asAnn.json.data['from-name'], 'Ann');
    let box = await rs.call('GET', `/players/${catId}/mail`, reader);
    assert.deepEqual([box.json.data.count, box.json.data.unread], [3, 3]);
    assert.equal((await rs.call('GET', `/players/${UNKNOWN}/mail`, reader)).json.code, 'not-found');

    const cat = await scene.join('Cat');
    assert.ok(cat.messages.some((l) => l.includes('You have 3 unread mails')), `Cat is told of her mail at join: ${cat.messages.join(' | ')}`);
    await cat.chat('/mail read');
    assert.ok(cat.messages.some((l) => l.includes('[Ann] see you at spawn')) && cat.messages.some((l) => l.includes('[Server] Welcome back')), 'Cat reads her mail');
    box = await rs.call('GET', `/players/${catId}/mail`, reader);
    assert.deepEqual([box.json.data.count, box.json.data.unread], [3, 0]);
    await cat.run('/mail clear', /Removed 3 mails\./);
    assert.equal((await rs.call('GET', `/players/${catId}/mail`, reader)).json.data.count, 0);
    const told = cat.waitForMessage(/You have new mail from the server/);
    await rs.call('POST', `/players/${catId}/mail`, writer, { body: 'while online' });
    await told;
    const online = await events.next('messaging.mail-deliver', (d) => d['player-id'] === catId && d.body === 'while online');
    assert.equal(online.data['recipient-online'], true);
    cat.quit();
  });

  it('/helpop reaches staff holding core.messaging.helpop.receive; help-op is carried', async () => {
    await rs.console('perm grant Ben core.messaging.helpop.receive', /Granted core\.messaging\.helpop\.receive to Ben/);
    const benReads = ben.waitForMessage(/\[HelpOp\] Ann: I am stuck in a hole/);
    await ann.run('/helpop I am stuck in a hole', /Your request was sent to 1 staff member/);
    await benReads;
    const e = await events.next('messaging.help-op', (d) => d['player-id'] === annId);
    assert.deepEqual([e.data.body, e.data['staff-told']], ['I am stuck in a hole', 1]);
  });
});
