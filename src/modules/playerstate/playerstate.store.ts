// All SQL of the player state: one row per player whose god, fly or speeds differ from the
// defaults (off, off, 1, 1); a player back at the defaults has no row. Flags are integers 0/1 so
// that SQLite and PostgreSQL store them alike.

import type { Db, Migration } from '../../core/storage/db.ts';
import { prepareQuery } from '../../core/storage/prepared-query.ts';
import { col, defineTables } from '../../core/storage/tables.ts';

export const PLAYERSTATE_MIGRATIONS: readonly Migration[] = [
  {
    name: '001-player-state',
    async up(db) {
      await db.schema
        .createTable('player_state')
        .addColumn('uuid', 'varchar(36)', (c) => c.primaryKey())
        .addColumn('god', 'integer', (c) => c.notNull())
        .addColumn('fly', 'integer', (c) => c.notNull())
        .addColumn('walk_speed', 'double precision', (c) => c.notNull())
        .addColumn('fly_speed', 'double precision', (c) => c.notNull())
        .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
        .execute();
    },
  },
];

export const PLAYERSTATE_TABLES = defineTables(PLAYERSTATE_MIGRATIONS, {
  /** `god`, `fly`: 1 or 0. */
  player_state: { uuid: col.text(), god: col.int(), fly: col.int(), walk_speed: col.double(), fly_speed: col.double(), updated_at: col.text() },
});

/** What the module keeps of a player across a rejoin and a restart. */
export interface KeptState {
  god: boolean;
  fly: boolean;
  walkSpeed: number;
  flySpeed: number;
}

export const DEFAULT_KEPT: Readonly<KeptState> = { god: false, fly: false, walkSpeed: 1, flySpeed: 1 };

const isDefault = (s: KeptState) => !s.god && !s.fly && s.walkSpeed === 1 && s.flySpeed === 1;

export function createPlayerStateStore(root: Db) {
  const db = PLAYERSTATE_TABLES.on(root);
  const readOne = prepareQuery(db, (q, p: { uuid: string }) => q.selectFrom('player_state').selectAll().where('uuid', '=', p.uuid));
  const removeOne = prepareQuery(db, (q, p: { uuid: string }) => q.deleteFrom('player_state').where('uuid', '=', p.uuid));
  const write = prepareQuery(db, (q, p: { uuid: string; god: number; fly: number; walk: number; flySpeed: number; at: string }) =>
    q
      .insertInto('player_state')
      .values({ uuid: p.uuid, god: p.god, fly: p.fly, walk_speed: p.walk, fly_speed: p.flySpeed, updated_at: p.at })
      .onConflict((oc) => oc.column('uuid').doUpdateSet({ god: p.god, fly: p.fly, walk_speed: p.walk, fly_speed: p.flySpeed, updated_at: p.at })),
  );

  async function get(uuid: string): Promise<KeptState> {
    const r = await readOne.first(db, { uuid });
    if (!r) return { ...DEFAULT_KEPT };
    return { god: Number(r.god) === 1, fly: Number(r.fly) === 1, walkSpeed: Number(r.walk_speed), flySpeed: Number(r.fly_speed) };
  }

  async function put(uuid: string, s: KeptState, at: string): Promise<void> {
    if (isDefault(s)) await removeOne.run(db, { uuid });
    else await write.run(db, { uuid, god: s.god ? 1 : 0, fly: s.fly ? 1 : 0, walk: s.walkSpeed, flySpeed: s.flySpeed, at });
  }

  return { get, put };
}

export type PlayerStateStore = ReturnType<typeof createPlayerStateStore>;
