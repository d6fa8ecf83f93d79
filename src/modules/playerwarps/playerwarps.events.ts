// The player warps' events: playerwarp.create and playerwarp.delete.

import { Type } from '@sinclair/typebox';
import { defineEvents, eventPayload, PlayerFields, type PayloadsOf } from '../../core/kernel/events.ts';
import { LocationAnswer } from '../../core/values/location.ts';

const warp = {
  ...PlayerFields,
  'owner-id': Type.String({ format: 'uuid', description: 'The owner of the warp.' }),
  'owner-name': Type.String(),
  name: Type.String({ description: 'The warp name.' }),
  location: LocationAnswer,
};

export const PLAYERWARP_EVENTS = defineEvents({
  'playerwarp.create': eventPayload(warp, 'A player warp was created. player-id and player-name are the creator, who is its owner.'),
  'playerwarp.delete': eventPayload(
    warp,
    'A player warp was deleted and its name freed. player-id and player-name are the player it was deleted as (the owner when the console or an admin command of the console deleted it).',
  ),
});

declare module '../../core/kernel/events.ts' {
  interface EventPayloads extends PayloadsOf<typeof PLAYERWARP_EVENTS> {}
}
