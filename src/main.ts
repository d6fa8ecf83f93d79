// The composition root: flags, data folder, the game server, the kernel with its modules, the
// Remote Access Service add-on, the console, and a clean shutdown (docs/running-the-server.md).

import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import pkg from '../package.json' with { type: 'json' };
import { parseCli, type ServerOptions } from './cli.ts';
import { openConsole, type ServerConsole } from './console.ts';
import { withSocketReplies } from './console-replies.ts';
import { openConsoleSocket, type ConsoleSocket } from './console-socket.ts';
import { systemClock } from './core/kernel/clock.ts';
import { openDatabase } from './core/storage/db.ts';
import { createEventBus } from './core/kernel/events.ts';
import { readStartupConfigs } from './core/config/config-startup.ts';
import { startKernel } from './core/kernel/kernel.ts';
import { timerScheduler } from './core/kernel/scheduler.ts';
import { lockDataFolder } from './data-folder.ts';
import { checkPostgresReachable } from './database-reach.ts';
import { describeUrl, loadNetworkConfig } from './network-config.ts';
import { startupFailure } from './startup-failure.ts';
import type { Logger } from './core/log/log.ts';
import { createServerLog, type ServerLog } from './core/log/server-log.ts';
import { openAccessLog, type AccessEntry, type AccessLog } from './rest/access-log-file.ts';
import { ALL_MODULES } from './modules/index.ts';
import { prepareFlyingSquid } from './platform/flying-squid/index.ts';
import { startRestAddon } from './rest/addon.ts';
import { restReloadable } from './rest/config.ts';
import { messageOf } from './core/text/sentence.ts';

export const VERSION: string = pkg.version;

