// data/core/playtime.conf: how often the time of online players is written to the database.
// Written with comments on first start, never overwritten; applies from the next write on `core reload`.

import { join } from 'node:path';
import { configProblem, readConfigFile } from '../../core/config-file.ts';
import type { ReloadableConfig } from '../../core/config-reload.ts';

export interface PlaytimeConfig {
  /** Seconds between two writes of the time online players have played since the last one. */
  flushSeconds: number;
}

export const MIN_FLUSH = 5;
export const MAX_FLUSH = 3600;

export const PLAYTIME_CONF_DEFAULT = `# Core playtime.

# Every this many seconds the time online players have played since the last write is written to
# the database (and always when a player leaves and when the server stops). A crash loses at most
# this much of each online player's time. ${MIN_FLUSH} to ${MAX_FLUSH}.
flush-seconds = 60
`;

export function loadPlaytimeConfig(configDir: string): PlaytimeConfig {
  const path = join(configDir, 'playtime.conf');
  const read = readConfigFile(path, PLAYTIME_CONF_DEFAULT);
  if (!read.ok) throw new Error(read.message);
  const { table, text } = read;
  const problem = (key: string, what: string) => new Error(configProblem(path, text, key, what));
  for (const key of Object.keys(table)) if (key !== 'flush-seconds') throw problem(key, 'is not a key of this file');
  const flush = table['flush-seconds'] ?? 60;
  if (typeof flush !== 'number' || !Number.isInteger(flush) || flush < MIN_FLUSH || flush > MAX_FLUSH) {
    throw problem('flush-seconds', `must be a whole number of seconds from ${MIN_FLUSH} to ${MAX_FLUSH}`);
  }
  return { flushSeconds: flush };
}

/** playtime.conf for `core reload`: the new interval applies from the next write. */
export function playtimeReloadable(configDir: string): ReloadableConfig<PlaytimeConfig> {
  return {
    path: join(configDir, 'playtime.conf'),
    read: () => loadPlaytimeConfig(configDir),
    keys: (c) => new Map<string, unknown>([['flush-seconds', c.flushSeconds]]),
  };
}
