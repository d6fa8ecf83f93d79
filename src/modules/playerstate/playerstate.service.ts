// The player state's published API: god mode, flight, game mode, walking and flying speed, heal and
// feed, for online players. God, fly and the speeds are kept (in the database) across a rejoin and a
// restart and applied again on every join and after every game mode change; the game mode itself is
// kept by the game server. Answers are already in the rendering of the Remote Access Service.

import { actorName, type Actor } from '../../core/kernel/actor.ts';
import type { AuditService, KnownPlayer, PlayersService } from '../../core/kernel/api.ts';
import type { Clock } from '../../core/kernel/clock.ts';
import type { Db } from '../../core/storage/db.ts';
import type { EventBus } from '../../core/kernel/events.ts';
import { InvalidInput } from '../../core/values/invalid-input.ts';
import { createKeyedQueue } from '../../core/storage/keyed-queue.ts';
import { knownPlayer, playerFields } from '../../core/players/known-player.ts';
import { fail, ok, type Result } from '../../core/kernel/result.ts';
import { GAME_MODES, type GameMode, type GamePlatform } from '../../platform/platform.ts';
import { MAX_SPEED, MIN_SPEED, type PlayerStateAnswer, type SpeedKind } from './playerstate.schemas.ts';
import { createPlayerStateStore, type KeptState } from './playerstate.store.ts';

/** Full health and food; feeding also fills saturation to 10, as EssentialsX does. */
export const FULL_HEALTH = 20;
export const FULL_FOOD = 20;
export const FED_SATURATION = 10;

export interface PlayerStateService {
  /** God, flight, game mode, speeds, health and food of an online player. */
  state(uuid: string): Promise<Result<PlayerStateAnswer>>;
  /** Switches god mode on or off; already-in-state when it already is. */
  setGod(uuid: string, enabled: boolean, actor: Actor): Promise<Result<PlayerStateAnswer>>;
  /** Grants or takes away flight; already-in-state when it already is. */
  setFly(uuid: string, enabled: boolean, actor: Actor): Promise<Result<PlayerStateAnswer>>;
  /** Changes the game mode; already-in-state when the player is in it. */
  setGameMode(uuid: string, mode: GameMode, actor: Actor): Promise<Result<PlayerStateAnswer>>;
  /** Sets the walking or flying speed multiplier (0 to 10); already-in-state when it is that already. */
  setSpeed(uuid: string, kind: SpeedKind, multiplier: number, actor: Actor): Promise<Result<PlayerStateAnswer>>;
  /** Full health and full food (saturation stays, as EssentialsX's heal); refused for a dead player. */
  heal(uuid: string, actor: Actor): Promise<Result<PlayerStateAnswer>>;
  /** Full food and saturation 10. */
  feed(uuid: string, actor: Actor): Promise<Result<PlayerStateAnswer>>;
  /** Whether an online player is in god mode now (false when offline). */
  isGod(uuid: string): boolean;
}

export interface PlayerStateDeps {
  db: Db;
  events: EventBus;
  clock: Clock;
  players: Pick<PlayersService, 'get'>;
  audit: Pick<AuditService, 'record'>;
  platform: GamePlatform;
}

const MODE_FLIES = (m: GameMode | undefined) => m === 'creative' || m === 'spectator';

export function checkMultiplier(multiplier: number): number {
  if (typeof multiplier !== 'number' || !Number.isFinite(multiplier) || multiplier < MIN_SPEED || multiplier > MAX_SPEED) {
    throw new InvalidInput('multiplier', `A speed multiplier is a number from ${MIN_SPEED} to ${MAX_SPEED} (1 is normal).`);
  }
  return multiplier;
}

