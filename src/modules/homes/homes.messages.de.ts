// What players read of the homes, in German (./homes.messages.ts has the English and the keys).

import type { Translation } from '../../core/messages/catalogue.ts';
import type { HOMES_EN } from './homes.messages.ts';

export const HOMES_DE: Translation<typeof HOMES_EN> = {
  'homes.empty-slot': 'Du hast kein Zuhause in Platz {slot}. Setze dort eines mit /sethome {slot}.',
  'homes.empty-slot-other': '{player} hat kein Zuhause in Platz {slot}.',
  'homes.no-label': 'Du hast kein Zuhause namens „{home}“. Gib /homes ein, um deine zu sehen.',
  'homes.no-label-other': '{player} hat kein Zuhause namens „{home}“.',
  'homes.label-taken': 'Du hast schon ein Zuhause namens „{home}“ (Platz {slot}): Wähle einen anderen Namen.',
  'homes.beyond-limit': 'Du kannst Zuhause in den Plätzen 1 bis {limit} haben, und Platz {slot} liegt dahinter. Versetze eines mit /sethome <Platz> oder lösche eines mit /delhome.',
  'homes.not-material': '„{icon}“ ist kein Materialname des Spiels (wie red_bed, diamond oder oak_door).',
  'homes.private': 'Dieses Zuhause ist privat: Nur sein Besitzer kann dorthin.',
  'homes.visit-denied': 'Du darfst die Zuhause anderer Spieler nicht besuchen (core.home.visit).',
  'homes.never-joined': 'Kein Spieler namens {player} war je auf diesem Server.',
  'homes.visit-usage': 'Nenne das Zuhause nach dem Doppelpunkt: /home <Spieler>:<Platz|Name>',
  'homes.location-unknown': 'Deine Position ist noch nicht bekannt: Versuche es gleich noch einmal.',
  'homes.nothing-deleted': 'Du hast kein Zuhause in Platz {slot}, also wurde nichts gelöscht.',
  'homes.console': 'Nenne einen Spieler: Die Konsole hat keine Zuhause.',
  'homes.welcome': 'Willkommen zu Hause: {home}.',
  'homes.visited': 'Willkommen im Zuhause {home} von {player}.',
  'homes.set': 'Du hast dein Zuhause {home} bei {place} gesetzt.',
  'homes.now-public': 'Dein Zuhause {home} ist jetzt öffentlich: Andere besuchen es mit /home {player}:{slot}.',
  'homes.now-private': 'Dein Zuhause {home} ist jetzt privat.',
  'homes.icon': 'Dein Zuhause {home} zeigt jetzt {icon}.',
  'homes.deleted': 'Du hast dein Zuhause {home} gelöscht.',
  'homes.none-yet': 'Du hast noch kein Zuhause. Setze eines mit /sethome.',
  'homes.list-own': 'Deine Zuhause ({count} von {limit}):',
  'homes.list-own-empty': 'Du hast noch kein Zuhause (0 von {limit}). Setze eines mit /sethome.',
  'homes.list-of': 'Die Zuhause von {player} ({count} von {limit}):',
  'homes.list-of-empty': '{player} hat kein Zuhause.',
  'homes.list-public-of': 'Die öffentlichen Zuhause von {player}:',
  'homes.list-public-of-empty': '{player} hat kein öffentliches Zuhause.',
  'homes.row': '{home}: {place} [{icon}, {visibility}]',
  'homes.public': 'öffentlich',
  'homes.private-word': 'privat',
};
