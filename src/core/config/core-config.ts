// data/core/core.conf: settings of the kernel that every module shares. A faulty file stops the
// start in one line naming the file, the line and the key, as every config file does
// (./config-startup.ts); at `core reload` a faulty file keeps the settings in force.

import { Type } from '@sinclair/typebox';
import { defineConfig, type ConfigOf } from './config-define.ts';
import { lines } from './config-schema.ts';
import { SHIPPED_LANGUAGES } from '../messages/catalogue.ts';

export const CORE_FILE = 'core.conf';

/** The longest warm-up core.conf accepts, in seconds. */
export const MAX_WARMUP_SECONDS = 300;

export const coreConfig = defineConfig({
  file: CORE_FILE,
  header: 'Core: settings shared by every module.',
  schema: Type.Object({
    /** Seconds a player stands still before a teleport of /home, /warp or /pwarp happens (0: at once). */
    'teleport-warmup-seconds': Type.Number({
      default: 0,
      minimum: 0,
      maximum: MAX_WARMUP_SECONDS,
      unit: 'seconds',
      description: lines(
        'Seconds a player must stand still before a teleport by /home, /warp or /pwarp happens; 0 moves',
        'them at once. Moving to another block, leaving the game or starting another teleport cancels it.',
        `Players holding core.teleport.bypass-warmup never wait. 0 to ${MAX_WARMUP_SECONDS}; decimals allowed.`,
      ),
    }),
    /** The language of a player whose game's language the server has no messages in, and of the console. */
    language: Type.String({
      default: 'en',
      pattern: '^[a-z]{2,3}$',
      errorMessage: { pattern: 'must be a language code of two or three lower-case letters, such as "en" or "de"' },
      description: lines(
        'The language of the messages for a player whose game is set to a language the server has no',
        `messages in, and for the console. Shipped: ${SHIPPED_LANGUAGES.join(', ')}; another needs messages/<language>.conf,`,
        'and what that file leaves out is in English (docs/messages.md).',
      ),
    }),
  }),
});

export type CoreConfig = ConfigOf<typeof coreConfig>;

/** core.conf for `core reload`: the warm-up applies at once, to the next teleport. */
export const coreReloadable = (configDir: string) => coreConfig.reloadable(configDir);
