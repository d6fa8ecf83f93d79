// The SQLite driver's group commit and its lock (src/core/storage/sqlite-driver.ts explains both): the
// first-in first-out lock of the one connection, and the group of transactions that commit
// together, which opens with BEGIN IMMEDIATE and waits for another program's write lock without
// blocking the loop.

import type { DbTiming } from './db-timing.ts';
import type { DatabaseSync } from 'node:sqlite';
import { fromDatabase } from './storage-errors.ts';

/** How long a write waits for a write lock another program holds on the file, ms. */
export const LOCK_WAIT_MS = 5000;
/** How often the writes waiting for that lock try again, ms. */
export const RETRY_MS = 20;

/** SQLITE_BUSY: another connection holds the lock. */
function isBusy(e: unknown): boolean {
  return typeof e === 'object' && e !== null && ((e as { errcode?: number }).errcode ?? 0) % 256 === 5;
}

/**
 * A first-in first-out lock: each release hands the connection to exactly the next waiter.
 * (Kysely's own SQLite mutex wakes every waiter on each release, which costs O(n²) when thousands
 * of operations queue at once, as they do under a burst of concurrent transfers.)
 */
export class FifoLock {
  #held = false;
  readonly #waiters: Array<() => void> = [];
  /** Takes the lock when it is free; false (and nothing queued) when it is held. */
  tryLock(): boolean {
    if (this.#held) return false;
    this.#held = true;
    return true;
  }
  lock(): Promise<void> {
    if (this.tryLock()) return Promise.resolve();
    return new Promise((resolve) => this.#waiters.push(resolve));
  }
  unlock(): void {
    const next = this.#waiters.shift();
    if (next) next();
    else this.#held = false;
  }
}

/** The transactions that commit together: see the top of src/core/storage/sqlite-driver.ts. */
export class CommitGroup {
  readonly #db: DatabaseSync;
  readonly #lock: FifoLock;
  readonly #file: string;
  #open = false;
  #scheduled = false;
  #waiters: Array<{ resolve: () => void; reject: (e: unknown) => void }> = [];
  /** Writes waiting for another program's write lock share one timer: it counts rounds of tries. */
  #retry: Promise<void> | undefined;
  #round = 0;
  /** The last round in which opening failed: the other waiters of that round do not try again. */
  #failedRound = -1;

  readonly #timing: DbTiming;

  constructor(db: DatabaseSync, lock: FifoLock, file: string, timing: DbTiming = { timer: undefined }) {
    this.#db = db;
    this.#lock = lock;
    this.#file = file;
    this.#timing = timing;
  }

  get isOpen(): boolean {
    return this.#open;
  }

  /**
   * Opens the group if none is open. With the lock held. Undefined when the group is open now; else
   * (another program holds the write lock) a promise that resolves once it is open, or rejects with
   * SQLITE_BUSY after LOCK_WAIT_MS, in both cases with the lock held again. The lock is free while
   * it waits.
   */
  open(): Promise<void> | undefined {
    if (this.#open) return undefined;
    const busy = this.#begin();
    return busy === undefined ? undefined : this.#wait(performance.now(), busy);
  }

  /** BEGIN IMMEDIATE: undefined when the group opened, the SQLITE_BUSY error when the lock is held elsewhere. */
  #begin(): unknown {
    try {
      this.#db.exec('BEGIN IMMEDIATE');
    } catch (e) {
      if (isBusy(e)) return e;
      throw fromDatabase(e, this.#file);
    }
    this.#open = true;
    // Commits at the end of the turn even if nothing joins (a write that failed).
    this.schedule();
    return undefined;
  }

  async #wait(since: number, busy: unknown): Promise<void> {
    for (;;) {
      this.#lock.unlock();
      await (this.#retry ??= new Promise<void>((resolve) =>
        setTimeout(() => {
          this.#retry = undefined;
          this.#round++;
          resolve();
        }, RETRY_MS),
      ));
      await this.#lock.lock();
      if (this.#open) return;
      if (this.#failedRound !== this.#round) {
        busy = this.#begin();
        if (busy === undefined) return;
        this.#failedRound = this.#round;
      }
      const waited = performance.now() - since;
      if (waited >= LOCK_WAIT_MS) throw fromDatabase(busy, this.#file, waited);
    }
  }

  /** Commits the open group now (with the lock held); settles as `committed` does. */
  commitNow(): Promise<void> | undefined {
    const done = this.committed();
    this.flush();
    return done;
  }

  /** Settles when the open group has committed; undefined when no group is open. */
  committed(): Promise<void> | undefined {
    if (!this.#open) return undefined;
    const done = new Promise<void>((resolve, reject) => this.#waiters.push({ resolve, reject }));
    this.schedule();
    return done;
  }

  /** Commits the open group at the end of this turn of the loop. */
  schedule(): void {
    if (this.#scheduled) return;
    this.#scheduled = true;
    setImmediate(() => void this.#lock.lock().then(() => this.#commit()));
  }

  #commit(): void {
    this.#scheduled = false;
    try {
      this.flush();
    } finally {
      this.#lock.unlock();
    }
  }

  /** Commits now (with the lock held, or at close); on failure rolls back and fails every waiter. */
  flush(): void {
    const waiters = this.#waiters;
    this.#waiters = [];
    if (this.#open) {
      try {
        const timer = this.#timing.timer;
        const start = timer === undefined ? 0 : performance.now();
        this.#db.exec('COMMIT');
        if (timer !== undefined) timer('commit', (performance.now() - start) / 1000);
      } catch (e) {
        try {
          this.#db.exec('ROLLBACK');
        } catch {
          // nothing more to undo
        }
        this.#open = false;
        for (const w of waiters) w.reject(fromDatabase(e, this.#file));
        return;
      }
      this.#open = false;
    }
    for (const w of waiters) w.resolve();
  }

  /**
   * After a statement failed (with the lock held): when SQLite rolled back the whole transaction,
   * the group is lost and every transaction waiting for its commit fails with `e`. Returns `e`,
   * marked with the database file.
   */
  failed(e: unknown): unknown {
    fromDatabase(e, this.#file);
    if (this.#open && !this.#db.isTransaction) {
      this.#open = false;
      const waiters = this.#waiters;
      this.#waiters = [];
      for (const w of waiters) w.reject(e);
    }
    return e;
  }
}
