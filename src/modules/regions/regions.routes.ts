// The regions' rows of the route table. None writes: regions are defined in game.

import { Type } from '@sinclair/typebox';
import { defineRoute, EXAMPLE_PLAYERS } from '../../core/kernel/routes.ts';
import { ok } from '../../core/kernel/result.ts';
import { PointQuery, Region, RegionList, RegionParams, RegionSupport, WorldRegionsParams } from './regions.schemas.ts';

export const REGIONS_ROUTES = [
  defineRoute({
    method: 'GET',
    path: '/regions',
    scope: 'read',
    // Answers while the module is off too: that is the question it answers.
    module: null,
    answer: RegionSupport,
    summary: 'Whether region support is installed (the regions module is on)',
    call: (api) => ok({ installed: api.modulesOn().includes('regions') }),
  }),
  defineRoute({
    method: 'GET',
    path: '/worlds/:name/regions',
    scope: 'read',
    module: 'regions',
    params: WorldRegionsParams,
    query: PointQuery,
    answer: RegionList,
    summary: 'Every region of a world, or with x, y and z those covering that point; highest priority first',
    description: 'A partial point (one or two of x, y, z) is 400 naming the missing coordinate. A world the server does not have (and no region names) is declined with not-found.',
    example: {
      before: [
        {
          text: 'Regions are drawn in game: Steve (an admin) marks both corners where he stands and defines the region `plaza` in the world `world`.',
          chat: [
            { player: EXAMPLE_PLAYERS.steve.name, types: '/region pos1', reply: 'Corner 1 set at world …' },
            { player: EXAMPLE_PLAYERS.steve.name, types: '/region pos2', reply: 'Corner 2 set at world …' },
            { player: EXAMPLE_PLAYERS.steve.name, types: '/region define plaza', reply: 'Region plaza defined in world …' },
          ],
        },
      ],
      params: { name: 'world' },
    },
    call: (api, { params, query }) => api.regions.list(params.name, query),
  }),
  defineRoute({
    method: 'GET',
    path: '/worlds/:name/regions/:id',
    scope: 'read',
    module: 'regions',
    params: RegionParams,
    answer: Type.Union([Region, Type.Null()]),
    summary: 'One region, or null in data when the world has none with that id',
    example: { params: { name: 'world', id: 'plaza' } },
    call: (api, { params }) => api.regions.get(params.name, params.id),
  }),
];
