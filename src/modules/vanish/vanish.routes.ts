// The vanish rows of the route table.

import { defineRoute } from '../../core/kernel/routes.ts';
import { UuidParams } from '../../core/values/schemas.ts';
import { VanishBody, VanishList, VanishQuery, VanishStatus } from './vanish.schemas.ts';

export const VANISH_ROUTES = [
  defineRoute({
    method: 'GET',
    path: '/players/:uuid/vanish',
    scope: 'read',
    module: 'vanish',
    params: UuidParams,
    query: VanishQuery,
    answer: VanishStatus,
    summary: 'Whether a player is vanished and their level; with viewer, whether that player may see them',
    description:
      'visible-to-viewer is null without the viewer query. A viewer the server has never seen is declined with not-found; a malformed one is 400 with field viewer.',
    call: (api, { params, query }) => api.vanish.status(params.uuid, query.viewer ?? null),
  }),
  defineRoute({
    method: 'GET',
    path: '/vanish',
    scope: 'read',
    module: 'vanish',
    answer: VanishList,
    summary: 'Every vanished player, online or not',
    call: (api) => api.vanish.list(),
  }),
  defineRoute({
    method: 'POST',
    path: '/players/:uuid/vanish',
    scope: 'write',
    module: 'vanish',
    params: UuidParams,
    body: VanishBody,
    answer: VanishStatus,
    summary: 'Vanishes a player (vanished, default true) or shows them again (false)',
    description:
      'Works for an offline player too: the vanish is stored and hides them from when they join. Asking for the state the player is already in is declined with already-in-state. Emits vanish.toggle.',
    call: (api, { params, body, actor }) => api.vanish.set(params.uuid, body.vanished ?? true, actor),
  }),
];
