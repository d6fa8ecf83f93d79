// Entities on the real server as mineflayer 1.21.4 bots see them: NPCs and text displays, who sees
// which, clicks, skins, entities across world changes; every packet the server writes is checked
// against the 1.21.4 protocol on the way out.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { tempWorld } from './support/platform-e2e.ts';
import { startFlyingSquid, type FlyingSquidPlatform } from '../../src/platform/flying-squid/index.ts';
import { packetProblems } from '../../src/platform/flying-squid/packet-check.ts';
import { memoryLogger } from '../../src/core/log/log.ts';
import type { Location, PlatformEvents } from '../../src/platform/platform.ts';
import type { Skin } from '../../src/platform/entities.ts';
import { offlineUuid } from '../support/fake-platform.ts';
import { fence, joinBot, kickText, nextEvent, quitAll, waitFor, type Bot } from './support/bots.ts';

type BotEntity = Bot['entity'];

function skinOf(url: string): Skin {
  return { value: Buffer.from(JSON.stringify({ textures: { SKIN: { url } } })).toString('base64'), signature: 'c2lnbmVk' };
}

function entityNamed(bot: Bot, username: string): BotEntity | undefined {
  return Object.values(bot.entities).find((e) => e.type === 'player' && e.username === username);
}

function textDisplays(bot: Bot): BotEntity[] {
  return Object.values(bot.entities).filter((e) => e.name === 'text_display');
}

function spawned(result: { ok: true; id: string } | { ok: false; message: string }): string {
  assert.ok(result.ok, result.ok ? '' : result.message);
  return result.id;
}

