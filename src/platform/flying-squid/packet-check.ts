// Checks a clientbound packet against minecraft-data's 1.21.4 protocol by serialising it with
// minecraft-protocol and reading it back as the client would. A real game client is stricter than
// mineflayer, so tests use this to catch a missing field (which the serializer would otherwise
// write as 0 or NaN) or a packet that does not serialise at all.

import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

interface ProtocolModule {
  createSerializer(o: { state: string; isServer: boolean; version: string }): {
    createPacketBuffer(p: { name: string; params: unknown }): Buffer;
  };
  createDeserializer(o: { state: string; isServer: boolean; version: string }): {
    parsePacketBuffer(b: Buffer): { data: { name: string; params: Record<string, unknown> }; metadata: { size: number } };
  };
}

let codec: { write: ReturnType<ProtocolModule['createSerializer']>; read: ReturnType<ProtocolModule['createDeserializer']> } | undefined;

function getCodec() {
  if (!codec) {
    const mc = require('minecraft-protocol') as ProtocolModule;
    codec = {
      write: mc.createSerializer({ state: 'play', isServer: true, version: '1.21.4' }),
      read: mc.createDeserializer({ state: 'play', isServer: false, version: '1.21.4' }),
    };
  }
  return codec;
}

/** Serialises and reads back a clientbound play packet; throws if it does not survive. */
export function roundTrip(name: string, params: Record<string, unknown>): Record<string, unknown> {
  const { write, read } = getCodec();
  const buffer = write.createPacketBuffer({ name, params });
  const parsed = read.parsePacketBuffer(buffer);
  if (parsed.data.name !== name) throw new Error(`${name} read back as ${parsed.data.name}`);
  if (parsed.metadata.size !== buffer.length) throw new Error(`${name}: ${buffer.length - parsed.metadata.size} bytes left unread`);
  return parsed.data.params;
}

let serverCodec: typeof codec;

/**
 * Serialises a serverbound play packet as a 1.21.4 client writes it and reads it back as the server
 * does: what the adapter's handlers of client packets receive.
 */
export function serverReads(name: string, params: Record<string, unknown>): Record<string, unknown> {
  if (!serverCodec) {
    const mc = require('minecraft-protocol') as ProtocolModule;
    serverCodec = {
      write: mc.createSerializer({ state: 'play', isServer: false, version: '1.21.4' }),
      read: mc.createDeserializer({ state: 'play', isServer: true, version: '1.21.4' }),
    };
  }
  const buffer = serverCodec.write.createPacketBuffer({ name, params });
  const parsed = serverCodec.read.parsePacketBuffer(buffer);
  if (parsed.data.name !== name) throw new Error(`${name} read back as ${parsed.data.name}`);
  return parsed.data.params;
}

/**
 * The problems of a packet: it does not serialise, or a field the protocol has is missing or not
 * a number where one was read back. An empty list means the packet is well-formed.
 */
export function packetProblems(name: string, params: Record<string, unknown>): string[] {
  let back: Record<string, unknown>;
  try {
    back = roundTrip(name, params);
  } catch (e) {
    return [`${name}: ${(e as Error).message}`];
  }
  const problems: string[] = [];
  compare(back, params, name, problems);
  return problems;
}

function compare(read: unknown, written: unknown, path: string, problems: string[]): void {
  if (read === undefined || read === null) return;
  if (written === undefined) {
    problems.push(`${path} is missing`);
    return;
  }
  if (typeof written === 'number' && Number.isNaN(written)) {
    problems.push(`${path} is NaN`);
    return;
  }
  if (typeof read !== 'object' || typeof written !== 'object' || written === null) return;
  if (Buffer.isBuffer(read) || Buffer.isBuffer(written)) return;
  // NBT is checked by its own round trip; mapped and bitflag values change shape on reading.
  if ('type' in read && 'value' in read && (read as { type: unknown }).type === 'compound') return;
  if (Array.isArray(read)) {
    if (!Array.isArray(written)) return;
    read.forEach((r, i) => compare(r, written[i], `${path}[${i}]`, problems));
    return;
  }
  if (Array.isArray(written)) return;
  for (const [key, value] of Object.entries(read as Record<string, unknown>)) {
    if (key === '_value') continue;
    const w = (written as Record<string, unknown>)[key];
    // bitflags read back as booleans for each flag; an absent flag is false.
    if (typeof value === 'boolean' && w === undefined && isBitflags(read)) continue;
    compare(value, w, `${path}.${key}`, problems);
  }
}

function isBitflags(v: object): boolean {
  return '_value' in v;
}
