// The teleport module's rows of the route table: where /back would take a player, moving a player,
// and sending them back. Moves asked over HTTP do not wait for a warm-up: a remote admin action
// cannot stand still, and the call must answer within the dispatcher's ten seconds.

import { defineRoute } from '../../core/kernel/routes.ts';
import { UuidParams } from '../../core/values/schemas.ts';
import { BackLocationAnswer, TeleportBody, TeleportedAnswer } from './teleport.schemas.ts';

export const TELEPORT_ROUTES = [
  defineRoute({
    method: 'GET',
    path: '/players/:uuid/back',
    scope: 'read',
    module: 'teleport',
    params: UuidParams,
    answer: BackLocationAnswer,
    summary: 'Where /back would take the player (their last teleport’s start, or where they died); 404 when none',
    description: 'Known for offline players too (it survives a restart). 404 with not-found when the player never teleported nor died, or never joined.',
    notFoundIs404: true,
    example: { needs: 'POST /players/:uuid/teleport' },
    call: (api, { params }) => api.teleport.backLocation(params.uuid),
  }),
  defineRoute({
    method: 'POST',
    path: '/players/:uuid/teleport',
    scope: 'write',
    module: 'teleport',
    params: UuidParams,
    body: TeleportBody,
    answer: TeleportedAnswer,
    summary: 'Moves an online player to a location at once (cause rest); the place left becomes their back location',
    description:
      'No warm-up. Declined with player-offline when the player is not online, failed when the world is not loaded (the message names it), refused when a teleport gate (a jail, a world’s entry rule) refuses. Recorded in the audit log.',
    call: (api, { params, body, actor }) =>
      api.teleport.teleport(params.uuid, { ...body.location, yaw: body.location.yaw ?? 0, pitch: body.location.pitch ?? 0 }, { cause: 'rest', warmupSeconds: 0, actor }),
  }),
  defineRoute({
    method: 'POST',
    path: '/players/:uuid/back',
    scope: 'write',
    module: 'teleport',
    params: UuidParams,
    answer: TeleportedAnswer,
    summary: 'Sends an online player to their back location at once (cause back)',
    description: 'No warm-up. Declined with player-offline when the player is not online, not-found when they have no back location. Recorded in the audit log.',
    example: { needs: 'POST /players/:uuid/teleport' },
    call: (api, { params, actor }) => api.teleport.back(params.uuid, { warmupSeconds: 0, actor }),
  }),
];
