// Jails over real HTTP and a real event stream, on the in-process scene (the whole plugin on the
// fake platform, test/support/scene.ts): Ann (a moderator) defines jails and jails Ben and Cat in
// game and over HTTP; Ben is moved into the jail, cannot walk out, teleport home or run a command
// outside the allow-list, is sent back after a rejoin and released at expiry; Ann reads the
// announcements, and none of the silent ones. Every jail route, every jail event and every jail
// command. What players see of it in the real game: test/e2e/areas/jail.ts.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Location } from '../../platform/platform.ts';
import { startKernelScene, type KernelScene, type SceneRest, type ScenePlayer, type Subscription } from '../../../test/support/scene.ts';

const RADIUS = 4;

type Point = { world: string; x: number; y: number; z: number };

describe('jails over the Remote Access Service (in process)', () => {
  let scene: KernelScene;
  let rs: SceneRest;
  let writer: string;
  let reader: string;
  let events: Subscription;
  let ann: ScenePlayer;
  let ben: ScenePlayer;
  let annId: string;
  let benId: string;
  let cell: Point;
  /** Where Ben stood when he was first jailed: where a release (release-to "previous") puts him. */
  let benBefore: Location;

  const horizontal = (p: ScenePlayer, at: { x: number; z: number }) => Math.hypot(p.location().x - at.x, p.location().z - at.z);
  /** Whether a player stands (horizontally) at a point. */
  const standsAt = (p: ScenePlayer, at: { x: number; z: number }) => horizontal(p, at) < 0.01;
  /** The messages a player read since `mark` (a count of their messages). */
  const readSince = (p: ScenePlayer, mark: number) => p.messages.slice(mark);

  before(async () => {
    ({ rs, writer, reader, events, ann, ben } = scene = await startKernelScene(['moderation.*'], {
      // /home is allowed to prove that the teleport itself is refused (the command check comes first otherwise).
      config: { 'core/jail.conf': `radius = ${RADIUS}\nallowed-commands = ["msg", "home"]\nrelease-to = "previous"\n` },
    }));
    annId = ann.uuid;
    benId = ben.uuid;
    await rs.console('perm grant Ann core.moderation.*', /core\.moderation/);
  });
  after(() => scene?.close());

  it('lets Ann define jails with /setjail where she stands, list them with /jails and remove one with /deljail', async () => {
    const away: Location = { world: 'world', x: 100.5, y: 70, z: -40.5, yaw: 90, pitch: 0 };
    assert.equal(await scene.t.platform.teleport(annId, away), true);
    await ann.run('/setjail cell', /^Jail cell set at world/);
    const define = await events.next('moderation.jail-location-define', (d) => d.jail === 'cell');
    assert.deepEqual([define.data.actor, define.data.replaced], ['Ann', false]);
    cell = define.data.location as Point;
    assert.ok(standsAt(ann, cell), JSON.stringify(cell));

    await ann.chat('/setjail spare');
    await events.next('moderation.jail-location-define', (d) => d.jail === 'spare');
    const mark = ann.messages.length;
    await ann.run('/jails', /^spare: world/);
    const listed = readSince(ann, mark);
    assert.ok(listed.some((l) => /^Jails \(2\):/.test(l)) && listed.some((l) => /^cell: world/.test(l)), listed.join('\n'));
    await ann.run('/deljail spare', /^Jail spare removed\./);
    const remove = await events.next('moderation.jail-location-remove', (d) => d.jail === 'spare');
    assert.equal(remove.data.actor, 'Ann');
    // Ann goes back: the jail is far from where anyone stands.
    assert.equal(await scene.t.platform.teleport(annId, { ...away, x: away.x - 120 }), true);
  });

  it('/jail moves Ben into the jail; Ben is told and Ann reads the announcement', async () => {
    benBefore = ben.location();
    assert.ok(horizontal(ben, cell) > 10);
    const told = ben.waitForMessage(/^You have been jailed in cell by Ann permanently: being rude/);
    const announced = ann.waitForMessage(/^Ben was jailed in cell by Ann permanently: being rude/);
    await ann.chat('/jail Ben cell being rude');
    await Promise.all([told, announced]);
    await scene.t.until(() => standsAt(ben, cell), 'Ben to stand in the jail');
    const e = await events.next('moderation.player-jail', (d) => d['player-id'] === benId);
    assert.deepEqual(
      [e.data.jail, e.data.actor, e.data.reason, e.data['duration-seconds'], e.data['expires-at'], e.data.silent],
      ['cell', 'Ann', 'being rude', null, null, false],
    );
  });

  it('keeps Ben from walking out of the jail: a move beyond the radius is cancelled and he is told, one within it is not', async () => {
    const mark = ben.messages.length;
    // `move` answers whether the move was cancelled.
    assert.equal(scene.t.platform.move(benId, { ...ben.location(), x: cell.x + RADIUS - 1 }), false, 'a move within the radius was cancelled');
    assert.equal(ben.location().x, cell.x + RADIUS - 1);
    assert.equal(scene.t.platform.move(benId, { ...ben.location(), x: cell.x + RADIUS + 1 }), true, 'a move beyond the radius went through');
    await scene.t.settle();
    assert.ok(
      readSince(ben, mark).some((l) => /You are in jail \(cell\): you cannot leave it/.test(l)),
      readSince(ben, mark).join('\n'),
    );
    assert.ok(horizontal(ben, cell) <= RADIUS + 0.01, `Ben got ${horizontal(ben, cell).toFixed(2)} blocks from the jail`);
  });

  it('refuses Ben a teleport home and a command outside the allow-list, telling him why', async () => {
    const p = ben.location();
    const home = { world: 'world', x: Math.floor(p.x) + 30.5, y: Math.floor(p.y) + 1, z: Math.floor(p.z) + 30.5 };
    const r = await rs.call('POST', `/players/${benId}/homes/1/set`, writer, { location: home });
    assert.equal(r.json.ok, true, JSON.stringify(r.json));
    await ben.run('/home 1', /Ben is in jail \(cell\) and cannot teleport until released/);
    assert.ok(horizontal(ben, cell) <= RADIUS + 0.01);
    await ben.run('/homes', /^You are in jail \(cell\): you may only use \/msg, \/home\./);
  });

  it('sends Ben back to the jail when he joins again, and tells him why', async () => {
    ben.quit();
    const mark = ben.messages.length;
    ben = await scene.join('Ben');
    await scene.t.until(() => readSince(ben, mark).some((l) => /^You are jailed in cell permanently: being rude/.test(l)), 'Ben to be told he is still jailed');
    await scene.t.until(() => standsAt(ben, cell), 'Ben to be back in the jail');
  });

  it('frees Ben with a silent unjail over HTTP (back where he was), tells him, and does not announce it', async () => {
    const freed = ben.waitForMessage(/^You have been released from jail by core-rest\/writer/);
    const staff = ann.waitForMessage(/^\[silent\] Ben was released from jail by core-rest\/writer\.$/);
    const r = await rs.call('POST', `/players/${benId}/unjail`, writer, { silent: true });
    assert.deepEqual([r.status, r.json.ok, r.json.data?.jail, r.json.data?.reason], [200, true, 'cell', 'being rude']);
    await Promise.all([freed, staff]);
    await scene.t.until(() => horizontal(ben, cell) > 10, 'Ben to leave the jail');
    assert.ok(standsAt(ben, benBefore), JSON.stringify(ben.location()));
    const e = await events.next('moderation.player-unjail', (d) => d['player-id'] === benId && d.cause === 'lifted');
    assert.deepEqual([e.data.actor, e.data.jail], ['core-rest/writer', 'cell']);
    // Ann holds core.moderation.* (so the notify node): she reads it marked [silent], not the announcement.
    await scene.t.settle();
    assert.ok(!ann.messages.some((l) => /^Ben was released/.test(l)), 'Ann read a silent release announced');
  });

  it('jails Ben silently over HTTP for a while: not announced, and he is released at expiry', async () => {
    const told = ben.waitForMessage(/^You have been jailed in cell by core-rest\/writer for 3 seconds/);
    const staff = ann.waitForMessage(/^\[silent\] Ben was jailed in cell by core-rest\/writer for 3 seconds/);
    const r = await rs.call('POST', `/players/${benId}/jail`, writer, { jail: 'cell', 'duration-seconds': 3, silent: true });
    assert.equal(r.json.ok, true, JSON.stringify(r.json));
    assert.deepEqual([r.json.data.jail, r.json.data['duration-seconds'], r.json.data.reason], ['cell', 3, null]);
    await Promise.all([told, staff]);
    await scene.t.until(() => standsAt(ben, cell), 'Ben to stand in the jail');
    const e = await events.next('moderation.player-jail', (d) => d['player-id'] === benId && d.silent === true);
    assert.equal(e.data['duration-seconds'], 3);
    await scene.t.settle();
    assert.ok(!ann.messages.some((l) => /^Ben was jailed in cell by core-rest/.test(l)), 'Ann saw a silent jailing announced');
    const over = ben.waitForMessage(/^Your jail sentence is over: you are free/);
    await scene.t.clock.advance(3);
    await over;
    const end = await events.next('moderation.player-unjail', (d) => d['player-id'] === benId && d.cause === 'expired');
    assert.deepEqual([end.data.actor, end.data.jail], [null, 'cell']);
    await scene.t.until(() => horizontal(ben, cell) > 10, 'Ben to be moved out of the jail');
  });

  it('jails an offline player over HTTP: Cat is moved into the jail at her join, and /unjail announces her release', async () => {
    let cat = await scene.join('Cat');
    const catId = cat.uuid;
    cat.quit();
    const announced = ann.waitForMessage(/^Cat was jailed in cell by core-rest\/writer permanently: alt account/);
    const r = await rs.call('POST', `/players/${catId}/jail`, writer, { jail: 'cell', reason: 'alt account' });
    assert.equal(r.json.ok, true, JSON.stringify(r.json));
    await announced;
    await events.next('moderation.player-jail', (d) => d['player-id'] === catId);
    cat = await scene.join('Cat');
    await scene.t.until(() => standsAt(cat, cell), 'Cat to be moved into the jail');
    const released = ben.waitForMessage(/^Cat was released from jail by Ann\./);
    await ann.chat('/unjail Cat');
    await released;
    await scene.t.until(() => horizontal(cat, cell) > 10, 'Cat to be moved out of the jail');
    await events.next('moderation.player-unjail', (d) => d['player-id'] === catId && d.actor === 'Ann');
    cat.quit();
  });

  it('declines over HTTP: an unknown jail or player (not-found), a second jailing or a free player’s unjail (already-in-state); 400 for bad bodies; 403 without write', async () => {
    const unknownJail = await rs.call('POST', `/players/${benId}/jail`, writer, { jail: 'nowhere' });
    assert.deepEqual([unknownJail.status, unknownJail.json.code], [200, 'not-found']);
    const unseen = await rs.call('POST', '/players/00000000-0000-0000-0000-0000000000aa/jail', writer, { jail: 'cell' });
    assert.deepEqual([unseen.status, unseen.json.code], [200, 'not-found']);
    const free = await rs.call('POST', `/players/${benId}/unjail`, writer);
    assert.deepEqual([free.status, free.json.code], [200, 'already-in-state']);
    for (const [body, field] of [
      [{}, 'jail'],
      [{ jail: 'Not A Name' }, 'jail'],
      [{ jail: 'cell', 'duration-seconds': 0 }, 'duration-seconds'],
      [{ jail: 'cell', reason: '' }, 'reason'],
      [{ jail: 'cell', silent: 'yes' }, 'silent'],
    ] as const) {
      const bad = await rs.call('POST', `/players/${benId}/jail`, writer, body);
      assert.deepEqual([bad.status, bad.json.field], [400, field], JSON.stringify(body));
    }
    const scope = await rs.call('POST', `/players/${benId}/jail`, reader, { jail: 'cell' });
    assert.deepEqual([scope.status, scope.json.scope], [403, 'write']);
    const once = await rs.call('POST', `/players/${benId}/jail`, writer, { jail: 'cell', silent: true });
    assert.equal(once.json.ok, true);
    const twice = await rs.call('POST', `/players/${benId}/jail`, writer, { jail: 'cell' });
    assert.deepEqual([twice.status, twice.json.code], [200, 'already-in-state']);
    assert.equal((await rs.call('POST', `/players/${benId}/unjail`, writer, { silent: true })).json.ok, true);
  });

  it('records the jail writes in the audit log with their actors', async () => {
    type Row = { actor: string; action: string };
    const rows = await scene.query<Row>("SELECT actor, action FROM core_audit WHERE target = ? AND action LIKE 'moderation.%' ORDER BY id", benId);
    const defines = await scene.query<Row>("SELECT actor, action FROM core_audit WHERE action LIKE 'moderation.jail-%' ORDER BY id");
    const seen = [...rows, ...defines].map((r) => `${r.actor} ${r.action}`);
    for (const want of ['Ann moderation.jail', 'core-rest/writer moderation.unjail', 'core-rest/writer moderation.jail', 'Ann moderation.jail-define', 'Ann moderation.jail-remove']) {
      assert.ok(seen.includes(want), `${want} in ${JSON.stringify(seen)}`);
    }
  });

  it('keeps Ben in jail across a restart, and ends a sentence that expired while the server was down', async () => {
    assert.equal((await rs.call('POST', `/players/${benId}/jail`, writer, { jail: 'cell', reason: 'still rude', silent: true })).json.ok, true);
    const catId = (await events.next('moderation.player-unjail', (d) => d['player-name'] === 'Cat')).data['player-id'] as string;
    assert.equal((await rs.call('POST', `/players/${catId}/jail`, writer, { jail: 'cell', 'duration-seconds': 2, silent: true })).json.ok, true);
    await scene.restart(() => scene.t.clock.advance(2.5));
    events = await rs.subscribe(writer, ['moderation.*']);
    const sanctions = async (uuid: string) => (await rs.call('GET', `/players/${uuid}/sanctions`, writer)).json.data;
    assert.equal((await sanctions(benId)).jail?.reason, 'still rude');
    assert.equal((await sanctions(catId)).jail, null);

    const benMark = ben.messages.length;
    ben = await scene.join('Ben');
    await scene.t.until(() => readSince(ben, benMark).some((l) => /^You are jailed in cell permanently: still rude/.test(l)), 'Ben to be told he is still jailed');
    await scene.t.until(() => standsAt(ben, cell), 'Ben to be in the jail after the restart');

    const cat = await scene.join('Cat');
    await scene.t.until(() => cat.messages.some((l) => /^Your jail sentence ended while you were away: you are free/.test(l)), 'Cat to be told her sentence ended');
  });
});
