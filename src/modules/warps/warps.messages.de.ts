// What players read of the warps, in German (./warps.messages.ts has the English and the keys).

import type { Translation } from '../../core/messages/catalogue.ts';
import type { WARPS_EN } from './warps.messages.ts';

export const WARPS_DE: Translation<typeof WARPS_EN> = {
  'warps.unknown': 'Es gibt keinen Warp „{warp}“. Tippe /warps, um die Warps zu sehen.',
  'warps.exists': 'Es gibt schon einen Warp „{warp}“: Verschiebe ihn mit /movewarp {warp} oder wähle einen anderen Namen.',
  'warps.denied': 'Du darfst den Warp „{warp}“ nicht benutzen: Er braucht die Berechtigung {permission}.',
  'warps.denied-other': '{player} darf den Warp „{warp}“ nicht benutzen: Er braucht die Berechtigung {permission}.',
  'warps.offline-other': '{player} ist nicht online.',
  'warps.location-unknown': 'Deine Position ist noch nicht bekannt: Versuche es gleich noch einmal.',
  'warps.warped': 'Du bist zum Warp {warp} gereist.',
  'warps.rated': 'Du hast den Warp {warp} mit {stars}/5 bewertet. Seine Bewertung ist jetzt {rating}.',
  'warps.created': 'Du hast den Warp {warp} an deiner Position erstellt.',
  'warps.created-for': 'Du hast den Warp {warp} an deiner Position erstellt, für alle mit {permission}.',
  'warps.moved': 'Du hast den Warp {warp} an deine Position verschoben.',
  'warps.deleted': 'Du hast den Warp {warp} gelöscht.',
  'warps.list': 'Warps ({count}):',
  'warps.none': 'Es gibt keine Warps.',
  'warps.row': '{warp}: {rating}',
  'warps.row-permission': '{warp}: {rating} [{permission}]',
  'warps.rating': '{average}/5 aus {count} Bewertungen',
  'warps.rating-one': '{average}/5 aus 1 Bewertung',
  'warps.not-rated': 'noch nicht bewertet',
};
