// SQLite's plan of a query (EXPLAIN QUERY PLAN), for tests that a read searches an index rather than
// scanning a table or sorting its rows: the reads of issue 12's growth figure must cost the same
// with a thousand rows or a million.

import { CompiledQuery } from 'kysely';
import type { Db } from '../../src/core/storage/db.ts';

/** The plan's lines, e.g. "SEARCH votes USING INDEX votes_uuid_at (uuid=?)". Parameters are left unbound. */
export async function sqlitePlan(db: Db, sqlText: string): Promise<string[]> {
  const r = await db.executeQuery(CompiledQuery.raw(`EXPLAIN QUERY PLAN ${sqlText}`));
  return r.rows.map((row) => String((row as { detail: unknown }).detail));
}

/** The plan's lines that grow with the table: a scan, or a sort of the rows found. */
export async function growingSteps(db: Db, sqlText: string): Promise<string[]> {
  return (await sqlitePlan(db, sqlText)).filter((l) => /^SCAN |TEMP B-TREE/.test(l));
}
