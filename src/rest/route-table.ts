// The service's own row (`GET /status`) and the add-on's path prefix. The route contract itself
// (defineRoute and the row types) belongs to the kernel (src/core/kernel/routes.ts), so that modules declare
// their rows without importing the add-on; the rows are gathered in ./routes.ts.

import { Type, type Static } from '@sinclair/typebox';
import { defineRoute } from '../core/kernel/routes.ts';
import { ok } from '../core/kernel/result.ts';

export const API_VERSION = 'v1';
export const API_PREFIX = '/api/v1';

export const StatusAnswer = Type.Object(
  {
    version: Type.String({ description: 'The version of Core and this service.' }),
    'api-version': Type.Literal(API_VERSION, { description: 'The API version, the path prefix.' }),
    'modules-on': Type.Array(Type.String(), { description: 'The modules switched on, by name.' }),
  },
  { additionalProperties: false },
);
export type StatusAnswer = Static<typeof StatusAnswer>;

export const statusRoute = defineRoute({
  method: 'GET',
  path: '/status',
  scope: 'read',
  module: null,
  answer: StatusAnswer,
  summary: 'The service version, the API version and which modules are on',
  call: (api) => ok({ version: api.version, 'api-version': API_VERSION, 'modules-on': api.modulesOn() }),
});
