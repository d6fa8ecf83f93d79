// NPCs against the real server: bots create, move, rename, hide, reskin, bind and delete NPCs with
// /npc, and every NPC route is called over real HTTP; the other bot sees the NPC entity appear,
// move, change its name and disappear, and runs the bound command by right-clicking it; NPCs come
// back after a restart; npc.create, npc.move and npc.delete arrive on the event stream.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Bot } from './support/bots.ts';
import { joinBot, never, recordMessages, waitFor, waitForMessage } from './support/bots.ts';
import { startScene, type RestServer, type Scene, type Subscription } from './support/rest-server.ts';
import { startFakeAccountService, type FakeAccountService } from '../support/fake-account-service.ts';

const NOBODY = '00000000-0000-0000-0000-0000000000aa';
const NOTCH = { name: 'Notch', id: '069a79f444e94726a5befca90e38aaf5', textureUrl: 'http://textures.minecraft.net/texture/notch-npc' };

type Spot = { world: string; x: number; y: number; z: number; yaw: number; pitch: number };

/** The player entity (an NPC or a player) a bot sees under that profile name. */
const entityNamed = (bot: Bot, username: string) => Object.values(bot.entities).find((e) => e.type === 'player' && e.username === username);
const near = (bot: Bot, username: string, at: { x: number; z: number }) => {
  const e = entityNamed(bot, username);
  return e !== undefined && Math.abs(e.position.x - at.x) < 0.01 && Math.abs(e.position.z - at.z) < 0.01;
};

