// `npm test` after the type check: the whole suite once on SQLite, then once on PostgreSQL
// (docs/network-tests.md). The PostgreSQL pass sets CORE_TEST_DATABASE=postgres, so that every test
// kernel and every real server a test starts keeps its data in a PostgreSQL schema of its own
// (test/support/test-database.ts), and leaves out the files below: they are about SQLite itself.
//
//   node scripts/test-passes.ts                       both passes
//   node scripts/test-passes.ts postgres [files...]   one pass (sqlite or postgres), optionally some files

import { spawnSync } from 'node:child_process';
import { globSync } from 'node:fs';
import { resolve } from 'node:path';
import { dropLeftoverSchemas } from '../test/support/test-database.ts';

const ROOT = resolve(import.meta.dirname, '..');
const PATTERNS = ['src/**/*.test.ts', 'test/**/*.test.ts', 'clients/**/*.test.ts', 'examples/**/*.test.ts'];
const FLAGS = ['--test-timeout=180000'];
/**
 * Files run at once. The PostgreSQL pass runs one at a time: with the database server's processes
 * beside them, two files at once left the game tests short of CPU on a 2-core machine (bots timed
 * out waiting for the ground around them to load), where the SQLite pass runs two without trouble.
 */
const CONCURRENCY: Readonly<Record<Pass, number>> = { sqlite: 2, postgres: 1 };

/** Tests of SQLite itself (its file, its driver, its locks): the SQLite pass only. Each says why. */
export const SQLITE_ONLY: Readonly<Record<string, string>> = {
  'src/core/sqlite-driver.test.ts': 'the node:sqlite driver: statements, commit groups, WAL',
  'src/core/sqlite-faults.test.ts': 'SQLite errors (busy, full, corrupt) as node:sqlite throws them',
  'src/core/storage-errors.test.ts': "node:sqlite's error codes turned into sentences",
  'src/core/db.test.ts': 'the SQLite file survives kill -9 (WAL, synchronous=NORMAL)',
  'src/modules/playerwarps/playerwarps.plan.test.ts': "the listing's SQLite query plan (an index, no scan, no sort)",
  'test/disk-full.test.ts': 'the SQLite file on a full disk',
  'test/e2e/crash-safety.e2e.test.ts': 'the SQLite file after kill -9 of the real server',
  'test/e2e/storage-locked.e2e.test.ts': 'the SQLite file locked by another program',
};

type Pass = 'sqlite' | 'postgres';

function files(pass: Pass, only: readonly string[]): string[] {
  const all = PATTERNS.flatMap((p) => globSync(p, { cwd: ROOT, exclude: (f) => typeof f === 'string' && f.includes('node_modules') }));
  const chosen = only.length === 0 ? all : all.filter((f) => only.some((o) => f === o || f.startsWith(o.replace(/\/?$/, '/'))));
  return [...new Set(chosen)].filter((f) => pass === 'sqlite' || !(f in SQLITE_ONLY)).sort();
}

async function run(pass: Pass, only: readonly string[]): Promise<boolean> {
  const list = files(pass, only);
  if (list.length === 0) throw new Error(`no test files match ${only.join(' ')}`);
  if (pass === 'postgres') await dropLeftoverSchemas();
  process.stdout.write(`\n# ${pass === 'sqlite' ? 'SQLite' : 'PostgreSQL (127.0.0.1:5432)'} pass: ${list.length} files\n`);
  const started = performance.now();
  const r = spawnSync(process.execPath, ['--test', `--test-concurrency=${CONCURRENCY[pass]}`, ...FLAGS, ...list], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, CORE_TEST_DATABASE: pass },
  });
  const seconds = Math.round((performance.now() - started) / 1000);
  const took = `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
  if (pass === 'postgres') {
    const left = await dropLeftoverSchemas();
    if (left > 0) process.stdout.write(`# dropped ${left} schemas the tests left behind\n`);
  }
  process.stdout.write(`# ${pass} pass ${r.status === 0 ? 'passed' : 'FAILED'} in ${took}\n`);
  return r.status === 0;
}

const [first, ...rest] = process.argv.slice(2);
const passes: Pass[] = first === 'sqlite' || first === 'postgres' ? [first] : ['sqlite', 'postgres'];
const only = first === 'sqlite' || first === 'postgres' ? rest : process.argv.slice(2);
let ok = true;
// Both passes run even when the first fails: a developer sees every failure of one `npm test`.
for (const pass of passes) ok = (await run(pass, only)) && ok;
process.exitCode = ok ? 0 : 1;
