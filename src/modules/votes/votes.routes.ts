// The votes' rows of the route table.

import { defineRoute } from '../../core/kernel/routes.ts';
import { UuidParams } from '../../core/values/schemas.ts';
import { AddVotesBody, PartyBody, PlayerVotes, TopQuery, VoteParty, VoteTop } from './votes.schemas.ts';

export const VOTES_ROUTES = [
  defineRoute({
    method: 'GET',
    path: '/vote/top',
    scope: 'read',
    module: 'votes',
    query: TopQuery,
    answer: VoteTop,
    summary: 'The vote leaderboard of a period (default all-time), most votes first',
    call: (api, { query }) => api.votes.top(query.period ?? 'all-time', query.limit),
  }),
  defineRoute({
    method: 'GET',
    path: '/vote/party',
    scope: 'read',
    module: 'votes',
    answer: VoteParty,
    summary: 'The vote party: votes counted towards the goal, the goal, and parties held',
    call: (api) => api.votes.party(),
  }),
  defineRoute({
    method: 'POST',
    path: '/vote/party',
    scope: 'write',
    module: 'votes',
    body: PartyBody,
    answer: VoteParty,
    summary: 'Adds votes to the party only (no player’s total); reaching the goal holds the party',
    description: 'Reaching the goal rewards every player online (vote.party) and the count starts again with what was left over.',
    call: (api, { body, actor }) => api.votes.addParty(body.votes ?? 1, actor),
  }),
  defineRoute({
    method: 'GET',
    path: '/players/:uuid/votes',
    scope: 'read',
    module: 'votes',
    params: UuidParams,
    answer: PlayerVotes,
    summary: "A player's vote totals by period and the rewards waiting for them",
    description: 'A player never seen is declined with not-found.',
    call: (api, { params }) => api.votes.get(params.uuid),
  }),
  defineRoute({
    method: 'POST',
    path: '/players/:uuid/votes',
    scope: 'write',
    module: 'votes',
    params: UuidParams,
    body: AddVotesBody,
    answer: PlayerVotes,
    summary: 'Counts votes for a player, as if from a vote list (rewards, party)',
    description:
      'The reward is given at once when the player is online, else it waits for their next join. The service recorded is core-rest/<label>. A player never seen is declined with not-found.',
    call: (api, { params, body, actor }) => api.votes.add(params.uuid, body.amount ?? 1, actor),
  }),
];
