// What `npm test` runs, and how: every test file in the SQLite pass, and in the PostgreSQL pass the
// files whose storage follows the pass. Both are read from the import graph, never from a list, so a
// new test file is placed the day it is written (docs/testing.md):
//
// - A file *reaches storage* when what it loads when it runs reaches test/support/test-database.ts,
//   the one module that reads CORE_TEST_DATABASE and so picks SQLite or PostgreSQL for every test
//   kernel, REST harness and real server. A file that never reaches it runs the same code in both
//   passes, so the PostgreSQL pass leaves it out.
// - A file is a *game* file when it reaches a real game server: the real server process
//   (test/e2e/support/server-process.ts), mineflayer bots (test/e2e/support/bots.ts) or flying-squid
//   hosted in the test process (src/platform/flying-squid/index.ts). Those run one file to a process,
//   at most one per core at once. Every other file runs with others, sixteen to a process (the
//   `--test-isolation=none` of node:test), which saves loading the same modules again per file.

import { globSync } from 'node:fs';
import { ImportGraph } from './import-graph.ts';

export type Pass = 'sqlite' | 'postgres';

/** The test files: every `*.test.ts` outside node_modules. */
export const PATTERNS = ['src/**/*.test.ts', 'test/**/*.test.ts', 'clients/**/*.test.ts', 'examples/**/*.test.ts', 'scripts/**/*.test.ts'];

/** The module where the pass's database is chosen: a file that reaches it runs in the PostgreSQL pass too. */
export const STORAGE_CHOICE = 'test/support/test-database.ts';

/** What makes a file a game file: it starts the game server, in its process or another, or bots. */
export const GAME_MODULES: readonly string[] = ['test/e2e/support/server-process.ts', 'test/e2e/support/bots.ts', 'src/platform/flying-squid/index.ts'];

/**
 * Files that reach storage but whose database does not follow the pass: those about SQLite itself,
 * and those that choose their databases themselves (a PostgreSQL of their own, an SQLite source),
 * which would run the same in both. They run in the SQLite pass only. Each says why; the plan's test
 * checks that each one exists and does reach storage (else it needs no entry).
 */
export const SQLITE_ONLY: Readonly<Record<string, string>> = {
  'src/modules/playerwarps/playerwarps.plan.test.ts': "the listing's SQLite query plan (an index, no scan, no sort)",
  'test/disk-full.test.ts': 'the SQLite file on a full disk',
  'test/e2e/crash-safety.e2e.test.ts': 'the SQLite file after kill -9 of the real server',
  'test/e2e/storage-locked.e2e.test.ts': 'the SQLite file locked by another program',
  'test/e2e/network.e2e.test.ts': 'two servers on a PostgreSQL database of their own, whichever the pass',
  'test/e2e/network-redis.e2e.test.ts': 'two servers on a PostgreSQL database and a Redis of their own, whichever the pass',
  'test/e2e/copy-to-postgres.e2e.test.ts': 'a server on SQLite copied into a PostgreSQL schema of its own, whichever the pass',
  'test/postgres-copy.test.ts': 'a kernel on SQLite copied into a PostgreSQL schema of its own, whichever the pass',
};

export interface TestFile {
  /** Relative to the root, with `/`. */
  path: string;
  storage: boolean;
  game: boolean;
}

/** Every test file under the root, sorted, with what the import graph says of it. */
export function testFiles(root: string, graph = new ImportGraph(root)): TestFile[] {
  const paths = [...new Set(PATTERNS.flatMap((p) => globSync(p, { cwd: root, exclude: (f) => typeof f === 'string' && f.includes('node_modules') })))].sort();
  return paths.map((path) => {
    const reach = graph.reach(path);
    return { path, storage: reach.has(STORAGE_CHOICE), game: GAME_MODULES.some((m) => reach.has(m)) };
  });
}

/** The files of a pass, narrowed to those named (a file, or a folder holding them) when any are. */
export function filesOfPass(all: readonly TestFile[], pass: Pass, only: readonly string[] = []): TestFile[] {
  const named = only.map((o) => o.replace(/^\.\//, '').replace(/\/$/, ''));
  const chosen = named.length === 0 ? all : all.filter((f) => named.some((o) => f.path === o || f.path.startsWith(`${o}/`)));
  return pass === 'sqlite' ? [...chosen] : chosen.filter((f) => f.storage && !(f.path in SQLITE_ONLY));
}
