// What an operator meets first, tried as they try it: a real terminal (tmux) with one Ctrl-C, a
// console behind pipes, a second server on the same data folder, start-up failures, the stop
// a service manager sends (systemd's ExecStart and Docker's ENTRYPOINT from the repository's own
// files, and `npm start`), with every acknowledged write still there afterwards, and console
// commands from another shell (`npm run console`): the first token of a server under systemd and
// in Docker, issued as docs/running-the-server.md says.

import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { joinBot, quit, waitFor } from './support/bots.ts';
import { docSteps, shell, showsAs } from './support/doc-steps.ts';
import { startRestServer, type RestServer } from './support/rest-server.ts';
import { newDataDir, ROOT_DIR, runCli, startServer, type Launch, type ServerProcess } from './support/server-process.ts';
import { openTerminal } from './support/terminal.ts';
import { readServerData } from './support/server-data.ts';

const servers: ServerProcess[] = [];
after(async () => {
  for (const s of servers) await s.stop('SIGKILL');
});

/** Every file under a folder with its size and modification time, to prove nothing was written. */
function snapshot(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const name of readdirSync(d).sort()) {
      const p = join(d, name);
      const st = statSync(p);
      if (st.isDirectory()) walk(p);
      else out.push(`${p} ${st.size} ${st.mtimeMs}`);
    }
  };
  walk(dir);
  return out;
}

/** The state letter of each thread of a process (T: stopped), from /proc. */
function threadStates(pid: number): string[] {
  return readdirSync(`/proc/${pid}/task`).map((tid) => {
    try {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0] ?? '?';
    } catch {
      return 'T'; // the thread ended
    }
  });
}

/** Standard error lines of a finished run, without Node's own deprecation notices. */
function errorLines(stderr: string): string[] {
  return stderr.split('\n').filter((l) => l.trim() !== '');
}

describe('the console in a real terminal', () => {
  it('shows a prompt, answers a command, and stops cleanly with ONE Ctrl-C under npm start', async () => {
    const dataDir = newDataDir();
    const term = openTerminal(ROOT_DIR);
    try {
      term.typeLine(`npm start -- --data ${dataDir} --port 0 --online-mode false; echo "EXIT=$?"`);
      await term.waitForScreen(/Type help for commands\.\s*\n> /, 60000);
      term.typeLine('help');
      await term.waitForScreen(/perm grant\|revoke/);
      term.key('C-c');
      const screen = await term.waitForScreen(/EXIT=\d+/, 20000);
      assert.match(screen, /Shutting down \(Ctrl-C\)/);
      assert.match(screen, /Stopped\./);
      assert.match(screen, /EXIT=0/);
      assert.equal(existsSync(join(dataDir, 'session.lock')), false, 'the data folder is unlocked');
    } finally {
      term.close();
    }
  });
});

describe('npm run console in a real terminal', () => {
  it('shows a prompt, answers a command, and leaves with ONE Ctrl-C while the server runs on', async () => {
    const server = await startServer();
    servers.push(server);
    const term = openTerminal(ROOT_DIR);
    try {
      term.typeLine(`npm run -s console -- --data ${server.dataDir}; echo "EXIT=$?"`);
      await term.waitForScreen(/Ctrl-D or Ctrl-C leaves, the server keeps running\.\s*\n> /, 30000);
      term.typeLine('coreapi token create term read');
      await term.waitForScreen(/Token term created with scopes read\. Secret: crs_\S+\s*\n> /);
      term.key('C-c');
      await term.waitForScreen(/EXIT=0/);
    } finally {
      term.close();
    }
    assert.ok(!server.lines.some((l) => /Shutting down/.test(l)), 'the server runs on');
    const again = await shell(`npm run -s console -- --data ${server.dataDir} coreapi token list`);
    assert.match(again.stdout, /^term: active, scopes read,/m);
    assert.equal(await server.stop('SIGTERM'), 0);
  });
});

