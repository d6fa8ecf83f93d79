// NPCs over real HTTP and a real event stream, on the in-process scene (the whole plugin on the fake
// platform, test/support/scene.ts): every NPC route, every /npc form, npc.create, npc.move and
// npc.delete, what the other player sees of each change (where the NPC stands, its name, its skin),
// the right-click that runs its command, and the NPCs spawned again after a restart. What a player
// sees of them in the real game: test/e2e/areas/npcs.ts.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startKernelScene, type KernelScene, type SceneRest, type ScenePlayer, type Subscription } from '../../../test/support/scene.ts';
import { startFakeAccountService, textureValue, type FakeAccountService } from '../../../test/support/fake-account-service.ts';
import type { FakeSeenEntity } from '../../../test/support/fake/entities.ts';

const NOBODY = '00000000-0000-0000-0000-0000000000aa';
const NOTCH = { name: 'Notch', id: '069a79f444e94726a5befca90e38aaf5', textureUrl: 'http://textures.minecraft.net/texture/notch-npc' };

type Spot = { world: string; x: number; y: number; z: number; yaw: number; pitch: number };

describe('NPCs over the Remote Access Service (in process)', () => {
  let mojang: FakeAccountService;
  let scene: KernelScene;
  let rs: SceneRest;
  let writer: string;
  let reader: string;
  let events: Subscription;
  let ann: ScenePlayer;
  let ben: ScenePlayer;
  let annId: string;
  let benId: string;
  let spot: Spot;

  /** The NPCs a player sees (player-like entities that are no player), by the name above their head. */
  const npcsSeenBy = (viewer: ScenePlayer): FakeSeenEntity[] => scene.t.platform.entityFake.seenBy(viewer.uuid).filter((e) => e.kind === 'player' && e.target.kind === 'entity');
  const npcNamed = (viewer: ScenePlayer, name: string) => npcsSeenBy(viewer).find((e) => e.name === name);
  type Point = { x: number; y: number; z: number };
  const standsAt = (where: Point | undefined, at: Point) => where !== undefined && where.x === at.x && where.y === at.y && where.z === at.z;

  before(async () => {
    mojang = await startFakeAccountService([NOTCH]);
    ({ rs, writer, reader, events, ann, ben } = scene = await startKernelScene(['npc.*'], { config: { 'core/skins.conf': mojang.conf } }));
    annId = ann.uuid;
    benId = ben.uuid;
    for (const node of ['create', 'manage', 'command']) await rs.console(`perm grant Ann core.npc.${node}`, new RegExp(`core\\.npc\\.${node}`));
    const p = ann.location();
    spot = { world: 'world', x: Math.floor(p.x) + 3.5, y: Math.floor(p.y), z: Math.floor(p.z) + 2.5, yaw: 90, pitch: 0 };
  });
  after(async () => {
    await scene?.close();
    await mojang?.stop();
  });

  it('/npc create: Ben sees a player entity named by the id where Ann stands; npc.create is carried', async () => {
    const at = ann.location();
    await ann.run('/npc create Guide', /Created the NPC guide where you stand/);
    const guide = npcNamed(ben, 'guide');
    assert.deepEqual(guide?.location, at, 'Ben sees the NPC guide where Ann stands, facing as she faces');
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
    assert.deepEqual(npcNamed(ann, 'clerk')?.location, spot, 'Ann sees the NPC clerk where it was put');
    await events.next('npc.create', (d) => d.name === 'clerk' && d.actor === 'core-rest/writer');
    assert.equal((await rs.call('POST', '/npcs', writer, { actor: benId, name: 'clerk2', location: spot })).json.code, 'refused');
    assert.equal((await rs.call('POST', '/npcs', writer, { actor: annId, name: 'CLERK', location: spot })).json.code, 'already-exists');
    const bad = await rs.call('POST', '/npcs', writer, { actor: annId, name: 'no good', location: spot });
    assert.deepEqual([bad.status, bad.json.field], [400, 'name']);
    const readOnly = await rs.call('POST', '/npcs', reader, { actor: annId, name: 'x', location: spot });
    assert.deepEqual([readOnly.status, readOnly.json.scope], [403, 'write']);
    assert.deepEqual(
      npcsSeenBy(ann).map((e) => e.name).sort(),
      ['clerk', 'guide'],
      'no NPC for the refused ones',
    );
  });

  it('moves an NPC over HTTP as its owner (a stranger is refused) and with /npc move: Ben sees it move; npc.move is carried', async () => {
    const to = { ...spot, x: spot.x + 2 };
    assert.equal((await rs.call('POST', '/npcs/clerk/move', writer, { actor: annId, location: to })).json.code, 'refused');
    assert.equal(standsAt(npcNamed(ann, 'clerk')?.location, spot), true, 'the refused move leaves clerk where it stood');
    const r = await rs.call('POST', '/npcs/clerk/move', writer, { actor: benId, location: to });
    assert.deepEqual(r.json.data.location, to);
    assert.deepEqual(npcNamed(ann, 'clerk')?.location, to, 'Ann sees clerk moved');
    const e = await events.next('npc.move', (d) => d.name === 'clerk');
    assert.deepEqual([e.data.from, e.data.location, e.data['player-name']], [spot, to, 'Ben']);

    const there = { world: 'world', x: spot.x - 3, y: spot.y, z: spot.z - 2 };
    assert.equal((await rs.call('POST', `/players/${annId}/teleport`, writer, { location: there })).json.ok, true);
    assert.equal(standsAt(ann.location(), there), true, 'Ann stands there');
    await ann.run('/npc move guide', /Moved the NPC guide/);
    assert.equal(standsAt(npcNamed(ben, 'guide')?.location, there), true, 'Ben sees guide where Ann now stands');
    await events.next('npc.move', (d) => d.name === 'guide' && d.actor === 'Ann');
  });

  it('changes the name Ben sees: a chosen name, none (hidden), and the id again', async () => {
    const named = await rs.call('POST', '/npcs/guide/name', writer, { actor: annId, name: 'Tour Guide' });
    assert.equal(named.json.data['shown-name'], 'Tour Guide');
    assert.notEqual(npcNamed(ben, 'Tour Guide'), undefined, 'Ben sees the NPC named Tour Guide');
    assert.equal(npcNamed(ben, 'guide'), undefined);
    const neither = await rs.call('POST', '/npcs/guide/name', writer, { actor: annId });
    assert.deepEqual([neither.status, neither.json.field], [400, 'name']);

    await ann.run('/npc hidename guide', /shows no name now/);
    const guide = () => npcsSeenBy(ben).filter((e) => e.name !== 'clerk');
    assert.deepEqual(
      guide().map((e) => e.name),
      [undefined],
      'Ben sees guide without a name',
    );
    const profile = scene.t.platform.spawnedEntities().find((e) => e.kind === 'npc' && e.name === '#guide');
    assert.equal(profile?.kind === 'npc' && profile.nameHidden, true, 'its profile is named #guide, its name hidden');

    await ann.run('/npc rename guide', /shows the name guide/);
    assert.deepEqual(
      guide().map((e) => e.name),
      ['guide'],
      'Ben sees guide named by its id again',
    );
    const r = await rs.call('POST', '/npcs/guide/name', writer, { actor: annId, hidden: true });
    assert.deepEqual([r.json.data['shown-name'], r.json.data['name-hidden']], [null, true]);
    assert.deepEqual(
      guide().map((e) => e.name),
      [undefined],
      'Ben sees guide hidden',
    );
    await rs.call('POST', '/npcs/guide/name', writer, { actor: annId, name: null });
    assert.deepEqual(
      guide().map((e) => e.name),
      ['guide'],
      'Ben sees guide named again',
    );
  });

  it('puts an account’s skin on the NPC over HTTP, and /npc skin takes it off: Ben sees both', async () => {
    const skin = () => scene.t.platform.entityFake.skinSeenBy(benId, 'guide')?.value;
    const r = await rs.call('POST', '/npcs/guide/skin', writer, { actor: annId, skin: 'notch' });
    assert.equal(r.json.data.skin, 'Notch');
    assert.equal(skin(), textureValue(NOTCH.textureUrl), 'Ben sees guide in Notch’s skin');
    assert.equal((await rs.call('POST', '/npcs/guide/skin', writer, { actor: annId, skin: 'Nobody_at_all' })).json.code, 'not-found');
    assert.equal(skin(), textureValue(NOTCH.textureUrl), 'an unknown account changes nothing');
    await ann.run('/npc skin guide', /wears the default skin/);
    assert.notEqual(npcNamed(ben, 'guide'), undefined);
    assert.equal(skin(), undefined, 'Ben sees guide in the default skin');
  });

  it('a right-click on the NPC makes Ben run its bound command as himself, {player} filled in; unbound, nothing runs', async () => {
    const bound = await rs.call('POST', '/npcs/guide/command', writer, { actor: annId, command: '/npc list {player}' });
    assert.equal(bound.json.data.command, 'npc list {player}');
    assert.equal((await rs.call('POST', '/npcs/guide/command', writer, { actor: benId, command: 'npc list' })).json.code, 'refused');
    const click = () => scene.t.platform.entityFake.click(benId, npcNamed(ben, 'guide')!.target, 'use');
    let mark = ben.messages.length;
    click();
    await scene.t.settle();
    assert.match(ben.messages.slice(mark).join('\n'), /Your NPCs \(1 of at most 1\):\nclerk: /, 'Ben ran /npc list Ben: his own clerk');
    await ann.run('/npc command guide', /runs no command now/);
    mark = ben.messages.length;
    click();
    await scene.t.settle();
    assert.deepEqual(ben.messages.slice(mark), [], 'nothing answers Ben after the unbinding');
    const r = await rs.call('POST', '/npcs/guide/command', writer, { actor: annId, command: 'npc info guide' });
    assert.equal(r.json.data.command, 'npc info guide');
  });

  it('/npc manager add and remove, /npc list and /npc info answer the player', async () => {
    await ann.run('/npc manager add guide Ben', /Ben is a manager of the NPC guide/);
    assert.deepEqual((await rs.call('GET', '/npcs/guide', reader)).json.data.managers, [{ 'player-id': benId, 'player-name': 'Ben' }]);
    await ann.run('/npc manager remove guide Ben', /Ben is no longer a manager of the NPC guide/);
    assert.deepEqual((await rs.call('GET', '/npcs/guide', reader)).json.data.managers, []);
    await ann.run('/npc list', /Your NPCs \(1 of at most 1\):/);
    await ben.run('/npc info guide', /Skin: default; command: \/npc info guide/);
  });

  it('spawns the NPCs again after a restart, where they stood, with their command', async () => {
    const guideAt = (await rs.call('GET', '/npcs/guide', reader)).json.data.location as Spot;
    await scene.restart();
    events = await rs.subscribe(writer, ['npc.*']);
    ann = await scene.join('Ann');
    ben = await scene.join('Ben');
    assert.deepEqual(npcNamed(ben, 'guide')?.location, guideAt, 'Ben sees guide where it stood');
    assert.deepEqual(npcNamed(ben, 'clerk')?.location, { ...spot, x: spot.x + 2 }, 'and clerk');
    const mark = ben.messages.length;
    scene.t.platform.entityFake.click(benId, npcNamed(ben, 'guide')!.target, 'use');
    await scene.t.settle();
    assert.match(ben.messages.slice(mark).join('\n'), /NPC guide of Ann/);
  });

  it('deletes as the owner only, over HTTP and with /npc delete: the NPCs disappear; npc.delete is carried', async () => {
    assert.equal((await rs.call('POST', '/npcs/clerk/delete', writer, { actor: annId })).json.code, 'refused');
    assert.notEqual(npcNamed(ann, 'clerk'), undefined, 'the refused delete leaves clerk standing');
    const r = await rs.call('POST', '/npcs/clerk/delete', writer, { actor: benId });
    assert.deepEqual([r.json.ok, r.json.data.name], [true, 'clerk']);
    assert.equal(npcNamed(ann, 'clerk'), undefined, 'clerk gone for Ann');
    const e = await events.next('npc.delete', (d) => d.name === 'clerk');
    assert.deepEqual([e.data['player-name'], e.data.actor], ['Ben', 'core-rest/writer']);

    await ann.run('/npc delete guide', /Deleted the NPC guide/);
    assert.equal(npcNamed(ben, 'guide'), undefined, 'guide gone for Ben');
    assert.deepEqual(npcsSeenBy(ben), []);
    await events.next('npc.delete', (d) => d.name === 'guide' && d.actor === 'Ann');
    assert.equal((await rs.call('GET', '/npcs/guide', reader)).status, 404);
    assert.deepEqual((await rs.call('GET', '/npcs', reader)).json.data.npcs, []);
  });
});
