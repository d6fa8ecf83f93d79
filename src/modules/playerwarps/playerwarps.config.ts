// data/core/playerwarps.conf: how many player warps a player may own when no permission node says.
// Applies at `core reload`, to the next warp created.

import { Type } from '@sinclair/typebox';
import { defineConfig, type ConfigOf } from '../../core/config/config-define.ts';
import { lines } from '../../core/config/config-schema.ts';

export const playerWarpsConfig = defineConfig({
  file: 'playerwarps.conf',
  header: 'Core player warps.',
  schema: Type.Object({
    'default-limit': Type.Integer({
      default: 3,
      minimum: 0,
      maximum: 10_000,
      description: lines(
        'How many player warps a player may own when they hold no core.pwarp.limit.<n> node (the',
        'highest such node wins, e.g. core.pwarp.limit.10). Archived warps count: they keep their name.',
      ),
    }),
  }),
});

export type PlayerWarpsConfig = ConfigOf<typeof playerWarpsConfig>;

export const playerWarpsReloadable = (configDir: string) => playerWarpsConfig.reloadable(configDir);
