// The snapshots' event: invrollback.inventory-restore when a snapshot was put back into a
// player's inventory. Items are never part of an event.

import { Type } from '@sinclair/typebox';
import { defineEvents, eventPayload, PlayerFields, type PayloadsOf } from '../../core/kernel/events.ts';
import { SnapshotCauseSchema, SnapshotId } from './invrollback.schemas.ts';

export const INVROLLBACK_EVENTS = defineEvents({
  'invrollback.inventory-restore': eventPayload(
    {
      ...PlayerFields,
      snapshot: SnapshotId,
      cause: SnapshotCauseSchema,
      'taken-at': Type.String({ format: 'date-time', description: 'When the restored snapshot was taken.' }),
      'item-count': Type.Integer({ minimum: 0, description: 'Items the player holds now, all stacks together.' }),
      'safety-snapshot': SnapshotId,
      actor: Type.String({ description: 'Who restored it: a player, console or core-rest/<label>.' }),
    },
    'A snapshot replaced the player’s whole inventory (/invrollback restore, or POST /players/{uuid}/snapshots/restore); what they held before is in safety-snapshot.',
  ),
});

declare module '../../core/kernel/events.ts' {
  interface EventPayloads extends PayloadsOf<typeof INVROLLBACK_EVENTS> {}
}
