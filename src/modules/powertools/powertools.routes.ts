// The powertools' rows of the route table: reads only (no route writes to powertools).

import { defineRoute } from '../../core/kernel/routes.ts';
import { UuidParams } from '../../core/values/schemas.ts';
import { MaybePowertool, PowertoolList } from './powertools.schemas.ts';

export const POWERTOOLS_ROUTES = [
  defineRoute({
    method: 'GET',
    path: '/players/:uuid/powertools',
    scope: 'read',
    module: 'powertools',
    params: UuidParams,
    answer: PowertoolList,
    summary: 'The bound items the player carries, in slot order; empty for an offline player',
    description:
      'A command is bound to a material: each inventory slot (0-35) holding an item of a bound material is listed. A player never seen: not-found.',
    call: (api, { params }) => api.powertools.list(params.uuid),
  }),
  defineRoute({
    method: 'GET',
    path: '/players/:uuid/powertools/held',
    scope: 'read',
    module: 'powertools',
    params: UuidParams,
    answer: MaybePowertool,
    summary: 'What the main-hand item runs, or null in data (not 404); null for an offline player',
    example: { answer: { ok: true, data: null }, otherwise: 'Steve holds no item with a command bound to it (`/powertool <command>` in game binds one to the item in hand). When he does, the answer is:' },
    call: (api, { params }) => api.powertools.held(params.uuid),
  }),
];
