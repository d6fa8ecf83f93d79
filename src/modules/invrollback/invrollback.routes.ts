// The snapshots' rows of the route table. No answer holds an item stack (the spec): a snapshot
// tells its cause, time and how many items it holds.

import { defineRoute } from '../../core/kernel/routes.ts';
import { UuidParams } from '../../core/values/schemas.ts';
import { Restored, RestoreBody, SnapshotList } from './invrollback.schemas.ts';

export const INVROLLBACK_ROUTES = [
  defineRoute({
    method: 'GET',
    path: '/players/:uuid/snapshots',
    scope: 'read',
    module: 'invrollback',
    params: UuidParams,
    answer: SnapshotList,
    summary: "A player's inventory snapshots, newest first (without their items)",
    description: 'Taken on death, on quit (when the inventory was not empty), by /invrollback snapshot, and before every restore (cause restore-safety).',
    example: {
      before: [{ text: 'First take a snapshot of Steve at the server console:', console: [{ types: 'invrollback snapshot Steve', reply: 'Snapshot of Steve: …' }] }],
    },
    call: (api, { params }) => api.invrollback.list(params.uuid),
  }),
  defineRoute({
    method: 'POST',
    path: '/players/:uuid/snapshots/restore',
    scope: 'write',
    module: 'invrollback',
    params: UuidParams,
    body: RestoreBody,
    answer: Restored,
    summary: "Puts a snapshot back as the player's whole inventory; the player must be online",
    description:
      'First copies what the player holds (cause restore-safety, the same copy as /invrollback restore). Declined with not-found for a snapshot the player does not have, player-offline when the player is not in the game. Emits invrollback.inventory-restore.',
    example: {
      before: [
        {
          text: 'A snapshot is named by its id, unique on the server: keep the id of Steve’s newest in a variable.',
          shell: [`SNAPSHOT=$(curl -s -H "Authorization: Bearer $TOKEN" "$CORE/players/$UUID/snapshots" | jq '.data.snapshots[0].id')`],
        },
      ],
      body: { snapshot: 1 },
      shell: { snapshot: '$SNAPSHOT' },
    },
    call: (api, { params, body, actor }) => api.invrollback.restore(params.uuid, body.snapshot, actor),
  }),
];
