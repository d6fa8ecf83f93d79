// What a client may send: every connection's incoming bytes are checked before anything reads them,
// in every state (handshake, status, login, configuration, play). minecraft-protocol buffers a frame
// of any declared length, inflates a compressed packet to whatever size it holds, logs a packet
// that does not parse (stack and hex dump, on standard output) and goes on reading the connection,
// and lets through values no game client sends (NaN coordinates, which flying-squid then passes on
// to every player nearby). Here each of these closes that one connection, with a reason the player
// is shown and one warning line in the log; nothing else is affected.
//
// The rules (docs/reliability.md, "The game side"):
// - a frame's length takes at most 3 bytes (a packet is at most 2 MiB, 2^21 - 1 bytes), as in the
//   game, and is not 0;
// - a compressed packet declares at most 8 MiB and inflates to exactly what it declares;
// - a packet parses as a packet of the connection's state, whole (no bytes left over);
// - the values of a parsed packet are within the game's limits (PACKET_LIMITS below);
// - at most PACKETS_PER_SECOND packets in one second.
// A listener of a client's event that throws is logged once for that connection and the packet
// counts as read: unguarded, the exception leaves minecraft-protocol's streams in the middle of the
// packet, and nothing more is read from that player until the keep-alive times out.

import { unzipSync, constants as zlibConstants } from 'node:zlib';
import type { Transform } from 'node:stream';
import type { Text } from '../platform.ts';
import type { AdapterContext } from './context.ts';
import { kickSession } from './sessions.ts';
import { textToNbt } from './text.ts';

/** A frame's length prefix takes at most 3 bytes: 2^21 - 1 bytes, the game's own limit. */
export const MAX_FRAME_LENGTH_BYTES = 3;
/** The most a compressed packet may declare it inflates to (the game's limit, 8 MiB). */
export const MAX_UNCOMPRESSED_BYTES = 8 * 1024 * 1024;
/** More packets than this in one second (of the server's clock) closes the connection. */
export const PACKETS_PER_SECOND = 500;

/** The game's limits on what a client writes in a packet (vanilla 1.21.4's decoders and handlers). */
export const PACKET_LIMITS = {
  /** A chat line and a command, as the game's chat box allows them. */
  chatChars: 256,
  /** A command completion request. */
  completionChars: 32500,
  bookPages: 100,
  bookPageChars: 1024,
  bookTitleChars: 32,
  /** Any other text a client sends (a sign line, an anvil name, a command block's command). */
  stringChars: 32767,
  /** How far from the centre a position may be, horizontally and vertically (the game clamps there). */
  horizontal: 30_000_000,
  vertical: 20_000_000,
} as const;

/** Why a connection is closed: what the player is shown (reason) and what the log adds (detail). */
export interface Violation {
  reason: string;
  detail: string;
}

export const MALFORMED = 'Malformed packet';
export const TOO_LARGE = 'Packet too large';
export const INVALID_MOVE = 'Invalid move player packet received';
export const TOO_MANY = 'Too many packets';

const MOVES = new Set(['position', 'position_look', 'look', 'vehicle_move']);

/**
 * What is wrong with a packet a client sent, parsed, by the game's limits; undefined when nothing is.
 * `name` is what the parser made of the packet id (a number when the id is unknown in that state).
 */