describe('entities on flying-squid, as bots see them', () => {
  let platform: FlyingSquidPlatform;
  let alice: Bot;
  let bob: Bot;
  let spawn: Location;
  const interactions: Array<PlatformEvents['interact']> = [];
  const problems = new Set<string>();

  before(async () => {
    platform = await startFlyingSquid({
      port: 0,
      onlineMode: false,
      worldDir: await tempWorld(),
      viewDistance: 2,
      log: memoryLogger(),
      packetObserver: (_player, name, params) => {
        if (name === 'map_chunk' || name === 'keep_alive') return;
        for (const p of packetProblems(name, params)) problems.add(p);
      },
    });
    platform.on('interact', (e) => interactions.push(e));
    spawn = platform.spawnLocation();
    alice = await joinBot(platform.port, 'Alice');
    bob = await joinBot(platform.port, 'Bob');
  });

  after(async () => {
    await quitAll();
    await platform?.shutdown('test over');
  });

  it('shows an NPC as a player with its name, where it stands, unlisted in the tab list', async () => {
    const at = { ...spawn, x: spawn.x + 2, z: spawn.z + 1, yaw: 90 };
    const id = spawned(platform.spawnNpc({ name: 'Guide', location: at, skin: skinOf('http://textures.minecraft.net/texture/guide') }));
    await waitFor(() => entityNamed(alice, 'Guide') !== undefined, 'Alice sees Guide');
    const npc = entityNamed(alice, 'Guide')!;
    assert.deepEqual([npc.position.x, npc.position.y, npc.position.z], [at.x, at.y, at.z]);
    assert.equal(alice.players.Guide?.skinData?.url, 'http://textures.minecraft.net/texture/guide');
    assert.ok(!(alice.players.Guide as { listed?: number } | undefined)?.listed, 'not listed in the tab list');
    platform.removeEntity(id);
    await waitFor(() => entityNamed(alice, 'Guide') === undefined && entityNamed(bob, 'Guide') === undefined, 'Guide is gone for both');
  });

  it('shows a text display entity with its lines', async () => {
    const id = spawned(platform.spawnTextDisplay({ lines: ['Spawn', { text: 'Welcome!', color: 'gold' }], location: { ...spawn, y: spawn.y + 2 } }));
    await waitFor(() => textDisplays(bob).length === 1, 'Bob sees a text display');
    const display = textDisplays(bob)[0]!;
    assert.equal(display.name, 'text_display');
    // The text is metadata entry 23, an NBT text component.
    const text = () => kickText((textDisplays(bob)[0]?.metadata as unknown as Record<number, unknown> | undefined)?.[23]);
    assert.equal(text(), 'Spawn\nWelcome!');
    assert.deepEqual(platform.setTextLines(id, ['Changed']), { ok: true });
    await waitFor(() => text() === 'Changed', 'Bob reads the new line');
    assert.equal(display.position.y, spawn.y + 2);
    platform.removeEntity(id);
    await waitFor(() => textDisplays(bob).length === 0, 'the text display is gone');
  });

  it('does not show an entity spawned for another viewer only', async () => {
    const id = spawned(platform.spawnNpc({ name: 'ForAlice', location: { ...spawn, x: spawn.x - 2 }, viewers: [offlineUuid('Alice')] }));
    await waitFor(() => entityNamed(alice, 'ForAlice') !== undefined, 'Alice sees her NPC');
    // It was shown to everyone it was shown to by now; what of it Bob was sent has come once the server answers him.
    await fence(bob);
    assert.ok(entityNamed(bob, 'ForAlice') === undefined && bob.players.ForAlice === undefined, 'Bob sees the NPC or its profile');
    platform.removeEntity(id);
    await waitFor(() => entityNamed(alice, 'ForAlice') === undefined, 'the NPC is gone for Alice');
  });

  it("reports a bot's attack and right-click on an NPC as interact events with its id", async () => {
    const id = spawned(platform.spawnNpc({ name: 'Clerk', location: { ...spawn, x: spawn.x + 1.5 } }));
    await waitFor(() => entityNamed(alice, 'Clerk') !== undefined, 'Alice sees Clerk');
    interactions.length = 0;
    alice.attack(entityNamed(alice, 'Clerk')!);
    await waitFor(() => interactions.length === 1, 'the attack is reported');
    await alice.activateEntity(entityNamed(alice, 'Clerk')!);
    await waitFor(() => interactions.length === 2, 'the right-click is reported');
    assert.deepEqual(
      interactions.map((i) => [i.player.name, i.action, i.target]),
      [
        ['Alice', 'attack', { kind: 'entity', id }],
        ['Alice', 'use', { kind: 'entity', id }],
      ],
    );
    platform.removeEntity(id);
  });

  it("reports a bot's right-click on the box of a clickable text display as an interact event with its id", async () => {
    const at = { ...spawn, x: spawn.x - 1.5, y: spawn.y + 1 };
    const id = spawned(platform.spawnTextDisplay({ lines: ['Press', 'here'], location: at, clickable: true }));
    const box = () => Object.values(alice.entities).find((e) => e.name === 'interaction');
    await waitFor(() => box() !== undefined && textDisplays(alice).length === 1, 'Alice has the text and its box');
    assert.deepEqual([box()!.position.x, box()!.position.y, box()!.position.z], [at.x, at.y, at.z]);
    interactions.length = 0;
    await alice.activateEntity(box()!);
    await waitFor(() => interactions.length === 1, 'the right-click is reported');
    assert.deepEqual([interactions[0]!.action, interactions[0]!.target], ['use', { kind: 'entity', id }]);
    platform.removeEntity(id);
    await waitFor(() => box() === undefined && textDisplays(alice).length === 0, 'the text and its box are gone');
  });

  it('lets a cancelled attack on a player deal no damage, and an attack not cancelled hurt', async () => {
    const cancelAll = (e: PlatformEvents['interact']) => e.cancel();
    platform.on('interact', cancelAll);
    interactions.length = 0;
    alice.attack(entityNamed(alice, 'Bob')!);
    await waitFor(() => interactions.length === 1, 'the attack is reported');
    assert.equal(interactions[0]!.target.kind === 'player' && interactions[0]!.target.player.name, 'Bob');
    // The server has done all it does with the attack once it answers Alice's next request.
    await fence(alice);
    assert.equal(platform.vitals(offlineUuid('Bob'))?.health ?? 20, 20, 'Bob is hurt by the cancelled attack');
    platform.off('interact', cancelAll);
    alice.attack(entityNamed(alice, 'Bob')!);
    await waitFor(() => (platform.vitals(offlineUuid('Bob'))?.health ?? 20) < 20, 'Bob is hurt by the attack');
    platform.setHealth(offlineUuid('Bob'), 20);
  });

  it("shows others a player's new skin, and the player theirs after a respawn where they stood", async () => {
    const before = platform.location(offlineUuid('Alice'))!;
    const respawned = nextEvent(alice._client, 'respawn');
    assert.deepEqual(platform.setSkin(offlineUuid('Alice'), skinOf('http://textures.minecraft.net/texture/alice2')), { ok: true });
    await waitFor(() => bob.players.Alice?.skinData?.url === 'http://textures.minecraft.net/texture/alice2', "Bob sees Alice's new skin");
    await waitFor(() => alice.players.Alice?.skinData?.url === 'http://textures.minecraft.net/texture/alice2', 'Alice has her new skin');
    await respawned;
    await waitFor(() => entityNamed(bob, 'Alice') !== undefined, "Bob sees Alice's entity again");
    const after = platform.location(offlineUuid('Alice'))!;
    assert.equal(after.world, before.world);
    assert.ok(Math.abs(after.x - before.x) < 0.01 && Math.abs(after.z - before.z) < 0.01, 'Alice stays where she was');
    assert.deepEqual(platform.setSkin(offlineUuid('Alice'), undefined), { ok: true });
    await waitFor(() => bob.players.Alice !== undefined && bob.players.Alice.skinData === undefined, 'Bob sees Alice in her own skin again');
    assert.equal(platform.skin(offlineUuid('Alice')), undefined);
  });

  it("shows a player the entities of the world they go to, and not those of the world they left", async () => {
    const overworldNpc = spawned(platform.spawnNpc({ name: 'Homebody', location: { ...spawn, z: spawn.z + 2 } }));
    const netherSpawn = platform.spawnLocation('world_nether');
    const netherNpc = spawned(platform.spawnNpc({ name: 'Netherling', location: { ...netherSpawn, x: netherSpawn.x + 1 } }));
    await waitFor(() => entityNamed(bob, 'Homebody') !== undefined, 'Bob sees Homebody');
    assert.equal(entityNamed(bob, 'Netherling'), undefined);
    assert.equal(await platform.teleport(offlineUuid('Bob'), netherSpawn), true);
    await waitFor(() => entityNamed(bob, 'Netherling') !== undefined, 'Bob sees Netherling in the nether');
    assert.equal(entityNamed(bob, 'Homebody'), undefined);
    assert.equal(await platform.teleport(offlineUuid('Bob'), spawn), true);
    await waitFor(() => entityNamed(bob, 'Homebody') !== undefined, 'Bob sees Homebody again');
    platform.removeEntity(overworldNpc);
    platform.removeEntity(netherNpc);
  });

  it('wrote only packets that the 1.21.4 protocol reads back whole', () => {
    assert.deepEqual([...problems], []);
  });
});
