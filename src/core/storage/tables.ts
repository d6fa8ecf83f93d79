// Declared tables (docs/decisions.md, "Data access"): each store declares the tables its migrations
// make, once, as a value it exports. The value gives the TypeScript types of the store's queries (a
// misspelt table or column fails `tsc`), and test/storage-tables.test.ts checks it against the
// database its migrations make, on SQLite and PostgreSQL: the same tables, the same columns, each of
// the same type, nullability and generation.
//
//   export const HOMES_TABLES = defineTables(HOMES_MIGRATIONS, {
//     homes: { uuid: col.text(), slot: col.int(), label: col.text().nullable(), ... },
//   });
//   export type HomesDb = DbOf<typeof HOMES_TABLES>;
//   const db: HomesDb = HOMES_TABLES.on(ctx.db);       // the same handle, seen with its tables
//
// The kernel holds the database with no table known (`Db`); a store sees its own tables through its
// declaration's `on`, the one place a handle's type is changed. A store that joins another area's
// table (core_players, for the names) sees both: `ECONOMY_TABLES.and(PLAYERS_TABLES).on(db)`.

import type { ColumnType, Kysely, Selectable } from 'kysely';
import type { DbHandle, Migration } from './db.ts';

/** A column's SQL type, as its migration makes it: varchar(n) or text, integer, bigint, double precision. */
export type SqlFamily = 'text' | 'integer' | 'bigint' | 'double';

/** One declared column: its SQL type, whether it may be NULL, whether the database fills it when an insert leaves it out. */
export interface Column<S, I, U> {
  readonly family: SqlFamily;
  readonly isNullable: boolean;
  /** An auto-incremented id (serial on PostgreSQL, INTEGER PRIMARY KEY AUTOINCREMENT on SQLite). */
  readonly isGenerated: boolean;
  /** Never set: what a select answers, and what an insert and an update take. */
  readonly types?: [select: S, insert: I, update: U];
  /** The column may be NULL (it may be left out of an insert). */
  nullable(): Column<S | null, I | null, U | null>;
  /** The database gives the value when an insert leaves it out. */
  generated(): Column<S, I | undefined, U>;
}

type AnyColumn = Column<unknown, unknown, unknown>;

function column<S, I, U>(family: SqlFamily, isNullable = false, isGenerated = false): Column<S, I, U> {
  return {
    family,
    isNullable,
    isGenerated,
    nullable: () => column<S | null, I | null, U | null>(family, true, isGenerated),
    generated: () => column<S, I | undefined, U>(family, isNullable, true),
  };
}

/** The column types: `col.text()`, `col.int().generated()`, `col.text().nullable()`. */
export const col = {
  /** varchar(n) or text. `T` narrows what the store writes (a union of words), not what is checked. */
  text: <T extends string = string>() => column<T, T, T>('text'),
  /** integer: a number on both databases. */
  int: () => column<number, number, number>('integer'),
  /**
   * bigint: answered as a number by SQLite and as a string by PostgreSQL (pg reads int8 as text, so
   * that no digit is lost); the store reads it with Number(). Written as a number.
   */
  bigint: () => column<number | string, number, number>('bigint'),
  /** double precision: a number on both databases. */
  double: () => column<number, number, number>('double'),
};

/** Tables by name, each its columns by name. */
export type TableColumns = Record<string, Record<string, AnyColumn>>;

type KyselyColumn<C> = C extends Column<infer S, infer I, infer U> ? ColumnType<S, I, U> : never;

/** The Kysely database type of declared tables. */
export type TablesOf<T extends TableColumns> = { [Table in keyof T]: { [Name in keyof T[Table]]: KyselyColumn<T[Table][Name]> } };

/** A way to see a handle of the database with some tables. */
export interface TablesView<T extends TableColumns> {
  /** The database (or a transaction of it) seen with these tables: the same handle, typed. */
  on(db: DbHandle): Kysely<TablesOf<T>>;
}

const DECLARED = Symbol('declared tables');

/** The tables a set of migrations makes, as its store declares them. */
export interface Tables<T extends TableColumns> extends TablesView<T> {
  readonly [DECLARED]: true;
  readonly tables: T;
  /** The migrations that make them (test/storage-tables.test.ts runs them and compares). */
  readonly migrations: readonly Migration[];
  /** These tables and another store's, for a store whose queries join them (read only, by convention). */
  and<U extends TableColumns>(other: Tables<U>): TablesView<T & U>;
}

/** The Kysely database type of a declaration: `Updateable<TablesIn<typeof HOMES_TABLES>['homes']>`. */
export type TablesIn<D> = D extends TablesView<infer T> ? TablesOf<T> : never;

/** A row of a declared table as a select of every column answers it: `RowOf<typeof HOMES_TABLES, 'homes'>`. */
export type RowOf<D, Table extends keyof TablesIn<D>> = Selectable<TablesIn<D>[Table]>;

/** The database type a declaration gives its store: `type HomesDb = DbOf<typeof HOMES_TABLES>`. */
export type DbOf<D> = Kysely<TablesIn<D>>;

function view<T extends TableColumns>(): TablesView<T> {
  // The one cast from a handle to its tables: the handle is the same object (prepared queries,
  // transactions and the SQLite connection are found by it), only its type says which tables.
  return { on: (db: DbHandle) => db as Kysely<TablesOf<T>> };
}

/** Declares the tables `migrations` make, column by column, as the migrations leave them. */
export function defineTables<const T extends TableColumns>(migrations: readonly Migration[], tables: T): Tables<T> {
  return {
    [DECLARED]: true,
    tables,
    migrations,
    on: view<T>().on,
    and: <U extends TableColumns>(_other: Tables<U>) => view<T & U>(),
  };
}

/** Whether a value is a table declaration (the storage test finds them among a file's exports). */
export function isTables(value: unknown): value is Tables<TableColumns> {
  return typeof value === 'object' && value !== null && DECLARED in value;
}
