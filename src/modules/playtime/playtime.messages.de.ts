// What players read of the playtime, in German (./playtime.messages.ts has the English and the keys).

import type { Translation } from '../../core/messages/catalogue.ts';
import type { PLAYTIME_EN } from './playtime.messages.ts';

export const PLAYTIME_DE: Translation<typeof PLAYTIME_EN> = {
  'playtime.console': 'Nenne einen Spieler: Die Konsole hat keine Spielzeit.',
  'playtime.others-denied': 'Du darfst die Spielzeit anderer Spieler nicht sehen ({permission}).',
  'playtime.own': 'Du hast {total} gespielt: {active} aktiv, {away} abwesend (AFK), in {sessions}.',
  'playtime.other': '{player} hat {total} gespielt: {active} aktiv, {away} abwesend (AFK), in {sessions}.',
  'playtime.session': 'Du bist in dieser Sitzung seit {time} online.',
  'playtime.session-other': '{player} ist in dieser Sitzung seit {time} online.',
  'playtime.top': 'Die meiste aktive Spielzeit (Top {count}):',
  'playtime.top-empty': 'Noch niemand hat gespielt.',
  'playtime.sessions': '{count} Sitzungen',
  'playtime.one-session': '1 Sitzung',
  'playtime.top-row': '{rank}. {player}: {active} aktiv ({total} insgesamt)',
  'playtime.time': '{time}',
};
