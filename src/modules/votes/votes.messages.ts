// What players read of the votes, in English; the German is in ./votes.messages.de.ts. Operators
// override any of it in data/core/messages/<language>.conf (docs/messages.md).

import { defineMessages } from '../../core/messages/catalogue.ts';
import { VOTES_DE } from './votes.messages.de.ts';

export const VOTES_EN = {
  success: {
    // A vote from a vote list names the list; one counted by the route or a command does not.
    'votes.thanks-on': 'Thank you for voting on {service}!',
    'votes.thanks-on-reward': 'Thank you for voting on {service}! You received {amount}.',
    'votes.thanks': 'Thank you for voting!',
    'votes.thanks-reward': 'Thank you for voting! You received {amount}.',
    'votes.thanks-many': 'Thank you for your {votes} votes!',
    'votes.thanks-many-reward': 'Thank you for your {votes} votes! You received {amount}.',
    'votes.reward-away': 'You received {amount} for voting while you were away.',
    'votes.reward-party': 'You received {amount} from a vote party.',
  },
  info: {
    'votes.party': 'Vote party! The server reached {goal} votes: everyone online is rewarded.',
    'votes.no-sites': 'No vote sites are set up.',
    'votes.sites': 'Vote for this server:',
    'votes.totals': 'Your votes: {all} in all, {month} this month, {week} this week, {today} today.',
    'votes.party-state': 'Vote party: {progress}/{goal} votes ({remaining} to go).',
    'votes.top': 'Most votes ({period}):',
    'votes.top-empty': 'Nobody has voted ({period}).',
  },
  plain: {
    'votes.top-row': '{rank}. {player}: {votes} votes',
    'votes.top-row-one': '{rank}. {player}: 1 vote',
    'votes.all-time': 'all-time',
    'votes.monthly': 'monthly',
    'votes.weekly': 'weekly',
    'votes.daily': 'daily',
  },
} as const;

export const VOTES_MESSAGES = defineMessages('votes', VOTES_EN, { de: VOTES_DE });
export const { msg } = VOTES_MESSAGES;
