import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { createServer, connect, type Socket } from 'node:net';
import { writeBatcher } from './socket-batch.ts';

describe('writeBatcher', () => {
  it('corks once for all the writes of a turn and uncorks on the next tick', async () => {
    const calls: string[] = [];
    const batch = writeBatcher({ cork: () => calls.push('cork'), uncork: () => calls.push('uncork') });
    batch();
    batch();
    batch();
    assert.deepEqual(calls, ['cork']);
    await new Promise((r) => process.nextTick(r));
    assert.deepEqual(calls, ['cork', 'uncork']);
    batch();
    assert.deepEqual(calls, ['cork', 'uncork', 'cork']);
  });

  it('sends 200 small writes of one turn as one write, all bytes in order', async () => {
    const server = createServer();
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const port = (server.address() as { port: number }).port;
    const accepted = once(server, 'connection') as Promise<[Socket]>;
    const client = connect(port, '127.0.0.1');
    await once(client, 'connect');
    const [peer] = await accepted;
    const received: Buffer[] = [];
    peer.on('data', (d: Buffer) => received.push(d));
    const batch = writeBatcher(client);
    const writes: Promise<void>[] = [];
    for (let i = 0; i < 200; i++) {
      batch();
      writes.push(new Promise((r) => client.write(`${i},`, () => r())));
    }
    await Promise.all(writes);
    // One writev: the bytes usually arrive in one chunk; they always arrive whole and in order.
    await new Promise((r) => setTimeout(r, 50));
    assert.equal(Buffer.concat(received).toString(), Array.from({ length: 200 }, (_, i) => `${i},`).join(''));
    assert.ok(client.bytesWritten > 0);
    assert.equal(client.writableCorked, 0);
    client.destroy();
    peer.destroy();
    server.close();
  });
});
