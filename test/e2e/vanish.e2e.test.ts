// Vanish against the real server, with three bots: Ann vanishes (core.vanish.use, level 1), Ben is
// an ordinary player (see-level 0) and Cat holds core.vanish.see.1. What each bot sees (entities,
// tab list, join and quit lines, tab completion), every vanish route over real HTTP and
// vanish.toggle on a real subscription.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Bot } from './support/bots.ts';
import { joinBot, never, quit, recordMessages, waitFor, waitForMessage } from './support/bots.ts';
import { startScene, type RestServer, type Scene, type Subscription } from './support/rest-server.ts';
import { readServerData } from './support/server-data.ts';

const UNKNOWN = '00000000-0000-0000-0000-0000000000aa';

describe('vanish, as players see it and over the Remote Access Service', () => {
  let scene: Scene;
  let rs: RestServer;
  let writer: string;
  let reader: string;
  let events: Subscription;
  let ann: Bot;
  let ben: Bot;
  let cat: Bot;
  let annId: string;
  let benId: string;
  let catId: string;

  const entityOf = (bot: Bot, name: string) => Object.values(bot.entities).find((e) => e.type === 'player' && e.username === name);
  /** Whether `bot` has `name` in its tab list and in its world. */
  const sees = (bot: Bot, name: string) => bot.players[name] !== undefined && entityOf(bot, name) !== undefined;
  const seesNothingOf = (bot: Bot, name: string) => bot.players[name] === undefined && entityOf(bot, name) === undefined;
  const completions = async (bot: Bot, line: string) =>
    // mineflayer's typing says string[]; at 1.21.4 the entries are { match, tooltip }.
    ((await bot.tabComplete(line, false, false)) as unknown as Array<string | { match: string }>).map((m) => (typeof m === 'string' ? m : m.match));
  const vanishOf = (uuid: string, query = '') => rs.call('GET', `/players/${uuid}/vanish${query}`, reader);

  before(async () => {
    ({ rs, writer, reader, events, ann, ben } = scene = await startScene(['vanish.*']));
    cat = await joinBot(rs.server.gamePort, 'Cat');
    [annId, benId, catId] = [ann.player.uuid, ben.player.uuid, cat.player.uuid];
    await rs.console('perm grant Ann core.vanish.use', /Granted core\.vanish\.use to Ann/);
    await rs.console('perm grant Cat core.vanish.see.1', /Granted core\.vanish\.see\.1 to Cat/);
    await waitFor(() => sees(ben, 'Ann') && sees(cat, 'Ann'), 'Ben and Cat to see Ann');
  });
  after(async () => {
    // The stream is opened again after the restart; the scene quits every bot still connected.
    events?.close();
    await scene?.close();
  });

  it('answers not hidden, level 1 and visible-to-viewer null before anyone vanishes', async () => {
    const r = await vanishOf(annId);
    assert.deepEqual([r.status, r.json], [
      200,
      { ok: true, data: { 'player-id': annId, 'player-name': 'Ann', online: true, hidden: false, level: 1, since: null, 'visible-to-viewer': null } },
    ]);
    const list = await rs.call('GET', '/vanish', reader);
    assert.deepEqual(list.json, { ok: true, data: { players: [], count: 0 } });
  });

  it('/vanish hides Ann from Ben (entity and tab list) but not from Cat, and vanish.toggle is carried', async () => {
    const told = waitForMessage(ann, /You are now vanished \(level 1\)/);
    ann.chat('/vanish');
    await told;
    const e = await events.next('vanish.toggle', (d) => d['player-id'] === annId && d.vanished === true);
    assert.deepEqual([e.data['player-name'], e.data.level, e.data.online, e.data.actor], ['Ann', 1, true, 'Ann']);
    await waitFor(() => seesNothingOf(ben, 'Ann'), 'Ann to be gone from Ben’s world and tab list');
    await never(() => !sees(cat, 'Ann'), 'Cat to lose sight of Ann');
    assert.ok(sees(ann, 'Ben'), 'the vanished player still sees the others');
  });

  it('does not offer Ann in Ben’s tab completion of a player argument, and does offer her to Cat', async () => {
    const benWords = await completions(ben, '/homes ');
    assert.ok(benWords.includes('Cat') && !benWords.includes('Ann'), JSON.stringify(benWords));
    const catWords = await completions(cat, '/homes ');
    assert.ok(catWords.includes('Ann'), JSON.stringify(catWords));
  });

  it('answers the vanish read with viewer: not visible to Ben, visible to Cat; and lists Ann', async () => {
    const plain = await vanishOf(annId);
    assert.deepEqual([plain.json.data.hidden, plain.json.data.level, plain.json.data['visible-to-viewer']], [true, 1, null]);
    assert.match(plain.json.data.since, /^\d{4}-\d\d-\d\dT/);
    assert.equal((await vanishOf(annId, `?viewer=${benId}`)).json.data['visible-to-viewer'], false);
    assert.equal((await vanishOf(annId, `?viewer=${catId.replaceAll('-', '').toUpperCase()}`)).json.data['visible-to-viewer'], true);
    assert.equal((await vanishOf(benId, `?viewer=${catId}`)).json.data['visible-to-viewer'], true);
    const list = await rs.call('GET', '/vanish', reader);
    assert.deepEqual(list.json.data, { players: [{ 'player-id': annId, 'player-name': 'Ann', online: true, level: 1, since: plain.json.data.since }], count: 1 });
  });

  it('refuses a malformed viewer (400, field viewer) and declines an unknown player or viewer with not-found', async () => {
    const bad = await vanishOf(annId, '?viewer=nobody');
    assert.deepEqual([bad.status, bad.json.field], [400, 'viewer']);
    const unknownViewer = await vanishOf(annId, `?viewer=${UNKNOWN}`);
    assert.deepEqual([unknownViewer.status, unknownViewer.json.ok, unknownViewer.json.code], [200, false, 'not-found']);
    const unknown = await vanishOf(UNKNOWN);
    assert.deepEqual([unknown.status, unknown.json.code], [200, 'not-found']);
  });

  it('shows Ben no quit or join line when Ann leaves and comes back vanished; Cat sees both, Ben never sees her', async () => {
    const benLines = recordMessages(ben);
    const left = waitForMessage(cat, /Ann left the game/);
    await quit(ann);
    await left;
    const joined = waitForMessage(cat, /Ann joined the game/);
    ann = await joinBot(rs.server.gamePort, 'Ann');
    await joined;
    await waitFor(() => sees(cat, 'Ann'), 'Cat to see Ann again');
    await never(() => !seesNothingOf(ben, 'Ann'), 'Ben to see Ann after she rejoined');
    assert.deepEqual(benLines.filter((l) => l.includes('Ann')), []);
    assert.equal((await vanishOf(annId)).json.data.hidden, true);
  });

  it('POST vanished false brings Ann back for Ben (vanish.toggle by core-rest/writer); the same again is already-in-state', async () => {
    const r = await rs.call('POST', `/players/${annId}/vanish`, writer, { vanished: false });
    assert.deepEqual([r.status, r.json.ok, r.json.data.hidden, r.json.data.since], [200, true, false, null]);
    const e = await events.next('vanish.toggle', (d) => d['player-id'] === annId && d.vanished === false);
    assert.equal(e.data.actor, 'core-rest/writer');
    await waitFor(() => sees(ben, 'Ann'), 'Ben to see Ann again');
    const again = await rs.call('POST', `/players/${annId}/vanish`, writer, { vanished: false });
    assert.deepEqual([again.status, again.json.ok, again.json.code], [200, false, 'already-in-state']);
  });

  it('POST without a body vanishes (default true); the console shows a player again; bad bodies are 400 and a reader 403', async () => {
    const r = await rs.call('POST', `/players/${benId}/vanish`, writer);
    assert.deepEqual([r.json.ok, r.json.data.hidden, r.json.data['player-name']], [true, true, 'Ben']);
    await events.next('vanish.toggle', (d) => d['player-id'] === benId && d.vanished === true);
    // Cat's see-level is 1, and Ann may vanish at level 1 so sees level 1: neither loses Ben.
    await never(() => !sees(cat, 'Ben') || !sees(ann, 'Ben'), 'Cat or Ann to lose sight of Ben');
    const dup = await rs.call('POST', `/players/${benId}/vanish`, writer, { vanished: true });
    assert.equal(dup.json.code, 'already-in-state');
    const back = waitForMessage(ben, /You are visible again/);
    await rs.console('vanish Ben', /Ben is visible again\./);
    await back;
    const bad = await rs.call('POST', `/players/${benId}/vanish`, writer, { vanished: 'yes' });
    assert.deepEqual([bad.status, bad.json.field], [400, 'vanished']);
    const extra = await rs.call('POST', `/players/${benId}/vanish`, writer, { hidden: true });
    assert.deepEqual([extra.status, extra.json.field], [400, 'hidden']);
    const scope = await rs.call('POST', `/players/${benId}/vanish`, reader, { vanished: true });
    assert.deepEqual([scope.status, scope.json.scope], [403, 'write']);
    const unknown = await rs.call('POST', `/players/${UNKNOWN}/vanish`, writer, {});
    assert.equal(unknown.json.code, 'not-found');
  });

  it('refuses /vanish <other> without core.vanish.others, and /v toggles Ann in game', async () => {
    const refused = waitForMessage(ann, /permission \(core\.vanish\.others\)/);
    ann.chat('/vanish Ben');
    await refused;
    const on = waitForMessage(ann, /You are now vanished/);
    ann.chat('/v');
    await on;
    await waitFor(() => seesNothingOf(ben, 'Ann'), 'Ann to be gone for Ben');
    const off = waitForMessage(ann, /You are visible again/);
    ann.chat('/v');
    await off;
    await waitFor(() => sees(ben, 'Ann'), 'Ben to see Ann again');
  });

  it('lists the vanished players in game with /vanish list', async () => {
    await rs.call('POST', `/players/${catId}/vanish`, writer, { vanished: true });
    const line = waitForMessage(ann, /^Vanished \(1\): Cat \[level 1\]$/);
    ann.chat('/vanish list');
    await line;
    await rs.call('POST', `/players/${catId}/vanish`, writer, { vanished: false });
  });

  it('records in-game and REST vanish writes in the audit log with their actors', async () => {
    const rows = await readServerData<{ actor: string; action: string }>(rs.server.dataDir, "SELECT actor, action FROM core_audit WHERE target = ? AND action LIKE 'vanish.%' ORDER BY id", annId);
    const seen = rows.map((r) => `${r.actor} ${r.action}`);
    for (const want of ['Ann vanish.on', 'core-rest/writer vanish.off']) assert.ok(seen.includes(want), `${want} in ${JSON.stringify(seen)}`);
  });

  it('keeps Ann vanished across a restart: Ben, joining first, never sees her come in', async () => {
    assert.equal((await rs.call('POST', `/players/${annId}/vanish`, writer, { vanished: true })).json.ok, true);
    events.close();
    for (const bot of [ann, ben, cat]) await quit(bot);
    rs = await scene.restart();
    ben = await joinBot(rs.server.gamePort, 'Ben');
    const benLines = recordMessages(ben);
    cat = await joinBot(rs.server.gamePort, 'Cat');
    ann = await joinBot(rs.server.gamePort, 'Ann');
    await waitFor(() => sees(cat, 'Ann'), 'Cat to see Ann');
    await never(() => !seesNothingOf(ben, 'Ann'), 'Ben to see Ann after the restart');
    assert.ok(sees(ben, 'Cat'), 'Ben sees the others');
    assert.deepEqual(benLines.filter((l) => l.includes('Ann')), []);
    const r = await vanishOf(annId, `?viewer=${benId}`);
    assert.deepEqual([r.json.data.hidden, r.json.data['visible-to-viewer']], [true, false]);
  });
});
