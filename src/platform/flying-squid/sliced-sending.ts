// What the server sends players goes out in slices of the loop (src/platform/loop-slices.ts): each
// packet a player in the play state is sent is serialised, compressed and written when the turn's
// slice has room, and a chunk a world does not hold waits for room before it is read from disk or
// generated. Chunk packets take the fast path of map-chunk.ts (the same bytes). A player's packets
// keep their order (minecraft-protocol's serializer is a stream that takes the next packet only when
// the one before is done); a kick still reaches the player before the connection closes (ending the
// serializer waits for the packets before it). flying-squid's sendChunk itself is left as it is:
// holding it back to a later turn let a player be spawned for others before the chunks of their own
// join went out, and the others did not see them.
//
// Only the play state is sliced: in login and configuration the serializer is replaced and re-piped
// (compression, encryption, the next state), and a packet held back there could go out under the
// wrong state or not at all.

import { LoopSlices } from '../loop-slices.ts';
import { fastenDumpLight, prepareMapChunk, serializeMapChunk } from './map-chunk.ts';
import type { AdapterContext } from './context.ts';
import type { FsClient, FsPlayer } from './fs-types.ts';

/** A packet's serialisation step, as readable-stream's Transform calls it. */
type TransformStep = (packet: unknown, encoding: string, done: (error?: Error | null, data?: unknown) => void) => void;

interface Serializer {
  _transform: TransformStep;
}

/** How long the sending of one turn of the loop may run before it waits for the next turn, ms. */
export const SEND_SLICE_MS = 2;

/** One for the process: its servers (the tests start several) share one loop. */
const slices = new LoopSlices(SEND_SLICE_MS);

const sliced = new WeakSet<object>();

/** Makes the serializer of the client's current state (play only) take its packets in slices. */
function sliceSerializer(client: FsClient): void {
  const serializer = (client as FsClient & { serializer?: Serializer }).serializer;
  if (client.state !== 'play' || !serializer || sliced.has(serializer)) return;
  sliced.add(serializer);
  const step = serializer._transform.bind(serializer);
  const run: TransformStep = (packet, encoding, done) => {
    if (!slices.mayRun()) return slices.later(() => run(packet, encoding, done));
    const { name, params } = packet as { name: string; params: Record<string, unknown> };
    if (name === 'map_chunk') {
      let bytes: Buffer | undefined;
      try {
        bytes = serializeMapChunk(params);
      } catch {
        // not a chunk the fast serializer takes: the stock one serialises it (or names what is wrong)
      }
      if (bytes) return done(null, bytes);
    }
    step(packet, encoding, done);
  };
  serializer._transform = run;
}

/** prismarine-world's World, as far as generating a missing column goes. */
interface ColumnSource {
  getLoadedColumn(x: number, z: number): unknown;
  getColumn(x: number, z: number): Promise<unknown>;
}

const gatedWorlds = new WeakSet<object>();

/**
 * Makes every world of the server's world class wait for room before it reads or generates a
 * column it does not hold (a new chunk takes a few milliseconds of diamond-square). The class is
 * shared by all worlds, runtime worlds included, and the loop by the whole process: one gate.
 */
function gateColumnLoading(world: object): void {
  const proto = Object.getPrototypeOf(world) as ColumnSource;
  if (gatedWorlds.has(proto) || typeof proto.getColumn !== 'function' || typeof proto.getLoadedColumn !== 'function') return;
  gatedWorlds.add(proto);
  const getColumn = proto.getColumn;
  // A column read or generated here gives its class the fast dumpLight (once per class).
  const fasten = (column: unknown) => {
    if (column && typeof column === 'object') fastenDumpLight(column);
    return column;
  };
  proto.getColumn = function (this: ColumnSource, x: number, z: number) {
    if (this.getLoadedColumn(x, z)) return getColumn.call(this, x, z);
    return slices.turn().then(() => getColumn.call(this, x, z)).then(fasten);
  };
}

export function sliceSending(ctx: AdapterContext): void {
  prepareMapChunk();
  ctx.serv.on('newPlayer', (player: FsPlayer) => {
    gateColumnLoading(player.world);
    const client = player._client;
    sliceSerializer(client);
    client.on('state', () => sliceSerializer(client));
  });
}
