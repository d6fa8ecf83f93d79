// Schemas of the warps' answers and requests (TypeBox): validation, types and the OpenAPI document
// come from these.

import { Type, type Static } from '@sinclair/typebox';
import { LocationAnswer, LocationInput } from '../../core/values/location.ts';
import { PlayerUuid } from '../../core/values/schemas.ts';

/** 1-32 of a-z, 0-9, _ and -; capitals are read as small letters (names are case-insensitive). */
export const WARP_NAME_PATTERN = '^[A-Za-z0-9_-]{1,32}$';

export const WarpName = Type.String({
  minLength: 1,
  maxLength: 32,
  pattern: WARP_NAME_PATTERN,
  description: 'Warp name: 1-32 of a-z, 0-9, _ and -, case-insensitive (answers use small letters).',
});

export const WarpPermission = Type.Union(
  [Type.String({ minLength: 1, maxLength: 128, description: 'A permission node, e.g. core.warp.vip.' }), Type.Null()],
  { description: 'The node a player needs to see and use the warp; null: everyone may.' },
);

export const Warp = Type.Object(
  {
    name: WarpName,
    location: LocationAnswer,
    permission: WarpPermission,
    'average-rating': Type.Union([Type.Number({ minimum: 1, maximum: 5 }), Type.Null()], {
      description: 'Mean of the players’ ratings (1-5), rounded to 2 decimal places; null when nobody has rated it.',
    }),
    ratings: Type.Integer({ minimum: 0, description: 'How many players have rated it (one rating per player).' }),
    'created-at': Type.String({ format: 'date-time' }),
    'updated-at': Type.String({ format: 'date-time', description: 'Last move (or the creation).' }),
  },
  { $id: 'Warp', additionalProperties: false },
);
export type Warp = Static<typeof Warp>;

export const WarpList = Type.Object(
  { warps: Type.Array(Warp, { description: 'By name.' }), count: Type.Integer({ minimum: 0 }) },
  { additionalProperties: false },
);
export type WarpList = Static<typeof WarpList>;

export const WarpParams = Type.Object({ name: WarpName }, { additionalProperties: false });
export const WarpListQuery = Type.Object(
  { 'visible-to': Type.Optional(PlayerUuid) },
  { additionalProperties: false },
);
export const CreateWarpBody = Type.Object(
  { location: LocationInput, permission: Type.Optional(WarpPermission) },
  { additionalProperties: false },
);
export const MoveWarpBody = Type.Object({ location: LocationInput }, { additionalProperties: false });