export function packetProblem(state: string, name: unknown, params: unknown): Violation | undefined {
  if (typeof name !== 'string') return { reason: MALFORMED, detail: `unknown ${state} packet id ${String(name)}` };
  const p = (params ?? {}) as Record<string, unknown>;
  const tooLong = (field: string, value: unknown, max: number): Violation | undefined =>
    typeof value === 'string' && value.length > max ? { reason: MALFORMED, detail: `${name}: ${field} has ${value.length} characters (at most ${max})` } : undefined;
  if (MOVES.has(name)) return moveProblem(name, p);
  switch (name) {
    case 'chat_message':
      return tooLong('message', p.message, PACKET_LIMITS.chatChars);
    case 'chat_command':
    case 'chat_command_signed':
      return tooLong('command', p.command, PACKET_LIMITS.chatChars);
    case 'tab_complete':
      return tooLong('text', p.text, PACKET_LIMITS.completionChars);
    case 'update_sign':
      // A line over the game's 384 is the sign concern's to ignore (docs/decisions.md, signs): the
      // player stays. Only text no packet of the game holds is refused here.
      for (const f of ['text1', 'text2', 'text3', 'text4']) {
        const problem = tooLong(f, p[f], PACKET_LIMITS.stringChars);
        if (problem) return problem;
      }
      return undefined;
    case 'edit_book': {
      const pages = Array.isArray(p.pages) ? (p.pages as unknown[]) : [];
      if (pages.length > PACKET_LIMITS.bookPages) return { reason: MALFORMED, detail: `edit_book: ${pages.length} pages (at most ${PACKET_LIMITS.bookPages})` };
      for (const page of pages) {
        const problem = tooLong('a page', page, PACKET_LIMITS.bookPageChars);
        if (problem) return problem;
      }
      return tooLong('title', p.title, PACKET_LIMITS.bookTitleChars);
    }
    case 'name_item':
      return tooLong('name', p.name, PACKET_LIMITS.stringChars);
    case 'update_command_block':
      return tooLong('command', p.command, PACKET_LIMITS.stringChars);
    case 'use_entity':
    case 'block_place':
      for (const f of ['x', 'y', 'z', 'cursorX', 'cursorY', 'cursorZ']) {
        if (typeof p[f] === 'number' && !Number.isFinite(p[f])) return { reason: MALFORMED, detail: `${name}: ${f} is ${p[f]}` };
      }
      return undefined;
    default:
      return undefined;
  }
}

function moveProblem(name: string, p: Record<string, unknown>): Violation | undefined {
  for (const f of ['x', 'y', 'z', 'yaw', 'pitch']) {
    if (f in p && !Number.isFinite(p[f])) return { reason: INVALID_MOVE, detail: `${name}: ${f} is ${String(p[f])}` };
  }
  const { x, y, z } = p as { x?: number; y?: number; z?: number };
  if ((x !== undefined && Math.abs(x) > PACKET_LIMITS.horizontal) || (z !== undefined && Math.abs(z) > PACKET_LIMITS.horizontal)) {
    return { reason: INVALID_MOVE, detail: `${name}: ${x}, ${z} is beyond ${PACKET_LIMITS.horizontal} blocks` };
  }
  if (y !== undefined && Math.abs(y) > PACKET_LIMITS.vertical) return { reason: INVALID_MOVE, detail: `${name}: y ${y} is beyond ${PACKET_LIMITS.vertical} blocks` };
  return undefined;
}

/** A varint's value and size; 'partial' when the bytes end first, 'wide' when it takes more than maxBytes. */
export function readVarInt(buffer: Buffer, offset: number, maxBytes: number): { value: number; size: number } | 'partial' | 'wide' {
  let value = 0;
  for (let i = 0; i < maxBytes; i++) {
    if (offset + i >= buffer.length) return 'partial';
    const byte = buffer[offset + i]!;
    value |= (byte & 0x7f) << (7 * i);
    if (!(byte & 0x80)) return { value: value >>> 0, size: i + 1 };
  }
  return 'wide';
}

// The parts of minecraft-protocol's client (src/client.js) the guard reads and replaces.
type Callback = (error?: Error | null) => void;
type TransformFn = (chunk: Buffer, encoding: BufferEncoding, callback: Callback) => void;
interface Splitter extends Transform {
  buffer: Buffer;
  recognizeLegacyPing: boolean;
  _transform: TransformFn;
}
interface Parsed {
  data: { name: unknown; params: unknown };
  metadata: { size: number };
}
interface Deserializer extends Transform {
  noErrorLogging: boolean;
  parsePacketBuffer(buffer: Buffer): Parsed;
}
/** A connection of minecraft-protocol's server, from the moment it is accepted. */
export interface GuardedClient {
  state: string;
  username?: string;
  hideErrors: boolean;
  socket?: { remoteAddress?: string; destroy(): void };
  splitter: Splitter;
  decompressor: (Transform & { _transform: TransformFn }) | null;
  deserializer: Deserializer;
  setCompressionThreshold(threshold: number): void;
  end(reason?: string, fullReason?: unknown): void;
  write(name: string, params: unknown): void;
  emit(event: string | symbol, ...args: unknown[]): boolean;
  on(event: string, listener: (...args: unknown[]) => void): unknown;
}

