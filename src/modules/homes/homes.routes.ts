// The homes' rows of the route table.

import { defineRoute } from '../../core/routes.ts';
import { UuidParams } from '../../core/schemas.ts';
import { DeletedHome, Home, HomeList, HomeParams, LocationBody, RenameBody } from './homes.schemas.ts';

export const HOMES_ROUTES = [
  defineRoute({
    method: 'GET',
    path: '/players/:uuid/homes',
    scope: 'read',
    module: 'homes',
    params: UuidParams,
    answer: HomeList,
    summary: "A player's homes, how many they have and their limit",
    call: (api, { params }) => api.homes.list(params.uuid),
  }),
  defineRoute({
    method: 'GET',
    path: '/players/:uuid/homes/:slot',
    scope: 'read',
    module: 'homes',
    params: HomeParams,
    answer: Home,
    summary: 'One home; 404 when the slot is empty',
    notFoundIs404: true,
    call: (api, { params }) => api.homes.get(params.uuid, params.slot),
  }),
  defineRoute({
    method: 'POST',
    path: '/players/:uuid/homes/:slot/set',
    scope: 'write',
    module: 'homes',
    params: HomeParams,
    body: LocationBody,
    answer: Home,
    summary: 'Writes a home slot, occupied or not',
    description: 'A slot beyond the player’s limit is declined with refused (and home.limit-reached is emitted).',
    call: (api, { params, body, actor }) => api.homes.set(params.uuid, params.slot, body.location, actor),
  }),
  defineRoute({
    method: 'POST',
    path: '/players/:uuid/homes/:slot/move',
    scope: 'write',
    module: 'homes',
    params: HomeParams,
    body: LocationBody,
    answer: Home,
    summary: 'Relocates a home; declined with not-found when the slot is empty',
    call: (api, { params, body, actor }) => api.homes.move(params.uuid, params.slot, body.location, actor),
  }),
  defineRoute({
    method: 'POST',
    path: '/players/:uuid/homes/:slot/rename',
    scope: 'write',
    module: 'homes',
    params: HomeParams,
    body: RenameBody,
    answer: Home,
    summary: 'Labels a home (null removes the label)',
    description: 'not-found when the slot is empty; already-exists when another home of the player has that label.',
    call: (api, { params, body, actor }) => api.homes.rename(params.uuid, params.slot, body.label, actor),
  }),
  defineRoute({
    method: 'POST',
    path: '/players/:uuid/homes/:slot/delete',
    scope: 'write',
    module: 'homes',
    params: HomeParams,
    answer: DeletedHome,
    summary: 'Empties a home slot (an empty slot answers deleted: false)',
    call: (api, { params, actor }) => api.homes.delete(params.uuid, params.slot, actor),
  }),
];
