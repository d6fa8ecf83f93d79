// The game port opens when a join can succeed (docs/running-the-server.md, "Starting"). flying-squid
// listens the moment it is created (minecraft-protocol's createServer calls listen at once), long
// before its worlds are loaded, the adapter's concerns are ready and Core's modules have booted: a
// player connecting then (one reconnecting after a restart) was refused or kicked with "Internal
// server error". minecraft-protocol takes the class of its server as an option (`Server`): this one
// keeps the listen call for later, when the host opens the port.
//
// flying-squid also waits for its server's 'listening' (and its own 'pluginsReady') with a timer of
// 5 seconds and no catch: a port opened later than that would be an unhandled rejection. Its index
// takes `onceWithTimeout` from lib/utils.js when it loads; ./squid-overrides.ts gives it
// `untimedOnceWithTimeout`, which waits for those two events without the timer (the host waits for
// them itself).

import { once, type EventEmitter } from 'node:events';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';

const require = createRequire(import.meta.url);
const squidDir = dirname(require.resolve('flying-squid'));
const protocolRequire = createRequire(require.resolve('minecraft-protocol', { paths: [squidDir] }));

/** minecraft-protocol's own server class (src/server.js), the part that is used here. */
interface ProtocolServer extends EventEmitter {
  socketServer: { address(): { port: number } | string | null; listening: boolean } | null;
  listen(port: number, host?: string): void;
  close(): void;
}
type ProtocolServerClass = new (version: string, customPackets: unknown, hideErrors?: boolean) => ProtocolServer;

const ProtocolServer = protocolRequire('./server') as ProtocolServerClass;

/** A minecraft-protocol server whose port opens when `open` is called, not when it is created. */
export class GatedServer extends ProtocolServer {
  private wanted: { port: number; host?: string } | undefined;
  private opened = false;

  override listen(port: number, host?: string): void {
    this.wanted = { port, host };
  }

  /** Opens the port asked for at creation; rejects with the listen error (EADDRINUSE, EACCES). */
  async open(): Promise<number> {
    if (!this.wanted) throw new Error('the game server was never asked to listen');
    if (this.opened) return this.port();
    this.opened = true;
    const listening = once(this, 'listening');
    super.listen(this.wanted.port, this.wanted.host);
    await listening; // `once` rejects on an 'error' event first
    return this.port();
  }

  /** The port it listens on, 0 before it listens. */
  port(): number {
    const address = this.socketServer?.address();
    return typeof address === 'object' && address ? address.port : 0;
  }

  /** Closes the listener; one that never listened (or failed to) is closed already. */
  override close(): void {
    if (this.socketServer?.listening) return super.close();
    process.nextTick(() => this.emit('close'));
  }
}

/** The events flying-squid's index waits for with a 5-second timer of its own. */
const UNTIMED = new Set(['listening', 'pluginsReady']);

/** onceWithTimeout as lib/utils.js has it, but without the timer for 'listening' and 'pluginsReady'. */
export function untimedOnceWithTimeout(original: OnceWithTimeout): OnceWithTimeout {
  // Without a rejection on 'error' either: a listen error is the host's to report (Host.open).
  return (emitter, event, timeout, check) =>
    UNTIMED.has(event) ? new Promise((resolve) => emitter.once(event, (...data: unknown[]) => resolve(data))) : original(emitter, event, timeout, check);
}

export type OnceWithTimeout = (emitter: NodeJS.EventEmitter, event: string, timeout?: number, check?: (...data: unknown[]) => boolean) => Promise<unknown[]>;
