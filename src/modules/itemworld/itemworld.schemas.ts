// The itemworld module's shapes: what a purge removes and what causes it, how a mob spawn ended.
// The module has no routes (the spec gives it events only); its events carry these.

import { Type, type Static } from '@sinclair/typebox';
import { MOB_SPAWN_CAUSES } from '../../platform/world-entities.ts';

export const PURGE_WHAT = ['items', 'mobs', 'all'] as const;
export const PurgeWhat = Type.Union(
  PURGE_WHAT.map((w) => Type.Literal(w)),
  { description: 'items: items lying on the ground; mobs: mobs; all: both.' },
);
export type PurgeWhat = Static<typeof PurgeWhat>;

export const PURGE_TRIGGERS = ['schedule', 'command'] as const;
export const PurgeTrigger = Type.Union(
  PURGE_TRIGGERS.map((t) => Type.Literal(t)),
  { description: 'schedule: the automatic purge of itemworld.conf; command: /purge.' },
);
export type PurgeTrigger = Static<typeof PurgeTrigger>;

export const MobSpawnCause = Type.Union(
  MOB_SPAWN_CAUSES.map((c) => Type.Literal(c)),
  { description: 'spawn-egg: a player used one; command: /spawnmob; plugin: another module of the server.' },
);

export const MOB_REFUSALS = ['type-denied', 'cap-reached'] as const;
export type MobRefusal = (typeof MOB_REFUSALS)[number];
export const MobRefusalField = Type.Union([...MOB_REFUSALS.map((r) => Type.Literal(r)), Type.Null()], {
  description: "Why the spawn was refused: the world's rules deny the type, or the world holds its cap of mobs; null when it spawned.",
});

/** What one purge removed. */
export interface PurgeSummary {
  what: PurgeWhat;
  /** The world purged; null: every loaded world. */
  world: string | null;
  /** Item entities removed (a stack lying on the ground is one). */
  items: number;
  /** The items in them, stacks counted in full. */
  itemCount: number;
  mobs: number;
}
