// All SQL of the playtime: one row of running totals per player (milliseconds played while active
// and while away, the number of sessions, when counting began, the last join). Time is added, never
// read and written back, so writes never race each other.

import { sql } from 'kysely';
import type { Db, Migration } from '../../core/storage/db.ts';
import { prepareQuery } from '../../core/storage/prepared-query.ts';
import { col, defineTables, type RowOf } from '../../core/storage/tables.ts';

export const PLAYTIME_MIGRATIONS: readonly Migration[] = [
  {
    name: '001-playtime',
    async up(db) {
      await db.schema
        .createTable('playtime')
        .addColumn('uuid', 'varchar(36)', (c) => c.primaryKey())
        .addColumn('active_ms', 'bigint', (c) => c.notNull())
        .addColumn('afk_ms', 'bigint', (c) => c.notNull())
        .addColumn('sessions', 'integer', (c) => c.notNull())
        .addColumn('counted_since', 'varchar(32)', (c) => c.notNull())
        .addColumn('last_join', 'varchar(32)')
        .execute();
      await db.schema.createIndex('playtime_active').on('playtime').column('active_ms').execute();
    },
  },
];

export const PLAYTIME_TABLES = defineTables(PLAYTIME_MIGRATIONS, {
  playtime: { uuid: col.text(), active_ms: col.bigint(), afk_ms: col.bigint(), sessions: col.int(), counted_since: col.text(), last_join: col.text().nullable() },
});

export interface PlaytimeRow {
  uuid: string;
  activeMs: number;
  afkMs: number;
  sessions: number;
  countedSince: string;
  lastJoin: string | null;
}

function rowOf(r: RowOf<typeof PLAYTIME_TABLES, 'playtime'>): PlaytimeRow {
  return {
    uuid: String(r.uuid),
    activeMs: Number(r.active_ms),
    afkMs: Number(r.afk_ms),
    sessions: Number(r.sessions),
    countedSince: String(r.counted_since),
    lastJoin: r.last_join === null ? null : String(r.last_join),
  };
}

export function createPlaytimeStore(root: Db) {
  const db = PLAYTIME_TABLES.on(root);
  const readOne = prepareQuery(db, (q, p: { uuid: string }) => q.selectFrom('playtime').selectAll().where('uuid', '=', p.uuid));
  const readTop = prepareQuery(db, (q, p: { limit: number }) =>
    q.selectFrom('playtime').selectAll().orderBy('active_ms', 'desc').orderBy('uuid').limit(p.limit),
  );

  return {
    async get(uuid: string): Promise<PlaytimeRow | undefined> {
      const r = await readOne.first(db, { uuid });
      return r && rowOf(r);
    },

    /** The players with the most active time, most first. */
    async top(limit: number): Promise<PlaytimeRow[]> {
      return (await readTop.all(db, { limit })).map(rowOf);
    },

    /** A session begins: one more session, counting begins now when it never did. */
    async startSession(uuid: string, at: string): Promise<void> {
      await db
        .insertInto('playtime')
        .values({ uuid, active_ms: 0, afk_ms: 0, sessions: 1, counted_since: at, last_join: at })
        .onConflict((oc) => oc.column('uuid').doUpdateSet({ sessions: sql`playtime.sessions + 1`, last_join: at }))
        .execute();
    },

    /** Adds time played (milliseconds) to a player's totals. */
    async add(uuid: string, activeMs: number, afkMs: number, at: string): Promise<void> {
      await db
        .insertInto('playtime')
        .values({ uuid, active_ms: activeMs, afk_ms: afkMs, sessions: 0, counted_since: at, last_join: null })
        .onConflict((oc) =>
          oc.column('uuid').doUpdateSet({ active_ms: sql`playtime.active_ms + ${activeMs}`, afk_ms: sql`playtime.afk_ms + ${afkMs}` }),
        )
        .execute();
    },
  };
}

export type PlaytimeStore = ReturnType<typeof createPlaytimeStore>;
