// Schemas of the economy's answers and requests (TypeBox): validation, types and the OpenAPI
// document come from these.

import { Type, type Static } from '@sinclair/typebox';
import { Money } from '../../core/values/schemas.ts';

export const Currency = Type.Object(
  {
    name: Type.String({ examples: ['coins'] }),
    symbol: Type.String(),
    'decimal-places': Type.Integer({ minimum: 0, maximum: 4 }),
    default: Type.Boolean({ description: 'Whether requests and commands that name no currency use this one.' }),
    'starting-balance': Money,
  },
  { additionalProperties: false },
);
export type Currency = Static<typeof Currency>;

export const Currencies = Type.Object({ currencies: Type.Array(Currency), default: Type.String({ examples: ['coins'] }) }, { additionalProperties: false });
export type Currencies = Static<typeof Currencies>;

export const Balances = Type.Object({ balances: Type.Array(Money) }, { additionalProperties: false });
export type Balances = Static<typeof Balances>;

export const Afford = Type.Object(
  { affordable: Type.Boolean({ description: 'Whether the balance is at least the amount.' }), amount: Money, balance: Money },
  { additionalProperties: false },
);
export type Afford = Static<typeof Afford>;

export const TopRow = Type.Object(
  { rank: Type.Integer({ minimum: 1 }), 'player-id': Type.String({ format: 'uuid' }), 'player-name': Type.String(), balance: Money },
  { additionalProperties: false },
);
export const Top = Type.Object({ currency: Type.String(), rows: Type.Array(TopRow) }, { additionalProperties: false });
export type Top = Static<typeof Top>;

export const WalletChange = Type.Object(
  {
    'transaction-id': Type.String({ description: 'The ledger entry of the change; null when nothing changed.' }),
    'player-id': Type.String({ format: 'uuid' }),
    amount: Money,
    balance: Money,
  },
  { additionalProperties: false },
);
export type WalletChange = Static<typeof WalletChange>;

export const SetBalance = Type.Object(
  {
    'transaction-id': Type.Union([Type.String(), Type.Null()], { description: 'Null when the balance already held that amount.' }),
    'player-id': Type.String({ format: 'uuid' }),
    'previous-balance': Money,
    balance: Money,
  },
  { additionalProperties: false },
);
export type SetBalance = Static<typeof SetBalance>;

export const Transfer = Type.Object(
  {
    'transaction-id': Type.String({ description: 'The ledger entry of the credit to the receiver.' }),
    amount: Money,
    from: Type.Object({ 'player-id': Type.String({ format: 'uuid' }), balance: Money }, { additionalProperties: false }),
    to: Type.Object({ 'player-id': Type.String({ format: 'uuid' }), balance: Money }, { additionalProperties: false }),
  },
  { additionalProperties: false },
);
export type Transfer = Static<typeof Transfer>;

export const BankChange = Type.Object(
  { amount: Money, 'bank-balance': Money, balance: Money },
  { additionalProperties: false },
);
export type BankChange = Static<typeof BankChange>;

export const LoanState = Type.Object(
  { outstanding: Money, 'max-loan': Money, balance: Money },
  { additionalProperties: false },
);
export type LoanState = Static<typeof LoanState>;
