// data/core/holograms.conf: how many holograms a player may own when no permission node says,
// and how often lines with {placeholders} are worked out again. Both keys apply at `core reload`.

import { Type } from '@sinclair/typebox';
import { defineConfig, type ConfigOf } from '../../core/config/config-define.ts';
import { lines } from '../../core/config/config-schema.ts';

export const MAX_REFRESH = 3600;

export const hologramsConfig = defineConfig({
  file: 'holograms.conf',
  header: 'Core holograms (/holo).',
  schema: Type.Object({
    'default-limit': Type.Integer({
      default: 3,
      minimum: 0,
      maximum: 10_000,
      description: lines(
        'How many holograms a player may own when they hold no core.holo.limit.<n> node (the highest',
        'such node wins, e.g. core.holo.limit.10). Holders of core.holo.admin may own any number.',
      ),
    }),
    'refresh-seconds': Type.Integer({
      default: 5,
      minimum: 1,
      maximum: MAX_REFRESH,
      unit: 'seconds',
      description: lines(
        'Seconds between two refreshes of the lines that hold {placeholders} ({online}, {player}, …):',
        `a changed value is shown to the players who see the hologram. 1 to ${MAX_REFRESH}.`,
      ),
    }),
  }),
});

export type HologramsConfig = ConfigOf<typeof hologramsConfig>;

export const hologramsReloadable = (configDir: string) => hologramsConfig.reloadable(configDir);
