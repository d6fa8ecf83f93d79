// The skins' row of the route table (skins are chosen in game).

import { defineRoute, EXAMPLE_PLAYERS } from '../../core/kernel/routes.ts';
import { UuidParams } from '../../core/values/schemas.ts';
import { ChosenSkin } from './skins.schemas.ts';

export const SKINS_ROUTES = [
  defineRoute({
    method: 'GET',
    path: '/players/:uuid/skin',
    scope: 'read',
    module: 'skins',
    params: UuidParams,
    answer: ChosenSkin,
    summary: 'The skin a player chose; 404 when they chose none (or the server has never seen them)',
    notFoundIs404: true,
    example: {
      before: [
        {
          text: 'Skins are chosen in game: Steve puts on the skin of the account Notch.',
          chat: [{ player: EXAMPLE_PLAYERS.steve.name, types: '/skin Notch', reply: 'You now wear the skin of Notch.' }],
        },
      ],
    },
    call: (api, { params }) => api.skins.get(params.uuid),
  }),
];
