// The composition root: flags, data folder, the game server, the kernel with its modules, the
// Remote Access Service add-on, the console, and a clean shutdown (docs/decisions.md, "How the server runs").

import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import pkg from '../package.json' with { type: 'json' };
import { parseCli, type ServerOptions } from './cli.ts';
import { systemClock } from './core/clock.ts';
import { openDatabase } from './core/db.ts';
import { createEventBus } from './core/events.ts';
import { startKernel } from './core/kernel.ts';
import { createLogger, type Logger } from './core/log.ts';
import { ALL_MODULES } from './modules/index.ts';
import { startFlyingSquid } from './platform/flying-squid/index.ts';
import { accessLogTo } from './rest/access-log.ts';
import { startRestAddon } from './rest/addon.ts';

export const VERSION: string = pkg.version;

async function run(options: ServerOptions, log: Logger): Promise<void> {
  const dataDir = resolve(options.dataDir);
  const coreDir = join(dataDir, 'core');
  const restDir = join(dataDir, 'core-rest');
  const worldDir = join(dataDir, 'world');
  for (const dir of [coreDir, restDir, worldDir]) mkdirSync(dir, { recursive: true });

  log.info(`Core ${VERSION} starting with data folder ${dataDir}`);
  if (!options.onlineMode) {
    log.warn('online-mode is false: players are not verified with the account service; anyone can join under any name.');
  }

  const database = openDatabase({ kind: 'sqlite', file: join(coreDir, 'core.db') });
  const clock = systemClock;
  const events = createEventBus(clock, log.child('events'));
  const platform = await startFlyingSquid({
    port: options.port,
    onlineMode: options.onlineMode,
    worldDir,
    log: log.child('game'),
  });

  let stopping: Promise<void> | undefined;
  const shutdown = (why: string): Promise<void> => {
    stopping ??= (async () => {
      log.info(`Shutting down (${why})`);
      await rest?.stop().catch((e: unknown) => log.error('the Remote Access Service did not stop cleanly', e));
      await platform.shutdown('The server is shutting down.').catch((e: unknown) => log.error('the game server did not stop cleanly', e));
      await kernel?.stop().catch((e: unknown) => log.error('a module did not stop cleanly', e));
      await database.close();
      log.info('Stopped.');
      process.exit(0);
    })();
    return stopping;
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  let kernel: Awaited<ReturnType<typeof startKernel>> | undefined;
  let rest: Awaited<ReturnType<typeof startRestAddon>> | undefined;
  kernel = await startKernel({
    database,
    platform,
    events,
    clock,
    log: log.child('core'),
    configDir: coreDir,
    version: VERSION,
    modules: ALL_MODULES,
    onStop: () => void shutdown('stop command'),
  });
  rest = await startRestAddon({
    configDir: restDir,
    database,
    api: kernel.api,
    events,
    commands: kernel.commands,
    clock,
    log: log.child('core-rest'),
    version: VERSION,
    accessLog: accessLogTo(log.child('access')),
  });
  log.info(`Game server listening on port ${platform.port} (Minecraft ${platform.gameVersion}). Type help for commands.`);
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
  const log = createLogger();
  // An error in any part (a module, the add-on, the game server) is logged and the server goes on.
  process.on('uncaughtException', (e) => log.error('uncaught error (the server keeps running)', e));
  process.on('unhandledRejection', (e) => log.error('unhandled rejection (the server keeps running)', e));
  run(outcome.options, log).catch((e: unknown) => {
    log.error(`Core could not start: ${e instanceof Error ? e.message : String(e)}`, e);
    process.exit(1);
  });
}

main();
