// The economy's rows of the route table.

import { Type } from '@sinclair/typebox';
import { defineRoute, EXAMPLE_PLAYERS } from '../../core/kernel/routes.ts';
import { Limit, Money, PlayerUuid, UuidParams } from '../../core/values/schemas.ts';
import { Afford, Balances, Currencies, SetBalance, Top, Transfer, WalletChange } from './economy.schemas.ts';

const Currency = Type.String({ minLength: 1, maxLength: 32, description: 'Currency name; the default currency when left out.' });
const Amount = Type.Number({ description: 'Amount in units of the currency; at most its decimal places.' });
const AmountBody = Type.Object({ amount: Amount, currency: Type.Optional(Currency) }, { additionalProperties: false });

export const ECONOMY_ROUTES = [
  defineRoute({
    method: 'GET',
    path: '/economy/currencies',
    scope: 'read',
    module: 'economy',
    answer: Currencies,
    summary: 'Every currency, with its decimal places and starting balance',
    call: (api) => api.economy.currencies(),
  }),
  defineRoute({
    method: 'GET',
    path: '/economy/top',
    scope: 'read',
    module: 'economy',
    query: Type.Object({ limit: Limit, currency: Type.Optional(Currency) }, { additionalProperties: false }),
    answer: Top,
    summary: 'The leaderboard of a currency, richest first',
    call: (api, { query }) => api.economy.top(query.limit, query.currency),
  }),
  defineRoute({
    method: 'GET',
    path: '/players/:uuid/balance',
    scope: 'read',
    module: 'economy',
    params: UuidParams,
    query: Type.Object({ currency: Type.Optional(Currency) }, { additionalProperties: false }),
    answer: Money,
    summary: "A player's balance in one currency",
    call: (api, { params, query }) => api.economy.balance(params.uuid, query.currency),
  }),
  defineRoute({
    method: 'GET',
    path: '/players/:uuid/balances',
    scope: 'read',
    module: 'economy',
    params: UuidParams,
    answer: Balances,
    summary: "A player's balance in every currency",
    call: (api, { params }) => api.economy.balances(params.uuid),
  }),
  defineRoute({
    method: 'GET',
    path: '/players/:uuid/balance/afford',
    scope: 'read',
    module: 'economy',
    params: UuidParams,
    query: Type.Object({ amount: Amount, currency: Type.Optional(Currency) }, { additionalProperties: false }),
    answer: Afford,
    summary: 'Whether a player holds at least an amount',
    call: (api, { params, query }) => api.economy.afford(params.uuid, query.amount, query.currency),
  }),
  defineRoute({
    method: 'POST',
    path: '/players/:uuid/balance/deposit',
    scope: 'write',
    module: 'economy',
    params: UuidParams,
    body: AmountBody,
    answer: WalletChange,
    summary: "Adds money to a player's wallet; an online player is told what arrived",
    call: (api, { params, body, actor }) => api.economy.deposit(params.uuid, body.amount, body.currency, actor, { tell: true }),
  }),
  defineRoute({
    method: 'POST',
    path: '/players/:uuid/balance/withdraw',
    scope: 'write',
    module: 'economy',
    params: UuidParams,
    body: AmountBody,
    answer: WalletChange,
    summary: "Takes money from a player's wallet; insufficient-funds when they hold less",
    call: (api, { params, body, actor }) => api.economy.withdraw(params.uuid, body.amount, body.currency, actor),
  }),
  defineRoute({
    method: 'POST',
    path: '/players/:uuid/balance/set',
    scope: 'write',
    module: 'economy',
    params: UuidParams,
    body: AmountBody,
    answer: SetBalance,
    summary: "Sets a player's balance (zero allowed)",
    call: (api, { params, body, actor }) => api.economy.set(params.uuid, body.amount, body.currency, actor),
  }),
  defineRoute({
    method: 'POST',
    path: '/economy/transfer',
    scope: 'write',
    module: 'economy',
    body: Type.Object({ from: PlayerUuid, to: PlayerUuid, amount: Amount, currency: Type.Optional(Currency) }, { additionalProperties: false }),
    answer: Transfer,
    summary: 'Moves money from one player to another: both sides or neither',
    example: { body: { from: EXAMPLE_PLAYERS.steve.uuid, to: EXAMPLE_PLAYERS.alex.uuid, amount: 10 } },
    call: (api, { body, actor }) => api.economy.transfer(body.from, body.to, body.amount, body.currency, actor),
  }),
];
