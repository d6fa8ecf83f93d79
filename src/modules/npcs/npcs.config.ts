// data/core/npcs.conf: how many NPCs a player may own when no permission node says.

import { join } from 'node:path';
import { configProblem, readConfigFile } from '../../core/config-file.ts';
import type { ReloadableConfig } from '../../core/config-reload.ts';

export interface NpcsConfig {
  /** NPCs a player may own without a `core.npc.limit.<n>` node. */
  defaultLimit: number;
}

export const NPCS_CONF_DEFAULT = `# Core NPCs (/npc).

# How many NPCs a player may own when they hold no core.npc.limit.<n> node (the highest such node
# wins, e.g. core.npc.limit.10). Creating an NPC counts against the limit of the player it is
# created as, who becomes its owner.
default-limit = 1
`;

export function loadNpcsConfig(configDir: string): NpcsConfig {
  const path = join(configDir, 'npcs.conf');
  const read = readConfigFile(path, NPCS_CONF_DEFAULT);
  if (!read.ok) throw new Error(read.message);
  const { table, text } = read;
  for (const key of Object.keys(table)) {
    if (key !== 'default-limit') throw new Error(configProblem(path, text, key, 'is not a key of this file'));
  }
  const limit = table['default-limit'] ?? 1;
  if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 0 || limit > 10_000) {
    throw new Error(configProblem(path, text, 'default-limit', 'must be a whole number from 0 to 10000'));
  }
  return { defaultLimit: limit };
}

/** npcs.conf for `core reload`: the limit applies at once, to the next NPC created. */
export function npcsReloadable(configDir: string): ReloadableConfig<NpcsConfig> {
  return {
    path: join(configDir, 'npcs.conf'),
    read: () => loadNpcsConfig(configDir),
    keys: (c) => new Map<string, unknown>([['default-limit', c.defaultLimit]]),
  };
}
