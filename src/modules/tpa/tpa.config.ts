// data/core/tpa.conf: how long a teleport request waits for an answer. Applies at `core reload`,
// to the next request sent.

import { Type } from '@sinclair/typebox';
import { defineConfig, type ConfigOf } from '../../core/config/config-define.ts';
import { lines } from '../../core/config/config-schema.ts';

export const MAX_EXPIRY = 3600;

export const tpaConfig = defineConfig({
  file: 'tpa.conf',
  header: 'Core teleport requests (/tpa, /tpahere).',
  schema: Type.Object({
    'request-expiry-seconds': Type.Integer({
      default: 120,
      minimum: 1,
      maximum: MAX_EXPIRY,
      unit: 'seconds',
      description: lines(
        'Seconds a request waits for /tpaccept or /tpdeny; then it expires and both players are told.',
        `1 to ${MAX_EXPIRY}. The warm-up of the teleport itself is teleport-warmup-seconds in core.conf.`,
      ),
    }),
  }),
});

export type TpaConfig = ConfigOf<typeof tpaConfig>;

export const tpaReloadable = (configDir: string) => tpaConfig.reloadable(configDir);
