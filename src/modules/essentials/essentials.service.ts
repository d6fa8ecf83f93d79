// The everyday commands' published API: who a player is and when they were last here (/seen,
// /whois), who is near (/near), the top of a player's column (/top), the message of the day and the
// rules (essentials.conf, with markup and placeholders worked out for the reader), and /me.

import type { KnownPlayer, PlayersService } from '../../core/kernel/api.ts';
import type { Clock } from '../../core/kernel/clock.ts';
import type { OptionalServicesOf } from '../../core/kernel/module.ts';
import { fail, ok, type Result } from '../../core/kernel/result.ts';
import type { Logger } from '../../core/log/log.ts';
import { markup } from '../../core/text/markup.ts';
import type { Placeholders } from '../../core/text/placeholders.ts';
import type { CoreApi } from '../../core/kernel/api.ts';
import type { GamePlatform, OnlinePlayer, Text } from '../../platform/platform.ts';
import type { EssentialsConfig } from './essentials.config.ts';
import { createInfo, type Seen, type Whois, type WhoisSources } from './essentials.info.ts';
import type { EssentialsStore } from './essentials.store.ts';

export type { Seen, Whois };

export const ESSENTIALS_NODES = {
  seen: 'core.essentials.seen',
  whois: 'core.essentials.whois',
  near: 'core.essentials.near',
  nearOthers: 'core.essentials.near.others',
  top: 'core.essentials.top',
  rules: 'core.essentials.rules',
  motd: 'core.essentials.motd',
  me: 'core.essentials.me',
} as const;

/** `core.essentials.near.radius.<n>`: the largest radius a player may ask /near for. */
export const NEAR_RADIUS_PREFIX = 'core.essentials.near.radius';

export interface Nearby {
  name: string;
  uuid: string;
  /** Whole blocks, in three dimensions. */
  distance: number;
}

export interface EssentialsService {
  /** When a player was last here, as `viewer` may know it (null: the console, which sees everyone). */
  seen(player: KnownPlayer, viewer: string | null): Promise<Seen>;
  /** Everything staff may read of a player. */
  whois(player: KnownPlayer): Promise<Whois>;
  /**
   * The players in the same world within `radius` blocks of an online player, nearest first,
   * without them and without those `viewer` (null: the console) cannot see. player-offline when
   * they are not online.
   */
  near(uuid: string, radius: number, viewer: string | null): Result<Nearby[]>;
  /**
   * Moves an online player onto the highest block of their column (warm-up as the server's
   * teleports). already-in-state when they stand there, not-found for an empty column, refused
   * when the top is lava.
   */
  top(uuid: string): ReturnType<CoreApi['teleport']['teleport']>;
  /** The message of the day, a text per line, as `player` reads it (placeholders without a player for the console). */
  motd(player?: OnlinePlayer): Promise<Text[]>;
  /** The rules, a text per line, as `player` reads it. */
  rules(player?: OnlinePlayer): Promise<Text[]>;
  /** Shows `* <name> <action>` to everyone who can see the player, and on the console; answers how many players read it. */
  me(player: OnlinePlayer, action: string): { recipients: number };
  /** The player left the game: remembered for /seen (written in the order players left). */
  left(player: OnlinePlayer): void;
  /** At shutdown: everyone still online leaves now; resolves when every such write is done. */
  stopping(): Promise<void>;
}

export interface EssentialsDeps {
  players: PlayersService;
  platform: GamePlatform;
  clock: Clock;
  log: Logger;
  store: EssentialsStore;
  placeholders: Placeholders;
  /** The teleport module's service (/top moves the player through it). */
  teleport: CoreApi['teleport'];
  config: () => EssentialsConfig;
  optional: OptionalServicesOf<WhoisSources>;
}

export function createEssentialsService(deps: EssentialsDeps): EssentialsService {
  const { players, platform, clock, log, store, placeholders, teleport, config, optional } = deps;
  const info = createInfo({ players, platform, clock, store, optional });
  /** The writes of players leaving, one after the other. */
  let writes: Promise<void> = Promise.resolve();

  const render = (source: readonly string[], player?: OnlinePlayer): Promise<Text[]> =>
    Promise.all(source.map(async (line) => markup(await placeholders.apply(line, player))));

  const service: EssentialsService = {
    seen: info.seen,
    whois: info.whois,

    near(uuid, radius, viewer) {
      const here = platform.player(uuid) && platform.location(uuid);
      if (!here) return fail('player-offline', 'That player is not online.');
      const found: Nearby[] = [];
      for (const p of platform.onlinePlayers()) {
        if (p.uuid === uuid || (viewer !== null && viewer !== p.uuid && !platform.canSee(viewer, p.uuid))) continue;
        const there = platform.location(p.uuid);
        if (!there || there.world !== here.world) continue;
        const distance = Math.hypot(there.x - here.x, there.y - here.y, there.z - here.z);
        if (distance <= radius) found.push({ name: p.name, uuid: p.uuid, distance: Math.round(distance) });
      }
      found.sort((a, b) => a.distance - b.distance || a.name.localeCompare(b.name));
      return ok(found);
    },

    async top(uuid) {
      const here = platform.location(uuid);
      if (!platform.player(uuid) || !here) return fail('player-offline', 'You are not online.');
      const top = await platform.highestBlock(here.world, here.x, here.z);
      if (!top) return fail('not-found', 'There is no block in your column to stand on.');
      if (top.material === 'lava') return fail('refused', 'The top of your column is lava: /top would put you in it.');
      if (Math.floor(here.y) === top.y + 1) return fail('already-in-state', 'You are already at the top of your column.');
      const to = { ...here, x: top.x + 0.5, y: top.y + 1, z: top.z + 0.5 };
      return teleport.teleport(uuid, to, { cause: 'top' });
    },

    motd: (player) => render(config().motd, player),
    rules: (player) => render(config().rules, player),

    me(player, action) {
      const line = `* ${player.name} ${action}`;
      let recipients = 0;
      for (const p of platform.onlinePlayers()) {
        // As chat: a vanished player's action reaches only those who can see them.
        if (p.uuid !== player.uuid && !platform.canSee(p.uuid, player.uuid)) continue;
        platform.sendMessage(p.uuid, line);
        recipients++;
      }
      platform.consoleMessage(line);
      return { recipients };
    },

    left(player) {
      const at = clock.now().toISOString();
      writes = writes.then(() => store.recordQuit(player.uuid, at)).catch((e: unknown) => log.error(`could not record when ${player.name} left`, e));
    },

    async stopping() {
      for (const p of platform.onlinePlayers()) service.left(p);
      await writes;
    },
  };
  return service;
}
