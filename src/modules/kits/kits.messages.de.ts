// What players read of the kits, in German (./kits.messages.ts has the English and the keys).

import type { Translation } from '../../core/messages/catalogue.ts';
import type { KITS_EN } from './kits.messages.ts';

export const KITS_DE: Translation<typeof KITS_EN> = {
  'kits.unknown': 'Es gibt kein Kit „{kit}“. Die Kits sind: {kits}.',
  'kits.none': 'Es gibt kein Kit „{kit}“: Dieser Server hat keine Kits.',
  'kits.offline': '{player} ist nicht online: Ein Kit kommt ins Inventar eines Spielers im Spiel.',
  'kits.no-room': 'In deinem Inventar ist kein Platz für das Kit {kit} ({count} Gegenstände): Schaffe Platz und hole es dann noch einmal ab.',
  'kits.no-room-other': 'Im Inventar von {player} ist kein Platz für das Kit {kit} ({count} Gegenstände); es wurde nichts gegeben.',
  'kits.no-permission': 'Du darfst das Kit {kit} nicht abholen: Es braucht die Berechtigung {permission}.',
  'kits.cooldown': 'Du kannst das Kit {kit} in {wait} wieder abholen.',
  'kits.cannot-afford': 'Das Kit {kit} kostet {cost}, und du hast {balance}.',
  'kits.console': 'Die Konsole holt keine Kits ab: Gib eines mit /kit give <Spieler> <ID>.',
  'kits.claimed': 'Du hast das Kit {kit} abgeholt.',
  'kits.claimed-paid': 'Du hast das Kit {kit} für {cost} abgeholt.',
  'kits.received': 'Du hast das Kit {kit} erhalten.',
  'kits.given': 'Du hast {player} das Kit {kit} gegeben.',
  'kits.list': 'Kits:',
  'kits.list-empty': 'Es gibt keine Kits.',
  'kits.row': '{id} ({kit}): {count} Gegenstände, {cost}, alle {cooldown}',
  'kits.row-standing': '{id} ({kit}): {count} Gegenstände, {cost} - {standing}',
  'kits.free': 'kostenlos',
  'kits.ready': 'bereit',
  'kits.ready-in': 'in {wait}',
  'kits.not-online': 'offline',
  'kits.not-yours': 'nicht für dich',
  'kits.too-dear': 'zu teuer für dich',
  'kits.not-now': 'gerade nicht',
};
