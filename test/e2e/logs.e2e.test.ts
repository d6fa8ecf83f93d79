// The server's logs as an operator meets them: logs/latest.log in the data folder with the date,
// time and zone on every line, the file of an earlier run archived at start, --log-format json,
// and a console pipe that closes under the server (`npm start 2>&1 | head -2`).

import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, utimesSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { gunzipSync } from 'node:zlib';
import { localDate } from '../../src/core/log/log.ts';
import { newDataDir, startServer, type ServerProcess } from './support/server-process.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const TEXT_LINE = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d [+-]\d{4} (INFO|WARN|ERROR) /;

const latestLog = (dataDir: string) => join(dataDir, 'logs', 'latest.log');
const readLatest = (dataDir: string) => (existsSync(latestLog(dataDir)) ? readFileSync(latestLog(dataDir), 'utf8') : '');

async function waitForFile(dataDir: string, pattern: RegExp, what: string, timeoutMs = 30_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!pattern.test(readLatest(dataDir))) {
    if (Date.now() > until) assert.fail(`${what}: no line matching ${pattern} in logs/latest.log:\n${readLatest(dataDir).slice(-1500)}`);
    await sleep(100);
  }
}

/** CPU time (user + system) of a process in seconds, from /proc (Linux; 100 ticks a second). */
function cpuSeconds(pid: number): number {
  // The command name (field 2) may hold spaces; the fields after its closing parenthesis do not.
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

describe('logs/latest.log', () => {
  const servers: ServerProcess[] = [];
  after(async () => {
    for (const s of servers) await s.stop('SIGKILL');
  });

  it('holds every line with date, time and zone, and the file of an earlier run is archived at start', async () => {
    const dataDir = newDataDir();
    const first = await startServer({ dataDir });
    servers.push(first);
    assert.equal(await first.stop('SIGTERM'), 0);
    const firstRun = readLatest(dataDir);
    const lines = firstRun.trimEnd().split('\n');
    assert.ok(lines.length >= 5, firstRun);
    for (const line of lines) assert.match(line, TEXT_LINE);
    assert.match(lines[0]!, /INFO Core .* starting with data folder /);
    assert.match(lines.at(-1)!, /INFO Stopped\.$/);
    // The console printed the same lines.
    assert.ok(first.lines.some((l) => TEXT_LINE.test(l) && /Game server listening on port/.test(l)));

    const yesterday = new Date(Date.now() - 24 * 3600_000);
    utimesSync(latestLog(dataDir), yesterday, yesterday);
    const second = await startServer({ dataDir });
    servers.push(second);
    assert.equal(await second.stop('SIGTERM'), 0);
    const archive = join(dataDir, 'logs', `${localDate(yesterday)}-1.log.gz`);
    assert.ok(existsSync(archive), `${archive} exists`);
    assert.equal(gunzipSync(readFileSync(archive)).toString('utf8'), firstRun);
    assert.doesNotMatch(readLatest(dataDir), /Shutting down[\s\S]*starting with data folder/, 'latest.log holds the second run only');
  });

  it('holds one JSON object a line, as the console does, with --log-format json', async () => {
    const server = await startServer({ args: ['--log-format', 'json'] });
    servers.push(server);
    assert.equal(await server.stop('SIGTERM'), 0);
    for (const [where, lines] of [
      ['logs/latest.log', readLatest(server.dataDir).trimEnd().split('\n')],
      ['the console', server.lines.filter((l) => l.trim() !== '')],
    ] as const) {
      const objects = lines.map((l) => {
        try {
          return JSON.parse(l) as { time: string; level: string; msg: string; name?: string };
        } catch {
          return assert.fail(`${where}: not a JSON line: ${l}`);
        }
      });
      for (const o of objects) {
        assert.match(o.time, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}[+-]\d\d:\d\d$/, where);
        assert.ok(['info', 'warn', 'error'].includes(o.level), where);
        assert.equal(typeof o.msg, 'string', where);
      }
      assert.ok(objects.some((o) => o.level === 'warn' && /online-mode is false/.test(o.msg)), where);
      assert.ok(objects.some((o) => o.name === 'game'), `${where}: lines of a named logger`);
      assert.equal(objects.at(-1)!.msg, 'Stopped.', where);
    }
  });
});

describe('a console pipe that closes under the server (npm start 2>&1 | head -2)', () => {
  it('leaves the server idle and working, logging to logs/latest.log, and SIGTERM still stops it with exit code 0', async () => {
    const dataDir = newDataDir();
    const child = spawn(process.execPath, ['src/main.ts', '--data', dataDir, '--port', '0', '--online-mode', 'false'], {
      cwd: ROOT,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
    try {
      // Like head -2: read two lines, then close the reading end of both pipes.
      let seen = 0;
      await new Promise<void>((done) => {
        const onLine = () => {
          if (++seen === 2) done();
        };
        createInterface({ input: child.stdout }).on('line', onLine);
        createInterface({ input: child.stderr }).on('line', onLine);
      });
      child.stdout.destroy();
      child.stderr.destroy();

      await waitForFile(dataDir, /Game server listening on port/, 'the server starts');
      await waitForFile(dataDir, /standard output is closed/, 'the closed pipe is noted in the file');
      // Time is what is measured here: the CPU the server spends over 3 s of wall time once the
      // work of its start (1 s more) is done. A server writing to the closed pipe in a loop spends
      // nearly a whole core; an idle one, its ticks.
      await sleep(1000);
      const before = cpuSeconds(child.pid!);
      await sleep(3000);
      const share = (cpuSeconds(child.pid!) - before) / 3;
      assert.ok(share < 0.2, `the server uses ${Math.round(share * 100)}% of a core with its console pipe closed`);

      child.stdin.write('perm info Dora\n');
      await waitForFile(dataDir, /No player named Dora/, 'a console command is answered in the log file');

      child.kill('SIGTERM');
      assert.equal(await exited, 0);
      assert.match(readLatest(dataDir).trimEnd().split('\n').at(-1)!, /INFO Stopped\.$/);
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
  });
});
