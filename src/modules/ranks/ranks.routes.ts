// The ranks' rows of the route table.

import { defineRoute } from '../../core/kernel/routes.ts';
import { UuidParams } from '../../core/values/schemas.ts';
import { Ladder, RankChange, RankStatus, SetRankBody } from './ranks.schemas.ts';

export const RANKS_ROUTES = [
  defineRoute({
    method: 'GET',
    path: '/ranks',
    scope: 'read',
    module: 'ranks',
    answer: Ladder,
    summary: 'The rank ladder, in order',
    call: (api) => api.ranks.ladder(),
  }),
  defineRoute({
    method: 'GET',
    path: '/players/:uuid/rank',
    scope: 'read',
    module: 'ranks',
    params: UuidParams,
    answer: RankStatus,
    summary: "A player's standing (null when the ladder holds nothing for them), the rung above, and whether a rankup would pass now",
    description: 'can-rank-up is false for an offline player; reason says why.',
    call: (api, { params }) => api.ranks.status(params.uuid),
  }),
  defineRoute({
    method: 'POST',
    path: '/players/:uuid/rank/rankup',
    scope: 'write',
    module: 'ranks',
    params: UuidParams,
    answer: RankChange,
    summary: 'One rung up, charging its cost and checking its requirements as /rankup does',
    description:
      'player-offline for an offline player; refused at the top or with a requirement unmet; insufficient-funds when the cost is not in the wallet; failed when the rung’s permission group is not defined.',
    call: (api, { params, actor }) => api.ranks.rankup(params.uuid, actor),
  }),
  defineRoute({
    method: 'POST',
    path: '/players/:uuid/rank/prestige',
    scope: 'write',
    module: 'ranks',
    params: UuidParams,
    answer: RankChange,
    summary: 'From the top rung back to the first, one prestige more, charging prestige-cost as /prestige does',
    description: 'player-offline for an offline player; refused below the top or at max-prestige; insufficient-funds when the cost is not in the wallet.',
    example: {
      needs: 'POST /players/:uuid/rank/set',
      before: [
        {
          text: 'A prestige costs 10,000 coins on a default server (prestige-cost in ranks.conf): Steve is given them first.',
          shell: [`curl -s -X POST -H "Authorization: Bearer $TOKEN" -H 'Content-Type: application/json' -d '{"amount":10000}' "$CORE/players/$UUID/balance/deposit"`],
        },
      ],
    },
    call: (api, { params, actor }) => api.ranks.prestige(params.uuid, actor),
  }),
  defineRoute({
    method: 'POST',
    path: '/players/:uuid/rank/set',
    scope: 'write',
    module: 'ranks',
    params: UuidParams,
    body: SetRankBody,
    answer: RankChange,
    summary: 'Puts a player (online or not) on a rung, without cost or requirements',
    description: 'not-found for a rank not in ranks.conf; already-in-state when the player is on it; failed when its permission group is not defined.',
    example: { body: { rank: 'veteran' } },
    call: (api, { params, body, actor }) => api.ranks.set(params.uuid, body.rank, actor),
  }),
];
