// All SQL of staff mode: one row per player who went on duty and has not had everything given back
// yet. The row holds what leaving duty restores (the game mode they had, whether the mode vanished
// them); it outlives a quit or a restart until the player joins again and gets it back.

import type { Db, Migration } from '../../core/storage/db.ts';
import { prepareQuery } from '../../core/storage/prepared-query.ts';
import { GAME_MODES, type GameMode } from '../../platform/platform.ts';
import { col, defineTables } from '../../core/storage/tables.ts';

export const STAFF_MIGRATIONS: readonly Migration[] = [
  {
    name: '001-staff',
    async up(db) {
      await db.schema
        .createTable('staff_duty')
        .addColumn('uuid', 'varchar(36)', (c) => c.primaryKey())
        .addColumn('mode', 'varchar(16)', (c) => c.notNull())
        .addColumn('since', 'varchar(32)', (c) => c.notNull())
        // The game mode to give back; null when the mode kept the player's own.
        .addColumn('previous_game_mode', 'varchar(16)')
        // 1 when going on duty vanished the player (so leaving it shows them again).
        .addColumn('vanished', 'integer', (c) => c.notNull())
        // 1 while on duty; 0 once duty ended (a quit) with the game mode still to give back at the next join.
        .addColumn('on_duty', 'integer', (c) => c.notNull())
        .execute();
    },
  },
];

export const STAFF_TABLES = defineTables(STAFF_MIGRATIONS, {
  staff_duty: { uuid: col.text(), mode: col.text(), since: col.text(), previous_game_mode: col.text().nullable(), vanished: col.int(), on_duty: col.int() },
});

export interface DutyRow {
  uuid: string;
  mode: string;
  since: string;
  previousGameMode: GameMode | null;
  vanished: boolean;
  onDuty: boolean;
}

const asGameMode = (v: unknown): GameMode | null => ((GAME_MODES as readonly unknown[]).includes(v) ? (v as GameMode) : null);

export function createStaffStore(root: Db) {
  const db = STAFF_TABLES.on(root);
  const deleteOne = prepareQuery(db, (q, p: { uuid: string }) => q.deleteFrom('staff_duty').where('uuid', '=', p.uuid));
  const insertOne = prepareQuery(db, (q, p: { uuid: string; mode: string; since: string; previous: string | null; vanished: number; onDuty: number }) =>
    q.insertInto('staff_duty').values({ uuid: p.uuid, mode: p.mode, since: p.since, previous_game_mode: p.previous, vanished: p.vanished, on_duty: p.onDuty }),
  );
  const endOne = prepareQuery(db, (q, p: { uuid: string }) => q.updateTable('staff_duty').set({ on_duty: 0, vanished: 0 }).where('uuid', '=', p.uuid));

  return {
    /** Every row, read once at start. */
    async all(): Promise<DutyRow[]> {
      return (await db.selectFrom('staff_duty').selectAll().execute()).map((r) => ({
        uuid: String(r.uuid),
        mode: String(r.mode),
        since: String(r.since),
        previousGameMode: asGameMode(r.previous_game_mode),
        vanished: Number(r.vanished) === 1,
        onDuty: Number(r.on_duty) === 1,
      }));
    },
    /** Writes a player's row (replacing one left from before). */
    async put(row: DutyRow): Promise<void> {
      await db.transaction().execute(async (tx) => {
        await deleteOne.run(tx, { uuid: row.uuid });
        await insertOne.run(tx, {
          uuid: row.uuid,
          mode: row.mode,
          since: row.since,
          previous: row.previousGameMode,
          vanished: row.vanished ? 1 : 0,
          onDuty: row.onDuty ? 1 : 0,
        });
      });
    },
    /** Duty ended while the player was away: only the game mode is left to give back. */
    async end(uuid: string): Promise<void> {
      await endOne.run(db, { uuid });
    },
    async remove(uuid: string): Promise<void> {
      await deleteOne.run(db, { uuid });
    },
  };
}
