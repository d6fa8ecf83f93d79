// The memory figure's probes against a local node:http server (not part of `npm test`, which does
// not look in bench/; run: node --test bench/memory-probe.test.ts).

import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import { test } from 'node:test';
import { openKeepAliveCrowd, openSockets, rssMiB } from './memory-probe.ts';

async function server(status: number): Promise<{ server: Server; port: number; auth: string[] }> {
  const auth: string[] = [];
  const s = createServer((req, res) => {
    auth.push(req.headers.authorization ?? '');
    res.writeHead(status, { 'content-type': 'application/json', 'content-length': 11 });
    res.end('{"ok":true}');
  });
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const address = s.address();
  return { server: s, port: typeof address === 'object' && address ? address.port : 0, auth };
}

test('reads the resident memory of a process from /proc', () => {
  const mib = rssMiB(process.pid);
  assert.ok(Math.abs(mib - process.memoryUsage.rss() / 1024 / 1024) < 16, `${mib} MiB`);
});

test('opens keep-alive connections that each made one authenticated request and stay open', async () => {
  const { server: s, port, auth } = await server(200);
  const before = openSockets(process.pid);
  const crowd = await openKeepAliveCrowd(port, '/api/v1/status', 'secret', 250, 50);
  try {
    assert.equal(auth.length, 250);
    assert.ok(auth.every((a) => a === 'Bearer secret'));
    assert.equal(crowd.open(), 250);
    // Both ends of each connection live in this process.
    assert.ok(openSockets(process.pid) - before >= 500);
  } finally {
    crowd.close();
    s.closeAllConnections();
    s.close();
  }
});

test('fails when a request is not answered 200', async () => {
  const { server: s, port } = await server(401);
  try {
    await assert.rejects(openKeepAliveCrowd(port, '/api/v1/status', 'bad', 10), /answered HTTP\/1.1 401/);
  } finally {
    s.closeAllConnections();
    s.close();
  }
});
