// What players see of the holograms: one text display entity per hologram, its lines after `&`
// markup and {placeholders}. A hologram whose placeholders need a viewer ({player}, {world},
// {balance}…: those that have no value without one) is shown as one text display per online
// player, seen by that player only, each with the lines worked out for them; any other hologram is
// one text display everyone in its world sees. Lines with placeholders are worked out again at
// each refresh (holograms.conf `refresh-seconds`) and when a player joins; a display whose text did
// not change is not sent again. Every display is clickable: a right-click on it reaches `clicked`.

import { createKeyedQueue } from '../../core/storage/keyed-queue.ts';
import type { Logger } from '../../core/log/log.ts';
import { markup } from '../../core/text/markup.ts';
import type { Placeholders } from '../../core/text/placeholders.ts';
import type { GamePlatform, Location, OnlinePlayer, Text } from '../../platform/platform.ts';

/** What the display needs of a hologram. */
export interface HologramView {
  name: string;
  location: Location;
  lines: readonly string[];
}

interface Entity {
  id: string;
  location: Location;
  /** The rendered lines as JSON: sent again only when this changes. */
  text: string;
}

interface Shown {
  view: HologramView;
  /** Whether any line holds a placeholder at all (then it is refreshed). */
  dynamic: boolean;
  /** By viewer uuid, or '*' for the one display everyone sees. */
  entities: Map<string, Entity>;
  /** Why the last display could not be spawned (its world is not loaded…): tried again at each refresh, logged once. */
  problem?: string;
}

const TOKEN = /\{([A-Za-z0-9_-]{1,32})\}/g;
const EVERYONE = '*';

const sameLocation = (a: Location, b: Location) => a.world === b.world && a.x === b.x && a.y === b.y && a.z === b.z && a.yaw === b.yaw && a.pitch === b.pitch;

export interface HologramDisplayDeps {
  platform: GamePlatform;
  placeholders: Pick<Placeholders, 'apply' | 'list'>;
  log: Logger;
}

export function createHologramDisplay({ platform, placeholders, log }: HologramDisplayDeps) {
  const shown = new Map<string, Shown>();
  const byEntity = new Map<string, string>();
  const queue = createKeyedQueue();

  const registered = () => new Set(placeholders.list().map((p) => p.name));
  const tokensOf = (text: string) => [...text.matchAll(TOKEN)].map((m) => m[1]!.toLowerCase());

  /** Whether some line keeps a registered placeholder when worked out without a viewer. */
  async function needsViewer(lines: readonly string[]): Promise<boolean> {
    const names = registered();
    for (const line of lines) {
      if (!tokensOf(line).some((t) => names.has(t))) continue;
      if (tokensOf(await placeholders.apply(line)).some((t) => names.has(t))) return true;
    }
    return false;
  }

  const render = (lines: readonly string[], viewer?: OnlinePlayer): Promise<Text[]> => Promise.all(lines.map(async (l) => markup(await placeholders.apply(l, viewer))));

  function drop(e: Entity): void {
    platform.removeEntity(e.id);
    byEntity.delete(e.id);
  }

  /** Brings what players see of one hologram in line with `view`. */
  async function sync(view: HologramView): Promise<void> {
    const s: Shown = shown.get(view.name) ?? { view, dynamic: false, entities: new Map() };
    shown.set(view.name, s);
    s.view = view;
    const names = registered();
    s.dynamic = view.lines.some((l) => tokensOf(l).some((t) => names.has(t)));
    const wanted = new Map<string, OnlinePlayer | undefined>();
    if (await needsViewer(view.lines)) for (const p of platform.onlinePlayers()) wanted.set(p.uuid, p);
    else wanted.set(EVERYONE, undefined);
    for (const [key, e] of [...s.entities]) {
      if (wanted.has(key)) continue;
      drop(e);
      s.entities.delete(key);
    }
    for (const [key, viewer] of wanted) {
      const lines = await render(view.lines, viewer);
      if (shown.get(view.name) !== s) return; // removed meanwhile
      const text = JSON.stringify(lines);
      const had = s.entities.get(key);
      if (!had) {
        const spawned = platform.spawnTextDisplay({ lines, location: view.location, clickable: true, ...(viewer ? { viewers: [viewer.uuid] } : {}) });
        if (!spawned.ok) {
          if (s.problem !== spawned.message) log.warn(`the hologram ${view.name} cannot be shown: ${spawned.message}`);
          s.problem = spawned.message;
          continue;
        }
        s.problem = undefined;
        s.entities.set(key, { id: spawned.id, location: view.location, text });
        byEntity.set(spawned.id, view.name);
        continue;
      }
      if (!sameLocation(had.location, view.location)) {
        const moved = platform.moveEntity(had.id, view.location);
        if (moved.ok) had.location = view.location;
        else log.warn(`the hologram ${view.name} cannot be moved: ${moved.message}`);
      }
      if (had.text !== text) {
        const set = platform.setTextLines(had.id, lines);
        if (set.ok) had.text = text;
        else log.warn(`the lines of the hologram ${view.name} cannot be shown: ${set.message}`);
      }
    }
  }

  return {
    /** Shows a hologram, or shows its change (lines, location). */
    show: (view: HologramView): Promise<void> => queue.run(view.name, () => sync(view)),

    /** Takes a hologram out of every player's sight. */
    hide: (name: string): Promise<void> =>
      queue.run(name, async () => {
        const s = shown.get(name);
        if (!s) return;
        shown.delete(name);
        for (const e of s.entities.values()) drop(e);
      }),

    /**
     * Works out again the lines with placeholders (and who needs a display of their own), and
     * tries again to show those that could not be (a world loaded later).
     */
    refresh: async (): Promise<void> => {
      await Promise.all([...shown.values()].filter((s) => s.dynamic || s.problem !== undefined).map((s) => queue.run(s.view.name, () => sync(s.view))));
    },

    /** The name of the hologram a spawned entity shows, if it is one. */
    hologramOf: (entityId: string): string | undefined => byEntity.get(entityId),

    /** Whether the hologram is shown now (for tests and the info command). */
    displays: (name: string): number => shown.get(name)?.entities.size ?? 0,

    /** Removes every display (the module stops). */
    clear: async (): Promise<void> => {
      await queue.idle();
      for (const s of shown.values()) for (const e of s.entities.values()) drop(e);
      shown.clear();
    },

    idle: () => queue.idle(),
  };
}

export type HologramDisplay = ReturnType<typeof createHologramDisplay>;
