// The packet guard on minecraft-protocol's own server-side connection (its splitter, decompressor
// and 1.21.4 parsers, fed bytes through a stand-in socket), with packets made by its 1.21.4 client
// serializer: what passes, what closes the connection and why, and that nothing is read after.

import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { Duplex } from 'node:stream';
import { deflateSync } from 'node:zlib';
import { frame, varint } from '../../../test/support/frames.ts';
import {
  guardClient,
  inflate,
  INVALID_MOVE,
  MALFORMED,
  MAX_UNCOMPRESSED_BYTES,
  packetProblem,
  PACKETS_PER_SECOND,
  readVarInt,
  TOO_LARGE,
  TOO_MANY,
  type GuardedClient,
  type Violation,
} from './packet-guard.ts';

const require = createRequire(import.meta.url);
const mc = require('minecraft-protocol') as {
  Client: new (isServer: boolean, version: string) => GuardedClient & { setSocket(s: Duplex): void };
  createSerializer(o: { state: string; isServer: boolean; version: string }): { createPacketBuffer(p: { name: string; params: unknown }): Buffer };
};

const clientWrites = mc.createSerializer({ state: 'play', isServer: false, version: '1.21.4' });
const packet = (name: string, params: Record<string, unknown>) => clientWrites.createPacketBuffer({ name, params });
const chat = (message: string) => packet('chat_message', { message, timestamp: 0n, salt: 0n, offset: 0, acknowledged: Buffer.alloc(3), checksum: 0 });
const flags = { onGround: false, hasHorizontalCollision: false };

/** A frame once compression is on, below the threshold (data length 0). */
const plainFrame = (p: Buffer) => frame(Buffer.concat([varint(0), p]));
const compressedFrame = (declared: number, deflated: Buffer) => frame(Buffer.concat([varint(declared), deflated]));

/** Every connection's socket: closed when the file's tests are done, which ends minecraft-protocol's 30 s wait for a client the guard ended. */
const sockets: Duplex[] = [];
after(() => {
  for (const s of sockets) s.destroy();
});

/** A guarded server-side connection in the play state, and what it read and refused. */
function connection(o: { compression?: boolean; now?: () => number } = {}) {
  const socket = new Duplex({ read() {}, write: (_c, _e, cb) => cb() });
  sockets.push(socket);
  const client = new mc.Client(true, '1.21.4');
  client.setSocket(socket);
  const closed: Violation[] = [];
  const failures: string[] = [];
  guardClient(client, { close: (v) => closed.push(v), handlerFailed: (event) => failures.push(event), ...(o.now ? { now: o.now } : {}) });
  client.state = 'play';
  if (o.compression) client.setCompressionThreshold(256);
  const read: Array<{ name: string; params: Record<string, unknown> }> = [];
  client.on('packet', (params, meta) => read.push({ name: (meta as { name: string }).name, params: params as Record<string, unknown> }));
  const send = async (...frames: Buffer[]) => {
    for (const f of frames) socket.push(f);
    // The streams hand bytes on in later ticks.
    await new Promise((r) => setImmediate(r));
    await new Promise((r) => setImmediate(r));
  };
  return { client, closed, failures, read, send };
}

