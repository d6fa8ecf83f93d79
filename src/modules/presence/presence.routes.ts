// The presence's rows of the route table.

import { defineRoute } from '../../core/kernel/routes.ts';
import { UuidParams } from '../../core/values/schemas.ts';
import { AwayList, Presence, SetAfkBody } from './presence.schemas.ts';

export const PRESENCE_ROUTES = [
  defineRoute({
    method: 'GET',
    path: '/players/:uuid/presence',
    scope: 'read',
    module: 'presence',
    params: UuidParams,
    answer: Presence,
    summary: "A player's away flag, since when and why",
    description: 'An offline player is not away: away false, online false, since, reason and idle-seconds null.',
    call: (api, { params }) => api.presence.get(params.uuid),
  }),
  defineRoute({
    method: 'GET',
    path: '/presence/afk',
    scope: 'read',
    module: 'presence',
    answer: AwayList,
    summary: 'Everyone online who is away now, longest away first',
    call: (api) => api.presence.listAway(),
  }),
  defineRoute({
    method: 'POST',
    path: '/players/:uuid/presence/afk',
    scope: 'write',
    module: 'presence',
    params: UuidParams,
    body: SetAfkBody,
    answer: Presence,
    summary: 'Marks an online player away (with an optional reason) or back',
    description:
      'away defaults to true. A reason with away false is 400 (field reason). player-offline for an offline player; ' +
      'already-in-state when the player already is away (the reason is not changed) or not away. Emits presence.afk.',
    call: (api, { params, body, actor }) => api.presence.set(params.uuid, body.away ?? true, body.reason ?? null, actor),
  }),
];
