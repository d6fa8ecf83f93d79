// Prepared queries: the data path every store copies (docs/decisions.md, "Data access").
//
// A store builds each query it runs per request once, with Kysely, when the store is made; the
// values that change from run to run are named parameters. A run then costs, on SQLite, one call of
// a node:sqlite statement prepared once (no Kysely query built, compiled or executed, no promise
// queue when the connection is free); on PostgreSQL, the SQL compiled once, sent through Kysely's
// pool (the network round trip dominates there; the server parses the text each time).
//
//   const readBalance = prepareQuery(db, (q, p: { uuid: string; currency: string }) =>
//     q.selectFrom('economy_wallets').select('balance').where('uuid', '=', p.uuid).where('currency', '=', p.currency));
//   const row = await readBalance.first(tx, { uuid, currency });
//
// `build` runs once, with placeholders for `p`'s fields: it may put a parameter wherever Kysely
// takes a value (where, set, values, sql`…${p.delta}`), and must not compute with one (no
// `p.name.toLowerCase()`: compute before the run and pass the result as its own parameter).
// A query whose shape depends on its input (an optional filter, an `in` list) stays a Kysely query
// built per call; a query built once must not depend on anything but its parameters.
//
// A prepared query runs on the database it was prepared on, or on a transaction of that database.

import type { CompiledQuery, Compilable, Kysely } from 'kysely';
import { bind, prepareSqlite, sqliteDirect, type SqliteDirect, type SqliteStatement } from './db.ts';
import { writesData } from './sqlite-driver.ts';
import { messageOf } from '../text/sentence.ts';

/** A query built once, run on the database `DB` it was prepared on (as its store sees it) or a transaction of it. */
export interface PreparedQuery<DB, P, R> {
  /** The SQL as compiled for the database's dialect. */
  readonly sql: string;
  /** Every row it answers. */
  all(on: Kysely<DB>, params: P): Promise<R[]>;
  /** The first row it answers, or undefined. */
  first(on: Kysely<DB>, params: P): Promise<R | undefined>;
  /** Runs it for its effect; the number of rows inserted, updated or deleted. */
  run(on: Kysely<DB>, params: P): Promise<number>;
}

/** The value standing for a parameter while the query is built. */
class Placeholder {
  readonly name: string;
  constructor(name: string) {
    this.name = name;
  }
}

/** Each value of the compiled query: a parameter by name, or a value fixed when it was built. */
type Part = { readonly name: string } | { readonly fixed: unknown };

function placeholders(used: Set<string>): object {
  const made = new Map<string, Placeholder>();
  return new Proxy(
    {},
    {
      get(_target, key) {
        if (typeof key !== 'string') return undefined;
        used.add(key);
        let p = made.get(key);
        if (p === undefined) {
          p = new Placeholder(key);
          made.set(key, p);
        }
        return p;
      },
    },
  );
}

