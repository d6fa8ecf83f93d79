// data/core/homes.conf: how many home slots a player has when no permission node says otherwise,
// and the icon a new home gets. Written with comments on first start, never overwritten.

import { join } from 'node:path';
import { configProblem, readConfigFile } from '../../core/config-file.ts';
import type { ReloadableConfig } from '../../core/config-reload.ts';
import { materialName } from '../../core/materials.ts';

export interface HomesConfig {
  /** Slots of a player who holds no `core.home.limit.<n>` node. */
  defaultLimit: number;
  /** Icon of a new home (a material name). */
  defaultIcon: string;
}

/** The largest limit (and slot number) a config file or a permission node can give. */
export const MAX_SLOT = 1000;

export const HOMES_CONF_DEFAULT = `# Core homes.

# Home slots a player has (slots 1 to this number) unless they hold a permission node
# core.home.limit.<n>: then the highest such <n> is their limit. 0 to ${MAX_SLOT}.
default-limit = 3

# The icon a new home gets: a game material (item) name of Minecraft 1.21.4, e.g. "red_bed".
# Players change it with /home icon <slot> <material>.
default-icon = "red_bed"
`;

export function loadHomesConfig(configDir: string): HomesConfig {
  const path = join(configDir, 'homes.conf');
  const read = readConfigFile(path, HOMES_CONF_DEFAULT);
  if (!read.ok) throw new Error(read.message);
  const { table, text } = read;
  const problem = (key: string, what: string) => new Error(configProblem(path, text, key, what));
  for (const key of Object.keys(table)) {
    if (key !== 'default-limit' && key !== 'default-icon') throw problem(key, 'is not a key of this file');
  }
  const limit = table['default-limit'] ?? 3;
  if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 0 || limit > MAX_SLOT) {
    throw problem('default-limit', `must be a whole number from 0 to ${MAX_SLOT}`);
  }
  const iconRaw = table['default-icon'] ?? 'red_bed';
  const icon = typeof iconRaw === 'string' ? materialName(iconRaw) : undefined;
  if (!icon) throw problem('default-icon', 'must be a game material name, e.g. "red_bed"');
  return { defaultLimit: limit, defaultIcon: icon };
}

/** homes.conf for `core reload`: both keys apply at once (to the next limit check, the next new home). */
export function homesReloadable(configDir: string): ReloadableConfig<HomesConfig> {
  return {
    path: join(configDir, 'homes.conf'),
    read: () => loadHomesConfig(configDir),
    keys: (c) => new Map<string, unknown>([['default-limit', c.defaultLimit], ['default-icon', c.defaultIcon]]),
  };
}
