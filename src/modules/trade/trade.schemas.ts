// The shape of an open trade as the routes answer it. Item stacks are never part of an answer:
// only how many items each side offers.

import { Type, type Static } from '@sinclair/typebox';

const Uuid = Type.String({ format: 'uuid' });
const Count = Type.Integer({ minimum: 0, description: 'Items offered (the sum of the stack counts).' });

export const Trade = Type.Object(
  {
    id: Type.String({ description: 'The trade’s id (random, for matching events).' }),
    'player-id': Type.String({ format: 'uuid', description: 'The player who sent the request.' }),
    'player-name': Type.String(),
    'partner-id': Uuid,
    'partner-name': Type.String({ description: 'The player who accepted it.' }),
    'player-confirmed': Type.Boolean(),
    'partner-confirmed': Type.Boolean(),
    'player-item-count': Count,
    'partner-item-count': Count,
    'opened-at': Type.String({ format: 'date-time' }),
  },
  { additionalProperties: false },
);
export type Trade = Static<typeof Trade>;

export const TradeList = Type.Object(
  {
    trades: Type.Array(Trade, { description: 'Every open trade, oldest first.' }),
    count: Type.Integer({ minimum: 0 }),
  },
  { additionalProperties: false },
);
export type TradeList = Static<typeof TradeList>;

export const MaybeTrade = Type.Union([Trade, Type.Null()], { description: 'The player’s open trade, or null when they have none.' });
