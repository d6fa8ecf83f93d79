// Vanish over real HTTP and a real event stream, on the in-process scene (the whole plugin on the
// fake platform, test/support/scene.ts), with three players: Ann vanishes (core.vanish.use, level
// 1), Ben is an ordinary player (see-level 0) and Cat holds core.vanish.see.1. Who sees whom, tab
// completion, every vanish route and command, vanish.toggle, the audit log and a restart. What the
// bots see of it in the real game (entities, tab list, join and quit lines): test/e2e/areas/vanish.ts.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startKernelScene, type KernelScene, type SceneRest, type ScenePlayer, type Subscription } from '../../../test/support/scene.ts';

const UNKNOWN = '00000000-0000-0000-0000-0000000000aa';

describe('vanish over the Remote Access Service (in process)', () => {
  let scene: KernelScene;
  let rs: SceneRest;
  let writer: string;
  let reader: string;
  let events: Subscription;
  let ann: ScenePlayer;
  let ben: ScenePlayer;
  let cat: ScenePlayer;
  let annId: string;
  let benId: string;
  let catId: string;

  /** Whether `viewer` has `target` in their tab list and world. */
  const sees = (viewer: ScenePlayer, target: ScenePlayer) => scene.t.platform.display.playersSeenBy(viewer.uuid).some((p) => p.uuid === target.uuid);
  const vanishOf = (uuid: string, query = '') => rs.call('GET', `/players/${uuid}/vanish${query}`, reader);

  /** Ann joins; and whether Ben saw her the moment she came in, before anything asynchronous ran. */
  async function annJoins(): Promise<{ ann: ScenePlayer; benSawHerComeIn: boolean | undefined }> {
    let benSawHerComeIn: boolean | undefined;
    const seen = ({ player }: { player: { uuid: string; name: string } }) => {
      if (player.name === 'Ann') benSawHerComeIn = scene.t.platform.canSee(benId, player.uuid);
    };
    scene.t.platform.on('join', seen);
    try {
      return { ann: await scene.join('Ann'), benSawHerComeIn };
    } finally {
      scene.t.platform.off('join', seen);
    }
  }

  before(async () => {
    ({ rs, writer, reader, events, ann, ben } = scene = await startKernelScene(['vanish.*']));
    cat = await scene.join('Cat');
    [annId, benId, catId] = [ann.uuid, ben.uuid, cat.uuid];
    await rs.console('perm grant Ann core.vanish.use', /Granted core\.vanish\.use to Ann/);
    await rs.console('perm grant Cat core.vanish.see.1', /Granted core\.vanish\.see\.1 to Cat/);
    assert.ok(sees(ben, ann) && sees(cat, ann), 'Ben and Cat see Ann');
  });
  after(() => scene?.close());

  it('answers not hidden, level 1 and visible-to-viewer null before anyone vanishes', async () => {
    const r = await vanishOf(annId);
    assert.deepEqual([r.status, r.json], [
      200,
      { ok: true, data: { 'player-id': annId, 'player-name': 'Ann', online: true, hidden: false, level: 1, since: null, 'visible-to-viewer': null } },
    ]);
    const list = await rs.call('GET', '/vanish', reader);
    assert.deepEqual(list.json, { ok: true, data: { players: [], count: 0 } });
  });

  it('/vanish hides Ann from Ben but not from Cat, and vanish.toggle is carried', async () => {
    await ann.run('/vanish', /You are now vanished \(level 1\)/);
    const e = await events.next('vanish.toggle', (d) => d['player-id'] === annId && d.vanished === true);
    assert.deepEqual([e.data['player-name'], e.data.level, e.data.online, e.data.actor], ['Ann', 1, true, 'Ann']);
    assert.equal(sees(ben, ann), false, 'Ann gone from Ben’s world and tab list');
    assert.equal(sees(cat, ann), true, 'Cat still sees Ann');
    assert.ok(sees(ann, ben), 'the vanished player still sees the others');
  });

  it('does not offer Ann in Ben’s tab completion of a player argument, and does offer her to Cat', () => {
    const benWords = scene.t.platform.complete(benId, '/homes ');
    assert.ok(benWords.includes('Cat') && !benWords.includes('Ann'), JSON.stringify(benWords));
    const catWords = scene.t.platform.complete(catId, '/homes ');
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

  it('keeps Ann hidden from Ben when she leaves and comes back vanished; Cat sees her again', async () => {
    ann.quit();
    const comeIn = await annJoins();
    ann = comeIn.ann;
    assert.equal(comeIn.benSawHerComeIn, false, 'Ben does not see Ann come in');
    assert.equal(sees(cat, ann), true, 'Cat sees Ann again');
    assert.equal(sees(ben, ann), false, 'Ben does not see Ann after she rejoined');
    const r = await vanishOf(annId);
    assert.deepEqual([r.json.data.hidden, r.json.data.online], [true, true]);
  });

  it('POST vanished false brings Ann back for Ben (vanish.toggle by core-rest/writer); the same again is already-in-state', async () => {
    const told = ann.waitForMessage(/You are visible again/);
    const r = await rs.call('POST', `/players/${annId}/vanish`, writer, { vanished: false });
    assert.deepEqual([r.status, r.json.ok, r.json.data.hidden, r.json.data.since], [200, true, false, null]);
    const e = await events.next('vanish.toggle', (d) => d['player-id'] === annId && d.vanished === false);
    assert.equal(e.data.actor, 'core-rest/writer');
    await told;
    assert.equal(sees(ben, ann), true, 'Ben sees Ann again');
    const again = await rs.call('POST', `/players/${annId}/vanish`, writer, { vanished: false });
    assert.deepEqual([again.status, again.json.ok, again.json.code], [200, false, 'already-in-state']);
  });

  it('POST without a body vanishes (default true); the console shows a player again; bad bodies are 400 and a reader 403', async () => {
    const r = await rs.call('POST', `/players/${benId}/vanish`, writer);
    assert.deepEqual([r.json.ok, r.json.data.hidden, r.json.data['player-name']], [true, true, 'Ben']);
    await events.next('vanish.toggle', (d) => d['player-id'] === benId && d.vanished === true);
    // Cat's see-level is 1, and Ann may vanish at level 1 so sees level 1: neither loses Ben.
    assert.ok(sees(cat, ben) && sees(ann, ben), 'Cat and Ann still see Ben');
    const dup = await rs.call('POST', `/players/${benId}/vanish`, writer, { vanished: true });
    assert.equal(dup.json.code, 'already-in-state');
    const back = ben.waitForMessage(/You are visible again/);
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
    assert.equal((await vanishOf(benId)).json.data.hidden, false);
  });

  it('refuses /vanish <other> without core.vanish.others, and /v toggles Ann', async () => {
    await ann.run('/vanish Ben', /permission \(core\.vanish\.others\)/);
    assert.equal((await vanishOf(benId)).json.data.hidden, false);
    await ann.run('/v', /You are now vanished/);
    assert.equal(sees(ben, ann), false, 'Ann gone for Ben');
    await ann.run('/v', /You are visible again/);
    assert.equal(sees(ben, ann), true, 'Ben sees Ann again');
  });

  it('lists the vanished players with /vanish list', async () => {
    assert.equal((await rs.call('POST', `/players/${catId}/vanish`, writer, { vanished: true })).json.ok, true);
    await ann.run('/vanish list', /^Vanished \(1\): Cat \[level 1\]$/);
    assert.equal((await rs.call('POST', `/players/${catId}/vanish`, writer, { vanished: false })).json.ok, true);
  });

  it('records in-game and REST vanish writes in the audit log with their actors', async () => {
    const rows = await scene.query<{ actor: string; action: string }>("SELECT actor, action FROM core_audit WHERE target = ? AND action LIKE 'vanish.%' ORDER BY id", annId);
    const seen = rows.map((r) => `${r.actor} ${r.action}`);
    for (const want of ['Ann vanish.on', 'core-rest/writer vanish.off']) assert.ok(seen.includes(want), `${want} in ${JSON.stringify(seen)}`);
  });

  it('keeps Ann vanished across a restart: Ben, joining first, never sees her come in', async () => {
    assert.equal((await rs.call('POST', `/players/${annId}/vanish`, writer, { vanished: true })).json.ok, true);
    await scene.restart();
    ben = await scene.join('Ben');
    cat = await scene.join('Cat');
    const comeIn = await annJoins();
    ann = comeIn.ann;
    assert.equal(comeIn.benSawHerComeIn, false, 'Ben does not see Ann come in');
    assert.equal(sees(cat, ann), true, 'Cat sees Ann');
    assert.equal(sees(ben, ann), false, 'Ben does not see Ann after the restart');
    assert.ok(sees(ben, cat), 'Ben sees the others');
    const r = await vanishOf(annId, `?viewer=${benId}`);
    assert.deepEqual([r.json.data.hidden, r.json.data['visible-to-viewer']], [true, false]);
  });
});