describe('the console behind pipes', () => {
  it('prints no prompt and no terminal codes, and answers commands in the order they were sent', async () => {
    const server = await startServer();
    servers.push(server);
    const bot = await joinBot(server.gamePort, 'Dana');
    await quit(bot);
    const mark = server.lines.length;
    // A write to the database (grant) takes longer than help, which answers at once: run out of
    // order, each help would answer before the grant typed before it.
    const sent: string[] = [];
    for (let i = 1; i <= 5; i++) sent.push(`perm grant Dana core.order.${i}`, 'help');
    server.console(sent.join('\n'));
    await server.waitForLine(/core\.order\.5/, { from: mark });
    await server.waitForLine(/stop - Stops the server/, { from: server.lines.findIndex((l, i) => i >= mark && /core\.order\.5/.test(l)) });
    const replies = server.lines.slice(mark).filter((l) => /core\.order\.\d|stop - Stops the server/.test(l));
    const order = replies.map((l) => (/core\.order\.(\d)/.exec(l)?.[1] ? `grant ${/core\.order\.(\d)/.exec(l)![1]}` : 'help'));
    assert.deepEqual(order, ['grant 1', 'help', 'grant 2', 'help', 'grant 3', 'help', 'grant 4', 'help', 'grant 5', 'help']);
    assert.equal(await server.stop('SIGTERM'), 0);
    for (const line of server.lines) {
      assert.doesNotMatch(line, /^> |\x1b\[/, `a prompt or terminal code in piped output: ${JSON.stringify(line)}`);
    }
  });

  it('keeps running when standard input is empty (a service manager\'s /dev/null)', async () => {
    const server = await startServer();
    servers.push(server);
    const mark = server.lines.length;
    server.console('');
    // The console reads its lines in order: a command after the empty one answered means the empty
    // one was read, and the server runs on.
    server.console('help');
    await server.waitForLine(/stop - Stops the server/, { from: mark });
    assert.ok(!server.lines.some((l) => /Shutting down/.test(l)), server.lines.slice(mark).join('\n'));
    assert.equal(await server.stop('SIGTERM'), 0);
  });
});

describe('one server per data folder', () => {
  it('refuses a second server on a folder in use: one line naming the folder and the process, exit 1, nothing written', async () => {
    const first = await startServer();
    servers.push(first);
    // Frozen, the first server writes nothing (its world and its log write in the background), yet
    // it runs. A signal is delivered in its own time: wait until every thread is stopped.
    process.kill(first.pid, 'SIGSTOP');
    await waitFor(() => threadStates(first.pid).every((state) => state === 'T'), 'the first server is stopped', 5000);
    const before = snapshot(first.dataDir);
    // The folder is read again before the first server goes on: once it runs, it may write what it
    // had to write (a loaded run saw its log grow between a SIGCONT and this read).
    let afterwards: ReturnType<typeof snapshot> | undefined;
    const second = await runCli(['--data', first.dataDir, '--port', '0', '--online-mode', 'false']).finally(() => {
      afterwards = snapshot(first.dataDir);
      process.kill(first.pid, 'SIGCONT');
    });
    assert.equal(second.code, 1);
    const lines = errorLines(second.stderr);
    assert.equal(lines.length, 1, second.stderr);
    assert.ok(lines[0]!.includes(first.dataDir), lines[0]);
    assert.ok(lines[0]!.includes(`process ${first.pid}`), lines[0]);
    assert.equal(second.stdout.trim(), '');
    assert.deepEqual(afterwards, before);
    assert.equal(await first.stop('SIGTERM'), 0);
    assert.equal(existsSync(join(first.dataDir, 'session.lock')), false);
  });

  it('starts on a folder whose server was killed (the stale lock and console socket are taken over)', async () => {
    const first = await startServer();
    servers.push(first);
    await first.stop('SIGKILL');
    assert.equal(existsSync(join(first.dataDir, 'session.lock')), true);
    assert.ok(lstatSync(join(first.dataDir, 'console.sock')).isSocket(), 'the killed server left its socket');
    // No server runs there: npm run console says so in one line, exit 1.
    const none = await shell(`npm run -s console -- --data ${first.dataDir} help`);
    assert.equal(none.status, 1);
    assert.equal(none.stdout, '');
    assert.deepEqual(errorLines(none.stderr), [`No server is running on ${first.dataDir}: start one with npm start -- --data ${first.dataDir}, or as a service.`]);

    const second = await startServer({ dataDir: first.dataDir });
    servers.push(second);
    assert.ok(!second.lines.some((l) => /console socket/.test(l)), 'the socket left behind was replaced without a warning');
    const list = await shell(`npm run -s console -- --data ${first.dataDir} coreapi token list`);
    assert.equal(list.status, 0, list.stderr);
    assert.equal(list.stdout, 'No tokens yet. Issue one with coreapi token create <label> [scopes].\n');
    assert.equal(await second.stop('SIGTERM'), 0);
    assert.equal(existsSync(join(first.dataDir, 'console.sock')), false, 'a clean stop removes the socket');
  });
});

describe('start-up failures', () => {
  const oneLine = (r: { code: number | null; stderr: string }, pattern: RegExp) => {
    assert.equal(r.code, 1);
    const lines = errorLines(r.stderr);
    assert.equal(lines.length, 1, `one line on standard error, not:\n${r.stderr}`);
    assert.match(lines[0]!, pattern);
    assert.doesNotMatch(lines[0]!, /\.\.$/);
  };

  it('tells a bad kits.conf in one line naming file, line and key; the stack only with --debug', async () => {
    const dataDir = newDataDir();
    mkdirSync(join(dataDir, 'core'), { recursive: true });
    writeFileSync(join(dataDir, 'core', 'kits.conf'), '[kits.starter]\nitems = 3\n');
    const args = ['--data', dataDir, '--port', '0', '--online-mode', 'false'];
    oneLine(await runCli(args), /Core could not start: .*kits\.conf line 2, key "kits\.starter\.items": must be a list/);
    const debug = await runCli([...args, '--debug']);
    assert.equal(debug.code, 1);
    assert.match(debug.stderr, /\n\s+at .*modules\/kits\/index\.ts/);
  });

  it('stops at a faulty core.conf or rest.conf before anything listens: one line naming file, line and key, exit 1', async () => {
    const cases = [
      ['core', 'core.conf', 'teleport-warmup-seconds = 0\nteleport-warmup = 3\n', /Core could not start: \/\S*\/core\/core\.conf line 2, key "teleport-warmup": is not a key of this file\.$/],
      ['core-rest', 'rest.conf', 'enabled = true\nport = 8123x\n', /Core could not start: \/\S*\/core-rest\/rest\.conf line 2, key "port": `8123x` is not a number\.$/],
    ] as const;
    for (const [folder, file, text, pattern] of cases) {
      const dataDir = newDataDir();
      mkdirSync(join(dataDir, folder), { recursive: true });
      writeFileSync(join(dataDir, folder, file), text);
      const r = await runCli(['--data', dataDir, '--port', '0', '--online-mode', 'false']);
      oneLine(r, pattern);
      // Neither the game server nor the API started: no line of theirs, no "listening".
      assert.doesNotMatch(r.stdout, /listening|\[game\]|\[core-rest\]/i, r.stdout);
    }
  });

  it('tells a taken game port once, in one line naming the port and --port', async () => {
    const first = await startServer();
    servers.push(first);
    oneLine(
      await runCli(['--data', newDataDir(), '--port', String(first.gamePort), '--online-mode', 'false']),
      new RegExp(`game port ${first.gamePort} is already in use .* --port\\.$`),
    );
    assert.equal(await first.stop('SIGTERM'), 0);
  });

  it('tells a PostgreSQL it cannot reach in one line naming host, port and database, never the password, before opening the game port', async () => {
    const dataDir = newDataDir();
    mkdirSync(join(dataDir, 'core'), { recursive: true });
    // Port 1 on loopback: nothing listens there, so the connection is refused at once.
    writeFileSync(join(dataDir, 'core', 'network.conf'), 'server-name = "lobby"\ndatabase = "postgres://core:hunter2@127.0.0.1:1/network"\n');
    const r = await runCli(['--data', dataDir, '--port', '0', '--online-mode', 'false']);
    oneLine(r, /Core could not start: the PostgreSQL database at postgres:\/\/127\.0\.0\.1:1\/network .*network\.conf.*check that PostgreSQL runs on that host and port\.$/);
    assert.doesNotMatch(r.stdout + r.stderr, /hunter2/, 'the password is in no line');
    assert.doesNotMatch(r.stdout + r.stderr, /Game server listening/, 'no player could join');
  });

  it('tells a data folder that is a file in one line', async () => {
    const file = join(newDataDir(), 'data');
    writeFileSync(file, 'x');
    oneLine(await runCli(['--data', file, '--port', '0', '--online-mode', 'false']), /data folder .*data is a file, not a folder/);
  });
});

/** The command line of the repository's systemd unit, with its folders replaced by the test's. */
function systemdLaunch(): Launch {
  const unit = readFileSync(join(ROOT_DIR, 'deploy', 'core.service'), 'utf8');
  const workDir = /^WorkingDirectory=(.+)$/m.exec(unit)?.[1]?.trim();
  const execStart = /^ExecStart=(.+)$/m.exec(unit)?.[1]?.trim();
  assert.ok(workDir && execStart, 'deploy/core.service has WorkingDirectory and ExecStart');
  const [file, ...args] = execStart.split(/\s+/).map((w) => w.replace(workDir, ROOT_DIR));
  assert.ok(file && existsSync(file), `ExecStart names a file that npm ci installs: ${file}`);
  // The unit's own --data and --port are followed by the test's, which win.
  return { file, args, cwd: ROOT_DIR };
}

/** The entry point of the repository's Dockerfile, with its folders replaced by the test's. */
function dockerLaunch(): Launch {
  const dockerfile = readFileSync(join(ROOT_DIR, 'Dockerfile'), 'utf8');
  const workDir = /^WORKDIR\s+(\S+)$/m.exec(dockerfile)?.[1];
  const entry = /^ENTRYPOINT\s+(\[.*\])$/m.exec(dockerfile)?.[1];
  assert.ok(workDir && entry, 'the Dockerfile has WORKDIR and an exec-form ENTRYPOINT');
  const [file, ...args] = (JSON.parse(entry) as string[]).map((w) => w.replace(workDir, ROOT_DIR));
  assert.ok(file && existsSync(file), `ENTRYPOINT names a file that npm ci installs: ${file}`);
  return { file, args, cwd: ROOT_DIR };
}

/** npm as the test runs it (npm test sets npm_execpath), else the one on the PATH. */
function npmLaunch(): Launch {
  const npmCli = process.env.npm_execpath;
  if (npmCli && existsSync(npmCli)) return { file: process.execPath, args: [npmCli, 'start', '--'], cwd: ROOT_DIR };
  return { file: execFileSync('sh', ['-c', 'command -v npm'], { encoding: 'utf8' }).trim(), args: ['start', '--'], cwd: ROOT_DIR };
}

describe('stopped by a service manager', () => {
  for (const [how, launch] of [
    ['systemd (ExecStart of deploy/core.service)', systemdLaunch],
    ['Docker (ENTRYPOINT of the Dockerfile)', dockerLaunch],
    ['npm start', npmLaunch],
  ] as const) {
    it(`${how}: SIGTERM to the process it started stops the server, exit 0, every acknowledged write kept`, async () => {
      const dataDir = newDataDir();
      const rs: RestServer = await startRestServer({ dataDir, launch: launch() });
      servers.push(rs.server);
      const writer = await rs.token('writer', 'read,write');
      const bot = await joinBot(rs.server.gamePort, 'Payee');
      const uuid = bot.player.uuid;
      await quit(bot);

      // Deposits of one coin go on while the signal arrives; the answered ones must all be kept.
      let acknowledged = 0;
      let sending = true;
      let clientEnded = false;
      const client = (async () => {
        while (sending) {
          let r: Awaited<ReturnType<typeof rs.call>>;
          try {
            r = await rs.call('POST', `/players/${uuid}/balance/deposit`, writer, { amount: 1 });
          } catch (e) {
            // An answer its schema does not allow fails the test; a refused connection means the listener is closed.
            if (e instanceof assert.AssertionError) throw e;
            return;
          }
          if (r.status === 200 && r.json?.ok === true) acknowledged++;
        }
      })().finally(() => (clientEnded = true));
      while (acknowledged < 50 && !clientEnded) await new Promise((r) => setTimeout(r, 10));
      const code = await rs.server.stop('SIGTERM');
      sending = false;
      await client;
      assert.equal(code, 0, rs.server.lines.slice(-10).join('\n'));
      assert.ok(rs.server.lines.some((l) => /Stopped\./.test(l)));
      assert.equal(existsSync(join(dataDir, 'session.lock')), false, 'no server is left holding the folder');

      // Every answered deposit is in the database the stopped server left (in cents), as the next start reads it.
      const wallets = await readServerData<{ balance: number | string }>(dataDir, "SELECT balance FROM economy_wallets WHERE uuid = ? AND currency = 'coins'", uuid);
      assert.deepEqual(
        wallets.map((w) => Number(w.balance)),
        [(100 + acknowledged) * 100],
      );
    });
  }
});

/**
 * A "first token" block of docs/running-the-server.md as the test runs it: the page's folders
 * replaced by the test's, `sudo` and `docker exec` left out (the test's user owns the server), and
 * the restart done by the test.
 */
interface FirstTokenBlock {
  heading: string;
  launch: () => Launch;
  restart: RegExp;
  local(command: string, dataDir: string): string;
}

const FIRST_TOKEN: FirstTokenBlock[] = [
  {
    heading: 'The first token under systemd',
    launch: systemdLaunch,
    restart: /^sudo systemctl restart core$/,
    local: (c, dataDir) => c.replace(/^cd \/opt\/core && /, '').replace(/\bsudo (-u core )?/g, '').replaceAll('/var/lib/core', dataDir),
  },
  {
    heading: 'The first token in Docker',
    launch: dockerLaunch,
    restart: /^docker restart core$/,
    local: (c, dataDir) => c.replace(/^docker exec core /, '').replace(/(?<=\s)\/data(?=[\s/]|$)/g, dataDir),
  },
];

describe('commands from another shell (npm run console)', () => {
  for (const block of FIRST_TOKEN) {
    it(`issues the first token as docs/running-the-server.md says ("${block.heading}"), through the console socket, and it works over HTTP`, async (t) => {
      const dataDir = newDataDir();
      let server = await startServer({ dataDir, launch: block.launch() });
      servers.push(server);
      // The page's service listens on 8123; the test's on a free port.
      const restConf = join(dataDir, 'core-rest', 'rest.conf');
      writeFileSync(restConf, readFileSync(restConf, 'utf8').replace(/^port = 8123$/m, 'port = 0'));

      let restarting: Promise<ServerProcess> | undefined;
      let restPort: number | undefined;
      let secret: string | undefined;
      const env: Record<string, string> = {};
      const steps = docSteps('running-the-server.md', block.heading);
      for (const step of steps) {
        if (block.restart.test(step.command)) {
          assert.equal(await server.stop('SIGTERM'), 0);
          // As systemctl and docker do, the restart returns once the new process runs, not once it is up.
          // The new server is stopped after the test even when a step fails before it is up.
          restarting = startServer({ dataDir, launch: block.launch() });
          const started = restarting;
          t.after(async () => void (await started.catch(() => undefined))?.stop('SIGKILL'));
          continue;
        }
        if (step.command === 'TOKEN=crs_…') {
          assert.ok(secret, 'a step before printed the secret');
          env.TOKEN = secret;
          continue;
        }
        let command = block.local(step.command, dataDir);
        if (command.includes('127.0.0.1:8123')) {
          assert.ok(restPort, 'the service is on when the page calls it');
          command = command.replace('127.0.0.1:8123', `127.0.0.1:${restPort}`);
        }
        const r = await shell(command, env);
        assert.equal(r.status, 0, `${command}\n${r.stdout}${r.stderr}`);
        if (step.shows !== undefined) assert.ok(showsAs(r.stdout, step.shows), `${command} printed:\n${r.stdout}${r.stderr}\nwhere the page shows:\n${step.shows}`);
        secret ??= /Secret: (crs_\S+)$/.exec(r.stdout.trim())?.[1];
        if (restarting) {
          server = await restarting;
          servers.push(server);
          restarting = undefined;
          const listening = await server.waitForLine(/Remote Access Service listening on http:\/\/[^:]+:(\d+)/, { from: 0 });
          restPort = Number(/:(\d+)\/api\/v1/.exec(listening)?.[1]);
        }
      }
      assert.ok(secret && restPort, `the page issues a token and calls the service with it:\n${steps.map((s) => s.command).join('\n')}`);
      assert.ok(steps.some((s) => s.command.includes('$TOKEN')), 'the page calls the service with the token');

      const socket = lstatSync(join(dataDir, 'console.sock'));
      assert.ok(socket.isSocket());
      assert.equal((socket.mode & 0o777).toString(8), '600', "the socket is the server user's alone");
      const audit = await readServerData<{ actor: string }>(dataDir, 'SELECT actor FROM core_audit WHERE action = ?', 'core-rest.token-create');
      assert.deepEqual(audit.map((a) => a.actor), ['console']);
      // The secret went to npm run console only: the server's output (the journal, docker logs) has the line masked.
      assert.ok(!server.lines.some((l) => l.includes(secret)), 'the secret is not in the server output');
      assert.ok(server.lines.some((l) => /\[game\] Token panel created with scopes read,write\. Secret: crs_…$/.test(l)), server.lines.join('\n'));
      assert.equal(await server.stop('SIGTERM'), 0);
      assert.equal(existsSync(join(dataDir, 'console.sock')), false);
    });
  }
});
