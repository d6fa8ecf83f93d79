// The warps' events: every one of the spec's warp context.

import { Type } from '@sinclair/typebox';
import { defineEventSchema } from '../../core/events.ts';
import { LocationAnswer } from '../../core/location.ts';
import { WarpName, WarpPermission } from './warps.schemas.ts';

const Actor = Type.String({ description: 'Who did it: console, a player name, or core-rest/<label>.' });

export const WarpCreate = defineEventSchema(
  'warp.create',
  { name: WarpName, location: LocationAnswer, permission: WarpPermission, actor: Actor },
  'A warp was created.',
);
export const WarpDelete = defineEventSchema(
  'warp.delete',
  { name: WarpName, location: LocationAnswer, permission: WarpPermission, actor: Actor },
  'A warp was deleted, with its ratings.',
);
