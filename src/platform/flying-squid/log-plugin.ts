// flying-squid's log plugin (lib/plugins/log.js), replaced before flying-squid loads it (by
// ./squid-overrides.ts, which puts this one in the module cache under the original's name). Loading
// the original takes over the process: it opens a readline on standard input (whose Ctrl-C only
// pauses the console and whose "> " prompt lands in piped logs), installs exit-hook (which exits
// at once on SIGINT and SIGTERM, before the host has shut down), swaps console.log for one that
// prints to standard error, and logs a listen error a second time with its stack. The host owns
// the console, the signals and the log (src/console.ts, src/main.ts); the adapter sets serv.log,
// info, warn and err to the platform's logger (see takeOverServer in ./host.ts).

import type { FsPlayer, FsServer } from './fs-types.ts';

/** What the replacement does: the player lines of the original, through whatever serv.info is. */
export const logPluginReplacement = {
  server(serv: FsServer): void {
    const ignore = (): void => {};
    Object.assign(serv, { log: ignore, info: ignore, warn: ignore, err: ignore, createLog: ignore });
    // The original listened for these all along; without a listener an 'error' would throw. A
    // listen error during start is the host's to report (once), so only later ones are logged.
    serv.on('error', (e: Error) => {
      if (serv.isReady) serv.err(`game server: ${e.message}`);
    });
    serv.on('clientError', (client: { socket?: { remoteAddress?: string } }, e: Error) =>
      serv.warn(`a client at ${client.socket?.remoteAddress ?? 'an unknown address'} failed: ${e.message}`),
    );
  },
  player(player: FsPlayer, serv: FsServer): void {
    player.on('connected', () => serv.info(`${player.username} (${player._client.socket?.remoteAddress ?? 'unknown address'}) connected`));
    player.on('disconnected', () => serv.info(`${player.username} disconnected`));
    player.on('chat', ({ message }: { message: string }) => serv.info(`<${player.username}> ${message}`));
  },
};

