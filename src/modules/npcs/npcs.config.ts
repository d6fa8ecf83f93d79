// data/core/npcs.conf: how many NPCs a player may own when no permission node says. Applies at
// `core reload`, to the next NPC created.

import { Type } from '@sinclair/typebox';
import { defineConfig, type ConfigOf } from '../../core/config/config-define.ts';
import { lines } from '../../core/config/config-schema.ts';

export const npcsConfig = defineConfig({
  file: 'npcs.conf',
  header: 'Core NPCs (/npc).',
  schema: Type.Object({
    'default-limit': Type.Integer({
      default: 1,
      minimum: 0,
      maximum: 10_000,
      description: lines(
        'How many NPCs a player may own when they hold no core.npc.limit.<n> node (the highest such node',
        'wins, e.g. core.npc.limit.10). Creating an NPC counts against the limit of the player it is',
        'created as, who becomes its owner.',
      ),
    }),
  }),
});

export type NpcsConfig = ConfigOf<typeof npcsConfig>;

export const npcsReloadable = (configDir: string) => npcsConfig.reloadable(configDir);
