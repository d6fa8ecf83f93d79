// data/core/itemworld.conf: the automatic purge of items on the ground (how often, the warning
// before it, what it removes) and the mob spawn rules of each world. `core reload` applies a change
// at once (a new interval counts from the reload).

import { Type } from '@sinclair/typebox';
import { defineConfig } from '../../core/config/config-define.ts';
import { lines, oneOf, ValueProblem, type Settings } from '../../core/config/config-schema.ts';
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

const INTERVAL_PROBLEM = `must be 0 or a whole number of seconds from ${MIN_INTERVAL} to ${MAX_INTERVAL}`;
const TYPES_PROBLEM = 'must be a list of mob type names, e.g. ["zombie", "cow"]';

/** Mob types in the game's names; `*` (every type) where `star` allows it. */
const mobTypes = (star: boolean, options: { default?: string[] } = {}) =>
  Type.Transform(Type.Array(Type.String({ errorMessage: TYPES_PROBLEM }), { ...options, errorMessage: TYPES_PROBLEM }))
    .Decode((list) =>
      list.map((v) => {
        if (star && v === '*') return '*';
        const name = mobTypeName(v);
        if (!name) throw new ValueProblem(`"${v}" is not a mob type of the game (e.g. zombie, cow, iron_golem)`);
        return name;
      }),
    )
    .Encode((v) => v);

const cap = (options: { default?: number } = {}) =>
  Type.Integer({ ...options, minimum: 0, maximum: MAX_CAP, errorMessage: `must be a whole number from 0 (no cap) to ${MAX_CAP}` });

/** A world's own rules: each key it leaves out is that of [mobs]. */
const WorldRule = Type.Object(
  { allow: Type.Optional(mobTypes(true)), deny: Type.Optional(mobTypes(false)), cap: Type.Optional(cap()) },
  {
    errorMessage: { type: 'is not a key of [mobs] (allow, deny, cap, or a table [mobs.<world>])' },
    description: lines('For example, no ghasts in the nether and at most 50 mobs there:', '[mobs.world_nether]', 'deny = ["ghast"]', 'cap = 50'),
  },
);

export const itemworldConfig = defineConfig({
  file: 'itemworld.conf',
  header: 'Core items on the ground and mobs (the itemworld module).',
  schema: Type.Object({
    'purge-interval-seconds': Type.Integer({
      default: 600,
      minimum: 0,
      maximum: MAX_INTERVAL,
      errorMessage: INTERVAL_PROBLEM,
      description: lines(
        'Seconds between automatic purges, in every world; 0 switches the automatic purge off (/purge',
        `still works). Otherwise ${MIN_INTERVAL} to ${MAX_INTERVAL}.`,
      ),
    }),
    'purge-warning-seconds': Type.Integer({
      default: 30,
      minimum: 0,
      errorMessage: 'must be a whole number of seconds from 0, less than purge-interval-seconds',
      description: lines('Seconds before an automatic purge that everyone is warned in chat; 0: no warning. Less than', 'purge-interval-seconds.'),
    }),
    'purge-what': oneOf(PURGE_WHAT, {
      default: 'items',
      description: 'What the automatic purge removes: "items" (items lying on the ground), "mobs", or "all" (both).',
    }),
    mobs: Type.Object(
      { allow: mobTypes(true, { default: ['*'] }), deny: mobTypes(false, { default: [] }), cap: cap({ default: 0 }) },
      {
        default: {},
        additionalProperties: WorldRule,
        errorMessage: { type: 'must be a table ([mobs])' },
        description: lines(
          "Mob spawn rules. They apply to every spawn: spawn eggs, /spawnmob and other modules' mobs.",
          '  allow: the mob types that may spawn; ["*"] for every type.',
          '  deny:  mob types that may not spawn, even when allowed.',
          '  cap:   the most mobs a world holds at once; a spawn beyond it is refused. 0: no cap.',
          "Mob types are the game's names: zombie, cow, iron_golem, … [mobs] holds the rules of every",
          'world; a table [mobs.<world>] replaces, in that world, the keys it sets.',
        ),
      },
    ),
  }),
  decode(settings, at): ItemworldConfig {
    const interval = settings.purgeIntervalSeconds;
    if (interval !== 0 && interval < MIN_INTERVAL) at.problem('purge-interval-seconds', INTERVAL_PROBLEM);
    const warning = settings.purgeWarningSeconds;
    if (interval > 0 && warning >= interval) at.problem('purge-warning-seconds', 'must be a whole number of seconds from 0, less than purge-interval-seconds');
    const { allow, deny, cap, ...worlds } = settings.mobs as typeof settings.mobs & Record<string, Settings<typeof WorldRule>>;
    const mobs = rule({ allow, deny, cap }, { allow: 'every', deny: [], cap: 0 });
    const worldMobs: Record<string, MobRule> = {};
    for (const [world, own] of Object.entries(worlds)) {
      const nameProblem = worldNameProblem(world);
      if (nameProblem) at.problem(`mobs.${world}`, nameProblem);
      worldMobs[world] = rule(own, mobs);
    }
    return { purgeIntervalSeconds: interval, purgeWarningSeconds: warning, purgeWhat: settings.purgeWhat, mobs, worldMobs };
  },
});

/** One rules table; keys it leaves out come from `base`. */
function rule(own: Settings<typeof WorldRule>, base: MobRule): MobRule {
  return {
    allow: own.allow === undefined ? base.allow : own.allow.includes('*') ? 'every' : own.allow,
    deny: own.deny ?? base.deny,
    cap: own.cap ?? base.cap,
  };
}

/** The rules of a world: its own table's keys over those of [mobs]. */
export function ruleOf(config: ItemworldConfig, world: string): MobRule {
  return config.worldMobs[world] ?? config.mobs;
}

/** itemworld.conf for `core reload`: a change applies at once (a new interval counts from the reload). */
export const itemworldReloadable = (configDir: string) => itemworldConfig.reloadable(configDir);
