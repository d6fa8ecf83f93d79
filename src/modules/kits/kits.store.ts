// All SQL of the kits: when each player last claimed each kit (the kits themselves live in
// kits.conf). A kit removed from the file leaves its rows, which nothing reads.

import type { Db, Migration } from '../../core/storage/db.ts';
import { prepareQuery } from '../../core/storage/prepared-query.ts';
import { col, defineTables } from '../../core/storage/tables.ts';

export const KITS_MIGRATIONS: readonly Migration[] = [
  {
    name: '001-kit-claims',
    async up(db) {
      await db.schema
        .createTable('kit_claims')
        .addColumn('uuid', 'varchar(36)', (c) => c.notNull())
        .addColumn('kit', 'varchar(32)', (c) => c.notNull())
        .addColumn('claimed_at', 'varchar(32)', (c) => c.notNull())
        .addPrimaryKeyConstraint('kit_claims_pk', ['uuid', 'kit'])
        .execute();
    },
  },
];

export const KITS_TABLES = defineTables(KITS_MIGRATIONS, {
  kit_claims: { uuid: col.text(), kit: col.text(), claimed_at: col.text() },
});

export function createKitsStore(root: Db) {
  const db = KITS_TABLES.on(root);
  // Every query of the kits is a request's, built once (src/core/storage/prepared-query.ts).
  const readAll = prepareQuery(db, (q, p: { uuid: string }) => q.selectFrom('kit_claims').select(['kit', 'claimed_at']).where('uuid', '=', p.uuid));
  const readOne = prepareQuery(db, (q, p: { uuid: string; kit: string }) =>
    q.selectFrom('kit_claims').select('claimed_at').where('uuid', '=', p.uuid).where('kit', '=', p.kit),
  );
  const write = prepareQuery(db, (q, p: { uuid: string; kit: string; at: string }) =>
    q
      .insertInto('kit_claims')
      .values({ uuid: p.uuid, kit: p.kit, claimed_at: p.at })
      .onConflict((oc) => oc.columns(['uuid', 'kit']).doUpdateSet({ claimed_at: p.at })),
  );

  /** The last claim of every kit the player has claimed, by kit id (ISO instants). */
  async function lastClaims(uuid: string): Promise<Map<string, string>> {
    const rows = await readAll.all(db, { uuid });
    return new Map(rows.map((r) => [String(r.kit), String(r.claimed_at)]));
  }

  async function lastClaim(uuid: string, kit: string): Promise<string | undefined> {
    const r = await readOne.first(db, { uuid, kit });
    return r ? String(r.claimed_at) : undefined;
  }

  async function recordClaim(uuid: string, kit: string, at: string): Promise<void> {
    await write.run(db, { uuid, kit, at });
  }

  return { lastClaims, lastClaim, recordClaim };
}
