// Schemas of the player warps' answers and requests (TypeBox): validation, types and the OpenAPI
// document come from these.

import { Type, type Static } from '@sinclair/typebox';
import { LocationAnswer } from '../../core/values/location.ts';
import { Money } from '../../core/values/schemas.ts';

/** A warp name: 1-32 of a-z, 0-9, _ and -. Upper case is accepted and folded to lower case. */
export const WARP_NAME = /^[a-z0-9_-]{1,32}$/i;

export const WarpName = Type.String({
  pattern: '^[A-Za-z0-9_-]{1,32}$',
  description: 'A player-warp name: 1-32 of a-z, 0-9, _ and -, case-insensitive (answered in lower case).',
});

export const WarpState = Type.Union([Type.Literal('active'), Type.Literal('archived')], {
  description: 'active: listed (when public) and visitable; archived: unlisted, nobody can travel to it.',
});
export type WarpState = Static<typeof WarpState>;

export const PlayerRef = Type.Object(
  { 'player-id': Type.String({ format: 'uuid' }), 'player-name': Type.String() },
  { additionalProperties: false },
);
export type PlayerRef = Static<typeof PlayerRef>;

export const PlayerWarp = Type.Object(
  {
    name: Type.String({ description: 'Unique, lower case.' }),
    'owner-id': Type.String({ format: 'uuid' }),
    'owner-name': Type.String(),
    state: WarpState,
    location: LocationAnswer,
    public: Type.Boolean({ description: 'Public warps are listed and open to everyone not banned; private ones only to the owner, managers and whitelisted players.' }),
    description: Type.Union([Type.String(), Type.Null()]),
    fee: Money,
    earnings: Money,
    managers: Type.Array(PlayerRef),
    whitelist: Type.Array(PlayerRef),
    bans: Type.Array(PlayerRef),
    visits: Type.Integer({ minimum: 0 }),
    'history-entries': Type.Integer({ minimum: 0, description: 'Entries in the warp history (visits and changes); read in game with /pwarp history.' }),
    'created-at': Type.String({ format: 'date-time' }),
  },
  { $id: 'PlayerWarp', additionalProperties: false },
);
export type PlayerWarp = Static<typeof PlayerWarp>;

export const PlayerWarpPage = Type.Object(
  {
    warps: Type.Array(PlayerWarp),
    page: Type.Integer({ minimum: 1 }),
    limit: Type.Integer({ minimum: 1, maximum: 100 }),
    total: Type.Integer({ minimum: 0, description: 'Public active warps in all pages.' }),
  },
  { additionalProperties: false },
);
export type PlayerWarpPage = Static<typeof PlayerWarpPage>;

export const OwnedPlayerWarps = Type.Object(
  {
    warps: Type.Array(PlayerWarp),
    count: Type.Integer({ minimum: 0, description: 'Warps owned, archived ones included.' }),
    limit: Type.Integer({ minimum: 0, description: 'Warps the player may own.' }),
  },
  { additionalProperties: false },
);
export type OwnedPlayerWarps = Static<typeof OwnedPlayerWarps>;

export const HistoryEntry = Type.Object(
  {
    at: Type.String({ format: 'date-time' }),
    actor: Type.String({ description: 'console, a player name, or core-rest/<label>.' }),
    action: Type.String(),
    details: Type.Record(Type.String(), Type.Unknown()),
  },
  { additionalProperties: false },
);
export type HistoryEntry = Static<typeof HistoryEntry>;

export const Visit = Type.Object({ warp: PlayerWarp, paid: Money }, { additionalProperties: false });
export type Visit = Static<typeof Visit>;

export type MemberRole = 'manager' | 'whitelist' | 'ban';
