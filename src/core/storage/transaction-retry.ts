// A transaction that PostgreSQL aborted because it collided with another one (a serialization
// failure, 40001, or a deadlock it broke, 40P01) did nothing: running it again is the documented
// answer. Servers of a network sharing one database collide this way; one server alone on SQLite
// never does (one writer), so there the transaction simply runs once.

import { markRolledBack } from '../log/audit-lines.ts';
import type { Kysely } from 'kysely';

const RETRYABLE = new Set(['40001', '40P01']);

/** Whether an error is PostgreSQL aborting a transaction for colliding with another. */
export function isConflict(e: unknown): boolean {
  return typeof e === 'object' && e !== null && RETRYABLE.has(String((e as { code?: unknown }).code));
}

/** Runs `work` in a transaction, again (up to `attempts` times in all) while it aborts on a conflict. */
export async function transactionRetried<DB, T>(db: Kysely<DB>, work: (tx: Kysely<DB>) => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    let tx: Kysely<DB> | undefined;
    try {
      return await db.transaction().execute((t) => work((tx = t)));
    } catch (e) {
      // What it recorded did not happen: its audit lines are not written (../log/audit-lines.ts).
      if (tx !== undefined) markRolledBack(tx);
      if (!isConflict(e) || attempt >= attempts) throw e;
      // A short random pause, so the two colliding transactions do not meet again at once.
      await new Promise((r) => setTimeout(r, Math.random() * 10 * attempt));
    }
  }
}
