// data/core/announcer.conf: the announcer's messages, how often and in which order they are shown,
// and the prefixes of announcements and of /broadcast. Written with comments on first start, never
// overwritten; `core reload` applies every key at once (and emits communication.announcer-reload).

import { join } from 'node:path';
import { configProblem, readConfigFile } from '../../core/config-file.ts';
import type { ReloadableConfig } from '../../core/config-reload.ts';

export const ORDERS = ['sequential', 'random'] as const;
export type AnnouncerOrder = (typeof ORDERS)[number];

export interface AnnouncerConfig {
  enabled: boolean;
  intervalSeconds: number;
  order: AnnouncerOrder;
  /** Put before every announcement (markup and placeholders allowed). */
  prefix: string;
  messages: readonly string[];
  /** Put before every /broadcast. */
  broadcastPrefix: string;
}

/** The longest interval: a day. */
export const MAX_INTERVAL = 86_400;
/** The longest message, as the game's chat line allows after markup is worked out. */
export const MAX_MESSAGE = 1024;

const DEFAULT_PREFIX = '&6[&eInfo&6]&r ';
const DEFAULT_BROADCAST_PREFIX = '&c[&4Broadcast&c]&r ';

export const ANNOUNCER_CONF_DEFAULT = `# Core announcer (messages shown to every player in turn) and /broadcast.
# Text may use & codes (&a green, &l bold, &r plain, && for a literal &) and placeholders such as
# {player}, {online} and {world} (and those other modules add, e.g. {balance}).

# Whether announcements are shown at all.
enabled = true

# Seconds between two announcements, 1 to ${MAX_INTERVAL}. Nothing is shown while nobody is online.
interval-seconds = 300

# "sequential" shows the messages in the order below, then starts again; "random" picks one at
# random each time (never the same one twice in a row when there are several).
order = "sequential"

# Put before every announcement.
prefix = "${DEFAULT_PREFIX}"

# The messages (an empty list, or none, shows nothing). Players may hide them with /announcements off.
messages = [
  "Welcome, {player}! Type &e/help&r to see what you can do.",
  "There are {online} players online.",
]

# Put before every /broadcast. Broadcasts reach every player, also those who hide announcements.
broadcast-prefix = "${DEFAULT_BROADCAST_PREFIX}"
`;

const KEYS = ['enabled', 'interval-seconds', 'order', 'prefix', 'messages', 'broadcast-prefix'];

export function loadAnnouncerConfig(configDir: string): AnnouncerConfig {
  const path = join(configDir, 'announcer.conf');
  const read = readConfigFile(path, ANNOUNCER_CONF_DEFAULT);
  if (!read.ok) throw new Error(read.message);
  const { table, text } = read;
  const problem = (key: string, what: string) => new Error(configProblem(path, text, key, what));
  for (const key of Object.keys(table)) if (!KEYS.includes(key)) throw problem(key, 'is not a key of this file');
  const enabled = table.enabled ?? true;
  if (typeof enabled !== 'boolean') throw problem('enabled', 'must be true or false');
  const interval = table['interval-seconds'] ?? 300;
  if (typeof interval !== 'number' || !Number.isInteger(interval) || interval < 1 || interval > MAX_INTERVAL) {
    throw problem('interval-seconds', `must be a whole number of seconds from 1 to ${MAX_INTERVAL}`);
  }
  const order = table.order ?? 'sequential';
  if (typeof order !== 'string' || !(ORDERS as readonly string[]).includes(order)) throw problem('order', 'must be "sequential" or "random"');
  const text1 = (key: string, fallback: string): string => {
    const v = table[key] ?? fallback;
    if (typeof v !== 'string') throw problem(key, 'must be a text in quotes');
    if (v.length > MAX_MESSAGE) throw problem(key, `must be at most ${MAX_MESSAGE} characters`);
    return v;
  };
  const messages = table.messages ?? [];
  if (!Array.isArray(messages)) throw problem('messages', 'must be a list of texts in quotes: ["…", "…"]');
  messages.forEach((m, i) => {
    if (typeof m !== 'string' || m.trim() === '') throw problem('messages', `message ${i + 1} must be a text in quotes that is not empty`);
    if (m.length > MAX_MESSAGE) throw problem('messages', `message ${i + 1} is longer than ${MAX_MESSAGE} characters`);
  });
  return {
    enabled,
    intervalSeconds: interval,
    order: order as AnnouncerOrder,
    prefix: text1('prefix', DEFAULT_PREFIX),
    messages: messages as string[],
    broadcastPrefix: text1('broadcast-prefix', DEFAULT_BROADCAST_PREFIX),
  };
}

export function announcerReloadable(configDir: string): ReloadableConfig<AnnouncerConfig> {
  return {
    path: join(configDir, 'announcer.conf'),
    read: () => loadAnnouncerConfig(configDir),
    keys: (c) =>
      new Map<string, unknown>([
        ['enabled', c.enabled],
        ['interval-seconds', c.intervalSeconds],
        ['order', c.order],
        ['prefix', c.prefix],
        ['messages', c.messages],
        ['broadcast-prefix', c.broadcastPrefix],
      ]),
  };
}
