// WebSocket clients for the event-stream tests: one built on ws that queues what it receives, and a
// raw one that writes frames by hand (for protocol violations ws would never send).

import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { connect, type Socket } from 'node:net';
import { WebSocket } from 'ws';

// biome-ignore lint: messages are read field by field.
export type Msg = any;

/** A ws client that queues every message, and resolves `next()` in order. */
export class Client {
  readonly ws: WebSocket;
  readonly messages: Msg[] = [];
  private waiters: ((m: Msg) => void)[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  readonly opened: Promise<void>;
  constructor(port: number, secret: string | undefined, options: { autoPong?: boolean } = {}) {
    this.ws = new WebSocket(`ws://127.0.0.1:${port}/api/v1/events`, {
      headers: secret ? { authorization: `Bearer ${secret}` } : {},
      autoPong: options.autoPong ?? true,
    });
    this.ws.on('error', () => {});
    this.ws.on('message', (data) => {
      const m = JSON.parse(String(data));
      const w = this.waiters.shift();
      if (w) w(m);
      else this.messages.push(m);
    });
    this.opened = new Promise((resolve, reject) => {
      this.ws.once('open', () => resolve());
      this.ws.once('unexpected-response', (_req, res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c));
        res.on('end', () => reject(Object.assign(new Error(`HTTP ${res.statusCode}`), { status: res.statusCode, body: JSON.parse(body), headers: res.headers })));
      });
    });
    this.closed = new Promise((resolve) => this.ws.once('close', (code, reason) => resolve({ code, reason: String(reason) })));
  }
  next(): Promise<Msg> {
    const m = this.messages.shift();
    if (m !== undefined) return Promise.resolve(m);
    return new Promise((resolve) => this.waiters.push(resolve));
  }
  send(m: unknown): void {
    this.ws.send(typeof m === 'string' ? m : JSON.stringify(m));
  }
}

export async function connected(port: number, secret: string): Promise<Client> {
  const c = new Client(port, secret);
  await c.opened;
  const hello = await c.next();
  assert.equal(hello.event, 'connected');
  return c;
}

/** A WebSocket spoken by hand: handshake, masked frames out, frames in. */
export class RawClient {
  readonly socket: Socket;
  private buffer = Buffer.alloc(0);
  readonly frames: { opcode: number; payload: Buffer }[] = [];
  private upgraded = false;
  private onFrame: (() => void) | undefined;
  readonly ready: Promise<void>;
  constructor(port: number, secret: string) {
    this.socket = connect(port, '127.0.0.1');
    this.socket.on('error', () => {});
    this.ready = new Promise((resolve, reject) => {
      this.socket.on('data', (d: Buffer) => {
        this.buffer = Buffer.concat([this.buffer, d]);
        if (!this.upgraded) {
          const end = this.buffer.indexOf('\r\n\r\n');
          if (end < 0) return;
          const head = this.buffer.subarray(0, end).toString();
          if (!head.startsWith('HTTP/1.1 101')) return reject(new Error(head));
          this.upgraded = true;
          this.buffer = this.buffer.subarray(end + 4);
          resolve();
        }
        this.parse();
      });
    });
    this.socket.write(
      'GET /api/v1/events HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n' +
        `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\nSec-WebSocket-Version: 13\r\nAuthorization: Bearer ${secret}\r\n\r\n`,
    );
  }
  private parse(): void {
    for (;;) {
      if (this.buffer.length < 2) return;
      const b1 = this.buffer[1] as number;
      let len = b1 & 0x7f;
      let offset = 2;
      if (len === 126) {
        if (this.buffer.length < 4) return;
        len = this.buffer.readUInt16BE(2);
        offset = 4;
      } else if (len === 127) {
        if (this.buffer.length < 10) return;
        len = Number(this.buffer.readBigUInt64BE(2));
        offset = 10;
      }
      if (this.buffer.length < offset + len) return;
      this.frames.push({ opcode: (this.buffer[0] as number) & 0x0f, payload: this.buffer.subarray(offset, offset + len) });
      this.buffer = this.buffer.subarray(offset + len);
      this.onFrame?.();
    }
  }
  /** A client frame (masked). `length` may claim more than `payload` holds. */
  static frame(opcode: number, payload: Buffer, fin = true, length = payload.length): Buffer {
    const mask = randomBytes(4);
    const head =
      length < 126
        ? Buffer.from([(fin ? 0x80 : 0) | opcode, 0x80 | length])
        : length < 65536
          ? Buffer.concat([Buffer.from([(fin ? 0x80 : 0) | opcode, 0x80 | 126]), Buffer.from([length >> 8, length & 0xff])])
          : (() => {
              const b = Buffer.alloc(10);
              b[0] = (fin ? 0x80 : 0) | opcode;
              b[1] = 0x80 | 127;
              b.writeBigUInt64BE(BigInt(length), 2);
              return b;
            })();
    const masked = Buffer.from(payload.map((byte, i) => byte ^ (mask[i % 4] as number)));
    return Buffer.concat([head, mask, masked]);
  }
  send(opcode: number, payload: Buffer | string, fin = true, length?: number): void {
    const p = typeof payload === 'string' ? Buffer.from(payload) : payload;
    this.socket.write(RawClient.frame(opcode, p, fin, length ?? p.length));
  }
  /** Resolves with the close code once a close frame arrives, or 1006 when the connection ends without one. */
  closeCode(): Promise<number> {
    return new Promise((resolve) => {
      const check = () => {
        const close = this.frames.find((f) => f.opcode === 0x8);
        if (close) {
          this.onFrame = undefined;
          resolve(close.payload.readUInt16BE(0));
        }
      };
      this.onFrame = check;
      check();
      // Dropped without a close frame (a missed ping): 1006, as a WebSocket client reports it, not a wait forever.
      this.socket.once('close', () => {
        check();
        resolve(1006);
      });
    });
  }
}
