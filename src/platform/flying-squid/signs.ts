// Signs on flying-squid, and the platform's `signEdit` event. flying-squid 1.12 at 1.21.4 opens the
// sign editor when a sign is placed and does nothing else: the client's update_sign is not read, no
// block entity is kept or sent, and a sign placed on a wall crashes its handler (it looks for the
// pre-1.14 block `wall_sign`). This concern:
// - places standing and wall signs of every wood itself, and opens the editor once the block is
//   placed (after the blockPlace event, which may cancel it); hanging signs are placed by
//   flying-squid's own code and get the editor too. A right-click on a sign by a player who may
//   build opens the editor again, as in vanilla since 1.20, unless another player has it open.
// - reads update_sign: only for the sign the server opened the editor of for that player, in the
//   same world, still a sign, with four lines of at most 384 characters (anything else is dropped
//   without an event); formatting codes and control characters are removed. `signEdit` fires;
//   not cancelled, the text is kept and sent to every player in the world; cancelled, the writer
//   (whose client already shows the text it typed) is sent the sign as it was.
// - keeps the text (sign-store.ts: by world and chunk, saved in the world's folder), sends it inside
//   each chunk a player is sent, and forgets it when the block is broken or a new sign is placed.

import { blankSign, isSignMaterial, signLines } from '../signs.ts';
import { emitCancellable } from '../cancellable.ts';
import type { BlockAt } from '../platform.ts';
import type { AdapterContext, PlayerSession } from './context.ts';
import { dirname, join } from 'node:path';
import type { FsPlaceItem, FsWorld, Vec3 } from './fs-types.ts';
import { chunkSignEntry, openSignEditor, signData } from './packets-signs.ts';
import type { Params } from './packets.ts';
import { SignStore, type Pos, type SignEntry } from './sign-store.ts';
import type { Worlds } from './worlds.ts';

/** The sign whose editor a player has open: the only one their update_sign may write. */
interface Editing extends Pos {
  world: string;
  fs: FsWorld;
}

/** What flying-squid's registry says of a block, beyond its id and name. */
interface BlockInfo {
  id: number;
  name: string;
  defaultState: number;
  minStateId: number;
  states: unknown;
}

const WALL_FACING = ['north', 'south', 'west', 'east'];


export class Signs {
  private readonly ctx: AdapterContext;
  private readonly worlds: Worlds;
  private readonly store: SignStore;
  private readonly editing = new WeakMap<PlayerSession, Editing>();

  constructor(ctx: AdapterContext, worlds: Worlds) {
    this.ctx = ctx;
    this.worlds = worlds;
    // The folders worlds.ts gives worlds: the default world's, and one per created world; the
    // nether is kept in memory by flying-squid.
    const { worldDir, worldsDir } = ctx.options;
    const createdDir = worldsDir ?? join(dirname(worldDir), 'worlds');
    this.store = new SignStore((world) => (world === 'world' ? worldDir : world === 'world_nether' ? undefined : join(createdDir, world)), ctx.log);
    ctx.onShutdown(() => this.store.flush());
    ctx.onAttach((s) => this.attach(s));
    ctx.onLeave((s) => this.editing.delete(s));
    ctx.onOutgoing((s, name, params) => (name === 'map_chunk' ? this.withSigns(s, params) : params));
    // After GameplayEvents (constructed first), so the placing seen here is one no handler cancelled.
    ctx.onReady(() => this.takeOverPlacing());
  }

  private attach(s: PlayerSession): void {
    s.fs._client.on('update_sign', (d: unknown) => {
      this.onUpdate(s, d).catch((e: unknown) => this.ctx.log.warn(`sign edit by ${s.online.name}: ${String(e)}`));
    });
    s.fs.on('dug', (data: { position?: Vec3 }, cancelled: boolean) => {
      if (!cancelled && data?.position) this.store.delete(this.worldName(s), pos(data.position));
    });
  }