/** A packet the guard refused: the parser drops it without a word (noErrorLogging is set). */
const DROPPED = Object.assign(new Error('dropped by the packet guard'), { partialReadError: true });

/**
 * Checks one connection's incoming bytes from now on; `close` is called once, at the first
 * violation, after which nothing more is read from the connection. `now` is in milliseconds.
 */
export function guardClient(
  client: GuardedClient,
  hooks: { close(v: Violation): void; handlerFailed(event: string, e: unknown): void; now?: () => number },
): void {
  const now = hooks.now ?? Date.now;
  let closed = false;
  const violate = (v: Violation) => {
    if (closed) return;
    closed = true;
    hooks.close(v);
  };
  // Later parsers and decompressors are made silent too; the guard reports instead.
  client.hideErrors = true;
  // A connection the server ends (a kick, for whatever reason) is not read any further.
  const end = client.end.bind(client);
  client.end = (...args) => {
    closed = true;
    end(...args);
  };

  // Frames, split here in place of minecraft-protocol's splitter (which waits for any length and
  // skips empty frames): a length prefix wider than 3 bytes (2 MiB) is refused before its bytes are
  // awaited, and an empty frame is refused. The pre-1.7 ping (0xFE first) is still minecraft-protocol's.
  const splitter = client.splitter;
  const split = splitter._transform.bind(splitter);
  splitter._transform = (chunk, encoding, callback) => {
    if (closed) return callback();
    if (splitter.recognizeLegacyPing && (splitter.buffer.length ? splitter.buffer[0] : chunk[0]) === 0xfe) return split(chunk, encoding, callback);
    const buffer = splitter.buffer.length ? Buffer.concat([splitter.buffer, chunk]) : chunk;
    let offset = 0;
    while (!closed) {
      const head = readVarInt(buffer, offset, MAX_FRAME_LENGTH_BYTES);
      if (head === 'partial') break;
      if (head === 'wide') violate({ reason: TOO_LARGE, detail: `a frame length wider than ${MAX_FRAME_LENGTH_BYTES} bytes (more than 2 MiB)` });
      else if (head.value === 0) violate({ reason: MALFORMED, detail: 'an empty frame' });
      else if (buffer.length >= offset + head.size + head.value) {
        splitter.push(buffer.subarray(offset + head.size, offset + head.size + head.value));
        offset += head.size + head.value;
      } else break;
    }
    splitter.buffer = closed ? Buffer.alloc(0) : buffer.subarray(offset);
    callback();
  };

  // Compression, once the login turns it on: the declared size is bounded and must be the true one.
  const setThreshold = client.setCompressionThreshold.bind(client);
  client.setCompressionThreshold = (threshold) => {
    const before = client.decompressor;
    setThreshold(threshold);
    const decompressor = client.decompressor;
    if (!decompressor || decompressor === before) return;
    decompressor._transform = (chunk, _encoding, callback) => {
      if (closed) return callback();
      const inflated = inflate(chunk);
      if ('reason' in inflated) violate(inflated);
      else decompressor.push(inflated.packet);
      callback();
    };
  };

  // Parsing, in each state's parser: the whole packet, a known id, values within the limits, the rate.
  let second = -1;
  let count = 0;
  const guardParser = () => {
    const parser = client.deserializer;
    const state = client.state;
    parser.noErrorLogging = true;
    const parse = parser.parsePacketBuffer.bind(parser);
    parser.parsePacketBuffer = (buffer) => {
      if (closed) throw DROPPED;
      const s = Math.floor(now() / 1000);
      if (s !== second) {
        second = s;
        count = 0;
      }
      if (++count > PACKETS_PER_SECOND) {
        violate({ reason: TOO_MANY, detail: `more than ${PACKETS_PER_SECOND} packets in one second` });
        throw DROPPED;
      }
      let packet: Parsed;
      try {
        packet = parse(buffer);
      } catch (e) {
        violate({ reason: MALFORMED, detail: `a ${state} packet that does not parse (${buffer.length} bytes, id ${firstByte(buffer)}): ${shortMessage(e)}` });
        throw DROPPED;
      }
      const { name, params } = packet.data;
      const problem =
        packetProblem(state, name, params) ??
        (packet.metadata.size !== buffer.length && name !== 'legacy_server_list_ping'
          ? { reason: MALFORMED, detail: `${String(name)}: ${buffer.length - packet.metadata.size} bytes left over` }
          : undefined);
      if (problem) {
        violate(problem);
        throw DROPPED;
      }
      return packet;
    };
  };
  guardParser();
  client.on('state', guardParser);

  // A listener that throws: logged once per event, the packet counts as read, and the connection is read on.
  const emit = client.emit.bind(client);
  const failed = new Set<string>();
  client.emit = (event, ...args) => {
    if (event === 'error' || event === 'end') return emit(event, ...args);
    try {
      return emit(event, ...args);
    } catch (e) {
      const name = String(event);
      if (!failed.has(name)) {
        failed.add(name);
        hooks.handlerFailed(name, e);
      }
      return true;
    }
  };
}

