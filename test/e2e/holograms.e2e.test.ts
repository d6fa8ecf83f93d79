// Holograms over real HTTP and a real event stream against the real server, with bots as the
// players: every hologram route and event, what a second player sees (the text display with its
// lines after markup and placeholders, its change after a line edit, its removal), a right-click
// running the bound command, every /holo form, and holograms surviving a restart.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Bot } from './support/bots.ts';
import { joinBot, kickText, waitFor, waitForMessage } from './support/bots.ts';
import { startScene, type RestServer, type Scene, type Subscription } from './support/rest-server.ts';

type BotEntity = Bot['entity'];

/** The text displays a bot's client holds, with their text as plain text. */
function displays(bot: Bot): Array<{ entity: BotEntity; text: string }> {
  return Object.values(bot.entities)
    .filter((e) => e.name === 'text_display')
    .map((entity) => {
      const raw = (entity.metadata as unknown as Record<number, unknown> | undefined)?.[23];
      return { entity, text: raw === undefined ? '' : kickText(raw) };
    });
}
const sees = (bot: Bot, text: string) => displays(bot).find((d) => d.text === text);

/** The interaction box standing where a text display stands: what a player right-clicks. */
function boxOf(bot: Bot, display: BotEntity): BotEntity | undefined {
  return Object.values(bot.entities).find((e) => e.name === 'interaction' && e.position.distanceTo(display.position) < 0.01);
}

