// The text of written signs, by world name, chunk and position, kept in memory and saved to
// `signs.json` in the world's folder (flying-squid's Anvil storage keeps no block entities). A
// change is saved within a second, and everything at shutdown; a world without a folder (the
// nether, which flying-squid keeps in memory) keeps its signs in memory only.

import { mkdirSync, readFileSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Logger } from '../../core/log/log.ts';
import { isSignMaterial, SIGN_LINE_MAX, SIGN_LINES } from '../signs.ts';

export interface Pos {
  x: number;
  y: number;
  z: number;
}

/** A written sign: where, which sign block, and its text. */
export interface SignEntry extends Pos {
  material: string;
  front: string[];
  back: string[];
}

interface WorldSigns {
  chunks: Map<string, Map<string, SignEntry>>;
  timer?: NodeJS.Timeout;
  saving?: Promise<void>;
}

const FILE = 'signs.json';
const SAVE_DELAY_MS = 1000;

const posKey = (p: Pos) => `${p.x},${p.y},${p.z}`;
const chunkKey = (cx: number, cz: number) => `${cx},${cz}`;

export class SignStore {
  private readonly worlds = new Map<string, WorldSigns>();
  private readonly folderOf: (world: string) => string | undefined;
  private readonly log: Logger;

  /** `folderOf` answers a world's folder, or undefined for a world kept in memory. */
  constructor(folderOf: (world: string) => string | undefined, log: Logger) {
    this.folderOf = folderOf;
    this.log = log;
  }

  get(world: string, at: Pos): SignEntry | undefined {
    return this.of(world).chunks.get(chunkKey(at.x >> 4, at.z >> 4))?.get(posKey(at));
  }

  /** The written signs in a chunk (chunk coordinates). */
  inChunk(world: string, cx: number, cz: number): SignEntry[] {
    const chunk = this.of(world).chunks.get(chunkKey(cx, cz));
    return chunk ? [...chunk.values()] : [];
  }

  set(world: string, entry: SignEntry): void {
    const w = this.of(world);
    const key = chunkKey(entry.x >> 4, entry.z >> 4);
    let chunk = w.chunks.get(key);
    if (!chunk) {
      chunk = new Map();
      w.chunks.set(key, chunk);
    }
    chunk.set(posKey(entry), entry);
    this.schedule(world, w);
  }

  delete(world: string, at: Pos): void {
    const w = this.of(world);
    const key = chunkKey(at.x >> 4, at.z >> 4);
    const chunk = w.chunks.get(key);
    if (!chunk?.delete(posKey(at))) return;
    if (chunk.size === 0) w.chunks.delete(key);
    this.schedule(world, w);
  }

  /** Saves every world with changes not yet saved. */
  async flush(): Promise<void> {
    for (const [name, w] of this.worlds) {
      if (w.timer) {
        clearTimeout(w.timer);
        w.timer = undefined;
        await this.save(name, w);
      } else if (w.saving) await w.saving;
    }
  }

  private of(world: string): WorldSigns {
    let w = this.worlds.get(world);
    if (!w) {
      w = { chunks: new Map() };
      this.worlds.set(world, w);
      for (const entry of this.read(world)) {
        const key = chunkKey(entry.x >> 4, entry.z >> 4);
        if (!w.chunks.has(key)) w.chunks.set(key, new Map());
        w.chunks.get(key)!.set(posKey(entry), entry);
      }
    }
    return w;
  }

  private read(world: string): SignEntry[] {
    const folder = this.folderOf(world);
    if (!folder) return [];
    let text: string;
    try {
      text = readFileSync(join(folder, FILE), 'utf8');
    } catch {
      return [];
    }
    try {
      const data = JSON.parse(text) as { signs?: unknown };
      return Array.isArray(data.signs) ? data.signs.filter(isEntry) : [];
    } catch (e) {
      this.log.warn(`the signs of world ${world} could not be read (${String(e)}); they start blank`);
      return [];
    }
  }

  private schedule(world: string, w: WorldSigns): void {
    if (!this.folderOf(world) || w.timer) return;
    w.timer = setTimeout(() => {
      w.timer = undefined;
      void this.save(world, w);
    }, SAVE_DELAY_MS);
    w.timer.unref();
  }

  private async save(world: string, w: WorldSigns): Promise<void> {
    const folder = this.folderOf(world);
    if (!folder) return;
    await w.saving;
    const signs = [...w.chunks.values()].flatMap((c) => [...c.values()]);
    const file = join(folder, FILE);
    const run = (async () => {
      try {
        mkdirSync(folder, { recursive: true });
        await writeFile(`${file}.tmp`, JSON.stringify({ version: 1, signs }));
        await rename(`${file}.tmp`, file);
      } catch (e) {
        this.log.warn(`the signs of world ${world} could not be saved: ${String(e)}`);
      }
    })();
    w.saving = run;
    await run;
  }
}

function isEntry(v: unknown): v is SignEntry {
  if (typeof v !== 'object' || v === null) return false;
  const e = v as Record<string, unknown>;
  const lines = (l: unknown) => Array.isArray(l) && l.length === SIGN_LINES && l.every((s) => typeof s === 'string' && s.length <= SIGN_LINE_MAX);
  return (
    [e.x, e.y, e.z].every((n) => Number.isInteger(n)) && typeof e.material === 'string' && isSignMaterial(e.material) && lines(e.front) && lines(e.back)
  );
}
