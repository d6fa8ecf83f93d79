// A kernel on a fake platform and a fresh database, for unit tests of the kernel and of modules: an
// SQLite file in a temporary folder, or with CORE_TEST_DATABASE=postgres a PostgreSQL schema of its
// own (test/support/test-database.ts), kept across restarts and dropped by close(). `restart()` stops it and boots again on the same files; `close()` stops
// it, closes the database and removes the folder. Every event emitted is checked against its schema
// in the catalogue of the kernel and the modules given: a mismatch throws from `emit` (failing the
// operation that emitted it) and again from `close()`.

import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { manualClock } from '../../src/core/kernel/clock.ts';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { openDatabase, type Database, type Db } from '../../src/core/storage/db.ts';
import { catalogueOf } from '../../src/core/kernel/event-catalogue.ts';
import { createEventBus, type EmittedEvent } from '../../src/core/kernel/events.ts';
import { startKernel, type Kernel } from '../../src/core/kernel/kernel.ts';
import { memoryLogger } from '../../src/core/log/log.ts';
import { manualScheduler, type Scheduler } from '../../src/core/kernel/scheduler.ts';
import type { ModuleDefinition } from '../../src/core/kernel/module.ts';
import type { Players } from '../../src/core/players/players.ts';
import type { EventName } from '../../src/core/kernel/events.ts';
import type { OnlinePlayer } from '../../src/platform/platform.ts';
import { FakePlatform } from './fake-platform.ts';
import { createTestSchema, TEST_DATABASE, type TestSchema } from './test-database.ts';
import { checkedEventBus, type CheckedEventBus } from './schema-checks.ts';

export interface TestKernel {
  kernel: Kernel;
  platform: FakePlatform;
  database: Database;
  /** Moving it runs the scheduler's tasks that fall due: `await t.clock.advance(seconds)`. */
  clock: ReturnType<typeof manualClock>;
  /** The scheduler the kernel and its modules get, driven by `clock`. */
  scheduler: Scheduler;
  log: ReturnType<typeof memoryLogger>;
  /** The bus the kernel and modules emit on; `events.problems` lists events their schema does not allow. */
  events: CheckedEventBus;
  /** Every event emitted so far. */
  emitted: EmittedEvent[];
  /** The events of one name emitted so far, in order. */
  emittedNamed(name: EventName): EmittedEvent[];
  /** A player joins; resolves once the kernel has recorded them and modules' join listeners ran. */
  join(name: string): Promise<OnlinePlayer>;
  /**
   * Lets pending work run (turns of the event loop, no timers) until the condition holds; fails the
   * test naming `what` when it never does. For a command still running, e.g. one in a warm-up.
   */
  until(condition: () => boolean, what: string): Promise<void>;
  /**
   * Lets pending work run: `turns` turns of the event loop, and on PostgreSQL until no query is out
   * (at most 5 s). For work a test cannot name a condition for, such as "nothing happens".
   */
  settle(turns?: number): Promise<void>;
  dir: string;
  configDir: string;
  /** How many times `stop` was run. */
  stops: number;
  restart(): Promise<void>;
  close(): Promise<void>;
}