describe('the packet guard: frames, compression and parsing', () => {
  it('lets whole, well-formed packets through, compressed or not', async () => {
    const c = connection({ compression: true });
    const long = 'x'.repeat(256);
    const p = chat(long);
    await c.send(plainFrame(chat('hello')), compressedFrame(p.length, deflateSync(p)));
    assert.deepEqual(c.closed, []);
    assert.deepEqual(
      c.read.map((r) => r.params.message),
      ['hello', long],
    );
  });

  it('reads a frame that comes in pieces, and one of 2 MiB less a byte', async () => {
    const c = connection();
    const f = frame(chat('in pieces'));
    await c.send(f.subarray(0, 1), f.subarray(1, 4), Buffer.concat([f.subarray(4), frame(chat('next'))]));
    const large = Buffer.concat([chat('large'), Buffer.alloc(2 ** 21 - 1 - chat('large').length)]);
    // Its padding is left over: the frame is read whole, then refused for the bytes after the packet.
    await c.send(frame(large));
    assert.deepEqual(
      c.read.map((r) => r.params.message),
      ['in pieces', 'next'],
    );
    assert.deepEqual(c.closed, [{ reason: MALFORMED, detail: `chat_message: ${2 ** 21 - 1 - chat('large').length} bytes left over` }]);
  });

  it('closes on a packet that does not parse (a known id, its body cut short) and reads nothing after it', async () => {
    const c = connection();
    const good = chat('hi');
    await c.send(frame(good.subarray(0, 3)), frame(chat('after')));
    assert.equal(c.closed.length, 1);
    assert.equal(c.closed[0]!.reason, MALFORMED);
    assert.match(c.closed[0]!.detail, /a play packet that does not parse \(3 bytes, id 0x07\)/);
    assert.deepEqual(c.read, []);
  });

  it('closes on an unknown packet id, and on bytes left over after a packet', async () => {
    const unknown = connection();
    await unknown.send(frame(Buffer.from([0x7f, 1, 2, 3])));
    assert.deepEqual(unknown.closed, [{ reason: MALFORMED, detail: 'unknown play packet id 127' }]);
    assert.deepEqual(unknown.read, []);

    const extra = connection();
    await extra.send(frame(Buffer.concat([chat('hi'), Buffer.from([1, 2])])));
    assert.deepEqual(extra.closed, [{ reason: MALFORMED, detail: 'chat_message: 2 bytes left over' }]);
  });

  it('closes on a length prefix wider than 3 bytes (more than 2 MiB) without waiting for its bytes', async () => {
    const c = connection();
    // 4-byte varint: 6 MiB declared, none of it sent.
    await c.send(Buffer.from([0x80, 0x80, 0x80, 0x03]));
    assert.deepEqual(c.closed, [{ reason: TOO_LARGE, detail: 'a frame length wider than 3 bytes (more than 2 MiB)' }]);
    // Whatever follows is dropped, not buffered.
    await c.send(Buffer.alloc(65536), frame(chat('after')));
    assert.equal((c.client.splitter as unknown as { buffer: Buffer }).buffer.length, 0);
    assert.deepEqual(c.read, []);
    assert.equal(c.closed.length, 1);
  });

  it('closes on a wrong length prefix: the bytes after it do not parse', async () => {
    const c = connection();
    const p = chat('hello');
    await c.send(Buffer.concat([varint(3), p]));
    assert.equal(c.closed[0]?.reason, MALFORMED);
  });

  it('closes on a compressed packet that declares more than 8 MiB, or inflates to more (or less) than it declares', async () => {
    const big = connection({ compression: true });
    await big.send(compressedFrame(MAX_UNCOMPRESSED_BYTES + 1, deflateSync(Buffer.alloc(10))));
    assert.equal(big.closed[0]?.reason, TOO_LARGE);

    // 16 MiB of zeros deflate to 16 KiB: inflating stops at the 1000 bytes declared.
    const bomb = connection({ compression: true });
    await bomb.send(compressedFrame(1000, deflateSync(Buffer.alloc(16 * 1024 * 1024))));
    assert.equal(bomb.closed[0]?.reason, MALFORMED);
    assert.match(bomb.closed[0]!.detail, /does not inflate to the 1000 bytes it declares/);

    const garbage = connection({ compression: true });
    await garbage.send(compressedFrame(300, Buffer.from('not deflate at all')));
    assert.equal(garbage.closed[0]?.reason, MALFORMED);
    assert.deepEqual([big.read, bomb.read, garbage.read], [[], [], []]);
  });

  it('closes on a zero-length frame', async () => {
    const compressed = connection({ compression: true });
    await compressed.send(Buffer.from([0]));
    assert.equal(compressed.closed[0]?.reason, MALFORMED);
    const plain = connection();
    await plain.send(Buffer.from([0]));
    assert.equal(plain.closed[0]?.reason, MALFORMED);
  });

  it(`closes past ${PACKETS_PER_SECOND} packets in one second; as many in the next second pass`, async () => {
    let t = 5000;
    const steady = connection({ now: () => t });
    const swing = frame(packet('arm_animation', { hand: 0 }));
    await steady.send(...Array.from({ length: PACKETS_PER_SECOND }, () => swing));
    t = 6000;
    await steady.send(...Array.from({ length: PACKETS_PER_SECOND }, () => swing));
    assert.deepEqual(steady.closed, []);
    assert.equal(steady.read.length, 2 * PACKETS_PER_SECOND);

    const flood = connection({ now: () => t });
    await flood.send(...Array.from({ length: PACKETS_PER_SECOND + 1 }, () => swing));
    assert.deepEqual(flood.closed, [{ reason: TOO_MANY, detail: `more than ${PACKETS_PER_SECOND} packets in one second` }]);
    assert.equal(flood.read.length, PACKETS_PER_SECOND);
  });

  it('closes on a move to NaN, before any listener sees it', async () => {
    const c = connection();
    await c.send(frame(packet('position', { x: Number.NaN, y: 64, z: 0, flags })));
    assert.deepEqual(c.closed, [{ reason: INVALID_MOVE, detail: 'position: x is NaN' }]);
    assert.deepEqual(c.read, []);
  });

  it('stops reading once the server ends the connection (a kick)', async () => {
    const c = connection();
    await c.send(frame(chat('one')));
    c.client.end('kicked');
    await c.send(frame(chat('two')));
    assert.deepEqual(
      c.read.map((r) => r.params.message),
      ['one'],
    );
  });

  it('logs a listener that throws once and goes on reading, each packet once', async () => {
    const c = connection();
    c.client.on('chat_message', (d) => {
      if ((d as { message: string }).message === 'boom') throw new Error('a handler bug');
    });
    await c.send(frame(chat('boom')), frame(chat('boom')), frame(chat('after')));
    assert.deepEqual(c.failures, ['chat_message']);
    assert.deepEqual(
      c.read.map((r) => r.params.message),
      ['boom', 'boom', 'after'],
    );
    assert.deepEqual(c.closed, []);
  });
});

