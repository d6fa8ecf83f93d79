import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, lstatSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { memoryLogger } from './core/log/log.ts';
import { runClient } from './console-client.ts';
import { captureIo, leaveSocketBehind } from './console.fixtures.ts';
import { withSocketReplies } from './console-replies.ts';
import { openConsoleSocket, type ConsoleSocket } from './console-socket.ts';

const SECRET = 'crs_' + 'A'.repeat(43);

/**
 * A server's console socket in a fresh folder, whose commands print through the wrapped game logger
 * as the console's replies do: `echo <text>`, `secret`, `warn <text>`, `fail`, and `wait` (which
 * finishes when the test calls `release`).
 */
async function consoleServer(dataDir = mkdtempSync(join(tmpdir(), 'core-console-'))) {
  const serverLog = memoryLogger();
  const game = withSocketReplies(serverLog.child('game'));
  const ran: string[] = [];
  let release = () => {};
  const socket = await openConsoleSocket({
    dataDir,
    log: serverLog,
    async run(line) {
      ran.push(line);
      const [command, ...rest] = line.trim().split(' ');
      if (command === 'echo') game.info(rest.join(' '));
      if (command === 'secret') game.consoleOnly(`Token panel created with scopes read. Secret: ${SECRET}`);
      if (command === 'warn') game.warn(rest.join(' '));
      if (command === 'fail') game.error('the command failed', new Error('disk full'));
      if (command === 'wait') {
        await new Promise<void>((done) => (release = done));
        game.info('waited');
      }
    },
  });
  return { dataDir, socket, serverLog, ran, game, release: () => release() };
}

function opened(socket: ConsoleSocket | undefined): ConsoleSocket {
  assert.ok(socket, 'the socket is open');
  return socket;
}

