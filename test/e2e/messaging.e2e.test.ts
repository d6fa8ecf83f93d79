// Messaging against the real server: Ann and Ben exchange private messages (/msg and its aliases,
// /r), Ben ignores Ann, Cat gets mail while away and is told at join, /helpop reaches staff. Every
// messaging route over real HTTP and every messaging event on a real subscription.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Bot } from './support/bots.ts';
import { createBot, joinBot, nextEvent, quit, recordMessages, waitFor, waitForMessage } from './support/bots.ts';
import { startScene, type RestServer, type Scene, type Subscription } from './support/rest-server.ts';

const UNKNOWN = '00000000-0000-0000-0000-0000000000aa';

describe('messaging, as players see it and over the Remote Access Service', () => {
  let scene: Scene;
  let rs: RestServer;
  let writer: string;
  let reader: string;
  let events: Subscription;
  let ann: Bot;
  let ben: Bot;
  let annId: string;
  let benId: string;
  let catId: string;

  before(async () => {
    ({ rs, writer, reader, events, ann, ben } = scene = await startScene(['messaging.*']));
    [annId, benId] = [ann.player.uuid, ben.player.uuid];
    const cat = await joinBot(rs.server.gamePort, 'Cat');
    catId = cat.player.uuid;
    await quit(cat);
  });
  after(() => scene?.close());

  it('/msg reaches Ben, /r answers Ann, and messaging.private-message is carried', async () => {
    const benReads = waitForMessage(ben, /\[Ann -> me\] hello Ben/);
    const annEcho = waitForMessage(ann, /\[me -> Ben\] hello Ben/);
    ann.chat('/msg Ben hello Ben');
    await Promise.all([benReads, annEcho]);
    const e = await events.next('messaging.private-message', (d) => d['player-id'] === annId);
    assert.deepEqual([e.data['player-name'], e.data['recipient-id'], e.data['recipient-name'], e.data.body], ['Ann', benId, 'Ben', 'hello Ben']);
    const annReads = waitForMessage(ann, /\[Ben -> me\] hi Ann/);
    ben.chat('/r hi Ann');
    await annReads;
    const viaAlias = waitForMessage(ben, /\[Ann -> me\] by whisper/);
    ann.chat('/whisper ben by whisper');
    await viaAlias;
  });

  it('POST /messaging/message sends as the from player; offline and unknown players are declined', async () => {
    const annReads = waitForMessage(ann, /\[Ben -> me\] from the panel/);
    const r = await rs.call('POST', '/messaging/message', writer, { from: benId, to: annId, body: 'from the panel' });
    assert.equal(r.status, 200);
    assert.deepEqual([r.json.data['from-name'], r.json.data['to-name'], r.json.data.body], ['Ben', 'Ann', 'from the panel']);
    await annReads;
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
    await rs.call('POST', `/players/${annId}/mute`, writer, { silent: true });
    const told = waitForMessage(ann, /You are muted/);
    ann.chat('/msg Ben quiet please');
    await told;
    const r = await rs.call('POST', '/messaging/message', writer, { from: annId, to: benId, body: 'muted?' });
    assert.deepEqual([r.json.ok, r.json.code], [false, 'refused']);
    await rs.call('POST', `/players/${annId}/unmute`, writer, { silent: true });
  });

  it('/ignore: Ben ignores Ann, lists her, and neither /tell nor the route reaches him', async () => {
    const ignored = waitForMessage(ben, /You now ignore Ann/);
    ben.chat('/ignore Ann');
    await ignored;
    const listed = waitForMessage(ben, /You ignore \(1\): Ann/);
    ben.chat('/ignore');
    await listed;
    const list = await rs.call('GET', `/players/${benId}/ignores`, reader);
    assert.equal(list.status, 200);
    assert.deepEqual([list.json.data.count, list.json.data.ignores.map((i: { 'player-name': string }) => i['player-name'])], [1, ['Ann']]);
    const benLines = recordMessages(ben);
    const refused = waitForMessage(ann, /Ben is ignoring Ann/);
    ann.chat('/tell Ben can you hear me');
    await refused;
    const r = await rs.call('POST', '/messaging/message', writer, { from: annId, to: benId, body: 'and now?' });
    assert.deepEqual([r.json.ok, r.json.code], [false, 'refused']);
    assert.ok(!benLines.some((l) => l.includes('[Ann -> me]')), benLines.join(' | '));
    const back = waitForMessage(ben, /You no longer ignore Ann/);
    ben.chat('/ignore Ann');
    await back;
    assert.equal((await rs.call('GET', `/players/${benId}/ignores`, reader)).json.data.count, 0);
  });

  it('mail waits for Cat, who is told at join, reads it and clears it; mail-deliver is carried', async () => {
    const server = await rs.call('POST', `/players/${catId}/mail`, writer, { body: 'Welcome back from the server' });
    assert.deepEqual([server.status, server.json.data['from-id'], server.json.data.read], [200, null, false]);
    const e = await events.next('messaging.mail-deliver', (d) => d['player-id'] === catId && d['sender-id'] === null);
    assert.deepEqual([e.data['recipient-online'], e.data.body], [false, 'Welcome back from the server']);
    const sent = waitForMessage(ann, /Mail sent to Cat\./);
    ann.chat('/mail send Cat see you at spawn');
    await sent;
    await events.next('messaging.mail-deliver', (d) => d['player-id'] === catId && d['sender-id'] === annId);
    const asAnn = await rs.call('POST', `/players/${catId}/mail`, writer, { body: 'as Ann', from: annId });
    assert.equal(asAnn.json.data['from-name'], 'Ann');
    let box = await rs.call('GET', `/players/${catId}/mail`, reader);
    assert.deepEqual([box.json.data.count, box.json.data.unread], [3, 3]);
    assert.equal((await rs.call('GET', `/players/${UNKNOWN}/mail`, reader)).json.code, 'not-found');

    const cat = createBot(rs.server.gamePort, 'Cat');
    const catLines = recordMessages(cat);
    await nextEvent(cat, 'spawn', 20000);
    await waitFor(() => catLines.some((l) => l.includes('You have 3 unread mails')), 'Cat to be told of her mail at join');
    cat.chat('/mail read');
    await waitFor(() => catLines.some((l) => l.includes('[Ann] see you at spawn')) && catLines.some((l) => l.includes('[Server] Welcome back')), 'Cat to read her mail');
    box = await rs.call('GET', `/players/${catId}/mail`, reader);
    assert.deepEqual([box.json.data.count, box.json.data.unread], [3, 0]);
    const cleared = waitForMessage(cat, /Removed 3 mails\./);
    cat.chat('/mail clear');
    await cleared;
    assert.equal((await rs.call('GET', `/players/${catId}/mail`, reader)).json.data.count, 0);
    const told = waitForMessage(cat, /You have new mail from the server/);
    await rs.call('POST', `/players/${catId}/mail`, writer, { body: 'while online' });
    await told;
    await quit(cat);
  });

  it('/helpop reaches staff holding core.messaging.helpop.receive; help-op is carried', async () => {
    await rs.console('perm grant Ben core.messaging.helpop.receive', /Granted core\.messaging\.helpop\.receive to Ben/);
    const benReads = waitForMessage(ben, /\[HelpOp\] Ann: I am stuck in a hole/);
    const annTold = waitForMessage(ann, /Your request was sent to 1 staff member/);
    ann.chat('/helpop I am stuck in a hole');
    await Promise.all([benReads, annTold]);
    const e = await events.next('messaging.help-op', (d) => d['player-id'] === annId);
    assert.deepEqual([e.data.body, e.data['staff-told']], ['I am stuck in a hole', 1]);
  });
});