  private takeOverPlacing(): void {
    const { serv } = this.ctx;
    const blocks = serv.registry.blocksByName as unknown as Record<string, BlockInfo | undefined>;
    for (const item of Object.values(serv.registry.itemsByName)) {
      if (!item || !isSignMaterial(item.name) || item.name.endsWith('hanging_sign')) continue;
      const standing = blocks[item.name];
      const wall = blocks[item.name.replace(/_sign$/, '_wall_sign')];
      if (!standing || !wall) continue;
      serv.onItemPlace(
        item.name,
        ({ direction, properties }) => {
          // The underside of a block holds no sign (vanilla would look for a wall beside it).
          if (direction === 0) return {};
          const block = direction === 1 ? standing : wall;
          const props = direction === 1 ? properties : { ...properties, facing: WALL_FACING[direction - 2] };
          return { id: block.id, data: serv.setBlockDataProperties(block.defaultState - block.minStateId, block.states, props) };
        },
        false,
      );
    }
    for (const block of Object.values(blocks)) {
      if (!block || !isSignMaterial(block.name)) continue;
      serv.onBlockInteraction(block.name, ({ block: clicked, player }) => {
        const s = this.ctx.sessionOf(player);
        // Survival and creative players may edit a sign (adventure and spectator may not build).
        if (!s || !this.active(s) || player.gameMode > 1) return false;
        if ((player as { crouching?: boolean }).crouching) return false;
        // As in vanilla, one player at a time edits a sign.
        if (!this.editedByOther(s, clicked.position)) this.open(s, clicked.position);
        return true;
      });
    }
    const place = serv.placeItem.bind(serv);
    serv.placeItem = async (data: FsPlaceItem) => {
      const result = await place(data);
      const material = typeof result?.id === 'number' ? serv.registry.blocks[result.id]?.name : undefined;
      const s = this.ctx.sessionOf(data.player);
      if (s && material !== undefined && isSignMaterial(material)) {
        const at = data.placedPosition;
        // A new sign is blank, whatever was written at that position before.
        this.store.delete(this.worldName(s), pos(at));
        // flying-squid sets the block once this returns; the editor opens on the placed sign.
        setImmediate(() => {
          if (this.active(s)) this.open(s, at);
        });
      }
      return result;
    };
  }

  /** Joined, alive and not being moved between worlds. */
  private active(s: PlayerSession): boolean {
    return s.joined && !s.dead && !s.moving && !s.fs.disconnected;
  }

  private worldName(s: PlayerSession): string {
    return this.worlds.locationOf(s).world;
  }

  private editedByOther(s: PlayerSession, at: Pos): boolean {
    const p = pos(at);
    for (const other of this.ctx.joined.values()) {
      const e = other === s ? undefined : this.editing.get(other);
      if (e && e.fs === s.fs.world && e.x === p.x && e.y === p.y && e.z === p.z) return true;
    }
    return false;
  }

  private open(s: PlayerSession, at: Pos): void {
    const p = pos(at);
    this.editing.set(s, { world: this.worldName(s), fs: s.fs.world, ...p });
    s.send(openSignEditor(p, true));
  }

  private async onUpdate(s: PlayerSession, d: unknown): Promise<void> {
    const editing = this.editing.get(s);
    if (!editing || !this.active(s) || typeof d !== 'object' || d === null) return;
    const packet = d as { location?: Partial<Pos>; isFrontText?: unknown; text1?: unknown; text2?: unknown; text3?: unknown; text4?: unknown };
    const at = packet.location;
    if (!at || at.x !== editing.x || at.y !== editing.y || at.z !== editing.z || s.fs.world !== editing.fs) return;
    this.editing.delete(s);
    const { world } = editing;
    const block = await editing.fs.getBlock(new this.ctx.Vec3(editing.x, editing.y, editing.z));
    if (!isSignMaterial(block.name) || !this.active(s)) return;
    const lines = signLines([packet.text1, packet.text2, packet.text3, packet.text4]);
    if (!lines || typeof packet.isFrontText !== 'boolean') {
      // The client shows what it typed: it is sent the sign as it is.
      this.sendTo(s, editing, block.name);
      return;
    }
    const front = packet.isFrontText;
    const where: BlockAt = { world, ...pos(editing), material: block.name };
    const cancelled = emitCancellable((name, payload) => this.ctx.emit(name, payload), 'signEdit', { player: s.online, block: where, lines: [...lines], front });
    if (cancelled) {
      this.sendTo(s, editing, block.name);
      return;
    }
    const sign = this.store.get(world, editing) ?? { ...pos(editing), material: block.name, ...blankSign() };
    const written: SignEntry = { ...sign, material: block.name, ...(front ? { front: lines } : { back: lines }) };
    this.store.set(world, written);
    const packetOut = signData(written, written.material, written);
    for (const other of this.ctx.joined.values()) if (other.fs.world === editing.fs) other.send(packetOut);
  }

  /** Sends one player the sign as the server has it (blank when never written on). */
  private sendTo(s: PlayerSession, at: Editing, material: string): void {
    s.send(signData(at, material, this.store.get(at.world, at) ?? blankSign()));
  }

  /** A chunk on its way to a player, with the written signs in it among its block entities. */
  private withSigns(s: PlayerSession, params: Params): Params {
    if (typeof params.x !== 'number' || typeof params.z !== 'number') return params;
    const signs = this.store.inChunk(this.worldName(s), params.x, params.z);
    if (signs.length === 0) return params;
    const entries = signs.map((e) => chunkSignEntry(e, e.material, e));
    const existing = Array.isArray(params.blockEntities) ? params.blockEntities : [];
    return { ...params, blockEntities: [...existing, ...entries] };
  }
}

function pos(at: Pos): Pos {
  return { x: Math.floor(at.x), y: Math.floor(at.y), z: Math.floor(at.z) };
}
