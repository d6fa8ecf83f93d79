// The security factors' rows of the route table. No route enrols or clears a factor.

import { defineRoute } from '../../core/kernel/routes.ts';
import { UuidParams } from '../../core/values/schemas.ts';
import { Forced, Security, Unlocked } from './security.schemas.ts';

export const SECURITY_ROUTES = [
  defineRoute({
    method: 'GET',
    path: '/players/:uuid/security',
    scope: 'read',
    module: 'security',
    params: UuidParams,
    answer: Security,
    summary: 'Factors on file (without material), trusted devices and lockout state',
    call: (api, { params }) => api.security.status(params.uuid),
  }),
  defineRoute({
    method: 'POST',
    path: '/players/:uuid/security/unlock',
    scope: 'write',
    module: 'security',
    params: UuidParams,
    answer: Unlocked,
    summary: 'Ends a lockout early (and clears the count of wrong codes)',
    description: 'A player who is not locked out answers unlocked: false.',
    call: (api, { params, actor }) => api.security.unlock(params.uuid, actor),
  }),
  defineRoute({
    method: 'POST',
    path: '/players/:uuid/security/force',
    scope: 'write',
    module: 'security',
    params: UuidParams,
    answer: Forced,
    summary: 'Forgets every trusted device: the next join proves the factor again',
    description: 'A player online now keeps playing; the next join asks for a code. forgotten: 0 when none was trusted.',
    call: (api, { params, actor }) => api.security.force(params.uuid, actor),
  }),
];
