// The vaults' rows of the route table. No route moves items (spec rule 10), and no answer holds
// any: a vault tells how many items it holds.

import { defineRoute } from '../../core/kernel/routes.ts';
import { UuidParams } from '../../core/values/schemas.ts';
import { LabelBody, Vault, VaultList, VaultParams } from './vaults.schemas.ts';

export const VAULTS_ROUTES = [
  defineRoute({
    method: 'GET',
    path: '/players/:uuid/vaults',
    scope: 'read',
    module: 'vaults',
    params: UuidParams,
    answer: VaultList,
    summary: "A player's vaults, how many they have, their limit and the row size",
    call: (api, { params }) => api.vaults.list(params.uuid),
  }),
  defineRoute({
    method: 'GET',
    path: '/players/:uuid/vaults/:index',
    scope: 'read',
    module: 'vaults',
    params: VaultParams,
    answer: Vault,
    summary: 'One vault, without its contents; declined with not-found when it does not exist',
    description: 'A vault exists from its first opening (/pv <n> or the open route).',
    example: { needs: 'POST /players/:uuid/vaults/:index/open' },
    call: (api, { params }) => api.vaults.get(params.uuid, params.index),
  }),
  defineRoute({
    method: 'POST',
    path: '/players/:uuid/vaults/:index/open',
    scope: 'write',
    module: 'vaults',
    params: VaultParams,
    answer: Vault,
    summary: "Shows the vault's chest window to its owner, who must be online",
    description:
      'player-offline when the owner is not in the game; refused when the index is beyond their limit. Creates the vault on its first opening. Emits vault.open; what the owner then changes emits vault.contents-change.',
    call: (api, { params, actor }) => api.vaults.open(params.uuid, params.index, actor),
  }),
  defineRoute({
    method: 'POST',
    path: '/players/:uuid/vaults/:index/label',
    scope: 'write',
    module: 'vaults',
    params: VaultParams,
    body: LabelBody,
    answer: Vault,
    summary: 'Names a vault and/or gives it an icon: a field left out is unchanged, null clears it',
    description: 'A body with neither name nor icon is 400. An icon that is not a game material name is declined with refused; a vault that does not exist with not-found.',
    example: { params: { index: 1 }, body: { name: 'Tools', icon: 'minecraft:compass' } },
    call: (api, { params, body, actor }) => api.vaults.label(params.uuid, params.index, body, actor),
  }),
  defineRoute({
    method: 'POST',
    path: '/players/:uuid/vaults/:index/delete',
    scope: 'write',
    module: 'vaults',
    params: VaultParams,
    answer: Vault,
    summary: 'Removes a vault and everything in it; answers the vault as it was',
    description: 'Declined with not-found when it does not exist. Its window closes if the owner has it open.',
    call: (api, { params, actor }) => api.vaults.delete(params.uuid, params.index, actor),
  }),
];
