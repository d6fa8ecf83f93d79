// The player warps' events: playerwarp.create and playerwarp.delete.

import { Type } from '@sinclair/typebox';
import { defineEventSchema, PlayerFields } from '../../core/events.ts';
import { LocationAnswer } from '../../core/location.ts';

const warp = {
  ...PlayerFields,
  'owner-id': Type.String({ format: 'uuid', description: 'The owner of the warp.' }),
  'owner-name': Type.String(),
  name: Type.String({ description: 'The warp name.' }),
  location: LocationAnswer,
};

export const PlayerWarpCreate = defineEventSchema(
  'playerwarp.create',
  warp,
  'A player warp was created. player-id and player-name are the creator, who is its owner.',
);
export const PlayerWarpDelete = defineEventSchema(
  'playerwarp.delete',
  warp,
  'A player warp was deleted and its name freed. player-id and player-name are the player it was deleted as (the owner when the console or an admin command of the console deleted it).',
);
