// The itemworld events: a purge of items on the ground and mobs (by /purge or the schedule), and
// each mob spawn the rules decided, allowed (once the mob is there) or refused.

import { Type } from '@sinclair/typebox';
import { defineEvents, eventPayload, type PayloadsOf } from '../../core/kernel/events.ts';
import { LocationAnswer } from '../../core/values/location.ts';
import { MobRefusalField, MobSpawnCause, PurgeTrigger, PurgeWhat } from './itemworld.schemas.ts';

const Count = (description: string) => Type.Integer({ minimum: 0, description });

export const ITEMWORLD_EVENTS = defineEvents({
  'itemworld.entity-purge': eventPayload(
    {
      what: PurgeWhat,
      world: Type.Union([Type.String(), Type.Null()], { description: 'The world purged; null: every loaded world.' }),
      items: Count('Items lying on the ground that were removed (a dropped stack is one).'),
      'item-count': Count('The items in them, stacks counted in full.'),
      mobs: Count('Mobs removed.'),
      trigger: PurgeTrigger,
      actor: Type.Union([Type.String(), Type.Null()], { description: 'Who ran /purge (a player name, or console); null for the schedule.' }),
    },
    'Items on the ground and/or mobs were removed, by /purge or the automatic purge (emitted even when nothing was there to remove).',
  ),
  'itemworld.mob-spawn': eventPayload(
    {
      type: Type.String({ description: 'The mob type, e.g. zombie.' }),
      location: LocationAnswer,
      cause: MobSpawnCause,
      'player-id': Type.Union([Type.String({ format: 'uuid' }), Type.Null()], { description: 'The player who used the egg or ran /spawnmob; null for a module.' }),
      'player-name': Type.Union([Type.String(), Type.Null()]),
      allowed: Type.Boolean({ description: 'true: the mob spawned; false: the rules of its world refused it.' }),
      refusal: MobRefusalField,
    },
    'A mob spawned (allowed, once it is in the world) or the spawn rules of its world refused it (allowed false, with the refusal).',
  ),
});

declare module '../../core/kernel/events.ts' {
  interface EventPayloads extends PayloadsOf<typeof ITEMWORLD_EVENTS> {}
}
