// data/core/homes.conf: how many home slots a player has when no permission node says otherwise,
// and the icon a new home gets. Both keys apply at `core reload` (to the next limit check, the next
// new home).

import { Type } from '@sinclair/typebox';
import { defineConfig, type ConfigOf } from '../../core/config/config-define.ts';
import { lines } from '../../core/config/config-schema.ts';
import { material } from '../../core/config/config-values.ts';

/** The largest limit (and slot number) a config file or a permission node can give. */
export const MAX_SLOT = 1000;

export const homesConfig = defineConfig({
  file: 'homes.conf',
  header: 'Core homes.',
  schema: Type.Object({
    'default-limit': Type.Integer({
      default: 3,
      minimum: 0,
      maximum: MAX_SLOT,
      description: lines(
        'Home slots a player has (slots 1 to this number) unless they hold a permission node',
        `core.home.limit.<n>: then the highest such <n> is their limit. 0 to ${MAX_SLOT}.`,
      ),
    }),
    'default-icon': material({
      default: 'red_bed',
      errorMessage: 'must be a game material name, e.g. "red_bed"',
      description: lines(
        'The icon a new home gets: a game material (item) name of Minecraft 1.21.4, e.g. "red_bed".',
        'Players change it with /home icon <slot> <material>.',
      ),
    }),
  }),
});

export type HomesConfig = ConfigOf<typeof homesConfig>;

export const homesReloadable = (configDir: string) => homesConfig.reloadable(configDir);
