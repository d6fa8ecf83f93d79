// The warps' rows of the route table.

import { defineRoute } from '../../core/kernel/routes.ts';
import { CreateWarpBody, MoveWarpBody, Warp, WarpList, WarpListQuery, WarpParams } from './warps.schemas.ts';

export const WARPS_ROUTES = [
  defineRoute({
    method: 'GET',
    path: '/warps',
    scope: 'read',
    module: 'warps',
    query: WarpListQuery,
    answer: WarpList,
    summary: 'Every warp, or those the player named by visible-to may see',
    description: 'A warp with a permission is visible only to players holding that node. visible-to naming a player never seen: not-found.',
    call: (api, { query }) => api.warps.list(query['visible-to']),
  }),
  defineRoute({
    method: 'GET',
    path: '/warps/:name',
    scope: 'read',
    module: 'warps',
    params: WarpParams,
    answer: Warp,
    summary: 'One warp with its average rating (not-found when there is none of that name)',
    example: { needs: 'POST /warps/:name/create' },
    call: (api, { params }) => api.warps.get(params.name),
  }),
  defineRoute({
    method: 'POST',
    path: '/warps/:name/create',
    scope: 'write',
    module: 'warps',
    params: WarpParams,
    body: CreateWarpBody,
    answer: Warp,
    summary: 'Creates a warp (already-exists when the name is taken)',
    description: 'permission (optional, default null) is the node a player needs to see and use it; null: everyone may.',
    call: (api, { params, body, actor }) => api.warps.create(params.name, body.location, actor, body.permission),
  }),
  defineRoute({
    method: 'POST',
    path: '/warps/:name/move',
    scope: 'write',
    module: 'warps',
    params: WarpParams,
    body: MoveWarpBody,
    answer: Warp,
    summary: 'Moves a warp (not-found when there is none of that name)',
    call: (api, { params, body, actor }) => api.warps.move(params.name, body.location, actor),
  }),
  defineRoute({
    method: 'POST',
    path: '/warps/:name/delete',
    scope: 'write',
    module: 'warps',
    params: WarpParams,
    answer: Warp,
    summary: 'Deletes a warp and its ratings; answers it as it was',
    call: (api, { params, actor }) => api.warps.delete(params.name, actor),
  }),
];
