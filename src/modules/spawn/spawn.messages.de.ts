// What players read of the spawn, in German (./spawn.messages.ts has the English and the keys).

import type { Translation } from '../../core/messages/catalogue.ts';
import type { SPAWN_EN } from './spawn.messages.ts';

export const SPAWN_DE: Translation<typeof SPAWN_EN> = {
  'spawn.console': 'Nenne einen Spieler: Die Konsole hat keinen Ort zu verlassen. Gib /spawn <Spieler> ein.',
  'spawn.others-denied': 'Du darfst andere Spieler nicht zum Spawn schicken (core.spawn.others).',
  'spawn.location-unknown': 'Deine Position ist noch nicht bekannt: Versuche es gleich noch einmal.',
  'spawn.none-set': 'Die Welt {world} hat keinen gesetzten Spawn, also wurde nichts entfernt.',
  'spawn.no-first-join': 'Es ist kein Spawn für den ersten Besuch gesetzt, also wurde nichts entfernt.',
  'spawn.name-world': 'Nenne die Welt, deren Spawn entfernt werden soll, oder first-join: /delspawn <Welt|first-join>.',
  'spawn.welcome': 'Willkommen am Spawn von {world}.',
  'spawn.sent': 'Du hast {player} zum Spawn von {world} geschickt.',
  'spawn.set': 'Du hast den Spawn von {world} bei {place} gesetzt: /spawn führt dorthin, und wer in {world} stirbt, erscheint dort wieder.',
  'spawn.set-first-join': 'Du hast den Spawn für den ersten Besuch bei {place} gesetzt: Neue Spieler beginnen dort.',
  'spawn.deleted': 'Du hast den Spawn von {world} entfernt: Der eigene Spawnpunkt der Welt ist wieder ihr Spawn.',
  'spawn.deleted-first-join': 'Du hast den Spawn für den ersten Besuch entfernt: Neue Spieler beginnen am Spawn von {world}.',
  'spawn.sent-you': '{player} hat dich zum Spawn von {world} geschickt.',
  'spawn.sent-you-console': 'Du wurdest zum Spawn von {world} geschickt.',
};
