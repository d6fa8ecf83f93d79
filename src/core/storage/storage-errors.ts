// Errors of the storage layer that mean "the database cannot be used right now", not "a bug": a
// database file locked by another program, a full disk, an I/O error, a read-only or damaged file,
// a PostgreSQL server that cannot be reached. Whatever meets one (a route, a command) declines
// what it was doing with `failed` and a sentence naming the cause, and logs one line naming the
// database and the cause, without a stack (docs/reliability.md, "Storage faults"). The write that
// met it was rolled back: SQLite undoes the statement or the whole transaction, and a transaction
// is answered only once committed (src/core/storage/sqlite-driver.ts).
//
// `storageFault` is the one place that tells these errors from the others.

import type { Logger } from '../log/log.ts';
import { asClause } from '../text/sentence.ts';

export type StorageFaultKind = 'locked' | 'full' | 'io' | 'read-only' | 'damaged' | 'unreachable';

export interface StorageFault {
  kind: StorageFaultKind;
  /** For the log: what happened, naming the database when known, and the error's own words. */
  log: string;
  /** For the person who asked: one sentence ending in a period. */
  message: string;
}

/** The SQLite file an error came from (set by the SQLite driver), for the log line. */
const DATABASE = Symbol('core.database');
/** How long the driver waited for another program's write lock, ms. */
const WAITED = Symbol('core.waited');

/** Marks an error of the SQLite driver with its database file (and the wait for a lock); returns it. */
export function fromDatabase<E>(e: E, file: string, waitedMs?: number): E {
  if (typeof e === 'object' && e !== null && !(DATABASE in e)) {
    Object.defineProperty(e, DATABASE, { value: file });
    if (waitedMs !== undefined) Object.defineProperty(e, WAITED, { value: waitedMs });
  }
  return e;
}

/** SQLite's primary result codes that are faults of the storage (https://sqlite.org/rescode.html). */
const SQLITE_KINDS: Record<number, StorageFaultKind> = {
  5: 'locked', // SQLITE_BUSY
  6: 'locked', // SQLITE_LOCKED
  8: 'read-only', // SQLITE_READONLY
  10: 'io', // SQLITE_IOERR
  11: 'damaged', // SQLITE_CORRUPT
  13: 'full', // SQLITE_FULL
  14: 'io', // SQLITE_CANTOPEN
  15: 'locked', // SQLITE_PROTOCOL (a lock race lost many times)
  26: 'damaged', // SQLITE_NOTADB
};

/** PostgreSQL SQLSTATEs (https://www.postgresql.org/docs/current/errcodes-appendix.html), by code, then by class. */
const POSTGRES_CODES: Record<string, StorageFaultKind> = {
  '53100': 'full', // disk_full
  '55P03': 'locked', // lock_not_available
  '25006': 'read-only', // read_only_sql_transaction (a standby)
  '58030': 'io', // io_error
  XX001: 'damaged', // data_corrupted
  XX002: 'damaged', // index_corrupted
  '57P01': 'unreachable', // admin_shutdown
  '57P02': 'unreachable', // crash_shutdown
  '57P03': 'unreachable', // cannot_connect_now
};
const POSTGRES_CLASSES: Record<string, StorageFaultKind> = {
  '08': 'unreachable', // connection exception
  '53': 'unreachable', // insufficient resources (too many connections, out of memory)
};

/** Errors of a connection that cannot be made or was lost (node:net, and pg's own words for them). */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);
const PG_CONNECTION = /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)/;

const WHAT: Record<StorageFaultKind, { log: (db: string) => string; person: string }> = {
  locked: { log: (db) => `${db} is locked by another program`, person: "The server's database is locked by another program" },
  full: { log: (db) => `the disk of ${db} is full`, person: "The server's disk is full" },
  io: { log: (db) => `${db} could not be read or written (an I/O error)`, person: 'The server could not read or write its database' },
  'read-only': { log: (db) => `${db} is read-only`, person: "The server's database is read-only" },
  damaged: { log: (db) => `${db} is damaged`, person: "The server's database is damaged" },
  unreachable: { log: (db) => `${db} cannot be reached`, person: 'The server cannot reach its database' },
};

function kindOf(e: Record<PropertyKey, unknown>): StorageFaultKind | undefined {
  if (e.code === 'ERR_SQLITE_ERROR' && typeof e.errcode === 'number') return SQLITE_KINDS[e.errcode & 0xff];
  const code = e.code;
  if (typeof code === 'string') {
    if (NETWORK_CODES.has(code)) return 'unreachable';
    // pg's DatabaseError: a five-character SQLSTATE and a severity.
    if (code.length === 5 && typeof e.severity === 'string') return POSTGRES_CODES[code] ?? POSTGRES_CLASSES[code.slice(0, 2)];
  }
  if (typeof e.message === 'string' && PG_CONNECTION.test(e.message)) return 'unreachable';
  return undefined;
}

/** The fault of the storage an error stands for, or undefined for any other error (a bug). */
export function storageFault(e: unknown): StorageFault | undefined {
  if (typeof e !== 'object' || e === null) return undefined;
  const error = e as Record<PropertyKey, unknown>;
  const kind = kindOf(error);
  if (kind === undefined) return undefined;
  const file = error[DATABASE];
  const db = typeof file === 'string' ? `the database ${file}` : 'the database';
  const words = [typeof error.message === 'string' ? asClause(error.message) : String(e)];
  const waited = error[WAITED];
  if (typeof waited === 'number') words.push(`waited ${(waited / 1000).toFixed(1)} s for its write lock`);
  return {
    kind,
    log: `${WHAT[kind].log(db)} (${words.join('; ')})`,
    message: `${WHAT[kind].person}, so the request was not carried out; try again later.`,
  };
}

/** At most one line a cause in this many ms; the lines in between are counted into the next. */
export const FAULT_LOG_INTERVAL_MS = 10_000;

/**
 * Logs the storage faults that declined something, one line each: `<what> declined: <cause>`, at
 * most one line a cause every ten seconds (a full disk under load would write thousands a second,
 * to that disk); the next line counts the ones left out.
 */
export function storageFaultLog(log: Logger, now: () => number = () => performance.now()): (what: string, fault: StorageFault) => void {
  const last = new Map<StorageFaultKind, { at: number; left: number }>();
  return (what, fault) => {
    const t = now();
    const seen = last.get(fault.kind);
    if (seen !== undefined && t - seen.at < FAULT_LOG_INTERVAL_MS) {
      seen.left++;
      return;
    }
    const more = seen !== undefined && seen.left > 0 ? `; ${seen.left} more declined for this since the last line` : '';
    last.set(fault.kind, { at: t, left: 0 });
    log.error(`${what} declined: ${fault.log}${more}`);
  };
}
