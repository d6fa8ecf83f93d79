// What players read of the economy, in English; the German is in ./economy.messages.de.ts. Operators
// override any of it in data/core/messages/<language>.conf (docs/messages.md).

import { defineMessages } from '../../core/messages/catalogue.ts';
import { ECONOMY_DE } from './economy.messages.de.ts';

export const ECONOMY_EN = {
  error: {
    'economy.too-little': 'You hold {balance}, less than {amount}.',
    'economy.too-little-other': '{player} holds {balance}, less than {amount}.',
    'economy.too-little-bank': 'You have {balance} in the bank, less than {amount}.',
    'economy.too-little-bank-other': '{player} has {balance} in the bank, less than {amount}.',
    'economy.wallet-full': 'Your balance cannot hold that much.',
    'economy.wallet-full-other': "{player}'s balance cannot hold that much.",
    'economy.bank-full': 'Your bank account cannot hold that much.',
    'economy.loans-off': 'Loans in {currency} are switched off.',
    'economy.loan-limit': 'You owe {owed}, and you may owe at most {max}. Repay some with /loan repay <amount>.',
    'economy.no-loan': 'You have no loan in {currency}.',
    'economy.others-denied': 'You may not see the balances of other players (core.economy.balance.others).',
    'economy.console': 'Name a player: the console has no balance.',
  },
  success: {
    'economy.paid': 'You paid {player} {amount}. Your balance is now {balance}.',
    'economy.paid-you': '{player} paid you {amount}.',
    'economy.received': 'You received {amount} from the server.',
    'economy.received-from': '{player} gave you {amount}.',
    'economy.gave': 'You gave {amount} to {player}; their balance is now {balance}.',
    'economy.took': 'You took {amount} from {player}; their balance is now {balance}.',
    'economy.set': 'You set the balance of {player} to {balance}.',
    'economy.bank-deposited': 'You put {amount} in your bank. Bank: {bank}, wallet: {balance}.',
    'economy.bank-withdrew': 'You took {amount} from your bank. Bank: {bank}, wallet: {balance}.',
  },
  info: {
    'economy.balance': 'Your balance is {amount}.',
    'economy.balance-other': "{player}'s balance is {amount}.",
    'economy.bank': 'You have {amount} in your bank.',
    'economy.loan': 'You owe {owed} (at most {max}).',
    'economy.top': 'Richest players ({currency}):',
    'economy.top-empty': 'Nobody holds any money yet.',
  },
  plain: {
    'economy.top-row': '{rank}. {player}: {amount}',
  },
} as const;

export const ECONOMY_MESSAGES = defineMessages('economy', ECONOMY_EN, { de: ECONOMY_DE });
export const { msg } = ECONOMY_MESSAGES;
