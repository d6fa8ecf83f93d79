// Staff mode against the real server, with three bots: Ann is staff (core.staff.use, the watch mode,
// staff chat), Cat reads staff chat, Ben is an ordinary player. What each bot sees (game mode,
// entities and tab list, chat lines), both staff routes over real HTTP, and staff.mode and
// staff.chat on a real subscription.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Bot } from './support/bots.ts';
import { joinBot, never, quit, recordMessages, waitFor, waitForMessage } from './support/bots.ts';
import { startScene, type RestServer, type Scene, type Subscription } from './support/rest-server.ts';

const UNKNOWN = '00000000-0000-0000-0000-0000000000aa';

describe('staff mode, as players see it and over the Remote Access Service', () => {
  let scene: Scene;
  let rs: RestServer;
  let reader: string;
  let writer: string;
  let events: Subscription;
  let ann: Bot;
  let ben: Bot;
  let cat: Bot;
  let annId: string;

  const entityOf = (bot: Bot, name: string) => Object.values(bot.entities).find((e) => e.type === 'player' && e.username === name);
  const sees = (bot: Bot, name: string) => bot.players[name] !== undefined && entityOf(bot, name) !== undefined;
  const seesNothingOf = (bot: Bot, name: string) => bot.players[name] === undefined && entityOf(bot, name) === undefined;
  const staffOf = (uuid: string) => rs.call('GET', `/players/${uuid}/staff`, reader);

  before(async () => {
    ({ rs, reader, writer, events, ann, ben } = scene = await startScene(['staff.*']));
    cat = await joinBot(rs.server.gamePort, 'Cat');
    annId = ann.player.uuid;
    for (const [who, node] of [['Ann', 'core.staff.use'], ['Ann', 'core.staff.mode.watch'], ['Ann', 'core.staff.chat'], ['Cat', 'core.staff.chat']] as const) {
      await rs.console(`perm grant ${who} ${node}`, new RegExp(`Granted ${node.replaceAll('.', '\\.')} to ${who}`));
    }
    await waitFor(() => sees(ben, 'Ann'), 'Ben to see Ann');
  });
  after(async () => {
    events?.close();
    await scene?.close();
  });

  it('answers off duty and an empty list before anyone goes on duty', async () => {
    const r = await staffOf(annId);
    assert.deepEqual([r.status, r.json], [200, { ok: true, data: { 'player-id': annId, 'player-name': 'Ann', online: true, 'on-duty': false, mode: null, since: null } }]);
    assert.deepEqual((await rs.call('GET', '/staff', reader)).json, { ok: true, data: { players: [], count: 0 } });
  });

  it('/staff puts Ann in creative and vanishes her from Ben; staff.mode is carried and both routes show it', async () => {
    const told = waitForMessage(ann, /You are on staff duty \(mod\): game mode creative, vanished/);
    ann.chat('/staff');
    await told;
    await waitFor(() => ann.game.gameMode === 'creative', 'Ann in creative');
    await waitFor(() => seesNothingOf(ben, 'Ann'), 'Ann to be gone from Ben’s world and tab list');
    const e = await events.next('staff.mode', (d) => d['player-id'] === annId && d['on-duty'] === true);
    assert.deepEqual([e.data.mode, e.data['previous-mode'], e.data.reason, e.data.actor], ['mod', null, 'command', 'Ann']);
    const r = await staffOf(annId.replaceAll('-', '').toUpperCase());
    assert.deepEqual([r.json.data['player-id'], r.json.data['on-duty'], r.json.data.mode], [annId, true, 'mod']);
    const list = await rs.call('GET', '/staff', reader);
    assert.deepEqual(list.json.data, { players: [{ 'player-id': annId, 'player-name': 'Ann', mode: 'mod', since: r.json.data.since }], count: 1 });
  });

  it('/staff watch switches Ann to spectator, still hidden from Ben', async () => {
    ann.chat('/staff watch');
    await waitFor(() => ann.game.gameMode === 'spectator', 'Ann in spectator');
    const e = await events.next('staff.mode', (d) => d['player-id'] === annId && d.mode === 'watch');
    assert.equal(e.data['previous-mode'], 'mod');
    await never(() => !seesNothingOf(ben, 'Ann'), 'Ben to see Ann while she watches');
    assert.equal((await staffOf(annId)).json.data.mode, 'watch');
  });

  it('refuses /staff to Ben, naming the node', async () => {
    const refused = waitForMessage(ben, /permission \(core\.staff\.use\)/);
    ben.chat('/staff');
    await refused;
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
    const benLines = recordMessages(ben);
    const catRead = waitForMessage(cat, /^\[Staff\] Ann: meet at spawn$/);
    ann.chat('/sc meet at spawn');
    await catRead;
    const e = await events.next('staff.chat', (d) => d.message === 'meet at spawn');
    assert.deepEqual([e.data['sender-id'], e.data['sender-name'], e.data.recipients], [annId, 'Ann', 2]);
    await never(() => benLines.some((l) => l.includes('meet at spawn')), 'Ben to read staff chat');
  });

  it('/sc alone sends Ann’s chat to staff only; /staffchat switches it back', async () => {
    const on = waitForMessage(ann, /now goes to staff chat only/);
    ann.chat('/sc');
    await on;
    const benLines = recordMessages(ben);
    const catRead = waitForMessage(cat, /^\[Staff\] Ann: quiet words$/);
    ann.chat('quiet words');
    await catRead;
    await events.next('staff.chat', (d) => d.message === 'quiet words');
    await never(() => benLines.some((l) => l.includes('quiet words')), 'Ben to read Ann’s staff chat');
    const off = waitForMessage(ann, /Your chat goes to everyone again/);
    ann.chat('/staffchat');
    await off;
  });

  it('/staff again gives Ann survival back and shows her to Ben', async () => {
    ann.chat('/staff');
    await waitFor(() => ann.game.gameMode === 'survival', 'Ann back in survival');
    await waitFor(() => sees(ben, 'Ann'), 'Ben to see Ann again');
    const e = await events.next('staff.mode', (d) => d['player-id'] === annId && d['on-duty'] === false);
    assert.deepEqual([e.data.mode, e.data['previous-mode'], e.data.reason], [null, 'watch', 'command']);
    assert.deepEqual((await rs.call('GET', '/staff', reader)).json.data, { players: [], count: 0 });
  });

  it('ends duty when Ann leaves (staff.mode reason quit) and gives her game mode back when she returns', async () => {
    ann.chat('/staff');
    await waitFor(() => ann.game.gameMode === 'creative', 'Ann in creative');
    await quit(ann);
    const e = await events.next('staff.mode', (d) => d['player-id'] === annId && d.reason === 'quit');
    assert.equal(e.data['on-duty'], false);
    ann = await joinBot(rs.server.gamePort, 'Ann');
    await waitFor(() => ann.game.gameMode === 'survival', 'Ann back in survival after rejoining');
    await waitFor(() => sees(ben, 'Ann'), 'Ben to see Ann after she rejoined');
    assert.equal((await staffOf(annId)).json.data['on-duty'], false);
  });

  it('ends duty when the server dies: Ann joins again in survival, visible, with staff.mode reason restart', async () => {
    const told = waitForMessage(ann, /You are on staff duty \(mod\)/);
    ann.chat('/staff');
    await told;
    await waitFor(() => ann.game.gameMode === 'creative', 'Ann in creative');
    events.close();
    // Killed, so that no quit ends the duty first: the stored row is all that is left.
    await rs.server.stop('SIGKILL');
    rs = await scene.restart();
    events = await rs.subscribe(writer, ['staff.*']);
    ben = await joinBot(rs.server.gamePort, 'Ben');
    ann = await joinBot(rs.server.gamePort, 'Ann');
    await waitFor(() => ann.game.gameMode === 'survival', 'Ann back in survival after the restart');
    await waitFor(() => sees(ben, 'Ann'), 'Ben to see Ann after the restart');
    await events.next('staff.mode', (d) => d['player-id'] === annId && d.reason === 'restart');
  });
});