describe('holograms over the Remote Access Service', () => {
  let scene: Scene;
  let rs: RestServer;
  let writer: string;
  let reader: string;
  let events: Subscription;
  let ann: Bot;
  let ben: Bot;
  let annId: string;
  let benId: string;
  let spot: { world: string; x: number; y: number; z: number };

  before(async () => {
    ({ rs, writer, reader, events, ann, ben } = scene = await startScene(['hologram.*']));
    annId = ann.player.uuid;
    benId = ben.player.uuid;
    const p = ben.entity.position;
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
    await waitFor(() => sees(ben, 'Welcome Ben') !== undefined, 'Ben to read "Welcome Ben"');
    await waitFor(() => sees(ann, 'Welcome Ann') !== undefined, 'Ann to read "Welcome Ann"');
    assert.equal(sees(ben, 'Welcome Ann'), undefined);
    const shown = sees(ben, 'Welcome Ben')!.entity;
    assert.deepEqual([shown.position.x, shown.position.y, shown.position.z], [spot.x, spot.y, spot.z]);
    const again = await rs.call('POST', '/holograms', writer, { actor: benId, name: 'WELCOME', location: spot, line: 'x' });
    assert.deepEqual([again.status, again.json.code], [200, 'already-exists']);
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
    await waitFor(() => sees(ben, 'Welcome Ben\nto the server') !== undefined, 'Ben to read the second line');
    r = await rs.call('POST', '/holograms/welcome/lines', writer, { actor: annId, line: 1, text: '&lHello' });
    assert.deepEqual(r.json.data.lines, ['&lHello', '&bto the server']);
    await waitFor(() => sees(ben, 'Hello\nto the server') !== undefined && sees(ann, 'Hello\nto the server') !== undefined, 'both to read the new first line');
    r = await rs.call('POST', '/holograms/welcome/lines', writer, { actor: annId, line: 2 });
    assert.deepEqual(r.json.data.lines, ['&lHello']);
    await waitFor(() => sees(ben, 'Hello') !== undefined, 'Ben to see the second line gone');
    const last = await rs.call('POST', '/holograms/welcome/lines', writer, { actor: annId, line: 1, text: null });
    assert.deepEqual([last.status, last.json.code], [200, 'refused']);
    const past = await rs.call('POST', '/holograms/welcome/lines', writer, { actor: annId, line: 5, text: 'x' });
    assert.deepEqual([past.status, past.json.code], [200, 'not-found']);
    const stranger = await rs.call('POST', '/holograms/welcome/lines', writer, { actor: benId, text: 'graffiti' });
    assert.deepEqual([stranger.status, stranger.json.code], [200, 'refused']);
  });

  it('moves a hologram where the players see it', async () => {
    const to = { ...spot, z: spot.z + 1 };
    const r = await rs.call('POST', '/holograms/welcome/move', writer, { actor: annId, location: to });
    assert.deepEqual(r.json.data.location, { ...to, yaw: 0, pitch: 0 });
    await waitFor(() => sees(ben, 'Hello')?.entity.position.z === to.z, 'Ben to see it moved');
  });

  it('binds a command that runs as the player who right-clicks the hologram; null unbinds', async () => {
    const r = await rs.call('POST', '/holograms/welcome/command', writer, { actor: annId, command: '/holo info welcome' });
    assert.equal(r.json.data.command, 'holo info welcome');
    const denied = await rs.call('POST', '/holograms/welcome/command', writer, { actor: benId, command: 'holo list' });
    assert.deepEqual([denied.status, denied.json.code], [200, 'refused']);
    const display = sees(ben, 'Hello')!.entity;
    await waitFor(() => boxOf(ben, display) !== undefined, 'Ben to have the box of the hologram');
    const told = waitForMessage(ben, /Hologram welcome of Ann/);
    await ben.activateEntity(boxOf(ben, display)!);
    await told;
    const off = await rs.call('POST', '/holograms/welcome/command', writer, { actor: annId, command: null });
    assert.equal(off.json.data.command, null);
  });

  it('lets players run every /holo form: create, lines, command, managers, move, list, info, delete', async () => {
    const forms = waitForMessage(ben, /^\/holo list$/);
    ben.chat('/holo');
    await forms;
    const needs = waitForMessage(ann, /core\.holo\.create/);
    ann.chat('/holo create board First');
    await needs;
    await rs.console('perm grant Ann core.holo.create', /Granted core\.holo\.create to Ann/);
    await rs.console('perm grant Ann core.holo.command', /Granted core\.holo\.command to Ann/);
    ann.chat('/holo create board &aFirst');
    const created = await events.next('hologram.create', (d) => d.name === 'board');
    assert.deepEqual([created.data.actor, created.data.lines], ['Ann', ['&aFirst']]);
    await waitFor(() => sees(ben, 'First') !== undefined, 'Ben to see the board');
    let told = waitForMessage(ann, /Added line 2 to board/);
    ann.chat('/holo addline board Second');
    await told;
    await waitFor(() => sees(ben, 'First\nSecond') !== undefined, 'Ben to see the added line');
    told = waitForMessage(ann, /Line 2 of board changed/);
    ann.chat('/holo setline board 2 Deux');
    await told;
    await waitFor(() => sees(ben, 'First\nDeux') !== undefined, 'Ben to see the changed line');
    told = waitForMessage(ann, /Removed line 2 of board/);
    ann.chat('/holo removeline board 2');
    await told;
    await waitFor(() => sees(ben, 'First') !== undefined, 'Ben to see the line removed');
    told = waitForMessage(ann, /Right-clicking board now runs \/holo list/);
    ann.chat('/holo command board holo list');
    await told;
    told = waitForMessage(ann, /Ben is now a manager of board/);
    ann.chat('/holo manager add board Ben');
    await told;
    told = waitForMessage(ben, /Moved the hologram board above you/);
    ben.chat('/holo move board');
    await told;
    const moved = await rs.call('GET', '/holograms/board', reader);
    assert.equal(Math.abs(moved.json.data.location.y - (ben.entity.position.y + 2)) < 0.01, true, JSON.stringify(moved.json.data.location));
    told = waitForMessage(ben, /board of Ann: world/);
    ben.chat('/holo list');
    await told;
    told = waitForMessage(ben, /^1: &aFirst$/);
    ben.chat('/holo info board');
    await told;
    told = waitForMessage(ben, /only its owner may/);
    ben.chat('/holo delete board');
    await told;
    told = waitForMessage(ann, /Ben is no longer a manager of board/);
    ann.chat('/holo manager remove board Ben');
    await told;
    ann.chat('/holo delete board');
    const deleted = await events.next('hologram.delete', (d) => d.name === 'board');
    assert.deepEqual([deleted.data['player-name'], deleted.data.actor], ['Ann', 'Ann']);
    await waitFor(() => sees(ben, 'First') === undefined, 'the board to be gone for Ben');
  });

  it('keeps holograms across a restart and shows them to players who join', async () => {
    const added = await rs.call('POST', '/holograms/welcome/lines', writer, { actor: annId, text: '&7{player}' });
    assert.deepEqual(added.json.data.lines, ['&lHello', '&7{player}']);
    rs = await scene.restart();
    const carl = await joinBot(rs.server.gamePort, 'Carl');
    await waitFor(() => sees(carl, 'Hello\nCarl') !== undefined, 'Carl, joining after the restart, to see the hologram with his name');
    const one = await rs.call('GET', '/holograms/welcome', reader);
    assert.deepEqual(one.json.data.lines, ['&lHello', '&7{player}']);
    events = await rs.subscribe(writer, ['hologram.*']);
    const r = await rs.call('POST', '/holograms/welcome/delete', writer, { actor: annId });
    assert.equal(r.json.data.name, 'welcome');
    const e = await events.next('hologram.delete', (d) => d.name === 'welcome');
    assert.deepEqual([e.data['player-id'], e.data.actor], [annId, 'core-rest/writer']);
    await waitFor(() => displays(carl).length === 0, 'the hologram to be gone for Carl');
    const again = await rs.call('POST', '/holograms/welcome/delete', writer, { actor: annId });
    assert.deepEqual([again.status, again.json.code], [200, 'not-found']);
    const scope = await rs.call('POST', '/holograms/welcome/delete', reader, { actor: annId });
    assert.deepEqual([scope.status, scope.json.scope], [403, 'write']);
  });
});