describe('the packet guard: values within the game limits', () => {
  const problem = (name: string, params: Record<string, unknown>) => packetProblem('play', name, params);

  it('refuses moves to NaN, Infinity or beyond the world, rotations that are not numbers', () => {
    for (const [params, detail] of [
      [{ x: Number.NaN, y: 64, z: 0 }, 'position: x is NaN'],
      [{ x: 0, y: Number.POSITIVE_INFINITY, z: 0 }, 'position: y is Infinity'],
      [{ x: 3e8, y: 64, z: 0 }, 'position: 300000000, 0 is beyond 30000000 blocks'],
      [{ x: 0, y: -2.5e7, z: 0 }, 'position: y -25000000 is beyond 20000000 blocks'],
    ] as const) {
      assert.deepEqual(problem('position', params), { reason: INVALID_MOVE, detail });
    }
    assert.deepEqual(problem('look', { yaw: Number.NaN, pitch: 0 }), { reason: INVALID_MOVE, detail: 'look: yaw is NaN' });
    assert.equal(problem('position_look', { x: 29_999_999, y: 19_999_999, z: -29_999_999, yaw: 720, pitch: -90 }), undefined);
    assert.equal(problem('vehicle_move', { x: 0, y: 0, z: Number.NEGATIVE_INFINITY, yaw: 0, pitch: 0 })?.reason, INVALID_MOVE);
  });

  it('refuses text longer than the game allows: chat and commands 256, book pages 1024 (100 pages), titles 32, any text 32767', () => {
    assert.equal(problem('chat_message', { message: 'x'.repeat(256) }), undefined);
    assert.deepEqual(problem('chat_message', { message: 'x'.repeat(257) }), { reason: MALFORMED, detail: 'chat_message: message has 257 characters (at most 256)' });
    assert.equal(problem('chat_command', { command: 'x'.repeat(300) })?.reason, MALFORMED);
    assert.equal(problem('chat_command_signed', { command: 'x'.repeat(300) })?.reason, MALFORMED);
    // A sign line over 384 is the sign concern's to ignore; over what any text may be, refused here.
    assert.equal(problem('update_sign', { text1: '', text2: '', text3: 'x'.repeat(385), text4: '' }), undefined);
    assert.equal(problem('update_sign', { text1: '', text2: '', text3: 'x'.repeat(32768), text4: '' })?.detail, 'update_sign: text3 has 32768 characters (at most 32767)');
    assert.equal(problem('edit_book', { hand: 0, pages: ['ok', 'x'.repeat(1025)] })?.detail, 'edit_book: a page has 1025 characters (at most 1024)');
    assert.equal(problem('edit_book', { hand: 0, pages: Array.from({ length: 101 }, () => '') })?.detail, 'edit_book: 101 pages (at most 100)');
    assert.equal(problem('edit_book', { hand: 0, pages: [], title: 'x'.repeat(33) })?.reason, MALFORMED);
    assert.equal(problem('name_item', { name: 'x'.repeat(32768) })?.reason, MALFORMED);
    assert.equal(problem('tab_complete', { transactionId: 1, text: 'x'.repeat(32501) })?.reason, MALFORMED);
    assert.equal(problem('block_place', { cursorX: Number.NaN, cursorY: 0, cursorZ: 0 })?.reason, MALFORMED);
  });

  it('names an unknown packet id in its state', () => {
    assert.deepEqual(packetProblem('configuration', 42, undefined), { reason: MALFORMED, detail: 'unknown configuration packet id 42' });
  });
});

describe('the packet guard: its varint and inflate', () => {
  it('reads a varint within a byte limit', () => {
    assert.deepEqual(readVarInt(varint(2097151), 0, 3), { value: 2097151, size: 3 });
    assert.equal(readVarInt(varint(2097152), 0, 3), 'wide');
    assert.equal(readVarInt(Buffer.from([0x80, 0x80]), 0, 3), 'partial');
  });

  it('inflates a packet to exactly its declared size', () => {
    const p = Buffer.alloc(5000, 7);
    assert.deepEqual(inflate(Buffer.concat([varint(5000), deflateSync(p)])), { packet: p });
    assert.equal((inflate(Buffer.concat([varint(4000), deflateSync(p)])) as Violation).reason, MALFORMED);
    assert.equal((inflate(Buffer.concat([varint(6000), deflateSync(p)])) as Violation).reason, MALFORMED);
  });
});
