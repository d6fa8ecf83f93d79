// Placeholders: `{name}` tokens in text an admin writes (sidebar and tab list lines, hologram lines,
// announcements, nametag formats), replaced for a player when the text is shown. The kernel offers
// `{player}`, `{online}` and `{world}`; a module adds its own (`{balance}` by economy, `{rank}` by
// ranks, `{playtime}` by playtime…) with `ctx.placeholders.register`, and they go away when the
// module stops. A token nobody registered stays as written, so a typo shows on screen where the
// admin can see it. Names are lower case letters, digits, `-` and `_`, and match case-insensitively.

import type { Logger } from '../log/log.ts';
import type { GamePlatform, OnlinePlayer } from '../../platform/platform.ts';

/** The value of a placeholder for a player (undefined when shown without one, e.g. to the console). */
export type PlaceholderResolver = (player: OnlinePlayer | undefined) => string | undefined | Promise<string | undefined>;

export interface Placeholders {
  /** Adds `{name}`; returns the function that removes it. A name already registered throws. */
  register(name: string, resolve: PlaceholderResolver, description: string): () => void;
  /**
   * The text with every registered `{name}` replaced by its value for the player; a resolver that
   * answers undefined (or fails, which is logged) leaves its token as written.
   */
  apply(text: string, player?: OnlinePlayer): Promise<string>;
  /** The registered placeholders with what each shows, sorted by name. */
  list(): Array<{ name: string; description: string }>;
}

const NAME = /^[a-z0-9_-]{1,32}$/;
const TOKEN = /\{([A-Za-z0-9_-]{1,32})\}/g;

export function createPlaceholders(deps: { platform: GamePlatform; log: Logger }): Placeholders {
  const entries = new Map<string, { resolve: PlaceholderResolver; description: string }>();

  const placeholders: Placeholders = {
    register(name, resolve, description) {
      const key = name.toLowerCase();
      if (!NAME.test(key)) throw new Error(`"${name}" is not a placeholder name (letters, digits, - and _, up to 32)`);
      if (entries.has(key)) throw new Error(`the placeholder {${key}} is registered twice`);
      const entry = { resolve, description };
      entries.set(key, entry);
      return () => {
        if (entries.get(key) === entry) entries.delete(key);
      };
    },
    async apply(text, player) {
      const tokens = [...new Set([...text.matchAll(TOKEN)].map((m) => m[1]!.toLowerCase()))].filter((t) => entries.has(t));
      if (tokens.length === 0) return text;
      const values = new Map<string, string | undefined>();
      await Promise.all(
        tokens.map(async (token) => {
          try {
            values.set(token, await entries.get(token)!.resolve(player));
          } catch (e) {
            deps.log.error(`the placeholder {${token}} could not be worked out`, e);
          }
        }),
      );
      return text.replace(TOKEN, (whole, name: string) => values.get(name.toLowerCase()) ?? whole);
    },
    list: () => [...entries].map(([name, e]) => ({ name, description: e.description })).sort((a, b) => a.name.localeCompare(b.name)),
  };

  placeholders.register('player', (p) => p?.name, 'the name of the player who sees the text');
  placeholders.register('online', () => String(deps.platform.onlinePlayers().length), 'how many players are online');
  placeholders.register('world', (p) => (p ? deps.platform.location(p.uuid)?.world : undefined), 'the world the player is in');
  return placeholders;
}
