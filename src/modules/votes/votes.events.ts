// The votes' events: every one of the spec's vote context.

import { Type } from '@sinclair/typebox';
import { defineEvents, eventPayload, PlayerFields, type PayloadsOf } from '../../core/kernel/events.ts';

export const VOTE_EVENTS = defineEvents({
  'vote.receive': eventPayload(
    {
      ...PlayerFields,
      service: Type.String({ description: 'The vote list (NuVotifier serviceName), or core-rest/<label> for the route, or console.' }),
      votes: Type.Integer({ minimum: 1, description: 'How many votes this counted.' }),
      'reward-given': Type.Boolean({ description: 'True when the reward was given now; false when it waits for the player to join (or there is none).' }),
    },
    'Votes were counted for a player.',
  ),
  'vote.party': eventPayload(
    {
      goal: Type.Integer({ minimum: 1, description: 'The goal reached.' }),
      parties: Type.Integer({ minimum: 1, description: 'Parties held so far, this one included.' }),
      'players-rewarded': Type.Integer({ minimum: 0, description: 'Players online who got the party reward.' }),
    },
    'The vote party reached its goal: every player online was rewarded and the count started again.',
  ),
});

declare module '../../core/kernel/events.ts' {
  interface EventPayloads extends PayloadsOf<typeof VOTE_EVENTS> {}
}
