// data/core/playerwarps.conf: how many player warps a player may own when no permission node says.

import { join } from 'node:path';
import { configProblem, readConfigFile } from '../../core/config-file.ts';
import type { ReloadableConfig } from '../../core/config-reload.ts';

export interface PlayerWarpsConfig {
  /** Warps a player may own (archived ones included) without a `core.pwarp.limit.<n>` node. */
  defaultLimit: number;
}

export const PLAYERWARPS_CONF_DEFAULT = `# Core player warps.

# How many player warps a player may own when they hold no core.pwarp.limit.<n> node (the
# highest such node wins, e.g. core.pwarp.limit.10). Archived warps count: they keep their name.
default-limit = 3
`;

export function loadPlayerWarpsConfig(configDir: string): PlayerWarpsConfig {
  const path = join(configDir, 'playerwarps.conf');
  const read = readConfigFile(path, PLAYERWARPS_CONF_DEFAULT);
  if (!read.ok) throw new Error(read.message);
  const { table, text } = read;
  for (const key of Object.keys(table)) {
    if (key !== 'default-limit') throw new Error(configProblem(path, text, key, 'is not a key of this file'));
  }
  const limit = table['default-limit'] ?? 3;
  if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 0 || limit > 10_000) {
    throw new Error(configProblem(path, text, 'default-limit', 'must be a whole number from 0 to 10000'));
  }
  return { defaultLimit: limit };
}

/** playerwarps.conf for `core reload`: the limit applies at once, to the next warp created. */
export function playerWarpsReloadable(configDir: string): ReloadableConfig<PlayerWarpsConfig> {
  return {
    path: join(configDir, 'playerwarps.conf'),
    read: () => loadPlayerWarpsConfig(configDir),
    keys: (c) => new Map<string, unknown>([['default-limit', c.defaultLimit]]),
  };
}
