// data/core/invrollback.conf: how many inventory snapshots are kept per player. Written with
// comments on first start, never overwritten.

import { join } from 'node:path';
import { configProblem, readConfigFile } from '../../core/config-file.ts';
import type { ReloadableConfig } from '../../core/config-reload.ts';

export interface InvRollbackConfig {
  /** Snapshots kept per player; taking one more removes the oldest beyond this. */
  maxPerPlayer: number;
}

export const MAX_RETENTION = 1000;

export const INVROLLBACK_CONF_DEFAULT = `# Core inventory snapshots (/invrollback).

# Snapshots kept per player (1 to ${MAX_RETENTION}). A snapshot is taken on death, on quit, by
# /invrollback snapshot and before every restore; when a player has more than this many, the
# oldest are removed.
max-per-player = 20
`;

export function loadInvRollbackConfig(configDir: string): InvRollbackConfig {
  const path = join(configDir, 'invrollback.conf');
  const read = readConfigFile(path, INVROLLBACK_CONF_DEFAULT);
  if (!read.ok) throw new Error(read.message);
  const { table, text } = read;
  const problem = (key: string, what: string) => new Error(configProblem(path, text, key, what));
  for (const key of Object.keys(table)) if (key !== 'max-per-player') throw problem(key, 'is not a key of this file');
  const max = table['max-per-player'] ?? 20;
  if (typeof max !== 'number' || !Number.isInteger(max) || max < 1 || max > MAX_RETENTION) {
    throw problem('max-per-player', `must be a whole number from 1 to ${MAX_RETENTION}`);
  }
  return { maxPerPlayer: max };
}

/** invrollback.conf for `core reload`: the limit applies from the next snapshot taken. */
export function invRollbackReloadable(configDir: string): ReloadableConfig<InvRollbackConfig> {
  return {
    path: join(configDir, 'invrollback.conf'),
    read: () => loadInvRollbackConfig(configDir),
    keys: (c) => new Map<string, unknown>([['max-per-player', c.maxPerPlayer]]),
  };
}
