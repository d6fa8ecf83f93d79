// Players' inventories in files of the adapter's own, because flying-squid's player data keeps
// items without their components (a named, enchanted sword would come back plain):
// <world folder>/core-inventories/<uuid>.json, each slot of window 0 in the wire form of the item
// (id, count, every component). A file is replaced whole: written to a temporary file, flushed to
// disk, then renamed over the old one, so a crash leaves the old file or the new one, never half of
// one. Writes for one player are coalesced: while one is under way, further requests make at most
// one more write, of the state at that time, and a state equal to the last one written is not
// written again.

import { mkdir, open, readFile, rename, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { NotchItem } from './items.ts';

/** What a file holds: the items by window-0 slot (0-45). */
export interface StoredInventory {
  slots: Map<number, NotchItem>;
}

interface FileForm {
  format: 1;
  slots: Array<{ slot: number; item: NotchItem }>;
}

/** The file text of an inventory (non-empty slots in slot order). */
export function inventoryFile(slots: ReadonlyArray<{ slot: number; item: NotchItem }>): string {
  const form: FileForm = { format: 1, slots: [...slots].sort((a, b) => a.slot - b.slot) };
  return `${JSON.stringify(form)}\n`;
}

/** Reads a file's text; throws on anything that is not an inventory file. */
export function parseInventoryFile(text: string): StoredInventory {
  const form = JSON.parse(text) as Partial<FileForm>;
  if (form?.format !== 1 || !Array.isArray(form.slots)) throw new Error('not an inventory file of format 1');
  const slots = new Map<number, NotchItem>();
  for (const entry of form.slots) {
    if (!entry || !Number.isInteger(entry.slot) || entry.slot < 0 || entry.slot > 45 || typeof entry.item !== 'object' || entry.item === null) {
      throw new Error(`bad slot entry ${JSON.stringify(entry)}`);
    }
    slots.set(entry.slot, entry.item);
  }
  return { slots };
}

interface Pending {
  /** The write under way, if any. */
  running: Promise<void> | undefined;
  /** A write was asked for while one ran. */
  again: boolean;
  /** The player left: the entry goes once the last write is done. */
  final: boolean;
  /** The file text of the inventory now. */
  source: () => string;
  /** The text last written (or read). */
  written: string | undefined;
}

export interface InventoryStoreOptions {
  /** The folder of the files (created on the first write). */
  dir: string;
  warn(message: string): void;
}

export class InventoryStore {
  private readonly dir: string;
  private readonly warn: (message: string) => void;
  private readonly pending = new Map<string, Pending>();
  private tmpCounter = 0;
  private dirReady: Promise<void> | undefined;

  constructor(options: InventoryStoreOptions) {
    this.dir = options.dir;
    this.warn = options.warn;
  }

  fileOf(uuid: string): string {
    if (!/^[0-9a-f-]{32,36}$/.test(uuid)) throw new Error(`not a uuid: ${uuid}`);
    return join(this.dir, `${uuid}.json`);
  }

  /**
   * The stored inventory of a player, after any write for them still under way; undefined when
   * there is no file. A file that cannot be read is set aside (renamed .bad-<time>) and logged.
   */
  async load(uuid: string): Promise<StoredInventory | undefined> {
    await this.pending.get(uuid)?.running;
    const file = this.fileOf(uuid);
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw e;
    }
    try {
      return parseInventoryFile(text);
    } catch (e) {
      const aside = `${file}.bad-${Date.now()}`;
      this.warn(`the inventory file ${file} cannot be read (${(e as Error).message}); it is kept as ${aside}`);
      await rename(file, aside).catch(() => {});
      return undefined;
    }
  }

  /**
   * Asks for the player's file to be written with what `source` gives when the write starts.
   * `final` (the player left) forgets the player once written. Resolves when the file has it.
   */
  save(uuid: string, source: () => string, final = false): Promise<void> {
    let entry = this.pending.get(uuid);
    if (!entry) {
      entry = { running: undefined, again: false, final: false, source, written: undefined };
      this.pending.set(uuid, entry);
    }
    entry.source = source;
    entry.final ||= final;
    if (entry.running) {
      entry.again = true;
      return entry.running;
    }
    const e = entry;
    e.running = this.run(uuid, e);
    return e.running;
  }

  /** Resolves when every write asked for so far is done. */
  async flush(): Promise<void> {
    while ([...this.pending.values()].some((e) => e.running)) {
      await Promise.all([...this.pending.values()].map((e) => e.running));
    }
  }

  /**
   * Writes until no write is asked for any more. The check for another request and the end of the
   * run happen in one synchronous step after an await: a request made while a pass finishes (one
   * with nothing to write finishes without touching the disk) always finds the run still going and
   * is written by it. Without that step, an item given back as a player left (a trade window closed
   * by the quit) was in the inventory but not in the file, and gone at the next join.
   */
  private async run(uuid: string, entry: Pending): Promise<void> {
    for (;;) {
      entry.again = false;
      await this.writeOnce(uuid, entry);
      if (entry.again) continue;
      entry.running = undefined;
      if (entry.final && this.pending.get(uuid) === entry) this.pending.delete(uuid);
      return;
    }
  }

  private async writeOnce(uuid: string, entry: Pending): Promise<void> {
    let text: string;
    try {
      text = entry.source();
    } catch (e) {
      this.warn(`the inventory of ${uuid} could not be read for saving: ${String(e)}`);
      return;
    }
    if (text === entry.written) return;
    try {
      await this.writeAtomic(this.fileOf(uuid), text);
      entry.written = text;
    } catch (e) {
      this.warn(`the inventory of ${uuid} could not be saved: ${String(e)}`);
    }
  }

  private async writeAtomic(file: string, text: string): Promise<void> {
    this.dirReady ??= mkdir(this.dir, { recursive: true }).then(() => undefined);
    try {
      await this.dirReady;
    } catch (e) {
      this.dirReady = undefined;
      throw e;
    }
    const tmp = `${file}.${process.pid}-${++this.tmpCounter}.tmp`;
    const handle = await open(tmp, 'w');
    try {
      await handle.writeFile(text, 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
    try {
      await rename(tmp, file);
    } catch (e) {
      await unlink(tmp).catch(() => {});
      throw e;
    }
  }
}
