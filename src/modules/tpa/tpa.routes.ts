// The teleport requests' row of the route table.

import { defineRoute } from '../../core/kernel/routes.ts';
import { UuidParams } from '../../core/values/schemas.ts';
import { TeleportRequestList } from './tpa.schemas.ts';

export const TPA_ROUTES = [
  defineRoute({
    method: 'GET',
    path: '/players/:uuid/teleport-requests',
    scope: 'read',
    module: 'tpa',
    params: UuidParams,
    answer: TeleportRequestList,
    summary: 'The teleport requests a player received (incoming) and sent (outgoing), newest first',
    description: 'Requests live while both players are online and until they expire; an offline player has none. Declined with not-found for a player who never joined.',
    call: (api, { params }) => api.tpa.requests(params.uuid),
  }),
];