describe('the console socket', () => {
  it('runs one command given to npm run console and prints its replies; warnings and errors on standard error', async () => {
    const s = await consoleServer();
    try {
      const c = captureIo();
      assert.equal(await runClient({ dataDir: s.dataDir, waitSeconds: 0, command: 'echo Hello there' }, c.io), 0);
      assert.equal(c.out, 'Hello there\n');
      assert.equal(c.err, '');
      assert.deepEqual(s.ran, ['echo Hello there']);

      const f = captureIo();
      assert.equal(await runClient({ dataDir: s.dataDir, waitSeconds: 0, command: 'fail' }, f.io), 0);
      assert.equal(f.out, '');
      assert.equal(f.err, 'the command failed: disk full\n');
    } finally {
      opened(s.socket).close();
    }
  });

  it('runs the lines of standard input in order, each after the one before is done, until its end', async () => {
    const s = await consoleServer();
    try {
      const c = captureIo({ input: 'echo one\nwait\n\necho two\nwarn careful\n' });
      const client = runClient({ dataDir: s.dataDir, waitSeconds: 0, command: undefined }, c.io);
      // `wait` holds the lines after it: none of them has run.
      while (!s.ran.includes('wait')) await new Promise((r) => setImmediate(r));
      assert.deepEqual(s.ran, ['echo one', 'wait']);
      s.release();
      assert.equal(await client, 0);
      assert.equal(c.out, 'one\nwaited\ntwo\n');
      assert.equal(c.err, 'careful\n');
      assert.deepEqual(s.ran, ['echo one', 'wait', 'echo two', 'warn careful'], 'the empty line is not a command');
    } finally {
      opened(s.socket).close();
    }
  });

  it('says what to do when neither the arguments nor standard input hold a command (docker exec without -it)', async () => {
    const s = await consoleServer();
    try {
      const c = captureIo({ input: '' });
      assert.equal(await runClient({ dataDir: s.dataDir, waitSeconds: 0, command: undefined }, c.io), 0);
      assert.equal(c.out, '');
      assert.equal(
        c.err,
        'No command was given, and standard input had none: give one after the flags (help lists them), or run this in a terminal (docker exec -it) for a prompt.\n',
      );
      assert.deepEqual(s.ran, []);
    } finally {
      opened(s.socket).close();
    }
  });

  it("sends a client only what its own commands printed, not the server's other lines", async () => {
    const s = await consoleServer();
    try {
      const c = captureIo({ input: 'wait\n' });
      const client = runClient({ dataDir: s.dataDir, waitSeconds: 0, command: undefined }, c.io);
      while (!s.ran.includes('wait')) await new Promise((r) => setImmediate(r));
      s.game.info('Dana joined the game'); // a player, meanwhile
      s.release();
      assert.equal(await client, 0);
      assert.equal(c.out, 'waited\n');
      assert.ok(s.serverLog.lines.some((l) => l.endsWith('[game] Dana joined the game')));
    } finally {
      opened(s.socket).close();
    }
  });

  it("gives the secret of a new token to the client only; the server's log has it masked", async () => {
    const s = await consoleServer();
    try {
      const c = captureIo();
      assert.equal(await runClient({ dataDir: s.dataDir, waitSeconds: 0, command: 'secret' }, c.io), 0);
      assert.equal(c.out, `Token panel created with scopes read. Secret: ${SECRET}\n`);
      const logged = s.serverLog.lines.filter((l) => l.includes('Token panel created'));
      assert.equal(logged.length, 1, s.serverLog.lines.join('\n'));
      assert.match(logged[0]!, /INFO \[game\] Token panel created with scopes read\. Secret: crs_…$/);
      assert.ok(!s.serverLog.lines.some((l) => l.includes(SECRET)));
      // At the server's own console (no socket command running) the line stays console-only, as before.
      s.game.consoleOnly(`Secret: ${SECRET}`);
      assert.ok(s.serverLog.lines.at(-1)!.endsWith(`Secret: ${SECRET}`));
    } finally {
      opened(s.socket).close();
    }
  });

  it("is the server user's alone (mode 0600), and is removed when the server stops, telling a connected client", async () => {
    const s = await consoleServer();
    const path = join(s.dataDir, 'console.sock');
    const st = lstatSync(path);
    assert.ok(st.isSocket());
    assert.equal((st.mode & 0o777).toString(8), '600');
    assert.deepEqual(readdirSync(s.dataDir), ['console.sock'], 'nothing else is left in the folder');
    const c = captureIo({ input: undefined });
    const client = runClient({ dataDir: s.dataDir, waitSeconds: 0, command: undefined }, c.io);
    c.stdin.write('echo ready\n');
    while (!c.out.includes('ready')) await new Promise((r) => setImmediate(r));
    opened(s.socket).close();
    assert.equal(await client, 0);
    assert.equal(c.err, 'The server is stopping.\n');
    assert.equal(existsSync(path), false);
    opened(s.socket).close(); // twice is harmless
  });

  it('replaces a socket left by a server that was killed', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'core-console-'));
    await leaveSocketBehind(join(dataDir, 'console.sock'));
    assert.ok(lstatSync(join(dataDir, 'console.sock')).isSocket(), 'left behind');
    const s = await consoleServer(dataDir);
    try {
      assert.deepEqual(s.serverLog.lines, []);
      const c = captureIo();
      assert.equal(await runClient({ dataDir, waitSeconds: 0, command: 'echo back' }, c.io), 0);
      assert.equal(c.out, 'back\n');
    } finally {
      opened(s.socket).close();
    }
  });

  it('leaves a file of that name that is not a socket, says so in one warning line, and the server runs without', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'core-console-'));
    writeFileSync(join(dataDir, 'console.sock'), 'notes\n');
    const s = await consoleServer(dataDir);
    assert.equal(s.socket, undefined);
    assert.equal(s.serverLog.lines.length, 1);
    assert.match(
      s.serverLog.lines[0]!,
      /WARN The console socket .*console\.sock is not open \(a file that is not a socket is in its place; remove it and restart the server\); npm run console cannot reach this server\.$/,
    );
    assert.ok(lstatSync(join(dataDir, 'console.sock')).isFile());
  });

  it('closes the connection of a client that sends a line too long to be a command', async () => {
    const s = await consoleServer();
    try {
      const c = captureIo();
      assert.equal(await runClient({ dataDir: s.dataDir, waitSeconds: 0, command: 'echo ' + 'x'.repeat(70_000) }, c.io), 1);
      assert.equal(c.err, 'A command line was longer than 65536 characters; the connection is closed.\n');
      assert.deepEqual(s.ran, []);
    } finally {
      opened(s.socket).close();
    }
  });
});
