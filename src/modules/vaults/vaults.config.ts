// data/core/vaults.conf: how many vaults a player has when no permission node says otherwise, and
// how many rows each vault has. Written with comments on first start, never overwritten.

import { join } from 'node:path';
import { configProblem, readConfigFile } from '../../core/config-file.ts';
import type { ReloadableConfig } from '../../core/config-reload.ts';

export interface VaultsConfig {
  /** Vaults of a player who holds no `core.vault.limit.<n>` node. */
  defaultLimit: number;
  /** Rows of 9 slots in each vault (1 to 6). */
  rows: number;
}

/** The largest limit (and vault index) a config file or a permission node can give. */
export const MAX_VAULTS = 1000;

export const VAULTS_CONF_DEFAULT = `# Core player vaults: private chests a player opens with /pv <n>.

# Vaults a player has (vaults 1 to this number) unless they hold a permission node
# core.vault.limit.<n>: then the highest such <n> is their limit. 0 to ${MAX_VAULTS}.
default-limit = 2

# Rows of 9 slots in each vault, 1 to 6 (6: 54 slots, as a large chest). Lowering it hides the
# items of the rows taken away (they are kept, and show again when it is raised).
rows = 6
`;

export function loadVaultsConfig(configDir: string): VaultsConfig {
  const path = join(configDir, 'vaults.conf');
  const read = readConfigFile(path, VAULTS_CONF_DEFAULT);
  if (!read.ok) throw new Error(read.message);
  const { table, text } = read;
  const problem = (key: string, what: string) => new Error(configProblem(path, text, key, what));
  for (const key of Object.keys(table)) {
    if (key !== 'default-limit' && key !== 'rows') throw problem(key, 'is not a key of this file');
  }
  const limit = table['default-limit'] ?? 2;
  if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 0 || limit > MAX_VAULTS) {
    throw problem('default-limit', `must be a whole number from 0 to ${MAX_VAULTS}`);
  }
  const rows = table.rows ?? 6;
  if (typeof rows !== 'number' || !Number.isInteger(rows) || rows < 1 || rows > 6) throw problem('rows', 'must be a whole number from 1 to 6');
  return { defaultLimit: limit, rows };
}

/**
 * vaults.conf for `core reload`: the limit applies at once; `rows` needs a restart, because a vault
 * open on a player's screen has its size, and its contents are stored against it.
 */
export function vaultsReloadable(configDir: string): ReloadableConfig<VaultsConfig> {
  return {
    path: join(configDir, 'vaults.conf'),
    read: () => loadVaultsConfig(configDir),
    keys: (c) => new Map<string, unknown>([['default-limit', c.defaultLimit], ['rows', c.rows]]),
    restart: {
      needs: (key) => key === 'rows',
      applyLive: (current, next) => ({ ...next, rows: current.rows }),
    },
  };
}
