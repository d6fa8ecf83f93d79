// All SQL of the managed worlds: one row per world the plugin manages, with its settings. A world's
// spawn override is five nullable columns (the world is the row's own).

import type { Db, Migration } from '../../core/storage/db.ts';
import { prepareQuery } from '../../core/storage/prepared-query.ts';
import type { GameMode, Location } from '../../platform/platform.ts';
import type { EntryRule, WorldSettings } from './worlds.schemas.ts';
import { col, defineTables, type TablesIn, type RowOf } from '../../core/storage/tables.ts';
import type { Updateable } from 'kysely';

export const WORLDS_MIGRATIONS: readonly Migration[] = [
  {
    name: '001-worlds',
    async up(db) {
      await db.schema
        .createTable('managed_worlds')
        .addColumn('name', 'varchar(32)', (c) => c.primaryKey())
        .addColumn('generator', 'varchar(16)', (c) => c.notNull())
        .addColumn('seed', 'integer', (c) => c.notNull())
        .addColumn('load_on_start', 'integer', (c) => c.notNull())
        .addColumn('entry', 'varchar(16)', (c) => c.notNull())
        .addColumn('game_mode', 'varchar(16)')
        .addColumn('pvp', 'integer', (c) => c.notNull())
        .addColumn('build', 'integer', (c) => c.notNull())
        .addColumn('spawn_x', 'double precision')
        .addColumn('spawn_y', 'double precision')
        .addColumn('spawn_z', 'double precision')
        .addColumn('spawn_yaw', 'double precision')
        .addColumn('spawn_pitch', 'double precision')
        .addColumn('managed_since', 'varchar(32)', (c) => c.notNull())
        .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
        .execute();
    },
  },
];

export const WORLDS_TABLES = defineTables(WORLDS_MIGRATIONS, {
  /** `load_on_start`, `pvp`, `build`: 1 or 0; the spawn columns all NULL until a spawn is set. */
  managed_worlds: {
    name: col.text(),
    generator: col.text(),
    seed: col.int(),
    load_on_start: col.int(),
    entry: col.text(),
    game_mode: col.text().nullable(),
    pvp: col.int(),
    build: col.int(),
    spawn_x: col.double().nullable(),
    spawn_y: col.double().nullable(),
    spawn_z: col.double().nullable(),
    spawn_yaw: col.double().nullable(),
    spawn_pitch: col.double().nullable(),
    managed_since: col.text(),
    updated_at: col.text(),
  },
});

export type WorldGeneratorName = 'flat' | 'default' | 'nether';

export interface ManagedWorldRow {
  name: string;
  generator: WorldGeneratorName;
  seed: number;
  settings: WorldSettings;
  managedSince: string;
  updatedAt: string;
}

const GAME_MODES: readonly string[] = ['survival', 'creative', 'adventure', 'spectator'];
const ENTRIES: readonly string[] = ['open', 'permission', 'closed'];

function rowOf(r: RowOf<typeof WORLDS_TABLES, 'managed_worlds'>): ManagedWorldRow {
  const name = String(r.name);
  const spawn: Location | null =
    r.spawn_x === null || r.spawn_x === undefined
      ? null
      : { world: name, x: Number(r.spawn_x), y: Number(r.spawn_y), z: Number(r.spawn_z), yaw: Number(r.spawn_yaw), pitch: Number(r.spawn_pitch) };
  const generator = String(r.generator);
  return {
    name,
    generator: generator === 'flat' || generator === 'nether' ? generator : 'default',
    seed: Number(r.seed),
    settings: {
      'load-on-start': Number(r.load_on_start) === 1,
      entry: (ENTRIES.includes(String(r.entry)) ? String(r.entry) : 'open') as EntryRule,
      'game-mode': GAME_MODES.includes(String(r.game_mode)) ? (String(r.game_mode) as GameMode) : null,
      pvp: Number(r.pvp) === 1,
      build: Number(r.build) === 1,
      spawn,
    },
    managedSince: String(r.managed_since),
    updatedAt: String(r.updated_at),
  };
}

function columnsOf(s: WorldSettings) {
  return {
    load_on_start: s['load-on-start'] ? 1 : 0,
    entry: s.entry,
    game_mode: s['game-mode'],
    pvp: s.pvp ? 1 : 0,
    build: s.build ? 1 : 0,
    spawn_x: s.spawn?.x ?? null,
    spawn_y: s.spawn?.y ?? null,
    spawn_z: s.spawn?.z ?? null,
    spawn_yaw: s.spawn?.yaw ?? null,
    spawn_pitch: s.spawn?.pitch ?? null,
  } satisfies Updateable<TablesIn<typeof WORLDS_TABLES>['managed_worlds']>;
}

export function createWorldsStore(root: Db) {
  const db = WORLDS_TABLES.on(root);
  const readAll = prepareQuery(db, (q) => q.selectFrom('managed_worlds').selectAll().orderBy('name'));

  async function all(): Promise<ManagedWorldRow[]> {
    return (await readAll.all(db, {})).map(rowOf);
  }

  async function insert(w: ManagedWorldRow): Promise<void> {
    await db
      .insertInto('managed_worlds')
      .values({ name: w.name, generator: w.generator, seed: w.seed, ...columnsOf(w.settings), managed_since: w.managedSince, updated_at: w.updatedAt })
      .execute();
  }

  /**
   * Manages a world unless it is managed already (by another server of the network starting at the
   * same time): the row as stored either way.
   */
  async function insertIfAbsent(w: ManagedWorldRow): Promise<ManagedWorldRow> {
    await db
      .insertInto('managed_worlds')
      .values({ name: w.name, generator: w.generator, seed: w.seed, ...columnsOf(w.settings), managed_since: w.managedSince, updated_at: w.updatedAt })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    const row = await db.selectFrom('managed_worlds').selectAll().where('name', '=', w.name).executeTakeFirst();
    return row ? rowOf(row) : w;
  }

  async function update(name: string, settings: WorldSettings, at: string): Promise<void> {
    await db
      .updateTable('managed_worlds')
      .set({ ...columnsOf(settings), updated_at: at })
      .where('name', '=', name)
      .execute();
  }

  async function remove(name: string): Promise<boolean> {
    const r = await db.deleteFrom('managed_worlds').where('name', '=', name).executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }

  return { all, insert, insertIfAbsent, update, remove };
}

export type WorldsStore = ReturnType<typeof createWorldsStore>;
