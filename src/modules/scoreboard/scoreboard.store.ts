// All SQL of the scoreboard: one row per player who has chosen whether they see the sidebar (the
// durable preference the /sidebar toggle and the route write). A player without a row sees it.

import type { Db, Migration } from '../../core/storage/db.ts';
import { prepareQuery } from '../../core/storage/prepared-query.ts';
import { col, defineTables } from '../../core/storage/tables.ts';

export const SCOREBOARD_MIGRATIONS: readonly Migration[] = [
  {
    name: '001-sidebar-preferences',
    async up(db) {
      await db.schema
        .createTable('scoreboard_sidebar')
        .addColumn('uuid', 'varchar(36)', (c) => c.primaryKey())
        .addColumn('hidden', 'integer', (c) => c.notNull())
        .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('updated_by', 'varchar(64)', (c) => c.notNull())
        .execute();
    },
  },
];

export const SCOREBOARD_TABLES = defineTables(SCOREBOARD_MIGRATIONS, {
  /** `hidden`: 1 or 0. */
  scoreboard_sidebar: { uuid: col.text(), hidden: col.int(), updated_at: col.text(), updated_by: col.text() },
});

export function createScoreboardStore(root: Db) {
  const db = SCOREBOARD_TABLES.on(root);
  const readOne = prepareQuery(db, (q, p: { uuid: string }) => q.selectFrom('scoreboard_sidebar').select('hidden').where('uuid', '=', p.uuid));
  const writeOne = prepareQuery(db, (q, p: { uuid: string; hidden: number; at: string; by: string }) =>
    q
      .insertInto('scoreboard_sidebar')
      .values({ uuid: p.uuid, hidden: p.hidden, updated_at: p.at, updated_by: p.by })
      .onConflict((oc) => oc.column('uuid').doUpdateSet({ hidden: p.hidden, updated_at: p.at, updated_by: p.by })),
  );

  return {
    /** Whether the player chose to hide the sidebar (false when they never chose). */
    async hidden(uuid: string): Promise<boolean> {
      const row = await readOne.first(db, { uuid });
      return row !== undefined && Number(row.hidden) === 1;
    },
    async setHidden(uuid: string, hidden: boolean, at: string, by: string): Promise<void> {
      await writeOne.run(db, { uuid, hidden: hidden ? 1 : 0, at, by });
    },
  };
}

export type ScoreboardStore = ReturnType<typeof createScoreboardStore>;
