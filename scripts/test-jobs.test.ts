// The runner's jobs: a hung job is stopped with everything it started, and fails saying so.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { runJobs, type Job } from './test-jobs.ts';
import { within } from '../test/support/within.ts';

describe('runJobs', () => {
  it('stops a job that outlives its limit, with the processes it started, and fails it with what it printed', async () => {
    // A job that starts a child (as a test starts a server) and then never ends.
    const script = `const c = require('node:child_process').spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' }); console.log('child ' + c.pid); setInterval(() => {}, 1000);`;
    const job: Job = { group: 'hang', lane: 'light', args: [process.execPath, '-e', script], env: process.env, files: [], estimate: 0 };
    const [r] = await runJobs(process.cwd(), [job], { game: 1, light: 1 }, () => {}, 1500);
    assert.equal(r!.ok, false);
    assert.match(r!.output, /stopped after 2 s: still running \(a hang\)/);
    const pid = Number(/child (\d+)/.exec(r!.output)?.[1]);
    assert.ok(pid > 0, r!.output);
    // Killed with its group; it is gone once the system has reaped it (no longer its runner's child):
    // a kill is delivered at once but acted on when the process next runs, which a loaded machine
    // can put off (a loaded run saw it still there right after the job failed).
    const alive = () => {
      try {
        process.kill(pid, 0);
        return !/^\S+ \S+ Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/\(.*\)/, 'x'));
      } catch {
        return false;
      }
    };
    await within(5000, () => !alive(), 'the process the job started is gone too');
  });
});
