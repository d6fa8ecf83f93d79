// The worlds' rows of the route table.

import { defineRoute } from '../../core/kernel/routes.ts';
import { AccessQuery, UnloadBody, World, WorldAccess, WorldList, WorldParams } from './worlds.schemas.ts';

export const WORLDS_ROUTES = [
  defineRoute({
    method: 'GET',
    path: '/worlds',
    scope: 'read',
    module: 'worlds',
    answer: WorldList,
    summary: 'Every managed world, with its settings',
    description: 'The server’s own worlds (world, world_nether) are managed, and listed, from its first start; created, imported and adopted worlds follow.',
    example: {
      before: [
        {
          text: 'Make a managed world of your own first, at the server console: a flat world named `arena`.',
          console: [{ types: 'world create arena flat', reply: 'World arena created …' }],
        },
      ],
    },
    call: (api) => api.worlds.list(),
  }),
  defineRoute({
    method: 'GET',
    path: '/worlds/:name',
    scope: 'read',
    module: 'worlds',
    params: WorldParams,
    answer: World,
    summary: 'One managed world (declined with not-found when it is not managed)',
    example: { params: { name: 'arena' } },
    call: (api, { params }) => api.worlds.get(params.name),
  }),
  defineRoute({
    method: 'GET',
    path: '/worlds/:name/access',
    scope: 'read',
    module: 'worlds',
    params: WorldParams,
    query: AccessQuery,
    answer: WorldAccess,
    summary: 'Whether a player may enter a managed world now, and why not',
    description: 'not-found when the world is not managed or the player was never seen. A world that is not loaded cannot be entered (reason not-loaded).',
    example: { params: { name: 'arena' } },
    call: (api, { params, query }) => api.worlds.access(params.name, query.player),
  }),
  defineRoute({
    method: 'POST',
    path: '/worlds/:name/load',
    scope: 'write',
    module: 'worlds',
    params: WorldParams,
    answer: World,
    summary: 'Loads a managed world',
    description: 'already-in-state when it is loaded; not-found when it is not managed (a folder on disk is imported in game first).',
    example: { needs: 'POST /worlds/:name/unload', params: { name: 'arena' } },
    call: (api, { params, actor }) => api.worlds.load(params.name, actor),
  }),
  defineRoute({
    method: 'POST',
    path: '/worlds/:name/unload',
    scope: 'write',
    module: 'worlds',
    params: WorldParams,
    body: UnloadBody,
    answer: World,
    summary: 'Unloads a managed world; its players are moved to the default world’s spawn first',
    description:
      'save (default true): false drops the chunk changes not yet written. already-in-state when it is not loaded; refused for a built-in world (the default world, the nether).',
    example: { params: { name: 'arena' }, body: { save: true } },
    call: (api, { params, body, actor }) => api.worlds.unload(params.name, body.save ?? true, actor),
  }),
];
