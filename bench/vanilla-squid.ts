// The vanilla-like baseline of the benchmarks: flying-squid alone, created with the settings the
// platform adapter gives it (src/platform/flying-squid/settings.ts) but with nothing of Core (no
// kernel, no modules, no add-on, no adapter concerns, flying-squid's own plugins as it ships them).
//   node bench/vanilla-squid.ts --data <folder> [--port 0] [--online-mode false]
// takes the flags of the real server that test/e2e/support/server-process.ts passes (so
// startServer launches either), keeps its world in <folder>/world, and prints "Game server
// listening on port <n>" when ready, as the real server does. SIGTERM stops it (flying-squid's own
// log plugin exits the process on the signal).

import { createRequire } from 'node:module';
import { join } from 'node:path';
import { flyingSquidSettings } from '../src/platform/flying-squid/settings.ts';

const require = createRequire(import.meta.url);
interface VanillaServer {
  once(event: 'ready', listener: () => void): void;
  once(event: 'error', listener: (e: Error) => void): void;
  _server: { socketServer: { address(): { port: number } | string | null } };
}
const flyingSquid = require('flying-squid') as { createMCServer(settings: Record<string, unknown>): VanillaServer };

const flag = (name: string): string | undefined => {
  const i = process.argv.indexOf(`--${name}`);
  return i < 0 ? undefined : process.argv[i + 1];
};
const dataDir = flag('data');
if (!dataDir) {
  process.stderr.write('usage: node bench/vanilla-squid.ts --data <folder> [--port 0] [--online-mode false]\n');
  process.exit(2);
}
const serv = flyingSquid.createMCServer(
  flyingSquidSettings({ port: Number(flag('port') ?? 25565), onlineMode: flag('online-mode') !== 'false', worldDir: join(dataDir, 'world') }),
);
serv.once('error', (e) => {
  process.stderr.write(`vanilla flying-squid failed: ${e.message}\n`);
  process.exit(1);
});
serv.once('ready', () => {
  const address = serv._server.socketServer.address();
  process.stdout.write(`Game server listening on port ${typeof address === 'object' && address ? address.port : 0}\n`);
});
