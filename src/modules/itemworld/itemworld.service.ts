// Items on the ground and mobs: purges (on command, and on the schedule of itemworld.conf with a
// warning in chat before it) and the mob spawn rules of each world, which decide every spawn the
// platform announces (spawn eggs, /spawnmob, other modules). Nothing is stored: items on the
// ground and mobs live in the game's memory, and the rules in the config file.

import { actorName, type Actor } from '../../core/kernel/actor.ts';
import type { Clock } from '../../core/kernel/clock.ts';
import type { EventBus } from '../../core/kernel/events.ts';
import { fail, ok, type Result } from '../../core/kernel/result.ts';
import type { Scheduler } from '../../core/kernel/scheduler.ts';
import type { GamePlatform, Location, OnlinePlayer } from '../../platform/platform.ts';
import { mobTypeName } from '../../platform/mob-types.ts';
import type { MobSpawnData } from '../../platform/world-entities.ts';
import { ruleOf, type ItemworldConfig, type MobRule } from './itemworld.config.ts';
import type { MobRefusal, PurgeSummary, PurgeTrigger, PurgeWhat } from './itemworld.schemas.ts';

export interface PurgeRequest {
  what: PurgeWhat;
  /** A loaded world; every world when left out. */
  world?: string;
  trigger: PurgeTrigger;
  /** Who asked (a command's sender); none for the schedule. */
  actor?: Actor;
}

export interface SpawnSummary {
  type: string;
  spawned: number;
  /** Why the others were not spawned (the first refusal), when some were not. */
  refusal?: string;
}

export interface ItemworldService {
  /** Removes the items on the ground and/or the mobs of a world (or every world); not-found for a world that is not loaded. */
  purge(request: PurgeRequest): Result<PurgeSummary>;
  /**
   * Spawns `count` mobs of a type at a location, each through the spawn rules; refused when none
   * could be spawned (the rules' reason), not-found for a type that is no mob.
   */
  spawnMobs(type: string, count: number, at: Location, player?: OnlinePlayer): Result<SpawnSummary>;
  /** The spawn rules of a world, and how many mobs it holds now. */
  rules(world: string): { rule: MobRule; mobs: number };
  /** When the next automatic purge runs; undefined when it is switched off. */
  nextPurgeAt(): Date | undefined;
}

