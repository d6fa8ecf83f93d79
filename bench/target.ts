// One benchmark target in its own process (so the load generator does not share its CPU):
//   node bench/target.ts node|fastify|addon
// Prints one JSON line {"port": n, "token": secret|null} when ready; answers 'cpu' messages with
// process.cpuUsage(); exits on SIGTERM.

import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { openAccessLog, type AccessEntry } from '../src/rest/access-log-file.ts';
import { startHarness } from '../src/rest/test-support.ts';

const BODY = { ok: true, data: { version: '0.1.0', 'api-version': 'v1', 'modules-on': [] as string[] } };
const kind = process.argv[2];

async function main(): Promise<{ port: number; token: string | null; stop: () => Promise<unknown> }> {
  if (kind === 'node') {
    const text = JSON.stringify(BODY);
    const server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
      res.end(text);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const address = server.address();
    return { port: typeof address === 'object' && address ? address.port : 0, token: null, stop: () => new Promise((r) => server.close(r)) };
  }
  if (kind === 'fastify') {
    const app = Fastify({ logger: false });
    app.get('/api/v1/status', () => BODY);
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    return { port: typeof address === 'object' && address ? address.port : 0, token: null, stop: () => app.close() };
  }
  if (kind === 'addon') {
    // The access log is on (the default) and written as the server writes it: logs/access.log in a
    // data folder, in batches (BENCH_ACCESS_LOG=off measures the add-on with access-log = false).
    const off = process.env.BENCH_ACCESS_LOG === 'off';
    const access = off ? undefined : openAccessLog(mkdtempSync(join(tmpdir(), 'core-bench-')), 'text');
    const h = await startHarness({
      conf: `enabled = true\nport = 0\nrequests-per-minute = 1000000000\naccess-log = ${!off}\n`,
      ...(access ? { accessLog: (entry: AccessEntry) => access.write(entry) } : {}),
    });
    const token = await h.token('bench', 'read');
    return { port: h.port, token, stop: () => h.close().then(() => access?.close()) };
  }
  throw new Error(`unknown target ${kind}`);
}

const target = await main();
process.stdout.write(JSON.stringify({ port: target.port, token: target.token }) + '\n');
// The runner asks for the CPU time used, to report server CPU per request (robust when the load
// generator and the server share a small machine).
process.on('message', (m) => {
  if (m === 'cpu') process.send?.(process.cpuUsage());
});
process.on('SIGTERM', () => {
  void target.stop().then(() => process.exit(0));
});
