// `npm test`: the type check, the whole suite on SQLite, and the files that reach storage again on
// PostgreSQL (docs/testing.md). The PostgreSQL pass sets CORE_TEST_DATABASE=postgres, so that every
// test kernel and every real server a test starts keeps its data in a PostgreSQL schema of its own
// (test/support/test-database.ts). Which files run in which pass, and how, is read from the import
// graph (scripts/test-plan.ts). The passes follow each other without a pause: the PostgreSQL pass's
// first jobs start as the SQLite pass's last ones run. At the end: each pass's time and the ten
// slowest files.
//
//   npm test                                   type check and both passes
//   npm test -- sqlite|postgres [paths]        one pass, optionally some files or folders
//   npm test -- [paths]                        both passes over some files or folders
//   npm test -- --list [sqlite|postgres] [paths]   what would run, and how, without running it
//   npm test -- --slowest [N]                  the N slowest files of the last run (default 20)

import { availableParallelism } from 'node:os';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { dropLeftoverSchemas } from '../test/support/test-database.ts';
import { runJobs, stopAll, type Job, type JobResult } from './test-jobs.ts';
import { filesOfPass, testFiles, type Pass, type TestFile } from './test-plan.ts';
import { prepareTestWorld } from '../test/support/test-world.ts';

const ROOT = resolve(import.meta.dirname, '..');
const CACHE = join(ROOT, 'node_modules', '.cache', 'core-tests');
/** Each file's time in the last run, by pass: the longest start first. */
const TIMINGS = join(CACHE, 'timings.json');
const FLAGS = ['--test', '--test-timeout=180000'];
/** Files run together in one process of the light lane. */
const LIGHT_BATCH = 16;
const PASS_NAMES: Record<Pass, string> = { sqlite: 'SQLite', postgres: 'PostgreSQL (127.0.0.1:5432)' };

type Timings = Record<string, Partial<Record<Pass, number>>>;

function readTimings(): Timings {
  try {
    return JSON.parse(readFileSync(TIMINGS, 'utf8')) as Timings;
  } catch {
    return {};
  }
}

function count(n: number, what: string): string {
  return `${n} ${what}${n === 1 ? '' : 's'}`;
}

function seconds(ms: number): string {
  if (ms < 9950) return `${(ms / 1000).toFixed(1)} s`;
  const s = Math.round(ms / 1000);
  return s < 60 ? `${s} s` : `${Math.floor(s / 60)} min ${s % 60} s`;
}

/** The jobs of one pass: a game file to a job, the other files in batches. */
function jobsOf(pass: Pass, files: readonly TestFile[], timings: Timings, env: NodeJS.ProcessEnv): Job[] {
  const passEnv = { ...env, CORE_TEST_DATABASE: pass };
  const estimate = (f: TestFile) => timings[f.path]?.[pass] ?? (f.game ? 20000 : 1000);
  const jobs: Job[] = files
    .filter((f) => f.game)
    .map((f) => ({ group: pass, lane: 'game', args: [process.execPath, ...FLAGS], env: passEnv, files: [f.path], estimate: estimate(f) }));
  const light = files.filter((f) => !f.game);
  for (let i = 0; i < light.length; i += LIGHT_BATCH) {
    const batch = light.slice(i, i + LIGHT_BATCH);
    jobs.push({
      group: pass,
      lane: 'light',
      args: [process.execPath, ...FLAGS, '--test-isolation=none'],
      env: passEnv,
      files: batch.map((f) => f.path),
      estimate: batch.reduce((sum, f) => sum + estimate(f), 0),
    });
  }
  return jobs;
}

function report(r: JobResult): void {
  const lines: string[] = [];
  if (r.job.files.length === 0) lines.push(`${r.ok ? '✔' : '✖'} ${r.job.group} (${seconds(r.ms)})`);
  const cpu = r.cpu === undefined ? '' : `, ${r.job.files.length > 1 ? 'the batch ' : ''}${Math.round(r.cpu)} s of CPU`;
  for (const f of r.files) lines.push(`${f.failed === 0 ? '✔' : '✖'} ${r.job.group.padEnd(8)} ${seconds(f.ms).padStart(8)}  ${f.file} (${f.passed} passed${f.failed ? `, ${f.failed} failed` : ''}${cpu})`);
  const missing = r.job.files.filter((f) => !r.files.some((x) => x.file === f));
  for (const f of missing) lines.push(`✖ ${r.job.group.padEnd(8)} ${'?'.padStart(8)}  ${f} (no result: the process ended first)`);
  if (!r.ok) lines.push(`--- output of the failed job (${r.job.files.join(' ') || r.job.group}) ---`, r.output.trimEnd(), '--- end ---');
  process.stdout.write(`${lines.join('\n')}\n`);
}

/** The files of the last run, slowest first. */
function printSlowest(n: number): number {
  const timings = readTimings();
  const rows = Object.entries(timings).flatMap(([file, byPass]) => Object.entries(byPass).map(([pass, ms]) => ({ file, pass, ms: ms ?? 0 })));
  if (rows.length === 0) process.stdout.write(`No timings yet: they are kept in ${TIMINGS} by each run.\n`);
  for (const r of rows.sort((a, b) => b.ms - a.ms).slice(0, n)) process.stdout.write(`${seconds(r.ms).padStart(8)}  ${r.pass.padEnd(8)} ${r.file}\n`);
  return 0;
}

