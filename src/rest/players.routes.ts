// The rows for finding a player: who is online, and whose uuid a name is. Always on (known players
// belong to the kernel, not to a module that can be switched off).

import { KnownPlayerAnswer, OnlinePlayerList, PlayerNameParams } from '../core/players/players.schemas.ts';
import { defineRoute } from '../core/kernel/routes.ts';

export const PLAYERS_ROUTES = [
  defineRoute({
    method: 'GET',
    path: '/players',
    scope: 'read',
    module: null,
    answer: OnlinePlayerList,
    summary: 'Everyone online now, with their world, ping and join time, by name',
    description: 'Ordered by name whatever the case. since is when the player joined in this session; ping is in milliseconds.',
    call: (api) => api.players.listOnline(),
  }),
  defineRoute({
    method: 'GET',
    path: '/players/by-name/:name',
    scope: 'read',
    module: null,
    params: PlayerNameParams,
    answer: KnownPlayerAnswer,
    summary: 'The uuid of a player who has joined under that name (404 when nobody has)',
    description:
      'Matched whatever the case, online or not. When several accounts have used the name (after name changes), the one seen last answers. A name that is not 1-16 of a-z, A-Z, 0-9 and _ is 400 with field name.',
    notFoundIs404: true,
    call: (api, { params }) => api.players.lookupName(params.name),
  }),
];