export interface ItemworldDeps {
  platform: GamePlatform;
  events: EventBus;
  scheduler: Scheduler;
  clock: Clock;
  config: () => ItemworldConfig;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** "3 items (40 in all) and 2 mobs", as far as `what` goes. */
export function describePurge(s: PurgeSummary): string {
  const items = `${plural(s.items, 'item stack')} (${plural(s.itemCount, 'item')})`;
  const mobs = plural(s.mobs, 'mob');
  return s.what === 'items' ? items : s.what === 'mobs' ? mobs : `${items} and ${mobs}`;
}

export function createItemworldService(deps: ItemworldDeps): ItemworldService {
  const { platform, events, scheduler, clock, config } = deps;

  function mobsIn(world: string): number {
    return platform.worldEntities(world).filter((e) => e.kind === 'mob').length;
  }

  /** Why the rules refuse a mob of that type in that world now, or undefined when they allow it. */
  function refusalOf(type: string, world: string): MobRefusal | undefined {
    const rule = ruleOf(config(), world);
    if ((rule.allow !== 'every' && !rule.allow.includes(type)) || rule.deny.includes(type)) return 'type-denied';
    if (rule.cap > 0 && mobsIn(world) >= rule.cap) return 'cap-reached';
    return undefined;
  }

  function refusalSentence(refusal: MobRefusal, type: string, world: string): string {
    return refusal === 'type-denied'
      ? `The spawn rules of ${world} do not allow ${type}.`
      : `${world} holds its cap of ${plural(ruleOf(config(), world).cap, 'mob')} already.`;
  }

  function emitSpawn(e: MobSpawnData, refusal: MobRefusal | null): void {
    events.emit('itemworld.mob-spawn', {
      type: e.type,
      location: { ...e.location },
      cause: e.cause,
      'player-id': e.player?.uuid ?? null,
      'player-name': e.player?.name ?? null,
      allowed: refusal === null,
      refusal,
    });
  }

  platform.on('mobSpawn', (e) => {
    if (e.cancelled) return;
    const refusal = refusalOf(e.type, e.location.world);
    if (!refusal) return;
    e.cancel();
    emitSpawn(e, refusal);
  });
  platform.on('mobSpawned', (e) => emitSpawn(e, null));

  function purge(request: PurgeRequest): Result<PurgeSummary> {
    const { what, world, trigger, actor } = request;
    if (world !== undefined && !platform.worlds().includes(world)) {
      return fail('not-found', `There is no loaded world named "${world}". Worlds: ${platform.worlds().join(', ')}.`);
    }
    const summary: PurgeSummary = { what, world: world ?? null, items: 0, itemCount: 0, mobs: 0 };
    for (const e of platform.worldEntities(world)) {
      if (e.kind === 'item' && what !== 'mobs' && platform.removeWorldEntity(e.id)) {
        summary.items += 1;
        summary.itemCount += e.count;
      } else if (e.kind === 'mob' && what !== 'items' && platform.removeWorldEntity(e.id)) {
        summary.mobs += 1;
      }
    }
    events.emit('itemworld.entity-purge', {
      what,
      world: summary.world,
      items: summary.items,
      'item-count': summary.itemCount,
      mobs: summary.mobs,
      trigger,
      actor: actor ? actorName(actor) : null,
    });
    return ok(summary);
  }

  // The schedule: a tick each second compares the clock with the next purge, so that a reload of
  // the interval applies at once (it counts from the reload).
  let nextAt: number | undefined;
  let scheduledEvery: number | undefined;
  let warned = false;
  function tick(): void {
    const c = config();
    const now = clock.now().getTime();
    if (c.purgeIntervalSeconds === 0) {
      nextAt = scheduledEvery = undefined;
      return;
    }
    if (nextAt === undefined || scheduledEvery !== c.purgeIntervalSeconds) {
      nextAt = now + c.purgeIntervalSeconds * 1000;
      scheduledEvery = c.purgeIntervalSeconds;
      warned = false;
    }
    const left = nextAt - now;
    if (!warned && c.purgeWarningSeconds > 0 && left > 0 && left <= c.purgeWarningSeconds * 1000) {
      warned = true;
      const what = c.purgeWhat === 'items' ? 'Items on the ground' : c.purgeWhat === 'mobs' ? 'Mobs' : 'Items on the ground and mobs';
      platform.broadcast({ text: `${what} will be removed in ${plural(Math.round(left / 1000), 'second')}.`, color: 'gold' });
    }
    if (left > 0) return;
    nextAt = now + c.purgeIntervalSeconds * 1000;
    warned = false;
    const r = purge({ what: c.purgeWhat, trigger: 'schedule' });
    if (r.ok) platform.broadcast({ text: `Removed ${describePurge(r.value)}.`, color: 'gold' });
  }
  scheduler.every(1000, tick);
  tick();

  return {
    purge,
    spawnMobs(type, count, at, player) {
      const name = mobTypeName(type);
      if (!name) return fail('not-found', `"${type}" is not a mob type of the game (e.g. zombie, cow, iron_golem).`);
      let spawned = 0;
      let refusal: string | undefined;
      for (let i = 0; i < count; i++) {
        const r = platform.spawnMob({ type: name, location: at, cause: 'command', ...(player ? { player } : {}) });
        if (r.ok) {
          spawned += 1;
          continue;
        }
        const rule = r.reason === 'cancelled' ? refusalOf(name, at.world) : undefined;
        refusal ??= rule ? refusalSentence(rule, name, at.world) : r.message;
        // The rules refuse every further one alike.
        break;
      }
      if (spawned === 0) return fail('refused', refusal ?? `No ${name} was spawned.`);
      return ok({ type: name, spawned, ...(refusal ? { refusal } : {}) });
    },
    rules: (world) => ({ rule: ruleOf(config(), world), mobs: mobsIn(world) }),
    nextPurgeAt: () => (nextAt === undefined ? undefined : new Date(nextAt)),
  };
}
