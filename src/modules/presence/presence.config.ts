// data/core/presence.conf: when a player is marked away by themselves, and who is told. Written
// with comments on first start, never overwritten; every key applies at once on `core reload`.

import { join } from 'node:path';
import { configProblem, readConfigFile } from '../../core/config-file.ts';
import type { ReloadableConfig } from '../../core/config-reload.ts';

export interface PresenceConfig {
  /** Seconds without activity after which a player is marked away; 0 switches it off. */
  afkAfterSeconds: number;
  /** Whether everyone else is told "X is now AFK" / "X is no longer AFK". */
  announce: boolean;
  /** Whether an away player's tab-list name shows "[AFK] " before it. */
  tabListMarker: boolean;
}

/** The longest idle time a config file can ask for: a day. */
export const MAX_AFK_AFTER = 86_400;

export const PRESENCE_CONF_DEFAULT = `# Core presence (the away / AFK flag).

# Seconds without activity (moving to another block, chatting, running a command, breaking,
# placing or using something) after which a player is marked away by themselves.
# 0 switches automatic marking off (/afk and the Remote Access Service still work). 0 to ${MAX_AFK_AFTER}.
# Only players holding core.afk.auto are marked (every player does by default).
afk-after-seconds = 300

# Whether everyone else is told when a player goes away and comes back ("Ann is now AFK.").
# The player is always told.
announce = true

# Whether an away player's name in the tab list reads "[AFK] <name>" while they are away.
tab-list-marker = false
`;

const KEYS = ['afk-after-seconds', 'announce', 'tab-list-marker'];

export function loadPresenceConfig(configDir: string): PresenceConfig {
  const path = join(configDir, 'presence.conf');
  const read = readConfigFile(path, PRESENCE_CONF_DEFAULT);
  if (!read.ok) throw new Error(read.message);
  const { table, text } = read;
  const problem = (key: string, what: string) => new Error(configProblem(path, text, key, what));
  for (const key of Object.keys(table)) if (!KEYS.includes(key)) throw problem(key, 'is not a key of this file');
  const after = table['afk-after-seconds'] ?? 300;
  if (typeof after !== 'number' || !Number.isInteger(after) || after < 0 || after > MAX_AFK_AFTER) {
    throw problem('afk-after-seconds', `must be a whole number of seconds from 0 to ${MAX_AFK_AFTER}`);
  }
  const announce = table.announce ?? true;
  if (typeof announce !== 'boolean') throw problem('announce', 'must be true or false');
  const marker = table['tab-list-marker'] ?? false;
  if (typeof marker !== 'boolean') throw problem('tab-list-marker', 'must be true or false');
  return { afkAfterSeconds: after, announce, tabListMarker: marker };
}

/** presence.conf for `core reload`: every key applies at once (the next sweep, the next change). */
export function presenceReloadable(configDir: string): ReloadableConfig<PresenceConfig> {
  return {
    path: join(configDir, 'presence.conf'),
    read: () => loadPresenceConfig(configDir),
    keys: (c) =>
      new Map<string, unknown>([
        ['afk-after-seconds', c.afkAfterSeconds],
        ['announce', c.announce],
        ['tab-list-marker', c.tabListMarker],
      ]),
  };
}
