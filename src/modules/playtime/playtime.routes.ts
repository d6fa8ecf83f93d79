// The playtime's row of the route table.

import { defineRoute } from '../../core/kernel/routes.ts';
import { UuidParams } from '../../core/values/schemas.ts';
import { Playtime } from './playtime.schemas.ts';

export const PLAYTIME_ROUTES = [
  defineRoute({
    method: 'GET',
    path: '/players/:uuid/playtime',
    scope: 'read',
    module: 'playtime',
    params: UuidParams,
    answer: Playtime,
    summary: 'Time a player has played: in all, active and away (AFK), and this session',
    description:
      'Counted across sessions and restarts; the current session is included up to now. A player never seen is declined with not-found; one seen before playtime counted answers zeros.',
    call: (api, { params }) => api.playtime.get(params.uuid),
  }),
];
