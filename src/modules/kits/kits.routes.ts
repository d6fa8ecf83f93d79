// The kits' rows of the route table.

import { defineRoute } from '../../core/kernel/routes.ts';
import { UuidParams } from '../../core/values/schemas.ts';
import { Kit, KitClaimed, KitGiven, KitList, KitParams, PlayerKitParams, PlayerKits } from './kits.schemas.ts';

export const KITS_ROUTES = [
  defineRoute({
    method: 'GET',
    path: '/kits',
    scope: 'read',
    module: 'kits',
    answer: KitList,
    summary: 'Every kit of kits.conf (never its items: a kit tells how many it holds)',
    call: (api) => api.kits.list(),
  }),
  defineRoute({
    method: 'GET',
    path: '/kits/:id',
    scope: 'read',
    module: 'kits',
    params: KitParams,
    answer: Kit,
    summary: 'One kit; declined with not-found when kits.conf has no such kit',
    call: (api, { params }) => api.kits.get(params.id),
  }),
  defineRoute({
    method: 'GET',
    path: '/players/:uuid/kits',
    scope: 'read',
    module: 'kits',
    params: UuidParams,
    answer: PlayerKits,
    summary: "Every kit with this player's cooldown and whether they may claim it (and why not)",
    call: (api, { params }) => api.kits.forPlayer(params.uuid),
  }),
  defineRoute({
    method: 'POST',
    path: '/players/:uuid/kits/:id/give',
    scope: 'write',
    module: 'kits',
    params: PlayerKitParams,
    answer: KitGiven,
    summary: "Puts a kit's items into an online player's inventory, ignoring cooldowns, costs and permissions",
    description:
      'player-offline when the player is not in the game; failed when their inventory has no room for every item (nothing is given). A give does not start the cooldown and emits no kit.claim.',
    call: (api, { params, actor }) => api.kits.give(params.uuid, params.id, actor),
  }),
  defineRoute({
    method: 'POST',
    path: '/players/:uuid/kits/:id/claim',
    scope: 'write',
    module: 'kits',
    params: PlayerKitParams,
    answer: KitClaimed,
    summary: 'Claims a kit as the player would, cooldown included',
    description:
      'Checks in order: player-offline; refused without the kit’s permission; refused while the cooldown runs (the message says the seconds left); insufficient-funds when the player cannot pay the cost; failed when their inventory has no room (nothing given, nothing charged). Charges the cost, starts the cooldown and emits kit.claim.',
    call: (api, { params, actor }) => api.kits.claim(params.uuid, params.id, actor),
  }),
];
