// What /seen and /whois tell about a player. /seen: online since they joined, or offline since
// they left, and when they first joined; a player hidden from the viewer (vanish) is told as
// offline since they last left, so that /seen never shows that they are here. /whois (staff): the
// same and what the game and the other modules know of them now: where they are, their health,
// game mode, god mode, flight, away flag, vanish, balance, playtime, mute and ban; an address only
// for an online player (see docs/essentials.md, "Addresses").

import type { KnownPlayer, PlayersService } from '../../core/kernel/api.ts';
import type { Clock } from '../../core/kernel/clock.ts';
import type { OptionalServicesOf } from '../../core/kernel/module.ts';
import type { GameMode, GamePlatform, Location } from '../../platform/platform.ts';
import type { EssentialsStore } from './essentials.store.ts';

/** The modules whose state /whois shows when they are on. */
export type WhoisSources = 'economy' | 'playerstate' | 'presence' | 'vanish' | 'playtime' | 'moderation';

export interface Seen {
  uuid: string;
  name: string;
  /** Online as the viewer may know it (a player hidden from them is offline). */
  online: boolean;
  /** When they joined (online) or last left (offline), ISO-8601. */
  since: string;
  /** Whole seconds from `since` to now. */
  seconds: number;
  firstSeen: string;
}

/** What staff read of a player: null where it is not known (offline, or its module off). */
export interface Whois extends Seen {
  address: string | null;
  location: Location | null;
  health: number | null;
  food: number | null;
  gameMode: GameMode | null;
  god: boolean | null;
  /** Whether they may fly. */
  flight: boolean | null;
  afk: boolean | null;
  vanished: boolean | null;
  /** Their balance in the default currency, as the economy writes it. */
  balance: string | null;
  playtimeSeconds: number | null;
  /** The mute and ban in force (each null when none; `until` null: for good); null while moderation is off. */
  sanctions: { muted: { until: string | null } | null; banned: { until: string | null } | null } | null;
}

export interface InfoDeps {
  players: PlayersService;
  platform: GamePlatform;
  clock: Clock;
  store: EssentialsStore;
  optional: OptionalServicesOf<WhoisSources>;
}

export function createInfo(deps: InfoDeps) {
  const { players, platform, clock, store, optional } = deps;
  const secondsSince = (iso: string) => Math.max(0, Math.floor((clock.now().getTime() - Date.parse(iso)) / 1000));
  const joinedAt = (uuid: string): string | undefined => {
    const list = players.listOnline();
    return list.ok ? list.value.players.find((p) => p.uuid === uuid)?.since : undefined;
  };

  /** `viewer` null: the console, which sees everyone. */
  async function seen(p: KnownPlayer, viewer: string | null): Promise<Seen> {
    const here = platform.player(p.uuid) !== undefined;
    const visible = here && (viewer === null || viewer === p.uuid || platform.canSee(viewer, p.uuid));
    let since: string;
    if (visible) since = joinedAt(p.uuid) ?? p.lastSeen;
    // Hidden from the viewer: when they last left before this session (their row says when they joined).
    else if (here) since = (await store.lastQuit(p.uuid)) ?? p.firstSeen;
    else since = p.lastSeen;
    return { uuid: p.uuid, name: p.name, online: visible, since, seconds: secondsSince(since), firstSeen: p.firstSeen };
  }

  async function whois(p: KnownPlayer): Promise<Whois> {
    const base = await seen(p, null);
    const online = platform.player(p.uuid);
    const vitals = online && platform.vitals(p.uuid);
    const abilities = online && platform.abilities(p.uuid);
    const { economy, playerstate, presence, vanish, playtime, moderation } = optional;
    const balance = economy ? await economy.balance(p.uuid) : undefined;
    const played = playtime ? await playtime.get(p.uuid) : undefined;
    const mute = moderation?.muteOf(p.uuid) ?? null;
    const ban = moderation?.banOf(p.uuid) ?? null;
    const until = (s: { 'expires-at': string | null } | null) => s && { until: s['expires-at'] };
    return {
      ...base,
      address: online?.address ?? null,
      location: (online && platform.location(p.uuid)) || null,
      health: vitals ? vitals.health : null,
      food: vitals ? vitals.food : null,
      gameMode: (online && platform.gameMode(p.uuid)) || null,
      god: abilities ? (playerstate?.isGod(p.uuid) ?? abilities.invulnerable) : null,
      flight: abilities ? abilities.allowFlight : null,
      afk: online && presence ? presence.isAway(p.uuid) : null,
      vanished: vanish ? vanish.isVanished(p.uuid) : null,
      balance: economy && balance?.ok ? economy.format(balance.value) : null,
      playtimeSeconds: played?.ok ? played.value['total-seconds'] : null,
      sanctions: moderation ? { muted: until(mute), banned: until(ban) } : null,
    };
  }

  return { seen, whois };
}
