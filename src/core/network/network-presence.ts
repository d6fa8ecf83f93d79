// Which server each online player is on, known to every server of a network sharing one PostgreSQL
// database (docs/network.md): one row per online player naming the server, written at join and
// deleted at quit (through the players' write queue, so a quick rejoin keeps its order). A server
// deletes its own rows when it starts and stops: a server that crashed leaves rows behind until it
// starts again, which it cleans first. On SQLite the table names this server only.

import type { Db, Migration } from '../storage/db.ts';
import { col, defineTables } from '../storage/tables.ts';

export const PRESENCE_MIGRATIONS: readonly Migration[] = [
  {
    name: '001-presence',
    async up(db) {
      await db.schema
        .createTable('core_presence')
        .addColumn('uuid', 'varchar(36)', (c) => c.primaryKey())
        .addColumn('server', 'varchar(32)', (c) => c.notNull())
        .addColumn('since', 'varchar(32)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('core_presence_server').on('core_presence').column('server').execute();
    },
  },
];

export const PRESENCE_TABLES = defineTables(PRESENCE_MIGRATIONS, {
  core_presence: { uuid: col.text(), server: col.text(), since: col.text() },
});

export interface NetworkPresence {
  /** The player is on this server now (a row another server left for them is taken over). */
  here(uuid: string, at: string): Promise<void>;
  /** The player left this server (a row naming another server, which they joined since, stays). */
  gone(uuid: string): Promise<void>;
  /** Every row of this server: at its start and stop. */
  clear(): Promise<void>;
  /** The server the player is on, or null when they are on none. */
  serverOf(uuid: string): Promise<string | null>;
}

export function createNetworkPresence(root: Db, serverName: string): NetworkPresence {
  const db = PRESENCE_TABLES.on(root);
  return {
    async here(uuid, at) {
      await db
        .insertInto('core_presence')
        .values({ uuid, server: serverName, since: at })
        .onConflict((oc) => oc.column('uuid').doUpdateSet({ server: serverName, since: at }))
        .execute();
    },
    async gone(uuid) {
      await db.deleteFrom('core_presence').where('uuid', '=', uuid).where('server', '=', serverName).execute();
    },
    async clear() {
      await db.deleteFrom('core_presence').where('server', '=', serverName).execute();
    },
    async serverOf(uuid) {
      const row = await db.selectFrom('core_presence').select('server').where('uuid', '=', uuid).executeTakeFirst();
      return row === undefined ? null : String(row.server);
    },
  };
}
