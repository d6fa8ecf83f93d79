// The contract of GamePlatform: what every platform answers, written once and run against the fake
// (fake.contract.test.ts) and the real adapter with bots (flying-squid.contract.test.ts).
// A capability's cases live in their own `<concern>.contract.ts` and are listed in CONTRACTS.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { PlatformHarness } from './harness.ts';
import { entitiesContract } from './entities.contract.ts';
import { chestsContract } from './chests.contract.ts';
import { displayContract, visibilityContract } from './display.contract.ts';
import { gameplayContract } from './gameplay.contract.ts';
import { signsContract } from './signs.contract.ts';
import { inventoryContract } from './inventory.contract.ts';
import { runtimeWorldsContract } from './runtime-worlds.contract.ts';
import { posesContract } from './poses.contract.ts';
import { worldEntitiesContract } from './world-entities.contract.ts';

/** A group of cases; `h()` is the harness of the run (made once per platform). */
export type Contract = (h: () => PlatformHarness) => void;

/** Runs every contract against one platform. */
export function runContracts(make: () => Promise<PlatformHarness>, contracts: readonly Contract[]): void {
  let harness: PlatformHarness | undefined;
  const h = () => {
    if (!harness) throw new Error('the harness is not ready');
    return harness;
  };
  before(async () => {
    harness = await make();
  });
  after(async () => {
    await harness?.close();
  });
  for (const contract of contracts) contract(h);
}

/** Names unique to a run, so cases never meet each other's players (16 characters at most). */
let counter = 0;
export function playerName(prefix: string): string {
  counter += 1;
  return `${prefix.slice(0, 11)}_${counter}`;
}

const UNKNOWN = '00000000-0000-3000-8000-000000000000';

export const playersContract: Contract = (h) => {
  describe('players', () => {
    it('lists a player who joined, by uuid and by name in any case, with one join event', async () => {
      const joins = h().record('join');
      const name = playerName('Listed');
      const p = await h().join(name);
      const { platform } = h();
      assert.ok(platform.onlinePlayers().some((o) => o.uuid === p.player.uuid));
      assert.equal(platform.player(p.player.uuid)?.name, name);
      assert.equal(platform.playerByName(name.toUpperCase())?.uuid, p.player.uuid);
      assert.equal(joins.filter((j) => j.player.uuid === p.player.uuid).length, 1);
      await p.leave();
    });

    it('forgets a player who left, with a quit event', async () => {
      const quits = h().record('quit');
      const p = await h().join(playerName('Leaving'));
      await p.leave();
      await h().until(() => quits.some((q) => q.player.uuid === p.player.uuid), 'the quit event');
      assert.equal(h().platform.player(p.player.uuid), undefined);
      assert.equal(h().platform.location(p.player.uuid), undefined);
    });

    it('kicks with a reason the quit event carries', async () => {
      const quits = h().record('quit');
      const p = await h().join(playerName('Kicked'));
      assert.equal(h().platform.kick(p.player.uuid, 'Take a break'), true);
      await h().until(() => quits.some((q) => q.player.uuid === p.player.uuid), 'the quit event');
      assert.match(quits.find((q) => q.player.uuid === p.player.uuid)!.reason, /Take a break/);
      assert.equal(h().platform.kick(p.player.uuid, 'again'), false);
    });

    it('answers nothing for a player who is not online', () => {
      const { platform } = h();
      assert.equal(platform.player(UNKNOWN), undefined);
      assert.equal(platform.location(UNKNOWN), undefined);
      assert.equal(platform.gameMode(UNKNOWN), undefined);
      assert.equal(platform.vitals(UNKNOWN), undefined);
      assert.equal(platform.inventory(UNKNOWN), undefined);
      assert.equal(platform.setGameMode(UNKNOWN, 'creative'), false);
      assert.equal(platform.sendMessage(UNKNOWN, 'hello'), false);
      assert.deepEqual(platform.giveItems(UNKNOWN, [{ material: 'bread', count: 1 }]), { given: false, reason: 'offline' });
    });

    it('knows the language the client reports, in lower case, and follows a change', async () => {
      const p = await h().join(playerName('Speaker'));
      await p.reportLocale('de_DE');
      await h().until(() => h().platform.player(p.player.uuid)?.locale === 'de_de', 'the locale de_de');
      await p.reportLocale('en_gb');
      await h().until(() => h().platform.player(p.player.uuid)?.locale === 'en_gb', 'the locale en_gb');
      await p.leave();
    });

    it('reports chat a player sends', async () => {
      const chat = h().record('chat');
      const p = await h().join(playerName('Talker'));
      await p.say('hello contract');
      await h().until(() => chat.some((c) => c.player.uuid === p.player.uuid && c.message === 'hello contract'), 'the chat event');
      await p.leave();
    });
  });
};

