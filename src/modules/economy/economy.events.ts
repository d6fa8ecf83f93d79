// The economy's events: every one of the spec's economy context.

import { defineEventSchema, PlayerFields } from '../../core/events.ts';
import { Type } from '@sinclair/typebox';
import { Money } from '../../core/schemas.ts';

const wallet = {
  ...PlayerFields,
  amount: Money,
  balance: Money,
  'transaction-id': Type.String(),
};

export const WalletCredit = defineEventSchema('economy.wallet-credit', wallet, 'Money was added to a wallet.');
export const WalletDebit = defineEventSchema('economy.wallet-debit', wallet, 'Money was taken from a wallet.');
export const WalletReject = defineEventSchema(
  'economy.wallet-reject',
  { ...PlayerFields, amount: Money, balance: Money, reason: Type.String({ description: 'Why the debit was declined.' }) },
  'A debit was declined for lack of funds.',
);
const bank = { ...PlayerFields, amount: Money, 'bank-balance': Money, balance: Money };
export const BankDeposit = defineEventSchema('economy.bank-deposit', bank, 'Money moved from the wallet to the bank.');
export const BankWithdraw = defineEventSchema('economy.bank-withdraw', bank, 'Money moved from the bank to the wallet.');
const loan = { ...PlayerFields, amount: Money, outstanding: Money, balance: Money };
export const LoanDisburse = defineEventSchema('economy.loan-disburse', loan, 'A loan was paid into the wallet.');
export const LoanRepay = defineEventSchema('economy.loan-repay', loan, 'Part or all of a loan was repaid from the wallet.');
