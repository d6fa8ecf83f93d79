// Schemas of the snapshots' answers and requests (TypeBox). Item stacks are never part of an
// answer (the spec): a snapshot tells how many items it holds, its cause and when it was taken.

import { Type, type Static } from '@sinclair/typebox';

export const SNAPSHOT_CAUSES = ['death', 'quit', 'command', 'restore-safety'] as const;
export type SnapshotCause = (typeof SNAPSHOT_CAUSES)[number];

export const SnapshotId = Type.Integer({ minimum: 1, description: 'A snapshot identifier: a positive integer, unique on the server.' });
export const SnapshotCauseSchema = Type.Union(
  SNAPSHOT_CAUSES.map((c) => Type.Literal(c)),
  { description: 'Why it was taken: death, quit (the player left), command (/invrollback snapshot), restore-safety (the copy taken just before a restore).' },
);

export const Snapshot = Type.Object(
  {
    id: SnapshotId,
    cause: SnapshotCauseSchema,
    'taken-at': Type.String({ format: 'date-time' }),
    actor: Type.String({ description: 'Who took it: the player, console, core-rest/<label>, or "server" for death and quit.' }),
    'item-count': Type.Integer({ minimum: 0, description: 'Items in it, all stacks together (storage, armour and off-hand).' }),
    'slots-used': Type.Integer({ minimum: 0, maximum: 41, description: 'Slots holding something, of 36 storage, 4 armour and the off-hand.' }),
  },
  { $id: 'InventorySnapshot', additionalProperties: false },
);
export type Snapshot = Static<typeof Snapshot>;

export const SnapshotList = Type.Object(
  {
    snapshots: Type.Array(Snapshot, { description: 'Newest first.' }),
    count: Type.Integer({ minimum: 0 }),
    limit: Type.Integer({ minimum: 1, description: 'Snapshots kept per player (max-per-player of invrollback.conf); older ones are removed.' }),
  },
  { additionalProperties: false },
);
export type SnapshotList = Static<typeof SnapshotList>;

export const Restored = Type.Object(
  {
    restored: Snapshot,
    'safety-snapshot': Type.Object(
      { id: SnapshotId, 'item-count': Type.Integer({ minimum: 0 }) },
      { additionalProperties: false, description: 'The copy of what the player held just before (cause restore-safety): restoring it undoes this restore.' },
    ),
  },
  { additionalProperties: false },
);
export type Restored = Static<typeof Restored>;

export const RestoreBody = Type.Object({ snapshot: SnapshotId }, { additionalProperties: false });