export const worldsContract: Contract = (h) => {
  describe('worlds and teleport', () => {
    it('starts players in the default world, whose spawn it names', async () => {
      const { platform } = h();
      const p = await h().join(playerName('Spawned'));
      assert.equal(platform.spawnLocation().world, platform.worlds()[0]);
      assert.equal(platform.location(p.player.uuid)?.world, platform.worlds()[0]);
      await p.leave();
    });

    it('teleports within a world and reports the new location', async () => {
      const { platform } = h();
      const p = await h().join(playerName('Mover'));
      const spawn = platform.spawnLocation();
      const to = { ...spawn, x: spawn.x + 3, z: spawn.z - 2, yaw: 90, pitch: 10 };
      assert.equal(await platform.teleport(p.player.uuid, to), true);
      const at = platform.location(p.player.uuid)!;
      assert.equal(at.world, to.world);
      for (const k of ['x', 'y', 'z', 'yaw', 'pitch'] as const) assert.ok(Math.abs(at[k] - to[k]) < 0.01, `${k}: ${at[k]} is not ${to[k]}`);
      await p.leave();
    });

    it('refuses a teleport to an unknown world or of an unknown player', async () => {
      const { platform } = h();
      const p = await h().join(playerName('Stayer'));
      const before = platform.location(p.player.uuid)!;
      assert.equal(await platform.teleport(p.player.uuid, { ...before, world: 'no_such_world' }), false);
      assert.equal(platform.location(p.player.uuid)?.world, before.world);
      assert.equal(await platform.teleport(UNKNOWN, before), false);
      await p.leave();
    });
  });
};

export const stateContract: Contract = (h) => {
  describe('game mode and vitals', () => {
    it('sets the game mode', async () => {
      const { platform } = h();
      const p = await h().join(playerName('Moded'));
      assert.equal(platform.gameMode(p.player.uuid), 'survival');
      assert.equal(platform.setGameMode(p.player.uuid, 'creative'), true);
      assert.equal(platform.gameMode(p.player.uuid), 'creative');
      await p.leave();
    });

    it('gives flight and invulnerability of the new game mode, and keeps the speeds', async () => {
      const { platform } = h();
      const p = await h().join(playerName('Remoded'));
      const uuid = p.player.uuid;
      assert.equal(platform.setAbilities(uuid, { allowFlight: true, invulnerable: true, walkSpeed: 2, flySpeed: 3 }), true);
      platform.setGameMode(uuid, 'adventure');
      assert.deepEqual(platform.abilities(uuid), { allowFlight: false, flying: false, invulnerable: false, walkSpeed: 2, flySpeed: 3 });
      platform.setGameMode(uuid, 'creative');
      assert.deepEqual(platform.abilities(uuid), { allowFlight: true, flying: false, invulnerable: true, walkSpeed: 2, flySpeed: 3 });
      platform.setGameMode(uuid, 'spectator');
      assert.deepEqual(platform.abilities(uuid), { allowFlight: true, flying: true, invulnerable: true, walkSpeed: 2, flySpeed: 3 });
      await p.leave();
    });

    it('follows the client taking off and landing, only while flight is allowed; no flight, no flying', async () => {
      const { platform } = h();
      const p = await h().join(playerName('Flyer'));
      const uuid = p.player.uuid;
      const chats = h().record('chat');
      await p.fly(true);
      // The client's packets arrive in order: once its chat line is in, the take-off was read.
      await p.say('took off');
      await h().until(() => chats.some((c) => c.player.uuid === uuid), 'the chat line after the take-off');
      assert.equal(platform.abilities(uuid)?.flying, false, 'not allowed: not flying');
      platform.setAbilities(uuid, { allowFlight: true });
      await p.fly(true);
      await h().until(() => platform.abilities(uuid)?.flying === true, 'flying after taking off');
      await p.fly(false);
      await h().until(() => platform.abilities(uuid)?.flying === false, 'not flying after landing');
      await p.fly(true);
      await h().until(() => platform.abilities(uuid)?.flying === true, 'flying again');
      platform.setAbilities(uuid, { allowFlight: false });
      assert.equal(platform.abilities(uuid)?.flying, false, 'flight taken away: not flying');
      await p.leave();
    });

    it('sets health and food within their bounds', async () => {
      const { platform } = h();
      const p = await h().join(playerName('Vital'));
      assert.equal(platform.setHealth(p.player.uuid, 7), true);
      assert.equal(platform.setFood(p.player.uuid, 12), true);
      const v = platform.vitals(p.player.uuid)!;
      assert.equal(v.health, 7);
      assert.equal(v.food, 12);
      platform.setFood(p.player.uuid, 99);
      assert.equal(platform.vitals(p.player.uuid)?.food, 20);
      await p.leave();
    });
  });
};

export const itemsContract: Contract = (h) => {
  describe('items', () => {
    it('gives items into free slots and reads them back', async () => {
      const { platform } = h();
      const p = await h().join(playerName('Holder'));
      assert.deepEqual(platform.giveItems(p.player.uuid, [{ material: 'bread', count: 70 }]), { given: true });
      const slots = platform.inventory(p.player.uuid)!;
      assert.equal(slots.length, 36);
      const bread = slots.filter((s) => s?.material === 'bread').reduce((n, s) => n + s!.count, 0);
      assert.equal(bread, 70);
      await p.leave();
    });

    it('gives nothing when not everything fits', async () => {
      const { platform } = h();
      const p = await h().join(playerName('Full'));
      const tooMuch = [{ material: 'stone', count: 64 * 37 }];
      assert.equal(platform.canHold(p.player.uuid, tooMuch), false);
      assert.deepEqual(platform.giveItems(p.player.uuid, tooMuch), { given: false, reason: 'no-room' });
      assert.ok(platform.inventory(p.player.uuid)!.every((s) => s === null));
      await p.leave();
    });
  });
};

/** Every contract, in the order they run. A capability adds its contract here. */
export const CONTRACTS: readonly Contract[] = [
  playersContract,
  worldsContract,
  stateContract,
  itemsContract,
  chestsContract,
  entitiesContract,
  displayContract,
  visibilityContract,
  gameplayContract,
  signsContract,
  inventoryContract,
  runtimeWorldsContract,
  posesContract,
  worldEntitiesContract,
];
