// Running the runner's jobs (scripts/test-passes.ts): each job is one `node --test` process over
// one or more test files, run in one of two lanes. The game lane runs at most one job per core (a
// real server and its bots keep a core busy); the light lane runs the other files, which mostly
// wait on timers, sockets and the database, beside it. Each job's output is kept and printed when
// it ends, so that lines of jobs running at once never interleave: a line per file, and the whole
// output of a job that failed.

import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import type { FileResult } from './test-reporter.ts';

export type Lane = 'game' | 'light';

export interface Job {
  /** What the job belongs to (a pass, or the type check), for the summary. */
  group: string;
  lane: Lane;
  /** The command: `node` and its arguments. */
  args: string[];
  env: NodeJS.ProcessEnv;
  /** The test files it runs (none for the type check). */
  files: string[];
  /** Milliseconds it is expected to take, to start the longest first. */
  estimate: number;
}

export interface JobResult {
  job: Job;
  ok: boolean;
  /** Milliseconds, wall. */
  ms: number;
  /** Seconds of CPU the job and every process it started used (when /usr/bin/time is there to tell). */
  cpu: number | undefined;
  startedAt: number;
  endedAt: number;
  files: FileResult[];
  output: string;
}

const running = new Set<ChildProcess>();
const TIME = '/usr/bin/time';
const CPU_MARK = 'core-test-cpu';

/**
 * A job still running after this long is hung (the slowest file takes about a minute, three on a
 * loaded machine): it is stopped with its whole process group and fails with what it printed, instead
 * of holding the run until CI's own limit. A server left running by a failed hook did that once.
 */
export const JOB_LIMIT_MS = 10 * 60_000;

/** Each job runs in a process group of its own, so that stopping it stops the servers and bots it started. */
function stopGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    process.kill(-child.pid!, signal);
  } catch {
    child.kill(signal);
  }
}

/** Stops every job still running (on Ctrl-C or SIGTERM of the runner). */
export function stopAll(signal: NodeJS.Signals = 'SIGTERM'): void {
  for (const child of running) stopGroup(child, signal);
}

function runJob(root: string, job: Job, limitMs: number): Promise<JobResult> {
  const dir = mkdtempSync(join(tmpdir(), 'core-test-job-'));
  const resultsFile = join(dir, 'files.jsonl');
  const isTest = job.files.length > 0;
  const args = isTest ? [...job.args, `--test-reporter=${join(root, 'scripts/test-reporter.ts')}`, `--test-reporter-destination=${resultsFile}`, '--test-reporter=spec', '--test-reporter-destination=stdout', ...job.files] : job.args;
  // GNU time reports the CPU of the job's whole tree (the servers and browsers it started and waited for).
  const timed = existsSync(TIME) ? [TIME, '-f', `${CPU_MARK} %U %S`, ...args] : args;
  const startedAt = performance.now();
  return new Promise((done) => {
    const child = spawn(timed[0]!, timed.slice(1), { cwd: root, env: job.env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    running.add(child);
    const chunks: Buffer[] = [];
    const deadline = setTimeout(() => {
      chunks.push(Buffer.from(`\n✖ stopped after ${Math.round(limitMs / 1000)} s: still running (a hang); what it printed is above\n`));
      stopGroup(child, 'SIGKILL');
    }, limitMs);
    child.stdout!.on('data', (d: Buffer) => chunks.push(d));
    child.stderr!.on('data', (d: Buffer) => chunks.push(d));
    child.on('close', (code, signal) => {
      clearTimeout(deadline);
      running.delete(child);
      const endedAt = performance.now();
      let files: FileResult[] = [];
      try {
        files = readFileSync(resultsFile, 'utf8')
          .split('\n')
          .filter((l) => l.trim() !== '')
          .map((l) => JSON.parse(l) as FileResult)
          .map((r) => ({ ...r, file: relative(root, r.file).split('\\').join('/') }));
      } catch {
        // the process ended before the reporter wrote (a crash, a kill): the output says why
      }
      rmSync(dir, { recursive: true, force: true });
      // One file to a process: every test is that file's (some are declared in modules it imports,
      // as the platform contract's cases), and its wall time is the file's (module loading included).
      if (job.files.length === 1 && files.length > 0) {
        files = [{ file: job.files[0]!, passed: files.reduce((n, f) => n + f.passed, 0), failed: files.reduce((n, f) => n + f.failed, 0), ms: endedAt - startedAt }];
      }
      let output = Buffer.concat(chunks).toString('utf8');
      let cpu: number | undefined;
      const mark = new RegExp(`^${CPU_MARK} ([\\d.]+) ([\\d.]+)$`, 'm');
      const m = mark.exec(output);
      if (m) {
        cpu = Number(m[1]) + Number(m[2]);
        output = output.replace(mark, '');
      }
      done({ job, ok: code === 0 && signal === null, ms: endedAt - startedAt, cpu, startedAt, endedAt, files, output });
    });
  });
}

/**
 * Runs the jobs, each lane at most `limits[lane]` at once, the longest expected first within the
 * order of groups given; calls `onEnd` as each ends.
 */
export async function runJobs(root: string, jobs: readonly Job[], limits: Record<Lane, number>, onEnd: (r: JobResult) => void, jobLimitMs = JOB_LIMIT_MS): Promise<JobResult[]> {
  const groups = [...new Set(jobs.map((j) => j.group))];
  const queue = (lane: Lane) =>
    jobs.filter((j) => j.lane === lane).sort((a, b) => groups.indexOf(a.group) - groups.indexOf(b.group) || b.estimate - a.estimate);
  const results: JobResult[] = [];
  const lane = async (name: Lane): Promise<void> => {
    const q = queue(name);
    const worker = async () => {
      for (let job = q.shift(); job !== undefined; job = q.shift()) {
        const r = await runJob(root, job, jobLimitMs);
        results.push(r);
        onEnd(r);
      }
    };
    await Promise.all(Array.from({ length: limits[name] }, worker));
  };
  await Promise.all([lane('game'), lane('light')]);
  return results;
}
