// All SQL of the everyday commands: when each player last left the game. The kernel's players table
// knows when a player was last seen, but an online player's row says when they joined; /seen tells
// those who cannot see a vanished player when that player last left, as if they were still away.

import type { Db, Migration } from '../../core/storage/db.ts';
import { col, defineTables } from '../../core/storage/tables.ts';

export const ESSENTIALS_MIGRATIONS: readonly Migration[] = [
  {
    name: '001-essentials-last-quit',
    async up(db) {
      await db.schema
        .createTable('essentials_last_quit')
        .addColumn('uuid', 'varchar(36)', (c) => c.primaryKey())
        .addColumn('left_at', 'varchar(32)', (c) => c.notNull())
        .execute();
    },
  },
];

export const ESSENTIALS_TABLES = defineTables(ESSENTIALS_MIGRATIONS, {
  essentials_last_quit: { uuid: col.text(), left_at: col.text() },
});

export function createEssentialsStore(root: Db) {
  const db = ESSENTIALS_TABLES.on(root);
  return {
    /** When the player last left (ISO-8601), or undefined when they never did since the module was on. */
    async lastQuit(uuid: string): Promise<string | undefined> {
      const row = await db.selectFrom('essentials_last_quit').select('left_at').where('uuid', '=', uuid).executeTakeFirst();
      return row === undefined ? undefined : String(row.left_at);
    },
    async recordQuit(uuid: string, at: string): Promise<void> {
      await db
        .insertInto('essentials_last_quit')
        .values({ uuid, left_at: at })
        .onConflict((oc) => oc.column('uuid').doUpdateSet({ left_at: at }))
        .execute();
    },
  };
}

export type EssentialsStore = ReturnType<typeof createEssentialsStore>;
