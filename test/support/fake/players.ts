// The online players of the FakePlatform and their state: where each stands, game mode, vitals,
// abilities and latency. The platform lends the read and set methods of the port below; joining,
// leaving and teleporting stay with the platform, which adds and removes players here.

import type { Abilities, GameMode, GamePlatform, Location, OnlinePlayer, Vitals } from '../../../src/platform/platform.ts';
import type { PortMethods } from './lend.ts';

/** An online player's state in the fake, changed in place. */
export interface PlayerState {
  player: OnlinePlayer;
  location: Location;
  gameMode: GameMode;
  vitals: Vitals;
  abilities: Abilities;
  ping: number;
}

/** The GamePlatform methods that read and set an online player's state. */
export type PlayerStatePort = Pick<
  GamePlatform,
  'onlinePlayers' | 'player' | 'playerByName' | 'ping' | 'location' | 'gameMode' | 'setGameMode' | 'vitals' | 'setHealth' | 'setFood' | 'abilities' | 'setAbilities'
>;

export const PLAYER_STATE_METHODS: PortMethods<PlayerStatePort> = {
  onlinePlayers: true,
  player: true,
  playerByName: true,
  ping: true,
  location: true,
  gameMode: true,
  setGameMode: true,
  vitals: true,
  setHealth: true,
  setFood: true,
  abilities: true,
  setAbilities: true,
};

export class FakePlayers implements PlayerStatePort {
  private readonly states = new Map<string, PlayerState>();

  // ---- for the platform ----------------------------------------------------------------------

  has(uuid: string): boolean {
    return this.states.has(uuid);
  }

  /** Every online player's state, in join order. */
  all(): PlayerState[] {
    return [...this.states.values()];
  }

  /** A player comes online with the game mode's flight and invulnerability, speeds 1 and full vitals. */
  add(player: OnlinePlayer, location: Location, gameMode: GameMode, ping: number): void {
    this.states.set(player.uuid, {
      player,
      location,
      gameMode,
      vitals: { health: 20, food: 20, saturation: 5 },
      abilities: { ...modeAbilities(gameMode), walkSpeed: 1, flySpeed: 1 },
      ping,
    });
  }

  /** The player goes offline; their state as it was, or undefined when they were not online. */
  remove(uuid: string): PlayerState | undefined {
    const s = this.states.get(uuid);
    this.states.delete(uuid);
    return s;
  }

  /** The online player's state, or a thrown error naming the uuid. */
  mustBeOnline(uuid: string): PlayerState {
    const s = this.states.get(uuid);
    if (!s) throw new Error(`fake platform: ${uuid} is not online`);
    return s;
  }

  /** The player's state, or undefined when they are not online. */
  state(uuid: string): PlayerState | undefined {
    return this.states.get(uuid);
  }

  // ---- GamePlatform --------------------------------------------------------------------------

  onlinePlayers(): OnlinePlayer[] {
    return this.all().map((s) => s.player);
  }
  player(uuid: string): OnlinePlayer | undefined {
    return this.states.get(uuid)?.player;
  }
  playerByName(name: string): OnlinePlayer | undefined {
    const n = name.toLowerCase();
    return this.onlinePlayers().find((p) => p.name.toLowerCase() === n);
  }

  ping(uuid: string): number | undefined {
    return this.states.get(uuid)?.ping;
  }

  location(uuid: string): Location | undefined {
    const s = this.states.get(uuid);
    return s ? { ...s.location } : undefined;
  }

  gameMode(uuid: string): GameMode | undefined {
    return this.states.get(uuid)?.gameMode;
  }
  setGameMode(uuid: string, mode: GameMode): boolean {
    const s = this.states.get(uuid);
    if (!s) return false;
    s.gameMode = mode;
    // As the game (and the adapter): flight and invulnerability become the new mode's; speeds stay.
    s.abilities = { ...s.abilities, ...modeAbilities(mode) };
    return true;
  }

  vitals(uuid: string): Vitals | undefined {
    const s = this.states.get(uuid);
    return s ? { ...s.vitals } : undefined;
  }
  setHealth(uuid: string, health: number): boolean {
    const s = this.states.get(uuid);
    if (!s) return false;
    s.vitals.health = Math.max(0, Math.min(20, health));
    return true;
  }
  setFood(uuid: string, food: number, saturation?: number): boolean {
    const s = this.states.get(uuid);
    if (!s) return false;
    s.vitals.food = Math.max(0, Math.min(20, food));
    if (saturation !== undefined) s.vitals.saturation = saturation;
    return true;
  }

  abilities(uuid: string): Abilities | undefined {
    const s = this.states.get(uuid);
    return s ? { ...s.abilities } : undefined;
  }
  setAbilities(uuid: string, change: Partial<Abilities>): boolean {
    const s = this.states.get(uuid);
    if (!s) return false;
    s.abilities = { ...s.abilities, ...change };
    if (!s.abilities.allowFlight) s.abilities.flying = false;
    return true;
  }
}

/** Flight and invulnerability as a game mode gives them (the game resets them on a mode change). */
function modeAbilities(mode: GameMode): Pick<Abilities, 'allowFlight' | 'flying' | 'invulnerable'> {
  const flies = mode === 'creative' || mode === 'spectator';
  return { allowFlight: flies, flying: mode === 'spectator', invulnerable: flies };
}
