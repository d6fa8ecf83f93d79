// data/core/trade.conf: how long a trade request waits, and how far apart two traders may stand.
// Written with comments on first start, never overwritten; `core reload` applies a change to the
// next request sent and the next move checked.

import { join } from 'node:path';
import { configProblem, readConfigFile } from '../../core/config-file.ts';
import type { ReloadableConfig } from '../../core/config-reload.ts';

export interface TradeConfig {
  /** Seconds a request waits for the other player to accept before it expires. */
  requestExpirySeconds: number;
  /** Blocks two players may stand apart to open a trade and keep it open (same world only). */
  maxDistance: number;
}

export const MAX_EXPIRY = 3600;
export const MAX_DISTANCE = 1000;

export const TRADE_CONF_DEFAULT = `# Core trade (/trade).

# Seconds a trade request waits for /trade accept; then it expires and both players are told.
# 1 to ${MAX_EXPIRY}.
request-expiry-seconds = 60

# Blocks two players may stand apart to start a trade; a trader who moves further away (or to
# another world) cancels it, and every item goes back to its owner. 1 to ${MAX_DISTANCE}.
max-distance = 16
`;

const KEYS = ['request-expiry-seconds', 'max-distance'];

export function loadTradeConfig(configDir: string): TradeConfig {
  const path = join(configDir, 'trade.conf');
  const read = readConfigFile(path, TRADE_CONF_DEFAULT);
  if (!read.ok) throw new Error(read.message);
  const { table, text } = read;
  const problem = (key: string, what: string) => new Error(configProblem(path, text, key, what));
  for (const key of Object.keys(table)) {
    if (!KEYS.includes(key)) throw problem(key, 'is not a key of this file');
  }
  const expiry = table['request-expiry-seconds'] ?? 60;
  if (typeof expiry !== 'number' || !Number.isInteger(expiry) || expiry < 1 || expiry > MAX_EXPIRY) {
    throw problem('request-expiry-seconds', `must be a whole number of seconds from 1 to ${MAX_EXPIRY}`);
  }
  const distance = table['max-distance'] ?? 16;
  if (typeof distance !== 'number' || !Number.isFinite(distance) || distance < 1 || distance > MAX_DISTANCE) {
    throw problem('max-distance', `must be a number of blocks from 1 to ${MAX_DISTANCE}`);
  }
  return { requestExpirySeconds: expiry, maxDistance: distance };
}

export function tradeReloadable(configDir: string): ReloadableConfig<TradeConfig> {
  return {
    path: join(configDir, 'trade.conf'),
    read: () => loadTradeConfig(configDir),
    keys: (c) =>
      new Map<string, unknown>([
        ['request-expiry-seconds', c.requestExpirySeconds],
        ['max-distance', c.maxDistance],
      ]),
  };
}
