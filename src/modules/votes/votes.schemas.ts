// Schemas of the votes' answers and requests (TypeBox): validation, types and the OpenAPI document
// come from these.

import { Type, type Static } from '@sinclair/typebox';
import { Limit } from '../../core/values/schemas.ts';

export const PERIODS = ['all-time', 'monthly', 'weekly', 'daily'] as const;
export type Period = (typeof PERIODS)[number];
export const PeriodSchema = Type.Union(
  PERIODS.map((p) => Type.Literal(p)),
  { description: 'all-time, monthly (since the 1st), weekly (since Monday) or daily (since midnight); calendar periods in UTC.' },
);

const Count = Type.Integer({ minimum: 0 });
export const VoteCount = Type.Integer({ minimum: 1, maximum: 1000, default: 1, description: 'How many votes: 1 to 1000, default 1.' });

export const VoteTotals = Type.Object(
  {
    'all-time': Count,
    monthly: Count,
    weekly: Count,
    daily: Count,
  },
  { additionalProperties: false, description: 'Votes counted in each period.' },
);

export const PlayerVotes = Type.Object(
  {
    'player-id': Type.String({ format: 'uuid' }),
    'player-name': Type.String(),
    totals: VoteTotals,
    'rewards-waiting': Type.Integer({ minimum: 0, description: 'Rewards earned while offline, given at the next join.' }),
    'last-vote-at': Type.Union([Type.String({ format: 'date-time' }), Type.Null()], { description: 'Null when the player never voted.' }),
  },
  { additionalProperties: false },
);
export type PlayerVotes = Static<typeof PlayerVotes>;

export const VoteTopRow = Type.Object(
  {
    rank: Type.Integer({ minimum: 1 }),
    'player-id': Type.String({ format: 'uuid' }),
    'player-name': Type.String(),
    votes: Type.Integer({ minimum: 1 }),
  },
  { additionalProperties: false },
);
export const VoteTop = Type.Object(
  { period: PeriodSchema, entries: Type.Array(VoteTopRow, { description: 'Most votes first; ties by uuid.' }) },
  { additionalProperties: false },
);
export type VoteTop = Static<typeof VoteTop>;

export const VoteParty = Type.Object(
  {
    progress: Type.Integer({ minimum: 0, description: 'Votes counted towards the current party.' }),
    goal: Type.Integer({ minimum: 1, description: 'Votes the party needs (party-goal of votes.conf).' }),
    remaining: Type.Integer({ minimum: 1 }),
    parties: Type.Integer({ minimum: 0, description: 'Parties held so far.' }),
  },
  { additionalProperties: false },
);
export type VoteParty = Static<typeof VoteParty>;

export const TopQuery = Type.Object(
  { period: Type.Optional(PeriodSchema), limit: Limit },
  { additionalProperties: false },
);
export const AddVotesBody = Type.Object({ amount: Type.Optional(VoteCount) }, { additionalProperties: false });
export const PartyBody = Type.Object({ votes: Type.Optional(VoteCount) }, { additionalProperties: false });
