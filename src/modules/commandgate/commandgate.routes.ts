// The command gate's row of the route table: a read only (the spec's rule 10: no route writes to
// the gate; its rules live in command-gate.conf).

import { defineRoute } from '../../core/kernel/routes.ts';
import { UuidParams } from '../../core/values/schemas.ts';
import { CommandCheck, CommandCheckQuery } from './commandgate.schemas.ts';

export const COMMANDGATE_ROUTES = [
  defineRoute({
    method: 'GET',
    path: '/players/:uuid/command-check',
    scope: 'read',
    module: 'commandgate',
    params: UuidParams,
    query: CommandCheckQuery,
    answer: CommandCheck,
    summary: 'Whether the command gate lets an online player run a command now, and which list decided',
    description:
      'The same decision the game makes when the player types the command: the bypass permission, else the override of the world the player is in, else the list of their first group listed in command-gate.conf, else the server-wide default. An alias is the same command. 404 when the player is not online (or was never seen); 400 with field command when command is missing or not one word.',
    notFoundIs404: true,
    call: (api, { params, query }) => api.commandgate.check(params.uuid, query.command),
  }),
];
