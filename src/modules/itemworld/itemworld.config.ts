// data/core/itemworld.conf: the automatic purge of items on the ground (how often, the warning
// before it, what it removes) and the mob spawn rules of each world. Written with comments on first
// start, never overwritten; `core reload` applies a change at once (a new interval counts from
// the reload).

import { join } from 'node:path';
import { configProblem, readConfigFile, type ConfigTable } from '../../core/config-file.ts';
import type { ReloadableConfig } from '../../core/config-reload.ts';
import { mobTypeName } from '../../platform/mob-types.ts';
import { worldNameProblem } from '../../platform/worlds.ts';
import { PURGE_WHAT, type PurgeWhat } from './itemworld.schemas.ts';

/** Which mobs may spawn in a world, and how many it holds at most. */
export interface MobRule {
  /** The types that may spawn; 'every' for all of them. */
  allow: 'every' | readonly string[];
  /** Types that may not spawn, even when allowed. */
  deny: readonly string[];
  /** The most mobs the world holds at once; 0: no cap. */
  cap: number;
}

export interface ItemworldConfig {
  /** Seconds between automatic purges; 0: none. */
  purgeIntervalSeconds: number;
  /** Seconds before an automatic purge that players are warned; 0: no warning. */
  purgeWarningSeconds: number;
  purgeWhat: PurgeWhat;
  /** The rules of every world… */
  mobs: MobRule;
  /** …replaced key by key for the worlds named here. */
  worldMobs: Readonly<Record<string, MobRule>>;
}

export const MIN_INTERVAL = 10;
export const MAX_INTERVAL = 86400;
export const MAX_CAP = 10000;
const RULE_KEYS = ['allow', 'deny', 'cap'] as const;
const TOP_KEYS = ['purge-interval-seconds', 'purge-warning-seconds', 'purge-what', 'mobs'];

export const ITEMWORLD_CONF_DEFAULT = `# Core items on the ground and mobs (the itemworld module).

# Seconds between automatic purges, in every world; 0 switches the automatic purge off (/purge
# still works). Otherwise ${MIN_INTERVAL} to ${MAX_INTERVAL}.
purge-interval-seconds = 600

# Seconds before an automatic purge that everyone is warned in chat; 0: no warning. Less than
# purge-interval-seconds.
purge-warning-seconds = 30

# What the automatic purge removes: "items" (items lying on the ground), "mobs", or "all" (both).
purge-what = "items"

# Mob spawn rules. They apply to every spawn: spawn eggs, /spawnmob and other modules' mobs.
#   allow: the mob types that may spawn; ["*"] for every type.
#   deny:  mob types that may not spawn, even when allowed.
#   cap:   the most mobs a world holds at once; a spawn beyond it is refused. 0: no cap.
# Mob types are the game's names: zombie, cow, iron_golem, … [mobs] holds the rules of every
# world; a table [mobs.<world>] replaces, in that world, the keys it sets.
[mobs]
allow = ["*"]
deny = []
cap = 0

# For example, no ghasts in the nether and at most 50 mobs there:
# [mobs.world_nether]
# deny = ["ghast"]
# cap = 50
`;

const isTable = (v: unknown): v is ConfigTable => typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof Date);

