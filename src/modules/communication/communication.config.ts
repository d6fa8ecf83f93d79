// data/core/announcer.conf: the announcer's messages, how often and in which order they are shown,
// and the prefixes of announcements and of /broadcast. Every key applies at `core reload` (which
// emits communication.announcer-reload).

import { Type } from '@sinclair/typebox';
import { defineConfig, type ConfigOf } from '../../core/config/config-define.ts';
import { lines, oneOf } from '../../core/config/config-schema.ts';

export const ORDERS = ['sequential', 'random'] as const;
export type AnnouncerOrder = (typeof ORDERS)[number];

/** The longest interval: a day. */
export const MAX_INTERVAL = 86_400;
/** The longest message, as the game's chat line allows after markup is worked out. */
export const MAX_MESSAGE = 1024;

/** Markup and placeholders allowed. */
const prefix = (value: string, description: string) => Type.String({ default: value, maxLength: MAX_MESSAGE, description });

export const announcerConfig = defineConfig({
  file: 'announcer.conf',
  header: lines(
    'Core announcer (messages shown to every player in turn) and /broadcast.',
    'Text may use & codes (&a green, &l bold, &r plain, && for a literal &) and placeholders such as',
    '{player}, {online} and {world} (and those other modules add, e.g. {balance}).',
  ),
  schema: Type.Object({
    enabled: Type.Boolean({ default: true, description: 'Whether announcements are shown at all.' }),
    'interval-seconds': Type.Integer({
      default: 300,
      minimum: 1,
      maximum: MAX_INTERVAL,
      unit: 'seconds',
      description: `Seconds between two announcements, 1 to ${MAX_INTERVAL}. Nothing is shown while nobody is online.`,
    }),
    order: oneOf(ORDERS, {
      default: 'sequential',
      description: lines(
        '"sequential" shows the messages in the order below, then starts again; "random" picks one at',
        'random each time (never the same one twice in a row when there are several).',
      ),
    }),
    prefix: prefix('&6[&eInfo&6]&r ', 'Put before every announcement.'),
    messages: Type.Array(
      Type.String({
        pattern: '\\S',
        maxLength: MAX_MESSAGE,
        errorMessage: { type: 'must be a text in quotes that is not empty', pattern: 'must be a text in quotes that is not empty', maxLength: `is longer than ${MAX_MESSAGE} characters` },
      }),
      {
        default: [],
        examples: [['Welcome, {player}! Type &e/help&r to see what you can do.', 'There are {online} players online.']],
        multiline: true,
        errorMessage: 'must be a list of texts in quotes: ["…", "…"]',
        description: 'The messages (an empty list, or none, shows nothing). Players may hide them with /announcements off.',
      },
    ),
    'broadcast-prefix': prefix('&c[&4Broadcast&c]&r ', 'Put before every /broadcast. Broadcasts reach every player, also those who hide announcements.'),
  }),
});

export type AnnouncerConfig = ConfigOf<typeof announcerConfig>;

export const announcerReloadable = (configDir: string) => announcerConfig.reloadable(configDir);
