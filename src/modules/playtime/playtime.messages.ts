// What players read of the playtime, in English; the German is in ./playtime.messages.de.ts.
// Operators override any of it in data/core/messages/<language>.conf (docs/messages.md).

import { defineMessages } from '../../core/messages/catalogue.ts';
import { PLAYTIME_DE } from './playtime.messages.de.ts';

export const PLAYTIME_EN = {
  error: {
    'playtime.console': 'Name a player: the console has no playtime.',
    'playtime.others-denied': 'You may not see the playtime of other players ({permission}).',
  },
  info: {
    'playtime.own': 'You have played {total}: {active} active, {away} away (AFK), in {sessions}.',
    'playtime.other': '{player} has played {total}: {active} active, {away} away (AFK), in {sessions}.',
    'playtime.session': 'You have been online for {time} this session.',
    'playtime.session-other': '{player} has been online for {time} this session.',
    'playtime.top': 'Most active time played (top {count}):',
    'playtime.top-empty': 'Nobody has played yet.',
  },
  plain: {
    'playtime.sessions': '{count} sessions',
    'playtime.one-session': '1 session',
    'playtime.top-row': '{rank}. {player}: {active} active ({total} in all)',
    'playtime.time': '{time}',
  },
} as const;

export const PLAYTIME_MESSAGES = defineMessages('playtime', PLAYTIME_EN, { de: PLAYTIME_DE });
export const { msg } = PLAYTIME_MESSAGES;
