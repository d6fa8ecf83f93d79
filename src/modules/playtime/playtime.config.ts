// data/core/playtime.conf: how often the time of online players is written to the database.
// Applies at `core reload`, from the next write.

import { Type } from '@sinclair/typebox';
import { defineConfig, type ConfigOf } from '../../core/config/config-define.ts';
import { lines } from '../../core/config/config-schema.ts';

export const MIN_FLUSH = 5;
export const MAX_FLUSH = 3600;

export const playtimeConfig = defineConfig({
  file: 'playtime.conf',
  header: 'Core playtime.',
  schema: Type.Object({
    'flush-seconds': Type.Integer({
      default: 60,
      minimum: MIN_FLUSH,
      maximum: MAX_FLUSH,
      unit: 'seconds',
      description: lines(
        'Every this many seconds the time online players have played since the last write is written to',
        'the database (and always when a player leaves and when the server stops). A crash loses at most',
        `this much of each online player's time. ${MIN_FLUSH} to ${MAX_FLUSH}.`,
      ),
    }),
  }),
});

export type PlaytimeConfig = ConfigOf<typeof playtimeConfig>;

export const playtimeReloadable = (configDir: string) => playtimeConfig.reloadable(configDir);
