import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { memoryLogger } from './core/log/log.ts';
import { parseClientArgs, runClient } from './console-client.ts';
import { captureIo, leaveSocketBehind, lockHeldByAnotherProcess } from './console.fixtures.ts';
import { openConsoleSocket } from './console-socket.ts';

const fresh = () => mkdtempSync(join(tmpdir(), 'core-console-'));

/** A console socket on the folder, whose commands print nothing. */
async function serve(dataDir: string) {
  const log = memoryLogger();
  const socket = await openConsoleSocket({ dataDir, log, run: async () => {} });
  assert.ok(socket, log.lines.join('\n'));
  return socket;
}

describe('npm run console: its arguments', () => {
  it('takes --data and --wait before the command, whose words make one line', () => {
    assert.deepEqual(parseClientArgs(['--data', '/srv/core', 'coreapi', 'token', 'create', 'panel', 'read,write']), {
      kind: 'run',
      options: { dataDir: '/srv/core', waitSeconds: 0, command: 'coreapi token create panel read,write' },
    });
    assert.deepEqual(parseClientArgs(['--data=/srv/core', '--wait=60', 'help']), { kind: 'run', options: { dataDir: '/srv/core', waitSeconds: 60, command: 'help' } });
    assert.deepEqual(parseClientArgs(['coreapi token list']), { kind: 'run', options: { dataDir: './data', waitSeconds: 0, command: 'coreapi token list' } });
  });

  it('reads commands from standard input without one', () => {
    assert.deepEqual(parseClientArgs(['--data', 'd']), { kind: 'run', options: { dataDir: 'd', waitSeconds: 0, command: undefined } });
    assert.deepEqual(parseClientArgs([]), { kind: 'run', options: { dataDir: './data', waitSeconds: 0, command: undefined } });
  });

  it('leaves the words after the command and after -- as they are, flags or not', () => {
    assert.deepEqual(parseClientArgs(['--data', 'd', 'say', '--data', 'x']), { kind: 'run', options: { dataDir: 'd', waitSeconds: 0, command: 'say --data x' } });
    assert.deepEqual(parseClientArgs(['--', '--odd']), { kind: 'run', options: { dataDir: './data', waitSeconds: 0, command: '--odd' } });
  });

  it('refuses an unknown flag, a flag without its value, a bad --wait and a command of two lines, naming what is wrong', () => {
    assert.deepEqual(parseClientArgs(['--port', '1']), { kind: 'error', message: 'Unknown flag "--port". Run with --help to list the flags.' });
    assert.deepEqual(parseClientArgs(['--data']), { kind: 'error', message: 'The flag --data needs a value.' });
    assert.deepEqual(parseClientArgs(['--wait', '1.5']), { kind: 'error', message: '--wait must be a whole number of seconds, not "1.5".' });
    assert.deepEqual(parseClientArgs(['--wait', '-1']), { kind: 'error', message: '--wait must be a whole number of seconds, not "-1".' });
    assert.deepEqual(parseClientArgs(['help\nstop']), { kind: 'error', message: 'The command is one line: it cannot hold a line break.' });
    assert.deepEqual(parseClientArgs(['--help']), { kind: 'help' });
    assert.deepEqual(parseClientArgs(['-h', 'stop']), { kind: 'help' });
    assert.deepEqual(parseClientArgs(['--data=']), { kind: 'error', message: 'The flag --data needs a value.' });
    assert.deepEqual(parseClientArgs(['-x', 'help']), { kind: 'error', message: 'Unknown flag "-x". Run with --help to list the flags.' });
    assert.deepEqual(parseClientArgs(['-']), { kind: 'error', message: 'Unknown flag "-". Run with --help to list the flags.' });
  });
});

describe('npm run console: finding the server', () => {
  it('says in one line that no server runs on the folder, and exits 1', async () => {
    const dataDir = fresh();
    const c = captureIo();
    assert.equal(await runClient({ dataDir, waitSeconds: 0, command: 'help' }, c.io), 1);
    assert.equal(c.out, '');
    assert.equal(c.err, `No server is running on ${dataDir}: start one with npm start -- --data ${dataDir}, or as a service.\n`);

    const missing = join(dataDir, 'nope');
    const m = captureIo();
    assert.equal(await runClient({ dataDir: missing, waitSeconds: 0, command: 'help' }, m.io), 1);
    assert.equal(m.err, `No server is running on ${missing} (there is no such folder): start one with npm start -- --data ${missing}, or as a service.\n`);
  });

  it('says the same on a folder whose server was killed, leaving its socket and its lock behind', async () => {
    const dataDir = fresh();
    await leaveSocketBehind(join(dataDir, 'console.sock'));
    const gone = await lockHeldByAnotherProcess(dataDir, new Date());
    await gone.stop();
    const c = captureIo();
    assert.equal(await runClient({ dataDir, waitSeconds: 0, command: 'help' }, c.io), 1);
    assert.equal(c.err, `No server is running on ${dataDir}: start one with npm start -- --data ${dataDir}, or as a service.\n`);
  });

  it('waits for a server that is starting (it holds the folder) to open its console', async () => {
    const dataDir = fresh();
    const starting = await lockHeldByAnotherProcess(dataDir, new Date());
    try {
      const c = captureIo({ ttyErr: true });
      const client = runClient({ dataDir, waitSeconds: 0, command: 'help' }, c.io);
      await c.errMatches(/Waiting for the server on .* to open its console…\n$/);
      const socket = await serve(dataDir);
      assert.equal(await client, 0);
      socket.close();
    } finally {
      await starting.stop();
    }
  });

  it('with --wait, waits for a server to come up on a folder nobody holds yet', async () => {
    const dataDir = fresh();
    const c = captureIo({ ttyErr: true });
    const client = runClient({ dataDir, waitSeconds: 60, command: 'help' }, c.io);
    await c.errMatches(/Waiting for the server/);
    const socket = await serve(dataDir);
    assert.equal(await client, 0);
    socket.close();
  });

  it('does not wait for a server that started long ago without a console socket: its log says why', async () => {
    const dataDir = fresh();
    const old = await lockHeldByAnotherProcess(dataDir, new Date(Date.now() - 3600_000));
    try {
      const c = captureIo({ ttyErr: true });
      assert.equal(await runClient({ dataDir, waitSeconds: 0, command: 'help' }, c.io), 1);
      assert.equal(c.err, `The server on ${dataDir} (process ${old.pid}) has no console socket ${join(dataDir, 'console.sock')}; its log says why.\n`);
    } finally {
      await old.stop();
    }
  });
});
