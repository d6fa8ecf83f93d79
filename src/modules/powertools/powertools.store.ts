// All SQL of the powertools: one row per player and material, holding the command that material
// runs for that player (binding it again replaces the command).

import type { Db, Migration } from '../../core/storage/db.ts';
import { col, defineTables } from '../../core/storage/tables.ts';

export const POWERTOOLS_MIGRATIONS: readonly Migration[] = [
  {
    name: '001-powertools',
    async up(db) {
      await db.schema
        .createTable('powertools')
        .addColumn('uuid', 'varchar(36)', (c) => c.notNull())
        .addColumn('material', 'varchar(64)', (c) => c.notNull())
        .addColumn('command', 'varchar(255)', (c) => c.notNull())
        .addColumn('bound_at', 'varchar(32)', (c) => c.notNull())
        .addPrimaryKeyConstraint('powertools_pk', ['uuid', 'material'])
        .execute();
    },
  },
];

export const POWERTOOLS_TABLES = defineTables(POWERTOOLS_MIGRATIONS, {
  powertools: { uuid: col.text(), material: col.text(), command: col.text(), bound_at: col.text() },
});

export interface BindRow {
  material: string;
  command: string;
  boundAt: string;
}

export function createPowertoolsStore(root: Db) {
  const db = POWERTOOLS_TABLES.on(root);
  /** A player's binds, by material. */
  async function binds(uuid: string): Promise<BindRow[]> {
    const rows = await db.selectFrom('powertools').selectAll().where('uuid', '=', uuid).orderBy('material').execute();
    return rows.map((r) => ({ material: String(r.material), command: String(r.command), boundAt: String(r.bound_at) }));
  }

  /** Binds a command to a material for a player, replacing an earlier command. */
  async function bind(uuid: string, material: string, command: string, at: string): Promise<void> {
    await db
      .insertInto('powertools')
      .values({ uuid, material, command, bound_at: at })
      .onConflict((oc) => oc.columns(['uuid', 'material']).doUpdateSet({ command, bound_at: at }))
      .execute();
  }

  /** Removes a bind; false when there was none. */
  async function unbind(uuid: string, material: string): Promise<boolean> {
    const r = await db.deleteFrom('powertools').where('uuid', '=', uuid).where('material', '=', material).executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }

  return { binds, bind, unbind };
}

export type PowertoolsStore = ReturnType<typeof createPowertoolsStore>;
