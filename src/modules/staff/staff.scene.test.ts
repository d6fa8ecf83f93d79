// Staff mode over real HTTP and a real event stream, on the in-process scene (the whole plugin on
// the fake platform, test/support/scene.ts): Ann is staff (core.staff.use, the watch mode, staff
// chat), Cat reads staff chat, Ben is an ordinary player. What each player is shown (game mode, who
// they see, chat lines), both staff routes, and staff.mode and staff.chat on the stream. What
// players see of it in the real game: test/e2e/areas/staff.ts.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startKernelScene, type KernelScene, type SceneRest, type ScenePlayer, type Subscription } from '../../../test/support/scene.ts';

const UNKNOWN = '00000000-0000-0000-0000-0000000000aa';

describe('staff mode over the Remote Access Service (in process)', () => {
  let scene: KernelScene;
  let rs: SceneRest;
  let reader: string;
  let writer: string;
  let events: Subscription;
  let ann: ScenePlayer;
  let ben: ScenePlayer;
  let cat: ScenePlayer;
  let annId: string;

  /** Whether `viewer` has `target` in their tab list and world. */
  const sees = (viewer: ScenePlayer, target: ScenePlayer) => scene.t.platform.display.playersSeenBy(viewer.uuid).some((p) => p.uuid === target.uuid);
  const gameModeOf = (p: ScenePlayer) => scene.t.platform.gameMode(p.uuid);
  /** What a player's screen shows of other players' chat ("<name> message"). */
  const chatSeenBy = (p: ScenePlayer) => scene.t.platform.display.chatSeen.get(p.uuid) ?? [];
  const staffOf = (uuid: string) => rs.call('GET', `/players/${uuid}/staff`, reader);
  /**
   * Ann comes back in the game mode the game server kept for her (creative: it remembers a
   * player's mode), as the real server has her join; the staff module is what gives hers back.
   */
  const annReturnsIn = async (gameMode: 'creative') => {
    assert.ok(scene.t.platform.join('Ann', { gameMode }), 'Ann could not join');
    await scene.t.settle();
  };

  before(async () => {
    ({ rs, reader, writer, events, ann, ben } = scene = await startKernelScene(['staff.*']));
    cat = await scene.join('Cat');
    annId = ann.uuid;
    for (const [who, node] of [
      ['Ann', 'core.staff.use'],
      ['Ann', 'core.staff.mode.watch'],
      ['Ann', 'core.staff.chat'],
      ['Cat', 'core.staff.chat'],
    ] as const) {
      await rs.console(`perm grant ${who} ${node}`, new RegExp(`Granted ${node.replaceAll('.', '\\.')} to ${who}`));
    }
    assert.ok(sees(ben, ann), 'Ben sees Ann');
  });
  after(() => scene?.close());

  it('answers off duty and an empty list before anyone goes on duty', async () => {
    const r = await staffOf(annId);
    assert.deepEqual([r.status, r.json], [200, { ok: true, data: { 'player-id': annId, 'player-name': 'Ann', online: true, 'on-duty': false, mode: null, since: null } }]);
    assert.deepEqual((await rs.call('GET', '/staff', reader)).json, { ok: true, data: { players: [], count: 0 } });
  });

  it('/staff puts Ann in creative and vanishes her from Ben; staff.mode is carried and both routes show it', async () => {
    await ann.run('/staff', /You are on staff duty \(mod\): game mode creative, vanished/);
    assert.equal(gameModeOf(ann), 'creative');
    assert.equal(sees(ben, ann), false, 'Ann is still in Ben’s world and tab list');
    const e = await events.next('staff.mode', (d) => d['player-id'] === annId && d['on-duty'] === true);
    assert.deepEqual([e.data.mode, e.data['previous-mode'], e.data.reason, e.data.actor], ['mod', null, 'command', 'Ann']);
    const r = await staffOf(annId.replaceAll('-', '').toUpperCase());
    assert.deepEqual([r.json.data['player-id'], r.json.data['on-duty'], r.json.data.mode], [annId, true, 'mod']);
    const list = await rs.call('GET', '/staff', reader);
    assert.deepEqual(list.json.data, { players: [{ 'player-id': annId, 'player-name': 'Ann', mode: 'mod', since: r.json.data.since }], count: 1 });
  });

  it('/staff watch switches Ann to spectator, still hidden from Ben', async () => {
    await ann.chat('/staff watch');
    assert.equal(gameModeOf(ann), 'spectator');
    const e = await events.next('staff.mode', (d) => d['player-id'] === annId && d.mode === 'watch');
    assert.equal(e.data['previous-mode'], 'mod');
    await scene.t.settle();
    assert.equal(sees(ben, ann), false, 'Ben sees Ann while she watches');
    assert.equal((await staffOf(annId)).json.data.mode, 'watch');
  });

  it('refuses /staff to Ben, naming the node', async () => {
    await ben.run('/staff', /permission \(core\.staff\.use\)/);
    assert.equal(gameModeOf(ben), 'survival');
  });

  it('answers 400 for a malformed uuid and not-found for an unknown player; a POST is 405 (staff mode has no write route)', async () => {
    const bad = await staffOf('nobody');
    assert.deepEqual([bad.status, bad.json.field], [400, 'uuid']);
    const unknown = await staffOf(UNKNOWN);
    assert.deepEqual([unknown.status, unknown.json.ok, unknown.json.code], [200, false, 'not-found']);
    const post = await rs.call('POST', '/staff', writer, {});
    assert.equal(post.status, 405);
  });

  it('/sc reaches Ann and Cat but not Ben, with staff.chat', async () => {
    const mark = ben.messages.length;
    const catRead = cat.waitForMessage(/^\[Staff\] Ann: meet at spawn$/);
    await ann.chat('/sc meet at spawn');
    await catRead;
    assert.ok(ann.messages.includes('[Staff] Ann: meet at spawn'), ann.messages.join('\n'));
    const e = await events.next('staff.chat', (d) => d.message === 'meet at spawn');
    assert.deepEqual([e.data['sender-id'], e.data['sender-name'], e.data.recipients], [annId, 'Ann', 2]);
    await scene.t.settle();
    assert.ok(!ben.messages.slice(mark).some((l) => l.includes('meet at spawn')), 'Ben read staff chat');
  });

  it('/sc alone sends Ann’s chat to staff only; /staffchat switches it back', async () => {
    await ann.run('/sc', /now goes to staff chat only/);
    const mark = ben.messages.length;
    const catRead = cat.waitForMessage(/^\[Staff\] Ann: quiet words$/);
    await ann.chat('quiet words');
    await catRead;
    await events.next('staff.chat', (d) => d.message === 'quiet words');
    await scene.t.settle();
    assert.ok(!ben.messages.slice(mark).some((l) => l.includes('quiet words')), 'Ben read Ann’s staff chat');
    assert.ok(!chatSeenBy(ben).some((l) => l.includes('quiet words')), 'Ben saw Ann’s staff chat as chat');
    await ann.run('/staffchat', /Your chat goes to everyone again/);
    // Her chat is chat again: not cancelled into staff chat (vanished, she is seen by nobody yet).
    await ann.chat('loud words');
    assert.ok(!scene.t.platform.cancelledChat.some((c) => c.message === 'loud words'), 'Ann’s chat was cancelled');
  });

  it('/staff again gives Ann survival back and shows her to Ben', async () => {
    await ann.chat('/staff');
    assert.equal(gameModeOf(ann), 'survival');
    assert.ok(sees(ben, ann), 'Ben to see Ann again');
    const e = await events.next('staff.mode', (d) => d['player-id'] === annId && d['on-duty'] === false);
    assert.deepEqual([e.data.mode, e.data['previous-mode'], e.data.reason], [null, 'watch', 'command']);
    assert.deepEqual((await rs.call('GET', '/staff', reader)).json.data, { players: [], count: 0 });
  });

  it('ends duty when Ann leaves (staff.mode reason quit) and gives her game mode back when she returns', async () => {
    await ann.chat('/staff');
    assert.equal(gameModeOf(ann), 'creative');
    ann.quit();
    const e = await events.next('staff.mode', (d) => d['player-id'] === annId && d.reason === 'quit');
    assert.equal(e.data['on-duty'], false);
    await annReturnsIn('creative');
    await scene.t.until(() => gameModeOf(ann) === 'survival', 'Ann back in survival after rejoining');
    assert.ok(sees(ben, ann), 'Ben to see Ann after she rejoined');
    assert.equal((await staffOf(annId)).json.data['on-duty'], false);
  });

  it('ends duty when the server stops: Ann joins again in survival, visible, with staff.mode reason restart', async () => {
    await ann.run('/staff', /You are on staff duty \(mod\)/);
    assert.equal(gameModeOf(ann), 'creative');
    // The kernel stops with Ann online and no quit: the stored row is all that is left.
    await scene.restart();
    events = await rs.subscribe(writer, ['staff.*']);
    ben = await scene.join('Ben');
    await annReturnsIn('creative');
    await scene.t.until(() => gameModeOf(ann) === 'survival', 'Ann back in survival after the restart');
    assert.ok(sees(ben, ann), 'Ben to see Ann after the restart');
    await events.next('staff.mode', (d) => d['player-id'] === annId && d.reason === 'restart');
  });
});
