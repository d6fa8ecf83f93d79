// Schemas of the account links' answers and requests (TypeBox).

import { Type, type Static } from '@sinclair/typebox';
import { PlayerUuid } from '../../core/values/schemas.ts';

/** A Discord-style snowflake: 17 to 20 digits. */
export const SNOWFLAKE_PATTERN = '^[0-9]{17,20}$';

export const AccountId = Type.String({ pattern: SNOWFLAKE_PATTERN, description: 'The external account id: a snowflake of 17-20 digits.' });

export const Binding = Type.Object(
  {
    'player-id': Type.String({ format: 'uuid', description: 'The linked player (dashed lower-case uuid).' }),
    'player-name': Type.String({ description: 'The player’s last known name.' }),
    'account-id': AccountId,
    'linked-at': Type.String({ format: 'date-time' }),
  },
  { $id: 'ExtlinkBinding', additionalProperties: false },
);
export type Binding = Static<typeof Binding>;

export const MaybeBinding = Type.Union([Binding, Type.Null()], { description: 'The binding, or null when there is none.' });

export const LinkCode = Type.Object(
  {
    code: Type.String({ description: 'The one-time code to redeem on the platform side.' }),
    'expires-at': Type.String({ format: 'date-time' }),
  },
  { additionalProperties: false },
);
export type LinkCode = Static<typeof LinkCode>;

/** The account id of GET /extlink/{id}: any string (a non-snowflake answers null, not 400). */
export const AccountParams = Type.Object(
  { id: Type.String({ description: 'An external account id; one that is not a snowflake (17-20 digits) answers null.' }) },
  { additionalProperties: false },
);
export const PlayerParams = Type.Object({ uuid: PlayerUuid }, { additionalProperties: false });
