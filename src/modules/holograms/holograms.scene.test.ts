// Holograms over real HTTP and a real event stream, on the in-process scene (the whole plugin on the
// fake platform, test/support/scene.ts): every hologram route and event, what each player sees (the
// text display with its lines after markup and placeholders, its change after a line edit or a
// move, its removal), a right-click running the bound command, every /holo form, and holograms
// surviving a restart. What a player sees of them in the real game: test/e2e/areas/holograms.ts.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startKernelScene, type KernelScene, type SceneRest, type ScenePlayer, type Subscription } from '../../../test/support/scene.ts';

describe('holograms over the Remote Access Service (in process)', () => {
  let scene: KernelScene;
  let rs: SceneRest;
  let writer: string;
  let reader: string;
  let events: Subscription;
  let ann: ScenePlayer;
  let ben: ScenePlayer;
  let annId: string;
  let benId: string;
  let spot: { world: string; x: number; y: number; z: number };

  /** The texts of the text displays a player sees, as plain text (lines joined by line breaks). */
  const texts = (p: ScenePlayer) => scene.t.platform.entityFake.seenBy(p.uuid).flatMap((e) => (e.kind === 'text_display' ? [e.text ?? ''] : []));
  const sees = (p: ScenePlayer, text: string) => scene.t.platform.entityFake.seenBy(p.uuid).find((e) => e.kind === 'text_display' && e.text === text);

  before(async () => {
    ({ rs, writer, reader, events, ann, ben } = scene = await startKernelScene(['hologram.*']));
    annId = ann.uuid;
    benId = ben.uuid;
    const p = ben.location();
    spot = { world: 'world', x: Math.floor(p.x) + 2.5, y: Math.floor(p.y) + 1, z: Math.floor(p.z) + 0.5 };
  });
  after(() => scene?.close());

  it('creates a hologram (hologram.create): each player sees it with their own {player}, after markup', async () => {
    const r = await rs.call('POST', '/holograms', writer, { actor: annId, name: 'Welcome', location: spot, line: '&6Welcome {player}' });
    assert.equal(r.json.ok, true, JSON.stringify(r.json));
    assert.deepEqual(
      [r.json.data.name, r.json.data['owner-name'], r.json.data.lines, r.json.data.location, r.json.data.command],
      ['welcome', 'Ann', ['&6Welcome {player}'], { ...spot, yaw: 0, pitch: 0 }, null],
    );
    const e = await events.next('hologram.create', (d) => d.name === 'welcome');
    assert.deepEqual([e.data['player-name'], e.data['owner-id'], e.data.lines, e.data.actor], ['Ann', annId, ['&6Welcome {player}'], 'core-rest/writer']);
    assert.deepEqual(texts(ben), ['Welcome Ben'], 'Ben reads "Welcome Ben", and only that');
    assert.deepEqual(texts(ann), ['Welcome Ann'], 'Ann reads "Welcome Ann"');
    assert.deepEqual(sees(ben, 'Welcome Ben')!.location, { ...spot, yaw: 0, pitch: 0 });
    const again = await rs.call('POST', '/holograms', writer, { actor: benId, name: 'WELCOME', location: spot, line: 'x' });
    assert.deepEqual([again.status, again.json.code], [200, 'already-exists']);
    assert.deepEqual(texts(ben), ['Welcome Ben'], 'the refused one shows nothing');
  });

  it('reads holograms with their text as stored; an unknown name is 404; bad input is 400 naming the field', async () => {
    const all = await rs.call('GET', '/holograms', reader);
    assert.deepEqual([all.json.data.count, all.json.data.holograms[0].lines], [1, ['&6Welcome {player}']]);
    const one = await rs.call('GET', '/holograms/WELCOME', reader);
    assert.deepEqual([one.status, one.json.data.name, one.json.data.lines], [200, 'welcome', ['&6Welcome {player}']]);
    const none = await rs.call('GET', '/holograms/nowhere', reader);
    assert.deepEqual([none.status, none.json.code], [404, 'not-found']);
    const name = await rs.call('POST', '/holograms', writer, { actor: annId, name: 'bad name', location: spot, line: 'x' });
    assert.deepEqual([name.status, name.json.field], [400, 'name']);
    const world = await rs.call('POST', '/holograms', writer, { actor: annId, name: 'sea', location: { ...spot, world: 'atlantis' }, line: 'x' });
    assert.deepEqual([world.status, world.json.field], [400, 'location.world']);
    const edit = await rs.call('POST', '/holograms/welcome/lines', writer, { actor: annId });
    assert.deepEqual([edit.status, edit.json.field], [400, 'text']);
  });

  it('edits lines: adds at the bottom, replaces, removes; the other player sees each change', async () => {
    let r = await rs.call('POST', '/holograms/welcome/lines', writer, { actor: annId, text: '&bto the server' });
    assert.deepEqual(r.json.data.lines, ['&6Welcome {player}', '&bto the server']);
    assert.deepEqual(texts(ben), ['Welcome Ben\nto the server'], 'Ben reads the second line');
    r = await rs.call('POST', '/holograms/welcome/lines', writer, { actor: annId, line: 1, text: '&lHello' });
    assert.deepEqual(r.json.data.lines, ['&lHello', '&bto the server']);
    assert.deepEqual([texts(ben), texts(ann)], [['Hello\nto the server'], ['Hello\nto the server']], 'both read the new first line');
    r = await rs.call('POST', '/holograms/welcome/lines', writer, { actor: annId, line: 2 });
    assert.deepEqual(r.json.data.lines, ['&lHello']);
    assert.deepEqual(texts(ben), ['Hello'], 'Ben sees the second line gone');
    const last = await rs.call('POST', '/holograms/welcome/lines', writer, { actor: annId, line: 1, text: null });
    assert.deepEqual([last.status, last.json.code], [200, 'refused']);
    const past = await rs.call('POST', '/holograms/welcome/lines', writer, { actor: annId, line: 5, text: 'x' });
    assert.deepEqual([past.status, past.json.code], [200, 'not-found']);
    const stranger = await rs.call('POST', '/holograms/welcome/lines', writer, { actor: benId, text: 'graffiti' });
    assert.deepEqual([stranger.status, stranger.json.code], [200, 'refused']);
    assert.deepEqual(texts(ben), ['Hello'], 'the refused edits change nothing Ben sees');
  });

  it('moves a hologram where the players see it', async () => {
    const to = { ...spot, z: spot.z + 1 };
    const r = await rs.call('POST', '/holograms/welcome/move', writer, { actor: annId, location: to });
    assert.deepEqual(r.json.data.location, { ...to, yaw: 0, pitch: 0 });
    assert.deepEqual(sees(ben, 'Hello')?.location, { ...to, yaw: 0, pitch: 0 }, 'Ben sees it moved');
  });

  it('binds a command that runs as the player who right-clicks the hologram; null unbinds', async () => {
    const r = await rs.call('POST', '/holograms/welcome/command', writer, { actor: annId, command: '/holo info welcome' });
    assert.equal(r.json.data.command, 'holo info welcome');
    const denied = await rs.call('POST', '/holograms/welcome/command', writer, { actor: benId, command: 'holo list' });
    assert.deepEqual([denied.status, denied.json.code], [200, 'refused']);
    const mark = ben.messages.length;
    scene.t.platform.entityFake.click(benId, sees(ben, 'Hello')!.target, 'use');
    await scene.t.settle();
    assert.match(ben.messages.slice(mark).join('\n'), /Hologram welcome of Ann/);
    const off = await rs.call('POST', '/holograms/welcome/command', writer, { actor: annId, command: null });
    assert.equal(off.json.data.command, null);
  });

  it('lets players run every /holo form: create, lines, command, managers, move, list, info, delete', async () => {
    await ben.run('/holo', /^\/holo list$/);
    await ann.run('/holo create board First', /core\.holo\.create/);
    await rs.console('perm grant Ann core.holo.create', /Granted core\.holo\.create to Ann/);
    await rs.console('perm grant Ann core.holo.command', /Granted core\.holo\.command to Ann/);
    await ann.chat('/holo create board &aFirst');
    const created = await events.next('hologram.create', (d) => d.name === 'board');
    assert.deepEqual([created.data.actor, created.data.lines], ['Ann', ['&aFirst']]);
    assert.notEqual(sees(ben, 'First'), undefined, 'Ben sees the board');
    await ann.run('/holo addline board Second', /Added line 2 to board/);
    assert.notEqual(sees(ben, 'First\nSecond'), undefined, 'Ben sees the added line');
    await ann.run('/holo setline board 2 Deux', /Line 2 of board changed/);
    assert.notEqual(sees(ben, 'First\nDeux'), undefined, 'Ben sees the changed line');
    await ann.run('/holo removeline board 2', /Removed line 2 of board/);
    assert.notEqual(sees(ben, 'First'), undefined, 'Ben sees the line removed');
    await ann.run('/holo command board holo list', /Right-clicking board now runs \/holo list/);
    await ann.run('/holo manager add board Ben', /Ben is now a manager of board/);
    await ben.run('/holo move board', /Moved the hologram board above you/);
    const moved = await rs.call('GET', '/holograms/board', reader);
    assert.equal(Math.abs(moved.json.data.location.y - (ben.location().y + 2)) < 0.01, true, JSON.stringify(moved.json.data.location));
    assert.equal(sees(ben, 'First')?.location.y, moved.json.data.location.y, 'Ben sees the board above him');
    await ben.run('/holo list', /board of Ann: world/);
    await ben.run('/holo info board', /^1: &aFirst$/);
    await ben.run('/holo delete board', /only its owner may/);
    assert.notEqual(sees(ben, 'First'), undefined, 'the refused delete leaves the board');
    await ann.run('/holo manager remove board Ben', /Ben is no longer a manager of board/);
    await ann.chat('/holo delete board');
    const deleted = await events.next('hologram.delete', (d) => d.name === 'board');
    assert.deepEqual([deleted.data['player-name'], deleted.data.actor], ['Ann', 'Ann']);
    assert.equal(sees(ben, 'First'), undefined, 'the board is gone for Ben');
  });

  it('keeps holograms across a restart and shows them to players who join', async () => {
    const added = await rs.call('POST', '/holograms/welcome/lines', writer, { actor: annId, text: '&7{player}' });
    assert.deepEqual(added.json.data.lines, ['&lHello', '&7{player}']);
    await scene.restart();
    const carl = await scene.join('Carl');
    assert.deepEqual(texts(carl), ['Hello\nCarl'], 'Carl, joining after the restart, sees the hologram with his name');
    const one = await rs.call('GET', '/holograms/welcome', reader);
    assert.deepEqual(one.json.data.lines, ['&lHello', '&7{player}']);
    events = await rs.subscribe(writer, ['hologram.*']);
    const r = await rs.call('POST', '/holograms/welcome/delete', writer, { actor: annId });
    assert.equal(r.json.data.name, 'welcome');
    const e = await events.next('hologram.delete', (d) => d.name === 'welcome');
    assert.deepEqual([e.data['player-id'], e.data.actor], [annId, 'core-rest/writer']);
    assert.deepEqual(texts(carl), [], 'the hologram is gone for Carl');
    const again = await rs.call('POST', '/holograms/welcome/delete', writer, { actor: annId });
    assert.deepEqual([again.status, again.json.code], [200, 'not-found']);
    const scope = await rs.call('POST', '/holograms/welcome/delete', reader, { actor: annId });
    assert.deepEqual([scope.status, scope.json.scope], [403, 'write']);
  });
});
