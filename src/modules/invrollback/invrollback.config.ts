// data/core/invrollback.conf: how many inventory snapshots are kept per player. Applies at
// `core reload`, from the next snapshot taken.

import { Type } from '@sinclair/typebox';
import { defineConfig, type ConfigOf } from '../../core/config/config-define.ts';
import { lines } from '../../core/config/config-schema.ts';

export const MAX_RETENTION = 1000;

export const invRollbackConfig = defineConfig({
  file: 'invrollback.conf',
  header: 'Core inventory snapshots (/invrollback).',
  schema: Type.Object({
    'max-per-player': Type.Integer({
      default: 20,
      minimum: 1,
      maximum: MAX_RETENTION,
      description: lines(
        `Snapshots kept per player (1 to ${MAX_RETENTION}). A snapshot is taken on death, on quit, by`,
        '/invrollback snapshot and before every restore; when a player has more than this many, the',
        'oldest are removed.',
      ),
    }),
  }),
});

export type InvRollbackConfig = ConfigOf<typeof invRollbackConfig>;

export const invRollbackReloadable = (configDir: string) => invRollbackConfig.reloadable(configDir);