async function run(options: ServerOptions, log: Logger, serverLog: ServerLog): Promise<void> {
  const dataDir = resolve(options.dataDir);
  // The lock comes first: a second server on the folder must write nothing at all.
  const lock = lockDataFolder(dataDir);
  process.on('exit', () => lock.release());

  // A signal during start-up stops the server as soon as it is up.
  let stopRequested: string | undefined;
  let shutdown = (why: string): Promise<void> => {
    stopRequested ??= why;
    return Promise.resolve();
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  const coreDir = join(dataDir, 'core');
  const restDir = join(dataDir, 'core-rest');
  const worldDir = join(dataDir, 'world');
  for (const dir of [coreDir, restDir, worldDir]) mkdirSync(dir, { recursive: true });
  serverLog.openFile(dataDir);

  log.info(`Core ${VERSION} starting with data folder ${dataDir}`);
  if (!options.onlineMode) {
    log.warn('online-mode is false: players are not verified with the account service; anyone can join under any name.');
  }

  const network = loadNetworkConfig(coreDir);
  // Every other config file, before anything opens: a faulty one stops the start here, in one line.
  const configs = readStartupConfigs({ configDir: coreDir, modules: ALL_MODULES, log: log.child('core'), more: [restReloadable(restDir, () => false)] });
  const database =
    network.database.kind === 'sqlite'
      ? openDatabase({ kind: 'sqlite', file: join(coreDir, 'core.db') })
      : openDatabase({ kind: 'postgres', url: network.database.url });
  log.info(
    `Server name ${network.serverName}; data in ${network.database.kind === 'sqlite' ? 'core/core.db (SQLite)' : `PostgreSQL at ${describeUrl(network.database.url)}`}` +
      (network.redis === null ? '' : `; Redis at ${describeUrl(network.redis)}`),
  );
  if (network.database.kind === 'postgres') {
    try {
      await checkPostgresReachable(database, network.database.url);
    } catch (e) {
      // Not awaited: closing waits for a connection attempt still pending, and the process exits now.
      void database.close().catch(() => {});
      throw e;
    }
  }
  const clock = systemClock;
  const events = createEventBus(clock, log.child('events'));
  // The game port stays closed until a join can succeed: worlds, modules and login gate up (below).
  const platform = await prepareFlyingSquid({
    port: options.port,
    onlineMode: options.onlineMode,
    worldDir,
    // The console's replies are this logger's lines: a command from the console socket gets its own back.
    log: withSocketReplies(log.child('game')),
  });

  // logs/access.log opens with the first API call, so a server without the add-on has none.
  let accessFile: AccessLog | undefined;
  let accessFailed = false;
  const accessLog = (): AccessLog | undefined => {
    if (accessFile || accessFailed) return accessFile;
    try {
      accessFile = openAccessLog(dataDir, options.logFormat, { onError: (message, e) => log.error(`access log: ${message}: ${messageOf(e)}`) });
    } catch (e) {
      accessFailed = true;
      log.error(`the access log cannot be opened; API calls go unlogged: ${messageOf(e)}`);
    }
    return accessFile;
  };

  let kernel: Awaited<ReturnType<typeof startKernel>> | undefined;
  let rest: Awaited<ReturnType<typeof startRestAddon>> | undefined;
  let serverConsole: ServerConsole | undefined;
  let consoleSocket: ConsoleSocket | undefined;
  let stopping: Promise<void> | undefined;
  const stop = (why: string, exitCode = 0): Promise<void> => {
    stopping ??= (async () => {
      serverLog.setConsoleWriter(undefined);
      serverConsole?.close();
      log.info(`Shutting down (${why})`);
      consoleSocket?.close();
      await rest?.stop().catch((e: unknown) => log.error('the Remote Access Service did not stop cleanly', e));
      await platform.shutdown('The server is shutting down.').catch((e: unknown) => log.error('the game server did not stop cleanly', e));
      await kernel?.stop().catch((e: unknown) => log.error('a module did not stop cleanly', e));
      await database.close();
      lock.release();
      await accessFile?.close();
      log.info('Stopped.');
      await serverLog.close();
      process.exit(exitCode);
    })();
    return stopping;
  };

  kernel = await startKernel({
    database,
    platform,
    events,
    clock,
    scheduler: timerScheduler(clock, log.child('scheduler')),
    log: log.child('core'),
    configDir: coreDir,
    version: VERSION,
    modules: ALL_MODULES,
    onStop: () => void stop('stop command'),
    serverName: network.serverName,
    startup: configs,
  });
  rest = await startRestAddon({
    configDir: restDir,
    database,
    api: kernel.api,
    modules: kernel.modules,
    events,
    commands: kernel.commands,
    configs: kernel.configs,
    clock,
    log: log.child('core-rest'),
    version: VERSION,
    serverName: network.serverName,
    redis: network.redis,
    accessLog: (entry: AccessEntry) => accessLog()?.write(entry),
    game: platform,
    signals: kernel.signals,
  });
  shutdown = stop;
  if (stopRequested) return void stop(stopRequested);
  // Before the ready line, which tells `npm run console` users the server is up.
  consoleSocket = await openConsoleSocket({ dataDir, run: (line) => platform.runConsoleLine(line), log });
  if (stopping) return consoleSocket?.close();
  try {
    await platform.open();
  } catch (e) {
    log.error(`Core could not start: ${startupFailure(e, options)}`, options.debug ? e : undefined);
    return void stop('the game port could not be opened', 1);
  }
  if (stopping) return;
  // The ready line (docs/running-the-server.md): written as the port opens, before any player is served.
  log.info(`Game server listening on port ${platform.port} (Minecraft ${platform.gameVersion}); ready for players. Type help for commands.`);
  serverConsole = openConsole({
    input: process.stdin,
    output: process.stdout,
    run: (line) => platform.runConsoleLine(line),
    interrupt: () => void stop('Ctrl-C'),
  });
  if (serverConsole.interactive) serverLog.setConsoleWriter((stream, text) => serverConsole?.write(stream, text));
}

function main(): void {
  const outcome = parseCli(process.argv.slice(2));
  switch (outcome.kind) {
    case 'help':
      process.stdout.write(outcome.text + '\n');
      return;
    case 'version':
      process.stdout.write(`core ${VERSION}\n`);
      return;
    case 'error':
      process.stderr.write(outcome.message + '\n');
      process.exitCode = 2;
      return;
  }
  const serverLog = createServerLog({ format: outcome.options.logFormat });
  const log = serverLog.log;
  // An error in any part (a module, the add-on, the game server) is logged and the server goes on.
  process.on('uncaughtException', (e) => log.error('uncaught error (the server keeps running)', e));
  process.on('unhandledRejection', (e) => log.error('unhandled rejection (the server keeps running)', e));
  // Node's warnings become log lines like any other; flying-squid's player-data code triggers a
  // harmless deprecation (DEP0174) at every start, which an operator can do nothing about.
  process.removeAllListeners('warning');
  process.on('warning', (w: Error & { code?: string }) => {
    if (w.code !== 'DEP0174') log.warn(`${w.name}: ${w.message}`);
  });
  const options = outcome.options;
  run(options, log, serverLog).catch((e: unknown) => {
    log.error(`Core could not start: ${startupFailure(e, options)}`, options.debug ? e : undefined);
    process.exit(1);
  });
}

main();