export function loadItemworldConfig(configDir: string): ItemworldConfig {
  const path = join(configDir, 'itemworld.conf');
  const read = readConfigFile(path, ITEMWORLD_CONF_DEFAULT);
  if (!read.ok) throw new Error(read.message);
  const { table, text } = read;
  const problem = (key: string, what: string) => new Error(configProblem(path, text, key, what));
  for (const key of Object.keys(table)) if (!TOP_KEYS.includes(key)) throw problem(key, 'is not a key of this file');

  const interval = table['purge-interval-seconds'] ?? 600;
  if (typeof interval !== 'number' || !Number.isInteger(interval) || (interval !== 0 && (interval < MIN_INTERVAL || interval > MAX_INTERVAL))) {
    throw problem('purge-interval-seconds', `must be 0 or a whole number of seconds from ${MIN_INTERVAL} to ${MAX_INTERVAL}`);
  }
  const warning = table['purge-warning-seconds'] ?? 30;
  if (typeof warning !== 'number' || !Number.isInteger(warning) || warning < 0 || (interval > 0 && warning >= interval)) {
    throw problem('purge-warning-seconds', 'must be a whole number of seconds from 0, less than purge-interval-seconds');
  }
  const what = table['purge-what'] ?? 'items';
  if (typeof what !== 'string' || !(PURGE_WHAT as readonly string[]).includes(what)) {
    throw problem('purge-what', `must be one of ${PURGE_WHAT.map((w) => `"${w}"`).join(', ')}`);
  }

  const mobsTable = table.mobs ?? {};
  if (!isTable(mobsTable)) throw problem('mobs', 'must be a table ([mobs])');
  const everyWorld: MobRule = { allow: 'every', deny: [], cap: 0 };
  const mobs = readRule(mobsTable, 'mobs', everyWorld, problem);
  const worldMobs: Record<string, MobRule> = {};
  for (const [key, value] of Object.entries(mobsTable)) {
    if ((RULE_KEYS as readonly string[]).includes(key)) continue;
    if (!isTable(value)) throw problem(`mobs.${key}`, `is not a key of [mobs] (${RULE_KEYS.join(', ')}, or a table [mobs.<world>])`);
    const nameProblem = worldNameProblem(key);
    if (nameProblem) throw problem(`mobs.${key}`, nameProblem);
    worldMobs[key] = readRule(value, `mobs.${key}`, mobs, problem);
  }
  return { purgeIntervalSeconds: interval, purgeWarningSeconds: warning, purgeWhat: what as PurgeWhat, mobs, worldMobs };
}

/** One rules table; keys it leaves out come from `base`. */
function readRule(t: ConfigTable, at: string, base: MobRule, problem: (key: string, what: string) => Error): MobRule {
  const types = (key: 'allow' | 'deny', value: unknown): string[] => {
    if (!Array.isArray(value)) throw problem(`${at}.${key}`, 'must be a list of mob type names, e.g. ["zombie", "cow"]');
    return value.map((v) => {
      if (key === 'allow' && v === '*') return '*';
      const name = typeof v === 'string' ? mobTypeName(v) : undefined;
      if (!name) throw problem(`${at}.${key}`, `"${String(v)}" is not a mob type of the game (e.g. zombie, cow, iron_golem)`);
      return name;
    });
  };
  if (isTable(t) && at !== 'mobs') {
    for (const key of Object.keys(t)) if (!(RULE_KEYS as readonly string[]).includes(key)) throw problem(`${at}.${key}`, `is not a key of [${at}] (${RULE_KEYS.join(', ')})`);
  }
  let allow = base.allow;
  if (t.allow !== undefined) {
    const list = types('allow', t.allow);
    allow = list.includes('*') ? 'every' : list;
  }
  const deny = t.deny === undefined ? base.deny : types('deny', t.deny);
  const cap = t.cap ?? base.cap;
  if (typeof cap !== 'number' || !Number.isInteger(cap) || cap < 0 || cap > MAX_CAP) throw problem(`${at}.cap`, `must be a whole number from 0 (no cap) to ${MAX_CAP}`);
  return { allow, deny, cap };
}

/** The rules of a world: its own table's keys over those of [mobs]. */
export function ruleOf(config: ItemworldConfig, world: string): MobRule {
  return config.worldMobs[world] ?? config.mobs;
}

export function itemworldReloadable(configDir: string): ReloadableConfig<ItemworldConfig> {
  const rule = (r: MobRule) => ({ allow: r.allow, deny: r.deny, cap: r.cap });
  return {
    path: join(configDir, 'itemworld.conf'),
    read: () => loadItemworldConfig(configDir),
    keys: (c) =>
      new Map<string, unknown>([
        ['purge-interval-seconds', c.purgeIntervalSeconds],
        ['purge-warning-seconds', c.purgeWarningSeconds],
        ['purge-what', c.purgeWhat],
        ['mobs', rule(c.mobs)],
        ...Object.entries(c.worldMobs).map(([w, r]): [string, unknown] => [`mobs.${w}`, rule(r)]),
      ]),
  };
}
