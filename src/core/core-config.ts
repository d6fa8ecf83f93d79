// data/core/core.conf: settings of the kernel that every module shares. Written with comments on
// first start, never overwritten. A faulty file stops the start in one line naming the file, the
// line and the key, as every config file does (./config-startup.ts); at `core reload` a faulty file
// keeps the settings in force.

import { join } from 'node:path';
import { configProblem, readConfigFile } from './config-file.ts';
import type { ReloadableConfig } from './config-reload.ts';

export const CORE_FILE = 'core.conf';

/** The longest warm-up core.conf accepts, in seconds. */
export const MAX_WARMUP_SECONDS = 300;

export interface CoreConfig {
  /** Seconds a player stands still before a teleport of /home, /warp or /pwarp happens (0: at once). */
  teleportWarmupSeconds: number;
}

export const CORE_CONFIG_DEFAULTS: CoreConfig = { teleportWarmupSeconds: 0 };

export const CORE_CONF_DEFAULT = `# Core: settings shared by every module.

# Seconds a player must stand still before a teleport by /home, /warp or /pwarp happens; 0 moves
# them at once. Moving to another block, leaving the game or starting another teleport cancels it.
# Players holding core.teleport.bypass-warmup never wait. 0 to ${MAX_WARMUP_SECONDS}; decimals allowed.
teleport-warmup-seconds = 0
`;

export function loadCoreConfig(configDir: string): CoreConfig {
  const path = join(configDir, CORE_FILE);
  const read = readConfigFile(path, CORE_CONF_DEFAULT);
  if (!read.ok) throw new Error(read.message);
  const { table, text } = read;
  for (const key of Object.keys(table)) {
    if (key !== 'teleport-warmup-seconds') throw new Error(configProblem(path, text, key, 'is not a key of this file'));
  }
  const warmup = table['teleport-warmup-seconds'] ?? CORE_CONFIG_DEFAULTS.teleportWarmupSeconds;
  if (typeof warmup !== 'number' || !Number.isFinite(warmup) || warmup < 0 || warmup > MAX_WARMUP_SECONDS) {
    throw new Error(configProblem(path, text, 'teleport-warmup-seconds', `must be a number of seconds from 0 to ${MAX_WARMUP_SECONDS}`));
  }
  return { teleportWarmupSeconds: warmup };
}

/** core.conf for `core reload`: the warm-up applies at once, to the next teleport. */
export function coreReloadable(configDir: string): ReloadableConfig<CoreConfig> {
  return {
    path: join(configDir, CORE_FILE),
    read: () => loadCoreConfig(configDir),
    keys: (c) => new Map<string, unknown>([['teleport-warmup-seconds', c.teleportWarmupSeconds]]),
  };
}
