// The staff-mode rows of the route table: reads only (no route writes to staff mode, rule 10).

import { defineRoute } from '../../core/kernel/routes.ts';
import { UuidParams } from '../../core/values/schemas.ts';
import { StaffList, StaffStatus } from './staff.schemas.ts';

export const STAFF_ROUTES = [
  defineRoute({
    method: 'GET',
    path: '/staff',
    scope: 'read',
    module: 'staff',
    answer: StaffList,
    summary: 'Everyone in staff mode now, with their mode',
    description: 'Duty lasts while a player is online, so everyone listed is online.',
    call: (api) => api.staff.list(),
  }),
  defineRoute({
    method: 'GET',
    path: '/players/:uuid/staff',
    scope: 'read',
    module: 'staff',
    params: UuidParams,
    answer: StaffStatus,
    summary: 'Whether a player is on staff duty, and in which mode',
    description: 'An offline player is never on duty (on-duty false, mode null). A player the server has never seen is declined with not-found.',
    call: (api, { params }) => api.staff.status(params.uuid),
  }),
];
