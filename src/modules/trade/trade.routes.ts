// The trade's rows of the route table: reads only (no route writes to a trade).

import { defineRoute } from '../../core/kernel/routes.ts';
import { UuidParams } from '../../core/values/schemas.ts';
import { MaybeTrade, TradeList } from './trade.schemas.ts';

export const TRADE_ROUTES = [
  defineRoute({
    method: 'GET',
    path: '/trades',
    scope: 'read',
    module: 'trade',
    answer: TradeList,
    summary: 'Every open trade, oldest first (requests not yet accepted are not trades)',
    call: (api) => Promise.resolve(api.trade.list()),
  }),
  defineRoute({
    method: 'GET',
    path: '/players/:uuid/trade',
    scope: 'read',
    module: 'trade',
    params: UuidParams,
    answer: MaybeTrade,
    summary: "The player's open trade, or null in data when they have none (not 404)",
    example: { answer: { ok: true, data: null }, otherwise: 'Steve is trading with nobody (a trade is between two players online, begun with `/trade <player>` in game). During a trade, the answer is:' },
    call: (api, { params }) => api.trade.tradeOf(params.uuid),
  }),
];
