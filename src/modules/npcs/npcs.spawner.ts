// The NPCs as the game shows them: one player-like entity per NPC, spawned from its row, changed
// when the row changes, and the NPC a click on an entity aims at. Which platform entity is which
// NPC lasts for the session only: every start spawns them all again from the database.

import type { Logger } from '../../core/log/log.ts';
import type { NpcSpec } from '../../platform/entities.ts';
import type { GamePlatform } from '../../platform/platform.ts';
import type { NpcRow } from './npcs.store.ts';

/** The name above the NPC's head: its display name, else its id. */
export const shownName = (row: Pick<NpcRow, 'name' | 'displayName' | 'nameHidden'>): string | null => (row.nameHidden ? null : (row.displayName ?? row.name));

/**
 * The name its profile carries. A hidden name still names the profile (the platform hides it with a
 * team holding that name), so it starts with `#`, which no account's name holds: a player who
 * shares the NPC's id keeps their own name tag.
 */
function profileName(row: NpcRow): string {
  return row.nameHidden ? `#${row.name}`.slice(0, 16) : shownName(row)!;
}

export function npcSpawner(platform: Pick<GamePlatform, 'spawnNpc' | 'removeEntity' | 'moveEntity' | 'setNpcSkin' | 'worlds'>, log: Logger) {
  /** NPC id → platform entity id, and back. */
  const spawned = new Map<string, string>();
  const npcs = new Map<string, string>();

  function spec(row: NpcRow): NpcSpec {
    return { name: profileName(row), location: row.location, ...(row.skin ? { skin: row.skin.skin } : {}), ...(row.nameHidden ? { nameHidden: true } : {}) };
  }

  function remove(name: string): void {
    const id = spawned.get(name);
    if (id === undefined) return;
    platform.removeEntity(id);
    spawned.delete(name);
    npcs.delete(id);
  }

  /** Shows the NPC as its row says (again, replacing what was shown). */
  function spawn(row: NpcRow): void {
    remove(row.name);
    if (!platform.worlds().includes(row.location.world)) {
      log.warn(`the NPC ${row.name} stands in the world ${row.location.world}, which is not loaded: it is spawned when that world loads`);
      return;
    }
    const r = platform.spawnNpc(spec(row));
    if (!r.ok) return log.warn(`the NPC ${row.name} could not be spawned: ${r.message}`);
    spawned.set(row.name, r.id);
    npcs.set(r.id, row.name);
  }

  return {
    spawn,
    remove,

    /** Spawns the NPCs not shown yet whose world is loaded (at start, and when a world loads). */
    spawnMissing(rows: readonly NpcRow[]): void {
      for (const row of rows) if (!spawned.has(row.name) && platform.worlds().includes(row.location.world)) spawn(row);
    },

    move(row: NpcRow): void {
      const id = spawned.get(row.name);
      if (id === undefined || !platform.moveEntity(id, row.location).ok) spawn(row);
    },

    reskin(row: NpcRow): void {
      const id = spawned.get(row.name);
      if (id === undefined || !platform.setNpcSkin(id, row.skin?.skin).ok) spawn(row);
    },

    /** The NPC whose entity this is. */
    npcOf: (entityId: string): string | undefined => npcs.get(entityId),

    removeAll(): void {
      for (const name of [...spawned.keys()]) remove(name);
    },
  };
}

export type NpcSpawner = ReturnType<typeof npcSpawner>;
