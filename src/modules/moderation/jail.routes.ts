// The jails' rows of the route table: jail and unjail a player.

import { defineRoute, EXAMPLE_PLAYERS } from '../../core/kernel/routes.ts';
import { UuidParams } from '../../core/values/schemas.ts';
import { JailBody, UnjailBody } from './jail.schemas.ts';
import { Jailing } from './moderation.schemas.ts';

export const JAIL_ROUTES = [
  defineRoute({
    method: 'POST',
    path: '/players/:uuid/jail',
    scope: 'write',
    module: 'moderation',
    params: UuidParams,
    body: JailBody,
    answer: Jailing,
    summary: 'Jails a player (online or not) in a jail defined in game; answers the sentence',
    description:
      'duration-seconds present makes it temporary, absent permanent; silent leaves out the server-wide announcement (the player is still told). ' +
      'Declined with not-found for a player never seen or a jail that is not defined, already-in-state when the player is jailed already. ' +
      'An online player is moved into the jail at once; an offline one at their next join.',
    example: {
      before: [
        {
          text: 'A jail is defined in game, where its maker stands: Steve (an admin) defines the jail `cell`.',
          chat: [{ player: EXAMPLE_PLAYERS.steve.name, types: '/setjail cell', reply: 'Jail cell set at …' }],
        },
      ],
      params: { uuid: EXAMPLE_PLAYERS.alex.uuid },
      body: { jail: 'cell', reason: 'Griefing at spawn', 'duration-seconds': 3600, silent: false },
    },
    call: (api, { params, body, actor }) =>
      api.moderation.jail(
        params.uuid,
        {
          jail: body.jail,
          ...(body.reason !== undefined ? { reason: body.reason } : {}),
          ...(body['duration-seconds'] !== undefined ? { durationSeconds: body['duration-seconds'] } : {}),
          silent: body.silent ?? false,
        },
        actor,
      ),
  }),
  defineRoute({
    method: 'POST',
    path: '/players/:uuid/unjail',
    scope: 'write',
    module: 'moderation',
    params: UuidParams,
    body: UnjailBody,
    answer: Jailing,
    summary: 'Releases a jailed player; answers the sentence that ended',
    description:
      'Declined with already-in-state when the player is not jailed, not-found for a player never seen. silent leaves out the announcement. ' +
      'An online player is moved out at once (where jail.conf release-to says); an offline one at their next join.',
    example: { params: { uuid: EXAMPLE_PLAYERS.alex.uuid }, body: { silent: false } },
    call: (api, { params, body, actor }) => api.moderation.unjail(params.uuid, { silent: body?.silent ?? false }, actor),
  }),
];