export async function startTestKernel(
  options: {
    modules?: readonly ModuleDefinition[];
    /** A folder to keep (the default is a fresh temporary one, removed by close()). */
    dir?: string;
    /** Runs before the first boot: to write config files. */
    beforeStart?: (configDir: string) => void;
    /**
     * Opens the database (the default is the pass's: SQLite at <dir>/core.db, or a PostgreSQL schema
     * of the kernel's own); called again on restart.
     */
    openDb?: () => Database;
    /** Keeps the data in SQLite at <dir>/core.db whichever the pass (a test that starts from a server's own file). */
    sqlite?: boolean;
    /** This server's name in the network (two kernels on one PostgreSQL play two servers). */
    serverName?: string;
  } = {},
): Promise<TestKernel> {
  const dir = options.dir ?? mkdtempSync(join(tmpdir(), 'core-test-'));
  const configDir = join(dir, 'core');
  const clock = manualClock();
  const log = memoryLogger();
  const events = checkedEventBus(createEventBus(clock, log), catalogueOf(options.modules ?? []));
  const scheduler = manualScheduler(clock, log);
  const emitted: EmittedEvent[] = [];
  events.subscribe((e) => emitted.push(e));
  mkdirSync(configDir, { recursive: true });
  options.beforeStart?.(configDir);

  let schema: TestSchema | undefined;
  /** The PostgreSQL pool of the kernel's own database, to tell when its queries are all answered. */
  let pool: pg.Pool | undefined;
  const openDefault = async (): Promise<Database> => {
    if (TEST_DATABASE === 'sqlite' || options.sqlite) return openDatabase({ kind: 'sqlite', file: join(dir, 'core.db') });
    schema ??= await createTestSchema('kernel');
    // As openDatabase opens it, with the pool at hand.
    const p = (pool = new pg.Pool({ connectionString: schema.url, max: 10 }));
    const db: Db = new Kysely({ dialect: new PostgresDialect({ pool: p }) });
    return { db, kind: 'postgres', close: () => db.destroy() };
  };
  /**
   * Lets pending work run. SQLite answers within a turn of the loop; PostgreSQL over a socket, so
   * on it this also waits (a few ms at a time, at most 5 s) until no query is out.
   */
  const settle = async (turns: number): Promise<void> => {
    for (let i = 0; i < turns; i++) await new Promise((r) => setImmediate(r));
    if (pool === undefined) return;
    const deadline = performance.now() + 5000;
    let quiet = 0;
    while (quiet < 3 && performance.now() < deadline) {
      await new Promise((r) => setTimeout(r, 2));
      for (let i = 0; i < turns; i++) await new Promise((r) => setImmediate(r));
      quiet = pool.totalCount - pool.idleCount + pool.waitingCount === 0 ? quiet + 1 : 0;
    }
  };

  const boot = async (platform: FakePlatform): Promise<{ kernel: Kernel; database: Database }> => {
    const database = options.openDb?.() ?? (await openDefault());
    try {
      const kernel = await startKernel({
        database,
        platform,
        events,
        clock,
        scheduler,
        log,
        configDir,
        version: '0.0.0-test',
        modules: options.modules ?? [],
        ...(options.serverName !== undefined ? { serverName: options.serverName } : {}),
        onStop: () => {
          t.stops++;
        },
      });
      return { kernel, database };
    } catch (e) {
      await database.close();
      throw e;
    }
  };

  const platform = new FakePlatform();
  let first: Awaited<ReturnType<typeof boot>>;
  try {
    first = await boot(platform);
  } catch (e) {
    await schema?.drop();
    throw e;
  }
  const t: TestKernel = {
    ...first,
    platform,
    clock,
    scheduler,
    log,
    events,
    emitted,
    emittedNamed: (name) => emitted.filter((e) => e.name === name),
    async join(name) {
      const player = t.platform.join(name);
      if (!player) throw new Error(`${name} could not join the fake platform`);
      await (t.kernel.api.players as Players).idle();
      // Modules' join listeners start writes of their own: let them run.
      await settle(20);
      return player;
    },
    settle: (turns = 20) => settle(turns),
    async until(condition, what) {
      for (let i = 0; i < 1000 && !condition(); i++) await new Promise((r) => setImmediate(r));
      // On PostgreSQL the work may wait for answers over a socket: poll on, for at most 5 s.
      const deadline = performance.now() + 5000;
      while (pool !== undefined && !condition() && performance.now() < deadline) await new Promise((r) => setTimeout(r, 2));
      if (!condition()) throw new Error(`waited in vain for ${what}`);
    },
    dir,
    configDir,
    stops: 0,
    async restart() {
      await t.kernel.stop();
      await t.database.close();
      // The fake's disk survives the restart, as world folders do.
      t.platform = new FakePlatform({ storedWorlds: t.platform.worldStore.stored });
      const next = await boot(t.platform);
      t.kernel = next.kernel;
      t.database = next.database;
    },
    async close() {
      await t.kernel.stop();
      await t.database.close();
      await schema?.drop();
      if (!options.dir) rmSync(dir, { recursive: true, force: true });
      assert.deepEqual(events.problems, [], 'every event emitted fits its schema');
    },
  };
  return t;
}