/** A compressed frame's packet, or why it is refused. */
export function inflate(chunk: Buffer): { packet: Buffer } | Violation {
  const head = readVarInt(chunk, 0, 5);
  if (typeof head === 'string') return { reason: MALFORMED, detail: 'a compressed frame without its data length' };
  const body = chunk.subarray(head.size);
  if (head.value === 0) return { packet: body };
  if (head.value > MAX_UNCOMPRESSED_BYTES) return { reason: TOO_LARGE, detail: `a compressed packet declaring ${head.value} bytes (at most ${MAX_UNCOMPRESSED_BYTES})` };
  let packet: Buffer;
  try {
    packet = unzipSync(body, { finishFlush: zlibConstants.Z_SYNC_FLUSH, maxOutputLength: head.value });
  } catch (e) {
    return { reason: MALFORMED, detail: `a compressed packet that does not inflate to the ${head.value} bytes it declares: ${shortMessage(e)}` };
  }
  if (packet.length !== head.value) return { reason: MALFORMED, detail: `a compressed packet declaring ${head.value} bytes inflates to ${packet.length}` };
  return { packet };
}

function firstByte(buffer: Buffer): string {
  return buffer.length ? `0x${buffer[0]!.toString(16).padStart(2, '0')}` : 'none';
}

function shortMessage(e: unknown): string {
  const m = e instanceof Error ? e.message : String(e);
  return m.length > 160 ? `${m.slice(0, 160)}…` : m;
}

/** The guard on every connection the game server accepts. */
export class PacketGuard {
  private readonly ctx: AdapterContext;

  constructor(ctx: AdapterContext) {
    this.ctx = ctx;
    ctx.serv._server.on('connection', (client: GuardedClient) => {
      guardClient(client, {
        close: (v) => this.close(client, v),
        handlerFailed: (event, e) => ctx.log.error(`handling ${event} from ${who(client)} failed`, e),
      });
    });
  }

  /** Ends the connection with the reason, in the way its state allows; stops reading it at once. */
  private close(client: GuardedClient, v: Violation): void {
    const { ctx } = this;
    ctx.log.warn(`${who(client)} disconnected: ${v.reason} (${v.detail})`);
    const session = [...ctx.sessions.values()].find((s) => (s.fs._client as unknown) === client);
    const reason: Text = v.reason;
    try {
      if (session && client.state === 'play') kickSession(session, reason);
      else {
        if (client.state === 'configuration') client.write('disconnect', { reason: textToNbt(reason) });
        client.end(v.reason);
      }
    } catch (e) {
      ctx.log.warn(`closing the connection of ${who(client)}: ${String(e)}`);
      client.socket?.destroy();
    }
    // A client that does not close its side is cut off (minecraft-protocol waits 30 s).
    setTimeout(() => client.socket?.destroy(), 2000).unref();
  }
}

function who(client: GuardedClient): string {
  const address = (client.socket?.remoteAddress ?? 'unknown address').replace(/^::ffff:/, '');
  return client.username ? `${client.username} (${address})` : `a client at ${address}`;
}
