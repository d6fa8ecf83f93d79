// The NuVotifier protocol v2 listener: vote lists connect over TCP, the server greets with
// `VOTIFIER 2 <challenge>\n`, the list sends the magic 0x733a, a 16-bit length and that many bytes of
// JSON `{payload, signature}`: `signature` is the base64 HMAC-SHA256 of `payload` with the shared token,
// and `payload` (a JSON string) holds serviceName, username, address, timestamp and the challenge.
// The answer is `{"status":"ok"}` or `{"status":"error","cause":…,"error":…}`, then the connection
// closes. Protocol v1 (RSA blocks) is not spoken: such a connection is answered with an error.

import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type Server, type Socket } from 'node:net';

export const VOTIFIER_MAGIC = 0x733a;
/** A connection that has not sent its vote after this long is closed. */
const IDLE_MS = 5000;

export interface VotifierVote {
  serviceName: string;
  username: string;
  address: string;
  timestamp: number;
}

export interface VotifierOptions {
  port: number;
  /** The token for a service (its own, else the default). */
  tokenFor(serviceName: string): string;
  /** A checked vote; a thrown error or a rejected promise answers an error. */
  onVote(vote: VotifierVote): Promise<void>;
  /** A refused message (bad signature, challenge …), one sentence without any secret. */
  onRefused(why: string): void;
}

export interface VotifierListener {
  port: number;
  close(): Promise<void>;
}

export function signVotifier(payload: string, token: string): string {
  return createHmac('sha256', token).update(payload, 'utf8').digest('base64');
}

/** Checks one v2 message against the challenge; the vote, or why it is refused. */
export function checkVotifierMessage(
  json: string,
  challenge: string,
  tokenFor: (service: string) => string,
): { ok: true; vote: VotifierVote } | { ok: false; why: string } {
  let outer: unknown;
  try {
    outer = JSON.parse(json);
  } catch {
    return { ok: false, why: 'the message is not JSON' };
  }
  const o = outer as { payload?: unknown; signature?: unknown };
  if (typeof o?.payload !== 'string' || typeof o.signature !== 'string') return { ok: false, why: 'the message needs payload and signature strings' };
  let inner: Record<string, unknown>;
  try {
    inner = JSON.parse(o.payload) as Record<string, unknown>;
  } catch {
    return { ok: false, why: 'the payload is not JSON' };
  }
  if (typeof inner !== 'object' || inner === null) return { ok: false, why: 'the payload is not a JSON object' };
  const { serviceName, username, address, timestamp } = inner;
  if (typeof serviceName !== 'string' || serviceName.length === 0 || serviceName.length > 128) return { ok: false, why: 'serviceName is missing' };
  const expected = Buffer.from(signVotifier(o.payload, tokenFor(serviceName)), 'base64');
  const given = Buffer.from(o.signature, 'base64');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, why: `the signature of ${serviceName} does not match its token` };
  if (inner.challenge !== challenge) return { ok: false, why: `the challenge of ${serviceName} does not match` };
  if (typeof username !== 'string' || !/^[A-Za-z0-9_]{1,16}$/.test(username)) return { ok: false, why: `username from ${serviceName} is not a Minecraft name` };
  return {
    ok: true,
    vote: { serviceName, username, address: typeof address === 'string' ? address : '', timestamp: typeof timestamp === 'number' ? timestamp : 0 },
  };
}

function answer(socket: Socket, body: Record<string, string>): void {
  socket.end(`${JSON.stringify(body)}\r\n`);
}

export function startVotifier(options: VotifierOptions): Promise<VotifierListener> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    socket.setTimeout(IDLE_MS, () => socket.destroy());
    const challenge = randomBytes(16).toString('hex');
    socket.write(`VOTIFIER 2 ${challenge}\n`);
    let buf = Buffer.alloc(0);
    let done = false;
    const refuse = (why: string) => {
      done = true;
      options.onRefused(why);
      answer(socket, { status: 'error', cause: 'CorruptedFrameException', error: why });
    };
    socket.on('data', (chunk: Buffer) => {
      if (done) return;
      buf = Buffer.concat([buf, chunk]);
      if (buf.length < 4) return;
      if (buf.readUInt16BE(0) !== VOTIFIER_MAGIC) return refuse('not a NuVotifier v2 message (protocol v1 is not supported)');
      const length = buf.readUInt16BE(2);
      if (buf.length < 4 + length) return;
      done = true;
      const checked = checkVotifierMessage(buf.subarray(4, 4 + length).toString('utf8'), challenge, options.tokenFor);
      if (!checked.ok) return refuse(checked.why);
      options.onVote(checked.vote).then(
        () => answer(socket, { status: 'ok' }),
        (e: unknown) => answer(socket, { status: 'error', cause: 'Error', error: e instanceof Error ? e.message : String(e) }),
      );
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, () => {
      server.off('error', reject);
      const address = server.address();
      resolve({
        port: typeof address === 'object' && address ? address.port : options.port,
        close: () =>
          new Promise<void>((done) => {
            for (const s of sockets) s.destroy();
            server.close(() => done());
          }),
      });
    });
  });
}
