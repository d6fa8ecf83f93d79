// How long the database's calls take, for the metrics (core_db_call_duration_seconds). The SQLite
// driver times its synchronous calls into the timer set here, when one is set: one branch per call
// when none is (the timer is read from a holder the dialect owns, so two databases in one process,
// as tests have, keep apart). PostgreSQL is not timed: its calls are network round trips whose
// time the client's own dashboards show better.

/** The bounded label set: a select, a statement that changes rows (without its commit), a group's COMMIT. */
export const DB_OPERATIONS = ['read', 'write', 'commit'] as const;
export type DbOperation = (typeof DB_OPERATIONS)[number];

/** Receives one call's duration, seconds. Runs on the loop, inside the driver: keep it cheap. */
export type DbTimer = (operation: DbOperation, seconds: number) => void;

/** The dialect's holder of its timer (absent: nothing is measured). */
export interface DbTiming {
  timer: DbTimer | undefined;
}
