// The NPCs' events: npc.create, npc.delete and npc.move.

import { Type } from '@sinclair/typebox';
import { defineEvents, eventPayload, PlayerFields, type PayloadsOf } from '../../core/kernel/events.ts';
import { LocationAnswer } from '../../core/values/location.ts';

const npc = {
  ...PlayerFields,
  'owner-id': Type.String({ format: 'uuid', description: 'The owner of the NPC.' }),
  'owner-name': Type.String(),
  name: Type.String({ description: 'The NPC id.' }),
  location: LocationAnswer,
  actor: Type.String({ description: 'Who did it: console, a player name, or core-rest/<label>.' }),
};

export const NPC_EVENTS = defineEvents({
  'npc.create': eventPayload(npc, 'An NPC was created and spawned. player-id and player-name are the player it was created as, its owner.'),
  'npc.delete': eventPayload(npc, 'An NPC was deleted and removed from the world. player-id and player-name are the player it was deleted as (the owner when the console did it).'),
  'npc.move': eventPayload(
    { ...npc, from: LocationAnswer },
    'An NPC was moved from `from` to `location`. player-id and player-name are the player it was moved as (the owner when the console did it).',
  ),
});

declare module '../../core/kernel/events.ts' {
  interface EventPayloads extends PayloadsOf<typeof NPC_EVENTS> {}
}
