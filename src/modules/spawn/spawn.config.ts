// data/core/spawn.conf: whether a player who dies respawns at their home rather than at the spawn
// (EssentialsX's respawn-at-home, off by default there too). It applies at `core reload`, to the
// next respawn.

import { Type } from '@sinclair/typebox';
import { defineConfig, type ConfigOf } from '../../core/config/config-define.ts';
import { lines } from '../../core/config/config-schema.ts';

export const spawnConfig = defineConfig({
  file: 'spawn.conf',
  header: 'Core spawn.',
  schema: Type.Object({
    'respawn-at-home': Type.Boolean({
      default: false,
      description: lines(
        'true: a player who dies respawns at their first home (the homes module, the home /home takes',
        'them to) when they have one in a loaded world; false: at the spawn of the world they died in.',
      ),
    }),
  }),
});

export type SpawnConfig = ConfigOf<typeof spawnConfig>;

export const spawnReloadable = (configDir: string) => spawnConfig.reloadable(configDir);