async function main(): Promise<number> {
  let argv = process.argv.slice(2);
  if (argv[0] === '--slowest') return printSlowest(Number(argv[1] ?? 20));
  const list = argv[0] === '--list';
  if (list) argv = argv.slice(1);
  const passArg = argv[0] === 'sqlite' || argv[0] === 'postgres' ? argv[0] : undefined;
  const only = passArg ? argv.slice(1) : argv;
  const passes: Pass[] = passArg ? [passArg] : ['sqlite', 'postgres'];
  const whole = passArg === undefined && only.length === 0;

  const all = testFiles(ROOT);
  const timings = readTimings();
  if (list) {
    for (const pass of passes) {
      const files = filesOfPass(all, pass, only);
      if (files.length === 0) throw new Error(`no test files match ${only.join(' ')}`);
      process.stdout.write(`# ${PASS_NAMES[pass]} pass: ${count(files.length, 'file')}\n`);
      for (const f of files) process.stdout.write(`${f.game ? 'own process' : 'shared     '}  ${f.path}\n`);
    }
    return 0;
  }
  mkdirSync(CACHE, { recursive: true });
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    // V8's code cache of every module loaded, kept between processes and runs: each test process
    // and each server loads the same few hundred modules.
    NODE_COMPILE_CACHE: join(CACHE, 'compile'),
    // The world every test server starts from, generated once (test/support/test-world.ts).
    CORE_TEST_WORLD: await prepareTestWorld(),
  };

  const jobs: Job[] = [];
  if (whole) jobs.push({ group: 'typecheck', lane: 'game', args: [process.execPath, join(ROOT, 'node_modules/typescript/bin/tsc'), '--noEmit', '-p', '.'], env, files: [], estimate: Infinity });
  const counts: Partial<Record<Pass, number>> = {};
  for (const pass of passes) {
    const files = filesOfPass(all, pass, only);
    counts[pass] = files.length;
    jobs.push(...jobsOf(pass, files, timings, env));
  }
  if (jobs.every((j) => j.files.length === 0)) throw new Error(`no test files match ${only.join(' ')}`);
  if (passes.includes('postgres')) await dropLeftoverSchemas();

  const cores = availableParallelism();
  process.stdout.write(
    `# ${passes.map((p) => `${PASS_NAMES[p]} pass: ${count(counts[p] ?? 0, 'file')}`).join('; ')}${whole ? '; and the type check' : ''}. ` +
      `${cores} cores: at most ${cores} game jobs and 2 of the other files at once.\n`,
  );
  const started = performance.now();
  const results = await runJobs(ROOT, jobs, { game: cores, light: 2 }, report);
  const took = performance.now() - started;

  if (passes.includes('postgres')) {
    const left = await dropLeftoverSchemas();
    if (left > 0) process.stdout.write(`# dropped ${left} schemas the tests left behind\n`);
  }

  // Timings for the next run's order.
  for (const r of results) for (const f of r.files) (timings[f.file] ??= {})[r.job.group as Pass] = Math.round(f.ms);
  writeFileSync(TIMINGS, JSON.stringify(timings));

  const lines = ['', '# Summary (times from the start of the run)'];
  const clock = (at: number) => {
    const sec = Math.round((at - started) / 1000);
    return `${Math.floor(sec / 60)}:${String(sec % 60).padStart(2, '0')}`;
  };
  for (const group of [...(whole ? ['typecheck'] : []), ...passes]) {
    const rs = results.filter((r) => r.job.group === group);
    const name = group === 'typecheck' ? 'type check' : `${PASS_NAMES[group as Pass]} pass`;
    // A pass the chosen files never reach (files that touch no storage, in the PostgreSQL pass).
    if (rs.length === 0) {
      lines.push(`# ${name}: no file of the chosen ones runs in it`);
      continue;
    }
    const from = Math.min(...rs.map((r) => r.startedAt));
    const to = Math.max(...rs.map((r) => r.endedAt));
    const files = rs.flatMap((r) => r.files);
    const failed = rs.filter((r) => !r.ok).length;
    const tests = files.reduce((n, f) => n + f.passed + f.failed, 0);
    const what = group === 'typecheck' ? '' : `: ${count(rs.reduce((n, r) => n + r.job.files.length, 0), 'file')}, ${count(tests, 'test')}`;
    lines.push(`# ${name} ${failed === 0 ? 'passed' : `FAILED (${failed} jobs)`} in ${seconds(to - from)} (${clock(from)} to ${clock(to)})${what}`);
  }
  const cpuTotal = results.reduce((n, r) => n + (r.cpu ?? 0), 0);
  lines.push(`# all in ${seconds(took)}${cpuTotal > 0 ? `, ${seconds(cpuTotal * 1000)} of CPU` : ''}`, '# the 10 slowest files:');
  const slowest = results.flatMap((r) => r.files.map((f) => ({ ...f, pass: r.job.group }))).sort((a, b) => b.ms - a.ms).slice(0, 10);
  for (const f of slowest) lines.push(`#   ${seconds(f.ms).padStart(8)}  ${f.pass.padEnd(8)} ${f.file}`);
  const failures = results.filter((r) => !r.ok);
  if (failures.length > 0) lines.push('# failed:', ...failures.map((r) => `#   ${r.job.group}: ${r.job.files.join(' ') || 'tsc'}`));
  process.stdout.write(`${lines.join('\n')}\n`);
  return failures.length === 0 ? 0 : 1;
}

// Behind a pipe that closes (`npm test -- --list | head`): stop, as a program killed by SIGPIPE does.
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code !== 'EPIPE') throw e;
  stopAll();
  process.exit(141);
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    stopAll(signal);
    process.exit(130);
  });
}
try {
  process.exitCode = await main();
} catch (e) {
  // A run that cannot start (PostgreSQL not there for its pass, no file matching): one line, no stack.
  stopAll();
  process.stderr.write(`npm test could not run: ${e instanceof Error ? e.message : String(e)}\n`);
  process.exitCode = 1;
}
