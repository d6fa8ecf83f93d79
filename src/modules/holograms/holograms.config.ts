// data/core/holograms.conf: how many holograms a player may own when no permission node says,
// and how often lines with {placeholders} are worked out again. Written with comments on first
// start, never overwritten; `core reload` applies both at once.

import { join } from 'node:path';
import { configProblem, readConfigFile } from '../../core/config-file.ts';
import type { ReloadableConfig } from '../../core/config-reload.ts';

export interface HologramsConfig {
  /** Holograms a player may own without a `core.holo.limit.<n>` node. */
  defaultLimit: number;
  /** Seconds between two refreshes of the lines that hold placeholders. */
  refreshSeconds: number;
}

export const MAX_REFRESH = 3600;

export const HOLOGRAMS_CONF_DEFAULT = `# Core holograms (/holo).

# How many holograms a player may own when they hold no core.holo.limit.<n> node (the highest
# such node wins, e.g. core.holo.limit.10). Holders of core.holo.admin may own any number.
default-limit = 3

# Seconds between two refreshes of the lines that hold {placeholders} ({online}, {player}, …):
# a changed value is shown to the players who see the hologram. 1 to ${MAX_REFRESH}.
refresh-seconds = 5
`;

const KEYS = ['default-limit', 'refresh-seconds'];

export function loadHologramsConfig(configDir: string): HologramsConfig {
  const path = join(configDir, 'holograms.conf');
  const read = readConfigFile(path, HOLOGRAMS_CONF_DEFAULT);
  if (!read.ok) throw new Error(read.message);
  const { table, text } = read;
  const problem = (key: string, what: string) => new Error(configProblem(path, text, key, what));
  for (const key of Object.keys(table)) {
    if (!KEYS.includes(key)) throw problem(key, 'is not a key of this file');
  }
  const limit = table['default-limit'] ?? 3;
  if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 0 || limit > 10_000) {
    throw problem('default-limit', 'must be a whole number from 0 to 10000');
  }
  const refresh = table['refresh-seconds'] ?? 5;
  if (typeof refresh !== 'number' || !Number.isInteger(refresh) || refresh < 1 || refresh > MAX_REFRESH) {
    throw problem('refresh-seconds', `must be a whole number of seconds from 1 to ${MAX_REFRESH}`);
  }
  return { defaultLimit: limit, refreshSeconds: refresh };
}

/** holograms.conf for `core reload`: both keys apply at once. */
export function hologramsReloadable(configDir: string): ReloadableConfig<HologramsConfig> {
  return {
    path: join(configDir, 'holograms.conf'),
    read: () => loadHologramsConfig(configDir),
    keys: (c) =>
      new Map<string, unknown>([
        ['default-limit', c.defaultLimit],
        ['refresh-seconds', c.refreshSeconds],
      ]),
  };
}
