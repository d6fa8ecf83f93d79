// The player warps' rows of the route table. A write names the player it is performed as: the
// path player for creation, `actor` in the body for the others (spec, rule for writes 4).

import { Type } from '@sinclair/typebox';
import { LocationInput } from '../../core/values/location.ts';
import { defineRoute, EXAMPLE_PLAYERS } from '../../core/kernel/routes.ts';
import { Limit, Page, PlayerUuid, UuidParams } from '../../core/values/schemas.ts';
import { OwnedPlayerWarps, PlayerWarp, PlayerWarpPage, WarpName } from './playerwarps.schemas.ts';

const NameParams = Type.Object({ name: WarpName }, { additionalProperties: false });
/** `actor`: the player the action is performed as (owner, manager, or a holder of core.pwarp.admin). */
const Actor = { actor: PlayerUuid };
const ActorBody = Type.Object(Actor, { additionalProperties: false });

export const PLAYERWARPS_ROUTES = [
  defineRoute({
    method: 'GET',
    path: '/playerwarps',
    scope: 'read',
    module: 'playerwarps',
    query: Type.Object({ page: Page, limit: Limit }, { additionalProperties: false }),
    answer: PlayerWarpPage,
    summary: 'The public listing: active public warps, most visited first, then by name; one page',
    call: (api, { query }) => api.playerwarps.list(query.page, query.limit),
  }),
  defineRoute({
    method: 'GET',
    path: '/playerwarps/:name',
    scope: 'read',
    module: 'playerwarps',
    params: NameParams,
    answer: PlayerWarp,
    summary: 'One player warp, archived or private ones included',
    example: { needs: 'POST /players/:uuid/playerwarps', params: { name: 'shop' } },
    call: (api, { params }) => api.playerwarps.get(params.name),
  }),
  defineRoute({
    method: 'GET',
    path: '/players/:uuid/playerwarps',
    scope: 'read',
    module: 'playerwarps',
    params: UuidParams,
    answer: OwnedPlayerWarps,
    summary: 'The warps a player owns (archived included), the count and the limit',
    example: { needs: 'POST /players/:uuid/playerwarps' },
    call: (api, { params }) => api.playerwarps.owned(params.uuid),
  }),
  defineRoute({
    method: 'POST',
    path: '/players/:uuid/playerwarps',
    scope: 'write',
    module: 'playerwarps',
    params: UuidParams,
    body: Type.Object({ name: WarpName, location: LocationInput }, { additionalProperties: false }),
    answer: PlayerWarp,
    summary: 'Creates a warp owned by the path player, charged to their limit',
    example: { body: { name: 'shop', location: { world: 'world', x: 12.5, y: 70, z: -3.5 } } },
    call: (api, { params, body, actor }) => api.playerwarps.create(params.uuid, body.name, body.location, actor),
  }),
  defineRoute({
    method: 'POST',
    path: '/playerwarps/:name/relocate',
    scope: 'write',
    module: 'playerwarps',
    params: NameParams,
    body: Type.Object({ ...Actor, location: LocationInput }, { additionalProperties: false }),
    answer: PlayerWarp,
    summary: 'Moves a warp (owner or manager)',
    example: { params: { name: 'shop' }, body: { actor: EXAMPLE_PLAYERS.steve.uuid, location: { world: 'world', x: 14.5, y: 70, z: -3.5 } } },
    call: (api, { params, body, actor }) => api.playerwarps.relocate(params.name, body.actor, body.location, actor),
  }),
  defineRoute({
    method: 'POST',
    path: '/playerwarps/:name/rename',
    scope: 'write',
    module: 'playerwarps',
    params: NameParams,
    body: Type.Object({ ...Actor, 'new-name': WarpName }, { additionalProperties: false }),
    answer: PlayerWarp,
    summary: 'Renames a warp (owner or manager); the old name is free again',
    example: { params: { name: 'shop' }, body: { actor: EXAMPLE_PLAYERS.steve.uuid, 'new-name': 'market' } },
    call: (api, { params, body, actor }) => api.playerwarps.rename(params.name, body.actor, body['new-name'], actor),
  }),
  defineRoute({
    method: 'POST',
    path: '/playerwarps/:name/archive',
    scope: 'write',
    module: 'playerwarps',
    params: NameParams,
    body: ActorBody,
    answer: PlayerWarp,
    summary: 'Archives a warp (owner or manager): it leaves the listing and nobody can travel to it',
    example: { params: { name: 'market' }, body: { actor: EXAMPLE_PLAYERS.steve.uuid } },
    call: (api, { params, body, actor }) => api.playerwarps.archive(params.name, body.actor, actor),
  }),
  defineRoute({
    method: 'POST',
    path: '/playerwarps/:name/restore',
    scope: 'write',
    module: 'playerwarps',
    params: NameParams,
    body: ActorBody,
    answer: PlayerWarp,
    summary: 'Restores an archived warp (owner or manager)',
    example: { params: { name: 'market' }, body: { actor: EXAMPLE_PLAYERS.steve.uuid } },
    call: (api, { params, body, actor }) => api.playerwarps.restore(params.name, body.actor, actor),
  }),
  defineRoute({
    method: 'POST',
    path: '/playerwarps/:name/delete',
    scope: 'write',
    module: 'playerwarps',
    params: NameParams,
    body: ActorBody,
    answer: PlayerWarp,
    summary: 'Deletes a warp (owner only) with its whitelist, bans, earnings and history; answers it as it was',
    example: { params: { name: 'market' }, body: { actor: EXAMPLE_PLAYERS.steve.uuid } },
    call: (api, { params, body, actor }) => api.playerwarps.delete(params.name, body.actor, actor),
  }),
];
