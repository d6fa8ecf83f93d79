// The operator contract (docs/decisions.md, "How the server runs") as a user meets it: `node src/main.ts` with flags, the data
// folder, a real bot joining, walking, chatting and quitting, a bot joining the moment the game
// port opens, the console, a clean stop on SIGINT and SIGTERM, and a second start that finds
// everything where it was left.

import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import pkg from '../../package.json' with { type: 'json' };
import { joinBot, kickReason, quit, sleep, waitFor, waitForMessage } from './support/bots.ts';
import { TEST_DATABASE } from '../support/test-database.ts';
import { newDataDir, runCli, startServer, type ServerProcess } from './support/server-process.ts';
import { freePort } from '../support/free-ports.ts';

describe('the command line', () => {
  it('prints the product version with --version and exits 0', async () => {
    const r = await runCli(['--version']);
    assert.equal(r.code, 0);
    assert.equal(r.stdout.trim(), `core ${pkg.version}`);
  });

  it('lists every flag with --help', async () => {
    const r = await runCli(['--help']);
    assert.equal(r.code, 0);
    for (const flag of ['--data', '--port', '--online-mode', '--log-format', '--version', '--help']) assert.match(r.stdout, new RegExp(flag));
  });

  it('refuses a bad flag value with a message naming the flag and exit code 2', async () => {
    const r = await runCli(['--port', 'abc']);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /--port must be a whole number/);
  });
});

describe('a server started as npm start starts it', () => {
  const servers: ServerProcess[] = [];
  after(async () => {
    for (const s of servers) await s.stop('SIGKILL');
  });

  it('lays out the data folder, warns about offline mode, and lets a bot join, walk, chat and quit', async () => {
    const server = await startServer();
    servers.push(server);
    assert.ok(server.lines.some((l) => /WARN .*online-mode is false/.test(l)), 'offline-mode warning');
    if (TEST_DATABASE === 'sqlite') assert.ok(existsSync(join(server.dataDir, 'core', 'core.db')), 'core/core.db');
    else {
      // The PostgreSQL pass: network.conf names the database, and no SQLite file appears beside it.
      assert.ok(server.lines.some((l) => /data in PostgreSQL at postgres:\/\/127\.0\.0\.1:5432\/test/.test(l)), 'the data is in PostgreSQL');
      assert.ok(!existsSync(join(server.dataDir, 'core', 'core.db')), 'no core/core.db');
    }
    assert.ok(existsSync(join(server.dataDir, 'core-rest', 'rest.conf')), 'core-rest/rest.conf');
    assert.ok(existsSync(join(server.dataDir, 'world')), 'world/');
    assert.match(readFileSync(join(server.dataDir, 'core-rest', 'rest.conf'), 'utf8'), /enabled = false/);

    const alice = await joinBot(server.gamePort, 'Alice');
    const bob = await joinBot(server.gamePort, 'Bob');
    try {
      // Bob sees Alice walk.
      const seen = () => Object.values(bob.entities).find((e) => e.username === 'Alice');
      await waitFor(() => seen() !== undefined, 'Bob sees Alice');
      const start = seen()!.position.clone();
      const walked = () => seen()!.position.distanceTo(start) > 1;
      // The world is random: a hill may stand in one direction, so she tries the four, jumping.
      alice.setControlState('forward', true);
      alice.setControlState('jump', true);
      for (let turn = 0; turn < 4 && !walked(); turn++) {
        await alice.look(alice.entity.yaw + (turn === 0 ? 0 : Math.PI / 2), 0, true);
        await waitFor(walked, 'Alice walks', 3000).catch(() => undefined);
      }
      alice.clearControlStates();
      assert.ok(walked(), 'Alice walks more than a block as Bob sees it');

      // Bob reads Alice's chat.
      const heard = waitForMessage(bob, /hello from Alice/);
      alice.chat('hello from Alice');
      assert.match(await heard, /Alice.*hello from Alice/);
    } finally {
      alice.quit();
      bob.quit();
    }
    await server.waitForLine(/Alice.*(left|disconnected)/i, { from: 0 });
  });

  it('opens the game port only when a player can join: a bot connecting the moment it opens spawns, and the ready line came first', async () => {
    const port = await freePort();
    const starting = startServer({ args: ['--port', String(port)] });
    let failed = false;
    void starting.then((s) => servers.push(s), () => (failed = true));
    // The earliest moment a player can connect (one reconnecting after a restart): the first TCP
    // connection the port accepts; the bot joins right after it.
    await Promise.race([acceptsTcp(port, () => failed), starting.then(() => undefined)]);
    const bot = await joinBot(port, 'Early');
    try {
      const server = await starting;
      const ready = server.lines.findIndex((l) => /INFO .*Game server listening on port \d+ \(Minecraft 1\.21\.4\); ready for players\./.test(l));
      const early = server.lines.findIndex((l) => /Early/.test(l));
      assert.ok(ready >= 0, `a ready line:\n${server.lines.join('\n')}`);
      assert.ok(ready < early, `the ready line before the bot's first line:\n${server.lines.join('\n')}`);
      assert.equal(server.gamePort, port);
      assert.ok(!server.lines.some((l) => /no world is loaded|still starting|Internal server error/.test(l)), server.lines.join('\n'));
    } finally {
      await quit(bot);
    }
  });

  it('takes console commands with or without the slash; help lists them', async () => {
    const server = servers[0]!;
    let mark = server.lines.length;
    server.console('help');
    await server.waitForLine(/perm/, { from: mark });
    mark = server.lines.length;
    server.console('/help');
    await server.waitForLine(/perm/, { from: mark });
    mark = server.lines.length;
    server.console('nosuchcommand');
    await server.waitForLine(/Unknown command/i, { from: mark });
  });

  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    it(`stops cleanly on ${signal}: players are kicked with a message, exit code 0`, async () => {
      const server = await startServer();
      servers.push(server);
      const bot = await joinBot(server.gamePort, 'Kicked');
      const reason = kickReason(bot);
      const code = await server.stop(signal);
      assert.equal(code, 0);
      assert.match(await reason, /shutting down/i);
      assert.ok(server.lines.some((l) => /Stopped\./.test(l)));
    });
  }

  it('finds everything where it was left after a restart with the same data folder', async () => {
    const dataDir = newDataDir();
    const first = await startServer({ dataDir });
    servers.push(first);
    const bot = await joinBot(first.gamePort, 'Carol');
    bot.quit();
    await first.waitForLine(/Carol.*(left|disconnected)/i, { from: 0 });
    first.console('perm grant Carol core.test.node');
    await first.waitForLine(/core\.test\.node/, { from: 0 });
    assert.equal(await first.stop('SIGTERM'), 0);

    const second = await startServer({ dataDir });
    servers.push(second);
    const mark = second.lines.length;
    second.console('perm info Carol');
    await second.waitForLine(/core\.test\.node/, { from: mark });
    assert.equal(await second.stop('SIGTERM'), 0);
  });
});


/** Resolves once a TCP connection to the port on loopback is accepted (that connection is closed again), or `givenUp` holds. */
async function acceptsTcp(port: number, givenUp: () => boolean, timeoutMs = 30000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!givenUp()) {
    const accepted = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (accepted) return;
    if (Date.now() > end) throw new Error(`port ${port} accepted no connection within ${timeoutMs} ms`);
    // A refused connection is answered at once: a short pause keeps the loop off the server's CPU.
    await sleep(5);
  }
}
