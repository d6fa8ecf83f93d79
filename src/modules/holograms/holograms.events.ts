// The holograms' events: hologram.create and hologram.delete.

import { Type } from '@sinclair/typebox';
import { defineEvents, eventPayload, PlayerFields, type PayloadsOf } from '../../core/kernel/events.ts';
import { LocationAnswer } from '../../core/values/location.ts';

const hologram = {
  ...PlayerFields,
  'owner-id': Type.String({ format: 'uuid', description: 'The owner of the hologram.' }),
  'owner-name': Type.String(),
  name: Type.String({ description: 'The hologram name.' }),
  location: LocationAnswer,
  lines: Type.Array(Type.String(), { description: 'Its lines as stored (before markup and placeholders).' }),
  actor: Type.String({ description: 'Who did it for the audit log: console, a player name, or core-rest/<label>.' }),
};

export const HOLOGRAM_EVENTS = defineEvents({
  'hologram.create': eventPayload(hologram, 'A hologram was created. player-id and player-name are the creator, who is its owner.'),
  'hologram.delete': eventPayload(
    hologram,
    'A hologram was deleted and its name freed. player-id and player-name are the player it was deleted as (the owner when the console deleted it).',
  ),
});

declare module '../../core/kernel/events.ts' {
  interface EventPayloads extends PayloadsOf<typeof HOLOGRAM_EVENTS> {}
}
