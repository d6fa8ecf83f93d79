// What players read of the presence, in German (./presence.messages.ts has the English and the keys).

import type { Translation } from '../../core/messages/catalogue.ts';
import type { PRESENCE_EN } from './presence.messages.ts';

export const PRESENCE_DE: Translation<typeof PRESENCE_EN> = {
  'presence.offline-other': '{player} ist nicht online: Nur ein Spieler im Spiel kann abwesend sein.',
  'presence.console': 'Nenne einen Spieler: Die Konsole ist nie abwesend. Tippe afk <Spieler> [Grund].',
  'presence.away': 'Du bist jetzt AFK. Beweg dich oder tippe /afk, um zurückzukommen.',
  'presence.away-reason': 'Du bist jetzt AFK ({reason}). Beweg dich oder tippe /afk, um zurückzukommen.',
  'presence.back': 'Du bist nicht mehr AFK.',
  'presence.away-other': '{player} ist jetzt AFK.',
  'presence.away-reason-other': '{player} ist jetzt AFK ({reason}).',
  'presence.back-other': '{player} ist nicht mehr AFK.',
};
