// All SQL of the kits: when each player last claimed each kit (the kits themselves live in
// kits.conf). A kit removed from the file leaves its rows, which nothing reads.

import type { Db, Migration } from '../../core/db.ts';

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

export function createKitsStore(db: Db) {
  /** The last claim of every kit the player has claimed, by kit id (ISO instants). */
  async function lastClaims(uuid: string): Promise<Map<string, string>> {
    const rows = await db.selectFrom('kit_claims').select(['kit', 'claimed_at']).where('uuid', '=', uuid).execute();
    return new Map(rows.map((r) => [String(r.kit), String(r.claimed_at)]));
  }

  async function lastClaim(uuid: string, kit: string): Promise<string | undefined> {
    const r = await db.selectFrom('kit_claims').select('claimed_at').where('uuid', '=', uuid).where('kit', '=', kit).executeTakeFirst();
    return r ? String(r.claimed_at) : undefined;
  }

  async function recordClaim(uuid: string, kit: string, at: string): Promise<void> {
    await db
      .insertInto('kit_claims')
      .values({ uuid, kit, claimed_at: at })
      .onConflict((oc) => oc.columns(['uuid', 'kit']).doUpdateSet({ claimed_at: at }))
      .execute();
  }

  return { lastClaims, lastClaim, recordClaim };
}
