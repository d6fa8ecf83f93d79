// data/core/essentials.conf: the message of the day (at join and /motd), the rules (/rules) and how
// far /near looks. Every key applies at `core reload`.

import { Type } from '@sinclair/typebox';
import { defineConfig, type ConfigOf } from '../../core/config/config-define.ts';
import { lines } from '../../core/config/config-schema.ts';

/** The longest line, as the game's chat line allows after markup is worked out. */
export const MAX_LINE = 1024;
/** The most lines a text may have: a chat screen shows about that many at once. */
export const MAX_LINES = 50;
/** The largest radius anyone may ask /near for, a permission node's included. */
export const MAX_NEAR_RADIUS = 10_000;

const textLines = (example: string[], description: string) =>
  Type.Array(
    Type.String({
      maxLength: MAX_LINE,
      errorMessage: { type: 'must be a text in quotes', maxLength: `is longer than ${MAX_LINE} characters` },
    }),
    {
      default: example,
      maxItems: MAX_LINES,
      multiline: true,
      errorMessage: { type: 'must be a list of texts in quotes: ["…", "…"]', maxItems: `has more than ${MAX_LINES} lines` },
      description,
    },
  );

export const essentialsConfig = defineConfig({
  file: 'essentials.conf',
  header: lines(
    'Core everyday commands: the message of the day (at join and /motd), /rules and /near.',
    'Text may use & codes (&a green, &l bold, &r plain, && for a literal &) and placeholders such as',
    '{player}, {online} and {world} (and those other modules add, e.g. {balance}). A line with a " in',
    'it is written between single quotes: \'Type "/rules" to read them.\'',
  ),
  schema: Type.Object({
    'motd-at-join': Type.Boolean({
      default: true,
      description: 'Whether a player holding core.essentials.motd reads the message of the day when they join.',
    }),
    motd: textLines(
      ['&6Welcome, &e{player}&6!', '&7{online} players are online. Type &e/rules&7 to read the rules and &e/help&7 to see what you can do.'],
      'The message of the day, a line each: shown at join and by /motd. An empty list shows nothing.',
    ),
    rules: textLines(
      [
        '&61. &rBe kind to other players.',
        '&62. &rDo not grief: leave what others built as it is.',
        '&63. &rNo cheating: no hacked clients, no exploits.',
        '&64. &rListen to staff.',
      ],
      'The rules, a line each: shown by /rules. An empty list tells players there are none.',
    ),
    'near-radius': Type.Integer({
      default: 200,
      minimum: 1,
      maximum: MAX_NEAR_RADIUS,
      unit: 'blocks',
      description: lines(`Blocks around a player /near looks when no radius is given (at most their largest radius). 1 to ${MAX_NEAR_RADIUS}.`),
    }),
    'near-max-radius': Type.Integer({
      default: 200,
      minimum: 1,
      maximum: MAX_NEAR_RADIUS,
      unit: 'blocks',
      description: lines(
        `The largest radius a player may ask /near for. 1 to ${MAX_NEAR_RADIUS}.`,
        'core.essentials.near.radius.<n> gives a player the largest n they hold instead (e.g. core.essentials.near.radius.1000).',
      ),
    }),
  }),
});

export type EssentialsConfig = ConfigOf<typeof essentialsConfig>;

export const essentialsReloadable = (configDir: string) => essentialsConfig.reloadable(configDir);
