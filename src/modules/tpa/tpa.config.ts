// data/core/tpa.conf: how long a teleport request waits for an answer. Written with comments on
// first start, never overwritten; `core reload` applies a change to the next request sent.

import { join } from 'node:path';
import { configProblem, readConfigFile } from '../../core/config-file.ts';
import type { ReloadableConfig } from '../../core/config-reload.ts';

export interface TpaConfig {
  /** Seconds a request waits for /tpaccept or /tpdeny before it expires. */
  requestExpirySeconds: number;
}

export const MAX_EXPIRY = 3600;

export const TPA_CONF_DEFAULT = `# Core teleport requests (/tpa, /tpahere).

# Seconds a request waits for /tpaccept or /tpdeny; then it expires and both players are told.
# 1 to ${MAX_EXPIRY}. The warm-up of the teleport itself is teleport-warmup-seconds in core.conf.
request-expiry-seconds = 120
`;

export function loadTpaConfig(configDir: string): TpaConfig {
  const path = join(configDir, 'tpa.conf');
  const read = readConfigFile(path, TPA_CONF_DEFAULT);
  if (!read.ok) throw new Error(read.message);
  const { table, text } = read;
  const problem = (key: string, what: string) => new Error(configProblem(path, text, key, what));
  for (const key of Object.keys(table)) {
    if (key !== 'request-expiry-seconds') throw problem(key, 'is not a key of this file');
  }
  const expiry = table['request-expiry-seconds'] ?? 120;
  if (typeof expiry !== 'number' || !Number.isInteger(expiry) || expiry < 1 || expiry > MAX_EXPIRY) {
    throw problem('request-expiry-seconds', `must be a whole number of seconds from 1 to ${MAX_EXPIRY}`);
  }
  return { requestExpirySeconds: expiry };
}

export function tpaReloadable(configDir: string): ReloadableConfig<TpaConfig> {
  return {
    path: join(configDir, 'tpa.conf'),
    read: () => loadTpaConfig(configDir),
    keys: (c) => new Map<string, unknown>([['request-expiry-seconds', c.requestExpirySeconds]]),
  };
}
