// What players read of the economy, in German (./economy.messages.ts has the English and the keys).

import type { Translation } from '../../core/messages/catalogue.ts';
import type { ECONOMY_EN } from './economy.messages.ts';

export const ECONOMY_DE: Translation<typeof ECONOMY_EN> = {
  'economy.too-little': 'Du hast {balance}, weniger als {amount}.',
  'economy.too-little-other': '{player} hat {balance}, weniger als {amount}.',
  'economy.too-little-bank': 'Du hast {balance} auf der Bank, weniger als {amount}.',
  'economy.too-little-bank-other': '{player} hat {balance} auf der Bank, weniger als {amount}.',
  'economy.wallet-full': 'So viel passt nicht in deine Geldbörse.',
  'economy.wallet-full-other': 'So viel passt nicht in die Geldbörse von {player}.',
  'economy.bank-full': 'So viel passt nicht auf dein Bankkonto.',
  'economy.loans-off': 'Kredite in {currency} sind abgeschaltet.',
  'economy.loan-limit': 'Du schuldest {owed}, und du darfst höchstens {max} schulden. Zahle etwas mit /loan repay <Betrag> zurück.',
  'economy.no-loan': 'Du hast keinen Kredit in {currency}.',
  'economy.others-denied': 'Du darfst die Kontostände anderer Spieler nicht sehen (core.economy.balance.others).',
  'economy.console': 'Nenne einen Spieler: Die Konsole hat keinen Kontostand.',
  'economy.paid': 'Du hast {player} {amount} gezahlt. Dein Kontostand ist jetzt {balance}.',
  'economy.paid-you': '{player} hat dir {amount} gezahlt.',
  'economy.received': 'Du hast {amount} vom Server erhalten.',
  'economy.received-from': '{player} hat dir {amount} gegeben.',
  'economy.gave': 'Du hast {player} {amount} gegeben; der Kontostand ist jetzt {balance}.',
  'economy.took': 'Du hast {player} {amount} genommen; der Kontostand ist jetzt {balance}.',
  'economy.set': 'Du hast den Kontostand von {player} auf {balance} gesetzt.',
  'economy.bank-deposited': 'Du hast {amount} auf deine Bank gelegt. Bank: {bank}, Geldbörse: {balance}.',
  'economy.bank-withdrew': 'Du hast {amount} von deiner Bank genommen. Bank: {bank}, Geldbörse: {balance}.',
  'economy.balance': 'Dein Kontostand ist {amount}.',
  'economy.balance-other': 'Der Kontostand von {player} ist {amount}.',
  'economy.bank': 'Du hast {amount} auf deiner Bank.',
  'economy.loan': 'Du schuldest {owed} (höchstens {max}).',
  'economy.top': 'Die reichsten Spieler ({currency}):',
  'economy.top-empty': 'Noch niemand hat Geld.',
  'economy.top-row': '{rank}. {player}: {amount}',
};
