// Schemas of the ranks' answers and requests (TypeBox): validation, types and the OpenAPI document
// come from these.

import { Type, type Static } from '@sinclair/typebox';
import { Money } from '../../core/values/schemas.ts';
import { RANK_NAME_PATTERN } from './ranks.config.ts';

export const RankName = Type.String({ pattern: RANK_NAME_PATTERN, description: 'A rung name of ranks.conf: 1-32 of a-z, 0-9, _ and -.' });
const Position = Type.Integer({ minimum: 1, description: 'Place on the ladder, counting from 1 (the first rung).' });

export const Rung = Type.Object(
  {
    name: RankName,
    position: Position,
    group: Type.String({ description: 'The permission group the rung grants ("default": none).' }),
    'group-exists': Type.Boolean({ description: 'Whether permissions.conf defines the group; a rung whose group is missing cannot be reached.' }),
    cost: Money,
    'min-playtime-seconds': Type.Integer({ minimum: 0, description: 'Active seconds played a player needs (0: no requirement).' }),
    'min-balance': Money,
  },
  { $id: 'Rung', additionalProperties: false },
);
export type Rung = Static<typeof Rung>;

export const Ladder = Type.Object(
  {
    ranks: Type.Array(Rung, { description: 'The ladder, lowest rung first.' }),
    'prestige-cost': Money,
    'max-prestige': Type.Union([Type.Integer({ minimum: 1 }), Type.Null()], { description: 'The most prestiges a player may take; null: no limit.' }),
  },
  { additionalProperties: false },
);
export type Ladder = Static<typeof Ladder>;

export const Standing = Type.Object(
  {
    rank: Type.String({ description: 'The rung the player is on.' }),
    position: Type.Union([Position, Type.Null()], { description: 'Its place on the ladder; null when ranks.conf no longer has that rung.' }),
    prestige: Type.Integer({ minimum: 0, description: 'Prestiges taken.' }),
    since: Type.String({ format: 'date-time', description: 'When the player reached this rung.' }),
  },
  { $id: 'Standing', additionalProperties: false },
);
export type Standing = Static<typeof Standing>;

export const RankStatus = Type.Object(
  {
    standing: Type.Union([Standing, Type.Null()], { description: 'Null when the ranks module holds nothing for the player (below the first rung).' }),
    next: Type.Union([Rung, Type.Null()], { description: 'The rung above, which /rankup reaches; null at the top of the ladder.' }),
    'can-rank-up': Type.Boolean({ description: 'Whether a rankup would succeed now: online, a rung above, its requirements met and its cost affordable.' }),
    reason: Type.Union([Type.String(), Type.Null()], { description: 'Why can-rank-up is false, for a person; null when it is true.' }),
  },
  { additionalProperties: false },
);
export type RankStatus = Static<typeof RankStatus>;

export const RankChange = Type.Object(
  {
    'previous-rank': Type.Union([Type.String(), Type.Null()], { description: 'The rung before; null when the player had none.' }),
    standing: Standing,
    paid: Money,
  },
  { additionalProperties: false },
);
export type RankChange = Static<typeof RankChange>;

export const SetRankBody = Type.Object({ rank: RankName }, { additionalProperties: false });