export function createPlayerStateService(deps: PlayerStateDeps): PlayerStateService {
  const { db, events, clock, players, audit, platform } = deps;
  const store = createPlayerStateStore(db);
  const queue = createKeyedQueue();
  /** What is kept of each online player, loaded on join (the damage handler reads it at once). */
  const kept = new Map<string, KeptState>();

  async function keptOf(uuid: string): Promise<KeptState> {
    let k = kept.get(uuid);
    if (!k) {
      k = await store.get(uuid);
      if (platform.player(uuid)) kept.set(uuid, k);
    }
    return k;
  }

  /** Tells the game what is kept: god and fly on top of what the game mode gives. */
  function apply(uuid: string, k: KeptState): void {
    const modeFlies = MODE_FLIES(platform.gameMode(uuid));
    platform.setAbilities(uuid, { invulnerable: k.god || modeFlies, allowFlight: k.fly || modeFlies, walkSpeed: k.walkSpeed, flySpeed: k.flySpeed });
  }

  platform.on('join', ({ player }) => {
    void queue.run(player.uuid, async () => {
      kept.delete(player.uuid);
      const k = await keptOf(player.uuid);
      if (platform.player(player.uuid)) apply(player.uuid, k);
    });
  });
  platform.on('quit', ({ player }) => {
    kept.delete(player.uuid);
  });
  // God mode: no damage from any cause (the invulnerable flag already keeps most of it away).
  platform.on('damage', (e) => {
    if (kept.get(e.player.uuid)?.god) e.cancel();
  });
  for (const p of platform.onlinePlayers()) {
    void queue.run(p.uuid, async () => {
      const k = await keptOf(p.uuid);
      if (platform.player(p.uuid)) apply(p.uuid, k);
    });
  }

  function render(uuid: string, k: KeptState): PlayerStateAnswer {
    const a = platform.abilities(uuid);
    const v = platform.vitals(uuid);
    return {
      god: k.god,
      fly: k.fly,
      'flight-allowed': a?.allowFlight ?? false,
      flying: a?.flying ?? false,
      'game-mode': platform.gameMode(uuid) ?? 'survival',
      'walk-speed': k.walkSpeed,
      'fly-speed': k.flySpeed,
      health: Math.max(0, Math.min(FULL_HEALTH, v?.health ?? 0)),
      food: Math.max(0, Math.min(FULL_FOOD, Math.round(v?.food ?? 0))),
    };
  }

  /** Runs `work` for an online player, one change at a time per player. */
  async function withOnline(
    uuid: string,
    work: (p: KnownPlayer, k: KeptState) => Promise<Result<PlayerStateAnswer>>,
  ): Promise<Result<PlayerStateAnswer>> {
    const who = await knownPlayer(players, uuid);
    if (!who.ok) return who;
    const p = who.value;
    return queue.run(p.uuid, async () => {
      if (!platform.player(p.uuid)) return fail('player-offline', `${p.name} is not online.`);
      return work(p, await keptOf(p.uuid));
    });
  }

  async function keep(p: KnownPlayer, next: KeptState): Promise<void> {
    await store.put(p.uuid, next, clock.now().toISOString());
    if (platform.player(p.uuid)) kept.set(p.uuid, next);
    apply(p.uuid, next);
  }

  const by = (actor: Actor) => ({ actor: actorName(actor) });
  const onOff = (b: boolean) => (b ? 'on' : 'off');

  async function toggle(uuid: string, which: 'god' | 'fly', enabled: boolean, actor: Actor): Promise<Result<PlayerStateAnswer>> {
    if (typeof enabled !== 'boolean') throw new InvalidInput('enabled', 'enabled is true or false.');
    const label = which === 'god' ? 'God mode' : 'Flight';
    return withOnline(uuid, async (p, k) => {
      if (k[which] === enabled) return fail('already-in-state', `${label} is already ${onOff(enabled)} for ${p.name}.`);
      const next = { ...k, [which]: enabled };
      await keep(p, next);
      await audit.record({ actor, action: `playerstate.${which}`, target: p.uuid, details: { enabled } });
      events.emit(which === 'god' ? 'playerstate.player-god-toggle' : 'playerstate.player-fly-toggle', { ...playerFields(p), ...by(actor), enabled });
      platform.sendMessage(p.uuid, `${label} ${enabled ? 'enabled' : 'disabled'}.`);
      return ok(render(p.uuid, next));
    });
  }

  return {
    isGod: (uuid) => kept.get(uuid)?.god ?? false,

    state: (uuid) => withOnline(uuid, async (p, k) => ok(render(p.uuid, k))),

    setGod: (uuid, enabled, actor) => toggle(uuid, 'god', enabled, actor),
    setFly: (uuid, enabled, actor) => toggle(uuid, 'fly', enabled, actor),

    async setGameMode(uuid, mode, actor) {
      if (!(GAME_MODES as readonly string[]).includes(mode)) throw new InvalidInput('mode', `The game mode is one of ${GAME_MODES.join(', ')}.`);
      return withOnline(uuid, async (p, k) => {
        const before = platform.gameMode(p.uuid) ?? 'survival';
        if (before === mode) return fail('already-in-state', `${p.name} is already in ${mode} mode.`);
        if (!platform.setGameMode(p.uuid, mode)) return fail('player-offline', `${p.name} is not online.`);
        // The game resets flight and invulnerability to the new mode's: god and fly stay.
        apply(p.uuid, k);
        await audit.record({ actor, action: 'playerstate.gamemode', target: p.uuid, details: { mode, previous: before } });
        events.emit('playerstate.player-game-mode-change', { ...playerFields(p), ...by(actor), 'game-mode': mode, 'previous-game-mode': before });
        platform.sendMessage(p.uuid, `Your game mode is now ${mode}.`);
        return ok(render(p.uuid, k));
      });
    },

    async setSpeed(uuid, kind, multiplier, actor) {
      if (kind !== 'walk' && kind !== 'fly') throw new InvalidInput('kind', 'The speed is walk or fly.');
      checkMultiplier(multiplier);
      const field = kind === 'walk' ? 'walkSpeed' : 'flySpeed';
      return withOnline(uuid, async (p, k) => {
        const before = k[field];
        if (before === multiplier) return fail('already-in-state', `${p.name}'s ${kind} speed is already ${multiplier}.`);
        const next = { ...k, [field]: multiplier };
        await keep(p, next);
        await audit.record({ actor, action: 'playerstate.speed', target: p.uuid, details: { kind, multiplier, previous: before } });
        events.emit('playerstate.player-speed-change', { ...playerFields(p), ...by(actor), kind, multiplier, 'previous-multiplier': before });
        platform.sendMessage(p.uuid, `Your ${kind === 'walk' ? 'walking' : 'flying'} speed is now ${multiplier}.`);
        return ok(render(p.uuid, next));
      });
    },

    heal: (uuid, actor) =>
      withOnline(uuid, async (p, k) => {
        const before = platform.vitals(p.uuid);
        if (!before || before.health <= 0) return fail('refused', `${p.name} is dead and cannot be healed until they respawn.`);
        if (!platform.setHealth(p.uuid, FULL_HEALTH)) return fail('refused', `${p.name} cannot be healed now.`);
        platform.setFood(p.uuid, FULL_FOOD);
        await audit.record({ actor, action: 'playerstate.heal', target: p.uuid, details: { previous: before.health } });
        const food = Math.round(before.food);
        events.emit('playerstate.player-heal', { ...playerFields(p), ...by(actor), health: FULL_HEALTH, 'previous-health': before.health, food: FULL_FOOD, 'previous-food': food });
        platform.sendMessage(p.uuid, 'You have been healed.');
        return ok(render(p.uuid, k));
      }),

    feed: (uuid, actor) =>
      withOnline(uuid, async (p, k) => {
        const before = platform.vitals(p.uuid);
        if (!before || before.health <= 0) return fail('refused', `${p.name} is dead and cannot be fed until they respawn.`);
        platform.setFood(p.uuid, FULL_FOOD, Math.max(before.saturation, FED_SATURATION));
        await audit.record({ actor, action: 'playerstate.feed', target: p.uuid, details: { previous: before.food } });
        events.emit('playerstate.player-feed', { ...playerFields(p), ...by(actor), food: FULL_FOOD, 'previous-food': Math.round(before.food) });
        platform.sendMessage(p.uuid, 'Your appetite was sated.');
        return ok(render(p.uuid, k));
      }),
  };
}
