// What players read of the teleport requests, in German (./tpa.messages.ts has the English and the keys).

import type { Translation } from '../../core/messages/catalogue.ts';
import type { TPA_EN } from './tpa.messages.ts';

export const TPA_DE: Translation<typeof TPA_EN> = {
  'tpa.self': 'Du kannst dir selbst keine Teleport-Anfrage schicken: Nenne einen anderen Spieler.',
  'tpa.none-received': 'Du hast keine offene Teleport-Anfrage zu beantworten.',
  'tpa.none-from': 'Du hast keine offene Teleport-Anfrage von {player}.',
  'tpa.none-sent': 'Du hast keine offene Teleport-Anfrage. Schicke eine mit /tpa <Spieler>.',
  'tpa.none-to': 'Du hast keine offene Teleport-Anfrage an {player}.',
  'tpa.expired-yours': 'Deine Teleport-Anfrage an {player} ist abgelaufen. Schicke eine neue, wenn du noch willst.',
  'tpa.expired-theirs': 'Die Teleport-Anfrage von {player} ist abgelaufen.',
  'tpa.not-moved': '{player} wurde nicht zu dir teleportiert.',
  'tpa.dropped-yours': '{player} hat das Spiel verlassen, deshalb ist deine Teleport-Anfrage an {player} verfallen.',
  'tpa.dropped-theirs': '{player} hat das Spiel verlassen, deshalb ist die Teleport-Anfrage an dich verfallen.',
  'tpa.denied-yours': '{player} hat deine Teleport-Anfrage abgelehnt.',
  'tpa.cancelled-theirs': '{player} hat die Teleport-Anfrage an dich zurückgezogen.',
  'tpa.sent': 'Du hast {player} eine Teleport-Anfrage geschickt; sie läuft in {wait} ab. Zieh sie mit /tpacancel zurück.',
  'tpa.accepted': 'Du hast die Teleport-Anfrage von {player} angenommen.',
  'tpa.accepted-yours': '{player} hat deine Teleport-Anfrage angenommen.',
  'tpa.moved': 'Du hast dich zu {player} teleportiert.',
  'tpa.came': '{player} hat sich zu dir teleportiert.',
  'tpa.asks-to-come': '{player} möchte sich zu dir teleportieren.',
  'tpa.asks-you': '{player} möchte dich zu sich teleportieren.',
  'tpa.denied': 'Du hast die Teleport-Anfrage von {player} abgelehnt.',
  'tpa.cancelled': 'Du hast deine Teleport-Anfrage an {players} zurückgezogen.',
  'tpa.cancelled-many': 'Du hast deine Teleport-Anfragen an {players} zurückgezogen.',
  'tpa.buttons':
    '<click:run:/tpaccept {player}><hover:/tpaccept {player}>&a&l[Annehmen]</hover></click> <click:run:/tpdeny {player}><hover:/tpdeny {player}>&c&l[Ablehnen]</hover></click> &7(klicke, oder tippe /tpaccept oder /tpdeny; läuft in {wait} ab)',
};
