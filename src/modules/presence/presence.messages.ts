// What players read of the presence (the away flag), in English; the German is in
// ./presence.messages.de.ts. Operators override any of it in data/core/messages/<language>.conf
// (docs/messages.md).

import { defineMessages } from '../../core/messages/catalogue.ts';
import { PRESENCE_DE } from './presence.messages.de.ts';

export const PRESENCE_EN = {
  error: {
    'presence.offline-other': '{player} is not online: only a player in the game can be away.',
    'presence.console': 'Name a player: the console is never away. Type afk <player> [reason].',
  },
  info: {
    'presence.away': 'You are now AFK. Move or type /afk to come back.',
    'presence.away-reason': 'You are now AFK ({reason}). Move or type /afk to come back.',
    'presence.back': 'You are no longer AFK.',
    'presence.away-other': '{player} is now AFK.',
    'presence.away-reason-other': '{player} is now AFK ({reason}).',
    'presence.back-other': '{player} is no longer AFK.',
  },
} as const;

export const PRESENCE_MESSAGES = defineMessages('presence', PRESENCE_EN, { de: PRESENCE_DE });
export const { msg } = PRESENCE_MESSAGES;