describe('NPCs over the Remote Access Service, as bots see them', () => {
  let mojang: FakeAccountService;
  let scene: Scene;
  let rs: RestServer;
  let writer: string;
  let reader: string;
  let events: Subscription;
  let ann: Bot;
  let ben: Bot;
  let annId: string;
  let benId: string;
  let spot: Spot;

  before(async () => {
    mojang = await startFakeAccountService([NOTCH]);
    ({ rs, writer, reader, events, ann, ben } = scene = await startScene(['npc.*'], { config: { 'core/skins.conf': mojang.conf } }));
    annId = ann.player.uuid;
    benId = ben.player.uuid;
    for (const node of ['create', 'manage', 'command']) await rs.console(`perm grant Ann core.npc.${node}`, new RegExp(`core\\.npc\\.${node}`));
    const p = ann.entity.position;
    spot = { world: 'world', x: Math.floor(p.x) + 3.5, y: Math.floor(p.y), z: Math.floor(p.z) + 2.5, yaw: 90, pitch: 0 };
  });
  after(async () => {
    await scene?.close();
    await mojang?.stop();
  });

  it('/npc create: Ben sees a player entity named by the id appear where Ann stands; npc.create is carried', async () => {
    const at = ann.entity.position.clone();
    const told = waitForMessage(ann, /Created the NPC guide where you stand/);
    ann.chat('/npc create Guide');
    await told;
    await waitFor(() => near(ben, 'guide', at), 'Ben to see the NPC guide where Ann stands');
    const e = await events.next('npc.create', (d) => d.name === 'guide');
    assert.deepEqual([e.data['player-id'], e.data['player-name'], e.data['owner-id'], e.data.actor], [annId, 'Ann', annId, 'Ann']);
  });

  it('reads every NPC, one player’s with the count and the limit, one NPC, and 404 for a missing one', async () => {
    const all = await rs.call('GET', '/npcs', reader);
    assert.deepEqual([all.json.data.count, all.json.data.limit, all.json.data.npcs.map((n: { name: string }) => n.name)], [1, null, ['guide']]);
    const anns = await rs.call('GET', `/npcs?owner=${annId.replaceAll('-', '')}`, reader);
    assert.deepEqual([anns.json.data.count, anns.json.data.limit, anns.json.data.owner['player-name']], [1, 1, 'Ann']);
    const one = await rs.call('GET', '/npcs/GUIDE', reader);
    assert.deepEqual([one.status, one.json.data.name, one.json.data['shown-name'], one.json.data['owner-name']], [200, 'guide', 'guide', 'Ann']);
    const missing = await rs.call('GET', '/npcs/nope', reader);
    assert.deepEqual([missing.status, missing.json.code], [404, 'not-found']);
    const unknown = await rs.call('GET', `/npcs?owner=${NOBODY}`, reader);
    assert.deepEqual([unknown.status, unknown.json.code], [200, 'not-found']);
  });

  it('creates an NPC as the actor, charged to their limit; refuses a taken id, a bad id and a read token', async () => {
    const r = await rs.call('POST', '/npcs', writer, { actor: benId, name: 'clerk', location: spot });
    assert.deepEqual([r.status, r.json.data['owner-name'], r.json.data.location], [200, 'Ben', spot]);
    await waitFor(() => near(ann, 'clerk', spot), 'Ann to see the NPC clerk');
    await events.next('npc.create', (d) => d.name === 'clerk' && d.actor === 'core-rest/writer');
    assert.equal((await rs.call('POST', '/npcs', writer, { actor: benId, name: 'clerk2', location: spot })).json.code, 'refused');
    assert.equal((await rs.call('POST', '/npcs', writer, { actor: annId, name: 'CLERK', location: spot })).json.code, 'already-exists');
    const bad = await rs.call('POST', '/npcs', writer, { actor: annId, name: 'no good', location: spot });
    assert.deepEqual([bad.status, bad.json.field], [400, 'name']);
    const readOnly = await rs.call('POST', '/npcs', reader, { actor: annId, name: 'x', location: spot });
    assert.deepEqual([readOnly.status, readOnly.json.scope], [403, 'write']);
  });

  it('moves an NPC over HTTP as its owner (a stranger is refused) and with /npc move: Ben sees it move; npc.move is carried', async () => {
    const to = { ...spot, x: spot.x + 2 };
    assert.equal((await rs.call('POST', '/npcs/clerk/move', writer, { actor: annId, location: to })).json.code, 'refused');
    const r = await rs.call('POST', '/npcs/clerk/move', writer, { actor: benId, location: to });
    assert.deepEqual(r.json.data.location, to);
    await waitFor(() => near(ann, 'clerk', to), 'Ann to see clerk move');
    const e = await events.next('npc.move', (d) => d.name === 'clerk');
    assert.deepEqual([e.data.from, e.data.location, e.data['player-name']], [spot, to, 'Ben']);

    const there = { world: 'world', x: spot.x - 3, y: spot.y, z: spot.z - 2 };
    assert.equal((await rs.call('POST', `/players/${annId}/teleport`, writer, { location: there })).json.ok, true);
    await waitFor(() => Math.abs(ann.entity.position.x - there.x) < 0.01, 'Ann to stand there');
    const told = waitForMessage(ann, /Moved the NPC guide/);
    ann.chat('/npc move guide');
    await told;
    await waitFor(() => near(ben, 'guide', there), 'Ben to see guide where Ann now stands');
    await events.next('npc.move', (d) => d.name === 'guide' && d.actor === 'Ann');
  });

  it('changes the name Ben sees: a chosen name, none (hidden by a team whose name tags never show), and the id again', async () => {
    const named = await rs.call('POST', '/npcs/guide/name', writer, { actor: annId, name: 'Tour Guide' });
    assert.equal(named.json.data['shown-name'], 'Tour Guide');
    await waitFor(() => entityNamed(ben, 'Tour Guide') !== undefined && entityNamed(ben, 'guide') === undefined, 'Ben to see the NPC named Tour Guide');
    const neither = await rs.call('POST', '/npcs/guide/name', writer, { actor: annId });
    assert.deepEqual([neither.status, neither.json.field], [400, 'name']);

    const hidden = waitForMessage(ann, /shows no name now/);
    ann.chat('/npc hidename guide');
    await hidden;
    const team = () => Object.values(ben.teams).find((t) => t.members.includes('#guide'));
    await waitFor(() => entityNamed(ben, '#guide') !== undefined && team()?.nameTagVisibility === 'never', 'Ben to see guide without a name');
    assert.equal(entityNamed(ben, 'Tour Guide'), undefined);

    const shown = waitForMessage(ann, /shows the name guide/);
    ann.chat('/npc rename guide');
    await shown;
    await waitFor(() => entityNamed(ben, 'guide') !== undefined && entityNamed(ben, '#guide') === undefined && team() === undefined, 'Ben to see guide named by its id again');
    const r = await rs.call('POST', '/npcs/guide/name', writer, { actor: annId, hidden: true });
    assert.deepEqual([r.json.data['shown-name'], r.json.data['name-hidden']], [null, true]);
    await waitFor(() => entityNamed(ben, '#guide') !== undefined, 'Ben to see guide hidden');
    await rs.call('POST', '/npcs/guide/name', writer, { actor: annId, name: null });
    await waitFor(() => entityNamed(ben, 'guide') !== undefined, 'Ben to see guide named again');
  });

  it('puts an account’s skin on the NPC over HTTP, and /npc skin takes it off: Ben sees both', async () => {
    const skin = () => (ben.players.guide as { skinData?: { url?: string } } | undefined)?.skinData?.url;
    const r = await rs.call('POST', '/npcs/guide/skin', writer, { actor: annId, skin: 'notch' });
    assert.equal(r.json.data.skin, 'Notch');
    await waitFor(() => skin() === NOTCH.textureUrl, 'Ben to see guide in Notch’s skin');
    assert.equal((await rs.call('POST', '/npcs/guide/skin', writer, { actor: annId, skin: 'Nobody_at_all' })).json.code, 'not-found');
    const told = waitForMessage(ann, /wears the default skin/);
    ann.chat('/npc skin guide');
    await told;
    await waitFor(() => ben.players.guide !== undefined && skin() === undefined, 'Ben to see guide in the default skin');
  });

  it('a right-click on the NPC makes Ben run its bound command as himself, {player} filled in; unbound, nothing runs', async () => {
    const bound = await rs.call('POST', '/npcs/guide/command', writer, { actor: annId, command: '/npc list {player}' });
    assert.equal(bound.json.data.command, 'npc list {player}');
    assert.equal((await rs.call('POST', '/npcs/guide/command', writer, { actor: benId, command: 'npc list' })).json.code, 'refused');
    const ran = waitForMessage(ben, /Your NPCs \(1 of at most 1\):/);
    await ben.activateEntity(entityNamed(ben, 'guide')!);
    await ran;
    const unbound = waitForMessage(ann, /runs no command now/);
    ann.chat('/npc command guide');
    await unbound;
    const lines = recordMessages(ben);
    await ben.activateEntity(entityNamed(ben, 'guide')!);
    await never(() => lines.length > 0, 'Ben to be answered by a command after the unbinding');
    const r = await rs.call('POST', '/npcs/guide/command', writer, { actor: annId, command: 'npc info guide' });
    assert.equal(r.json.data.command, 'npc info guide');
  });

  it('/npc manager add and remove, /npc list and /npc info answer the bot', async () => {
    const added = waitForMessage(ann, /Ben is a manager of the NPC guide/);
    ann.chat('/npc manager add guide Ben');
    await added;
    assert.deepEqual((await rs.call('GET', '/npcs/guide', reader)).json.data.managers, [{ 'player-id': benId, 'player-name': 'Ben' }]);
    const removed = waitForMessage(ann, /Ben is no longer a manager of the NPC guide/);
    ann.chat('/npc manager remove guide Ben');
    await removed;
    const listed = waitForMessage(ann, /Your NPCs \(1 of at most 1\):/);
    ann.chat('/npc list');
    await listed;
    const info = waitForMessage(ben, /Skin: default; command: \/npc info guide/);
    ben.chat('/npc info guide');
    await info;
  });

  it('spawns the NPCs again after a restart, where they stood, with their command', async () => {
    const guide = (await rs.call('GET', '/npcs/guide', reader)).json.data.location as Spot;
    rs = await scene.restart();
    events = await rs.subscribe(writer, ['npc.*']);
    ann = await joinBot(rs.server.gamePort, 'Ann');
    ben = await joinBot(rs.server.gamePort, 'Ben');
    await waitFor(() => near(ben, 'guide', guide) && near(ben, 'clerk', { ...spot, x: spot.x + 2 }), 'Ben to see both NPCs again');
    const ran = waitForMessage(ben, /NPC guide of Ann/);
    await ben.activateEntity(entityNamed(ben, 'guide')!);
    await ran;
  });

  it('deletes as the owner only, over HTTP and with /npc delete: the NPCs disappear; npc.delete is carried', async () => {
    assert.equal((await rs.call('POST', '/npcs/clerk/delete', writer, { actor: annId })).json.code, 'refused');
    const r = await rs.call('POST', '/npcs/clerk/delete', writer, { actor: benId });
    assert.deepEqual([r.json.ok, r.json.data.name], [true, 'clerk']);
    await waitFor(() => entityNamed(ann, 'clerk') === undefined, 'clerk to disappear for Ann');
    const e = await events.next('npc.delete', (d) => d.name === 'clerk');
    assert.deepEqual([e.data['player-name'], e.data.actor], ['Ben', 'core-rest/writer']);

    const told = waitForMessage(ann, /Deleted the NPC guide/);
    ann.chat('/npc delete guide');
    await told;
    await waitFor(() => entityNamed(ben, 'guide') === undefined, 'guide to disappear for Ben');
    await events.next('npc.delete', (d) => d.name === 'guide' && d.actor === 'Ann');
    assert.equal((await rs.call('GET', '/npcs/guide', reader)).status, 404);
    assert.deepEqual((await rs.call('GET', '/npcs', reader)).json.data.npcs, []);
  });
});
