// The player state's rows of the route table: the read, and a write for each of god, fly, game
// mode, the two speeds, heal and feed. All for online players (player-offline otherwise).

import { defineRoute } from '../../core/kernel/routes.ts';
import { UuidParams } from '../../core/values/schemas.ts';
import { EnabledBody, GameModeBody, PlayerStateAnswer, SpeedBody } from './playerstate.schemas.ts';

const SAME = 'Asking for the state the player is already in declines with already-in-state.';
const post = { method: 'POST', scope: 'write', module: 'playerstate', params: UuidParams, answer: PlayerStateAnswer } as const;

export const PLAYERSTATE_ROUTES = [
  defineRoute({
    method: 'GET',
    path: '/players/:uuid/state',
    scope: 'read',
    module: 'playerstate',
    params: UuidParams,
    answer: PlayerStateAnswer,
    summary: "An online player's god mode, flight, game mode, speeds, health and food",
    description: 'player-offline for a known player who is not online; not-found for a player never seen.',
    call: (api, { params }) => api.playerstate.state(params.uuid),
  }),
  defineRoute({
    ...post,
    path: '/players/:uuid/state/god',
    body: EnabledBody,
    summary: 'Switches god mode (no damage from any cause) on or off',
    description: `Kept across a rejoin and a restart. ${SAME}`,
    call: (api, { params, body, actor }) => api.playerstate.setGod(params.uuid, body.enabled ?? true, actor),
  }),
  defineRoute({
    ...post,
    path: '/players/:uuid/state/fly',
    body: EnabledBody,
    summary: 'Grants or takes away flight',
    description: `Kept across a rejoin, a restart and a game mode change. ${SAME}`,
    call: (api, { params, body, actor }) => api.playerstate.setFly(params.uuid, body.enabled ?? true, actor),
  }),
  defineRoute({
    ...post,
    path: '/players/:uuid/state/gamemode',
    body: GameModeBody,
    summary: 'Changes the game mode',
    example: { body: { mode: 'creative' } },
    description: `God and flight granted with fly stay in every mode. ${SAME}`,
    call: (api, { params, body, actor }) => api.playerstate.setGameMode(params.uuid, body.mode, actor),
  }),
  defineRoute({
    ...post,
    path: '/players/:uuid/state/walk-speed',
    body: SpeedBody,
    summary: 'Sets the walking speed multiplier (0 to 10, 1 is normal)',
    example: { body: { multiplier: 2 } },
    description: `Kept across a rejoin and a restart; a multiplier outside 0 to 10 is 400 naming multiplier. ${SAME}`,
    call: (api, { params, body, actor }) => api.playerstate.setSpeed(params.uuid, 'walk', body.multiplier, actor),
  }),
  defineRoute({
    ...post,
    path: '/players/:uuid/state/fly-speed',
    body: SpeedBody,
    summary: 'Sets the flying speed multiplier (0 to 10, 1 is normal)',
    example: { body: { multiplier: 2 } },
    description: `Kept across a rejoin and a restart; a multiplier outside 0 to 10 is 400 naming multiplier. ${SAME}`,
    call: (api, { params, body, actor }) => api.playerstate.setSpeed(params.uuid, 'fly', body.multiplier, actor),
  }),
  defineRoute({
    ...post,
    path: '/players/:uuid/state/heal',
    summary: 'Restores full health and full food',
    description: 'Always done for a living player, even one at full health; refused for a dead player.',
    call: (api, { params, actor }) => api.playerstate.heal(params.uuid, actor),
  }),
  defineRoute({
    ...post,
    path: '/players/:uuid/state/feed',
    summary: 'Fills food to 20 and saturation to at least 10',
    description: 'Always done for a living player, even one not hungry; refused for a dead player.',
    call: (api, { params, actor }) => api.playerstate.feed(params.uuid, actor),
  }),
];
