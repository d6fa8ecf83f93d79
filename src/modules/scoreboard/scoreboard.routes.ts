// The scoreboard's rows of the route table: the sidebar preference (read and written), and the
// redraws of the sidebar, the tab list and the nametag. The tab list and nametags are refreshed but
// never read (spec, rule 10 of writes).

import { defineRoute } from '../../core/kernel/routes.ts';
import { UuidParams } from '../../core/values/schemas.ts';
import { Refreshed, SidebarBody, SidebarStatus } from './scoreboard.schemas.ts';

const OFFLINE = 'An offline player is declined with player-offline; a player never seen with not-found.';

export const SCOREBOARD_ROUTES = [
  defineRoute({
    method: 'GET',
    path: '/players/:uuid/scoreboard',
    scope: 'read',
    module: 'scoreboard',
    params: UuidParams,
    answer: SidebarStatus,
    summary: 'Whether a player has hidden the sidebar (hidden is null for an offline player)',
    description: 'A player never seen is declined with not-found.',
    call: (api, { params }) => api.scoreboard.sidebar(params.uuid),
  }),
  defineRoute({
    method: 'POST',
    path: '/players/:uuid/scoreboard',
    scope: 'write',
    module: 'scoreboard',
    params: UuidParams,
    body: SidebarBody,
    answer: SidebarStatus,
    summary: 'Hides a player’s sidebar (hidden, default true) or shows it again (false)',
    description: `The same durable preference /sidebar writes. Asking for the state already held is declined with already-in-state. ${OFFLINE} Emits scoreboard.visibility.`,
    call: (api, { params, body, actor }) => api.scoreboard.setSidebarHidden(params.uuid, body.hidden ?? true, actor),
  }),
  defineRoute({
    method: 'POST',
    path: '/players/:uuid/scoreboard/refresh',
    scope: 'write',
    module: 'scoreboard',
    params: UuidParams,
    answer: SidebarStatus,
    summary: 'Draws a player’s sidebar again now, its placeholders worked out afresh',
    description: `Nothing is drawn while the player hides the sidebar. ${OFFLINE}`,
    call: (api, { params, actor }) => api.scoreboard.refreshSidebar(params.uuid, actor),
  }),
  defineRoute({
    method: 'POST',
    path: '/players/:uuid/tablist/refresh',
    scope: 'write',
    module: 'scoreboard',
    params: UuidParams,
    answer: Refreshed,
    summary: 'Draws a player’s tab list header and footer again now',
    description: `The tab list can be refreshed but not read: the answer names the player only. ${OFFLINE}`,
    call: (api, { params, actor }) => api.scoreboard.refreshTabList(params.uuid, actor),
  }),
  defineRoute({
    method: 'POST',
    path: '/players/:uuid/nametag/refresh',
    scope: 'write',
    module: 'scoreboard',
    params: UuidParams,
    answer: Refreshed,
    summary: 'Chooses the nametag format a player wears by their groups now, then draws it for everyone',
    description: `A group granted since the player joined shows from here on. Nametags can be refreshed but not read: the answer names the player only. ${OFFLINE}`,
    call: (api, { params, actor }) => api.scoreboard.refreshNametag(params.uuid, actor),
  }),
];
