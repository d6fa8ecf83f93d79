// The economy's events: every one of the spec's economy context.

import { Type } from '@sinclair/typebox';
import { defineEvents, eventPayload, PlayerFields, type PayloadsOf } from '../../core/kernel/events.ts';
import { Money } from '../../core/values/schemas.ts';

const wallet = {
  ...PlayerFields,
  amount: Money,
  balance: Money,
  'transaction-id': Type.String(),
};
const bank = { ...PlayerFields, amount: Money, 'bank-balance': Money, balance: Money };
const loan = { ...PlayerFields, amount: Money, outstanding: Money, balance: Money };

export const ECONOMY_EVENTS = defineEvents({
  'economy.wallet-credit': eventPayload(wallet, 'Money was added to a wallet.'),
  'economy.wallet-debit': eventPayload(wallet, 'Money was taken from a wallet.'),
  'economy.wallet-reject': eventPayload(
    { ...PlayerFields, amount: Money, balance: Money, reason: Type.String({ description: 'Why the debit was declined.' }) },
    'A debit was declined for lack of funds.',
  ),
  'economy.bank-deposit': eventPayload(bank, 'Money moved from the wallet to the bank.'),
  'economy.bank-withdraw': eventPayload(bank, 'Money moved from the bank to the wallet.'),
  'economy.loan-disburse': eventPayload(loan, 'A loan was paid into the wallet.'),
  'economy.loan-repay': eventPayload(loan, 'Part or all of a loan was repaid from the wallet.'),
});

declare module '../../core/kernel/events.ts' {
  interface EventPayloads extends PayloadsOf<typeof ECONOMY_EVENTS> {}
}