export function prepareQuery<DB, P extends object, R>(db: Kysely<DB>, build: (q: Kysely<DB>, p: P) => Compilable<R>): PreparedQuery<DB, P, R> {
  const used = new Set<string>();
  let compiled: CompiledQuery<R>;
  try {
    compiled = build(db, placeholders(used) as P).compile();
  } catch (e) {
    // The usual cause: computing with a parameter, which is a placeholder while the query is built.
    throw new Error(`prepareQuery: the query could not be built once (use each parameter as a value only): ${messageOf(e)}`, { cause: e });
  }
  const parts: Part[] = compiled.parameters.map((v) => (v instanceof Placeholder ? { name: v.name } : { fixed: v }));
  const bound = new Set(parts.flatMap((p) => ('name' in p ? [p.name] : [])));
  const lost = [...used].filter((n) => !bound.has(n));
  if (lost.length > 0) {
    throw new Error(`prepareQuery: the parameter(s) ${lost.join(', ')} did not reach the compiled query as values (${compiled.sql})`);
  }

  function values(params: P): unknown[] {
    const out = new Array<unknown>(parts.length);
    for (let i = 0; i < parts.length; i++) {
      const part = parts[i]!;
      out[i] = 'name' in part ? (params as Record<string, unknown>)[part.name] : part.fixed;
    }
    return out;
  }

  let statement: SqliteStatement | undefined;
  let preparedOn: SqliteDirect | undefined;

  /** Whether the statement may write (then, outside a transaction, it resolves once committed). */
  const writes = writesData(compiled.sql);

  /**
   * Runs `exec` on the SQLite statement: at once inside a transaction (which holds the connection)
   * or when the connection is free, else after the transaction that holds it ends. A write opens
   * the commit group first (src/core/storage/sqlite-driver.ts), which may wait for another program's write
   * lock. Not an async function: a read on a free connection settles without a promise of its own
   * on the way.
   */
  function onSqlite<T>(on: Kysely<DB>, direct: SqliteDirect, params: P, exec: (s: SqliteStatement, v: ReturnType<typeof bind>) => T): Promise<T> {
    let s: SqliteStatement;
    let v: ReturnType<typeof bind>;
    try {
      if (preparedOn !== direct || statement === undefined) {
        statement = prepareSqlite(direct.db, compiled.sql);
        preparedOn = direct;
      }
      s = statement;
      v = bind(values(params));
      if (on.isTransaction) return Promise.resolve(timed(direct, s, v, exec));
    } catch (e) {
      return Promise.reject(direct.failed(e));
    }
    if (direct.lock.tryLock()) return locked(direct, s, v, exec);
    return direct.lock.lock().then(() => locked(direct, s, v, exec));
  }

  /**
   * With the connection's lock held: runs, and frees the lock. A write joins the open commit group
   * and resolves once it committed; with no group open it opens one and commits it at once.
   */
  function locked<T>(direct: SqliteDirect, s: SqliteStatement, v: ReturnType<typeof bind>, exec: (s: SqliteStatement, v: ReturnType<typeof bind>) => T): Promise<T> {
    if (!writes) return run(direct, s, v, exec, false);
    const alone = !direct.isOpen();
    let opening: Promise<void> | undefined;
    try {
      opening = direct.open();
    } catch (e) {
      direct.lock.unlock();
      return Promise.reject(e);
    }
    if (opening === undefined) return run(direct, s, v, exec, alone);
    return opening.then(
      () => run(direct, s, v, exec, alone),
      (e: unknown) => {
        direct.lock.unlock();
        throw e;
      },
    );
  }

  function run<T>(direct: SqliteDirect, s: SqliteStatement, v: ReturnType<typeof bind>, exec: (s: SqliteStatement, v: ReturnType<typeof bind>) => T, alone: boolean): Promise<T> {
    let result: T;
    let committed: Promise<void> | undefined;
    try {
      result = timed(direct, s, v, exec);
      if (writes) committed = alone ? direct.commitNow() : direct.committed();
    } catch (e) {
      return Promise.reject(direct.failed(e));
    } finally {
      direct.lock.unlock();
    }
    return committed === undefined ? Promise.resolve(result) : committed.then(() => result);
  }

  /** Runs the statement, timed when the database has a timer (src/core/storage/db-timing.ts): two clock reads then, one branch else. */
  function timed<T>(direct: SqliteDirect, s: SqliteStatement, v: ReturnType<typeof bind>, exec: (s: SqliteStatement, v: ReturnType<typeof bind>) => T): T {
    const timer = direct.timing.timer;
    if (timer === undefined) return exec(s, v);
    const start = performance.now();
    try {
      return exec(s, v);
    } finally {
      timer(writes ? 'write' : 'read', (performance.now() - start) / 1000);
    }
  }

  /** The direct SQLite path when `on` is this database (or a transaction of it) and it is open. */
  function directFor(on: Kysely<DB>): SqliteDirect | undefined {
    return on === db || on.isTransaction ? sqliteDirect(db) : undefined;
  }

  const throughKysely = (on: Kysely<DB>, params: P) =>
    on.executeQuery<R>({ query: compiled.query, queryId: compiled.queryId, sql: compiled.sql, parameters: values(params) });

  const allRows = (s: SqliteStatement, v: ReturnType<typeof bind>) => s.st.all(...v) as R[];
  const firstRow = (s: SqliteStatement, v: ReturnType<typeof bind>) => s.st.get(...v) as R | undefined;
  const changes = (s: SqliteStatement, v: ReturnType<typeof bind>) => Number(s.st.run(...v).changes);

  return {
    sql: compiled.sql,
    all(on, params) {
      const direct = directFor(on);
      if (direct !== undefined) return onSqlite(on, direct, params, allRows);
      return throughKysely(on, params).then((r) => r.rows);
    },
    first(on, params) {
      const direct = directFor(on);
      if (direct !== undefined) return onSqlite(on, direct, params, firstRow);
      return throughKysely(on, params).then((r) => r.rows[0]);
    },
    run(on, params) {
      const direct = directFor(on);
      if (direct !== undefined) return onSqlite(on, direct, params, changes);
      return throughKysely(on, params).then((r) => Number(r.numAffectedRows ?? 0n));
    },
  };
}
