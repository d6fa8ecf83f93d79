// data/core/trade.conf: how long a trade request waits, and how far apart two traders may stand.
// Both apply at `core reload`, to the next request sent and the next move checked.

import { Type } from '@sinclair/typebox';
import { defineConfig, type ConfigOf } from '../../core/config/config-define.ts';
import { lines } from '../../core/config/config-schema.ts';

export const MAX_EXPIRY = 3600;
export const MAX_DISTANCE = 1000;

export const tradeConfig = defineConfig({
  file: 'trade.conf',
  header: 'Core trade (/trade).',
  schema: Type.Object({
    'request-expiry-seconds': Type.Integer({
      default: 60,
      minimum: 1,
      maximum: MAX_EXPIRY,
      unit: 'seconds',
      description: lines('Seconds a trade request waits for /trade accept; then it expires and both players are told.', `1 to ${MAX_EXPIRY}.`),
    }),
    'max-distance': Type.Number({
      default: 16,
      minimum: 1,
      maximum: MAX_DISTANCE,
      unit: 'blocks',
      description: lines(
        'Blocks two players may stand apart to start a trade; a trader who moves further away (or to',
        `another world) cancels it, and every item goes back to its owner. 1 to ${MAX_DISTANCE}.`,
      ),
    }),
  }),
});

export type TradeConfig = ConfigOf<typeof tradeConfig>;

export const tradeReloadable = (configDir: string) => tradeConfig.reloadable(configDir);
