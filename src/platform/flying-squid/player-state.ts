// A player's game mode, health and food, flight and speeds. flying-squid's sendAbilities does
// nothing at 1.21.4 and it has no flight state of its own: the adapter keeps the abilities and
// writes them (abilities + the movement speed attribute). flying-squid has no handler of the
// client's own abilities packet either (sent when the player starts or stops flying by a double
// jump): the adapter reads it, so that `flying` is what the player does, not what was last set.

import type { Abilities, GameMode, Vitals } from '../platform.ts';
import type { AdapterContext, PlayerSession } from './context.ts';
import * as P from './packets.ts';

export class PlayerState {
  private readonly abilitiesOf = new WeakMap<PlayerSession, Abilities>();

  private readonly ctx: AdapterContext;

  constructor(ctx: AdapterContext) {
    this.ctx = ctx;
    ctx.onAttach((session) => {
      const player = session.fs;
      this.abilitiesOf.set(session, defaultAbilities(0));
      player.sendAbilities = () => this.sendAbilities(session);
      const takeDamage = player.takeDamage.bind(player);
      player.takeDamage = (o) => {
        if (this.current(session).invulnerable || session.dead) return;
        takeDamage(o);
      };
      if (player.foodSaturation === undefined) player.foodSaturation = 5;
      player._client.on('abilities', (d: { flags?: unknown }) => {
        this.abilitiesOf.set(session, P.flyingFromClient(this.current(session), d?.flags));
      });
    });
    ctx.onJoin((session) => {
      this.abilitiesOf.set(session, defaultAbilities(session.fs.gameMode ?? 0));
      this.sendAbilities(session);
    });
  }

  /** Writes the player's abilities and walking speed (after a respawn, they are reset by the client). */
  sendAbilities(session: PlayerSession): void {
    const abilities = this.current(session);
    session.send(P.abilities(abilities, session.fs.gameMode === 1));
    session.send(P.walkSpeedAttribute(session.fs.id, abilities.walkSpeed));
  }

  gameMode(uuid: string): GameMode | undefined {
    const s = this.ctx.get(uuid);
    return s && P.gameModeName(s.fs.gameMode);
  }

  setGameMode(uuid: string, mode: GameMode): boolean {
    const s = this.ctx.get(uuid);
    if (!s) return false;
    const id = P.GAME_MODE_IDS[mode];
    this.abilitiesOf.set(s, defaultAbilities(id, this.current(s)));
    s.fs.setGameMode(id); // writes the game event and the tab list change, then sendAbilities
    return true;
  }

  vitals(uuid: string): Vitals | undefined {
    const s = this.ctx.get(uuid);
    return s && { health: s.fs.health, food: s.fs.food, saturation: s.fs.foodSaturation };
  }

  setHealth(uuid: string, health: number): boolean {
    const s = this.ctx.get(uuid);
    // A dead player is on the death screen until the client asks to respawn.
    if (!s || s.dead || !Number.isFinite(health)) return false;
    s.fs.updateHealth(Math.max(0, Math.min(20, health)));
    return true;
  }

  setFood(uuid: string, food: number, saturation?: number): boolean {
    const s = this.ctx.get(uuid);
    if (!s || !Number.isFinite(food)) return false;
    if (saturation !== undefined && Number.isFinite(saturation)) s.fs.foodSaturation = Math.max(0, Math.min(20, saturation));
    s.fs.updateFood(Math.max(0, Math.min(20, Math.round(food))));
    return true;
  }

  abilities(uuid: string): Abilities | undefined {
    const s = this.ctx.get(uuid);
    return s && { ...this.current(s) };
  }

  setAbilities(uuid: string, change: Partial<Abilities>): boolean {
    const s = this.ctx.get(uuid);
    if (!s) return false;
    const next = { ...this.current(s) };
    for (const key of ['allowFlight', 'flying', 'invulnerable'] as const) if (typeof change[key] === 'boolean') next[key] = change[key];
    for (const key of ['walkSpeed', 'flySpeed'] as const) {
      const v = change[key];
      if (typeof v === 'number' && Number.isFinite(v) && v >= 0) next[key] = v;
    }
    if (!next.allowFlight) next.flying = false;
    this.abilitiesOf.set(s, next);
    this.sendAbilities(s);
    return true;
  }

  private current(session: PlayerSession): Abilities {
    return this.abilitiesOf.get(session) ?? defaultAbilities(session.fs.gameMode ?? 0);
  }
}

function defaultAbilities(mode: number, keep?: Abilities): Abilities {
  return {
    allowFlight: mode === 1 || mode === 3,
    flying: mode === 3,
    invulnerable: mode === 1 || mode === 3,
    walkSpeed: keep?.walkSpeed ?? 1,
    flySpeed: keep?.flySpeed ?? 1,
  };
}
