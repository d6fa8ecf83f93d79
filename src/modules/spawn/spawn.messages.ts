// What players read of the spawn, in English; the German is in ./spawn.messages.de.ts. Operators
// override any of it in data/core/messages/<language>.conf (docs/messages.md).

import { defineMessages } from '../../core/messages/catalogue.ts';
import { SPAWN_DE } from './spawn.messages.de.ts';

export const SPAWN_EN = {
  error: {
    'spawn.console': 'Name a player: the console has no place to leave. Type /spawn <player>.',
    'spawn.others-denied': 'You may not send other players to the spawn (core.spawn.others).',
    'spawn.location-unknown': 'Your location is not known yet: try again in a moment.',
    'spawn.none-set': 'The world {world} has no spawn set, so nothing was removed.',
    'spawn.no-first-join': 'No first-join spawn is set, so nothing was removed.',
    'spawn.name-world': 'Name the world whose spawn to remove, or first-join: /delspawn <world|first-join>.',
  },
  success: {
    'spawn.welcome': 'Welcome to the spawn of {world}.',
    'spawn.sent': 'You sent {player} to the spawn of {world}.',
    'spawn.set': 'You set the spawn of {world} at {place}: /spawn leads there, and players who die in {world} respawn there.',
    'spawn.set-first-join': 'You set the first-join spawn at {place}: players new to the server start there.',
    'spawn.deleted': "You removed the spawn of {world}: the world's own spawn point is its spawn again.",
    'spawn.deleted-first-join': 'You removed the first-join spawn: new players start at the spawn of {world}.',
  },
  info: {
    'spawn.sent-you': '{player} sent you to the spawn of {world}.',
    'spawn.sent-you-console': 'You were sent to the spawn of {world}.',
  },
} as const;

export const SPAWN_MESSAGES = defineMessages('spawn', SPAWN_EN, { de: SPAWN_DE });
export const { msg } = SPAWN_MESSAGES;
