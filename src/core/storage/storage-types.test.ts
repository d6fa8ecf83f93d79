// Storage is typed (./tables.ts): a query through a table declaration compiles, and a misspelt table
// or column, a value of the wrong type or a missing NOT NULL column does not. Each `@ts-expect-error`
// below marks a query `tsc` must refuse: were the tables untyped again (`Kysely<any>`), the directive
// would have no error to expect and `tsc` (`npm test`'s type check) would fail on it.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DummyDriver, Kysely, SqliteAdapter, SqliteIntrospector, SqliteQueryCompiler } from 'kysely';
import { AUDIT_TABLES } from '../log/audit.ts';
import type { Db } from './db.ts';
import { PLAYERS_TABLES } from '../players/players.ts';

// A database that only compiles queries: these tests are about types and SQL text, not rows.
const root: Db = new Kysely({
  dialect: {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new SqliteIntrospector(db),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  },
});
const players = PLAYERS_TABLES.on(root);
const audit = AUDIT_TABLES.on(root);

describe('typed storage', () => {
  it('sees a store’s tables through its declaration: the same handle, typed', () => {
    assert.equal(players, root);
    const q = players.selectFrom('core_players').select(['name', 'last_seen']).where('uuid', '=', 'u').compile();
    assert.equal(q.sql, 'select "name", "last_seen" from "core_players" where "uuid" = ?');
  });

  it('refuses a misspelt table or column at the type check', () => {
    // @ts-expect-error: there is no table core_player
    players.selectFrom('core_player').selectAll().compile();
    // @ts-expect-error: core_players has no column nmae
    players.selectFrom('core_players').select('nmae').compile();
    // @ts-expect-error: core_players has no column lastseen
    players.selectFrom('core_players').select('name').where('lastseen', '<', 'x').compile();
    // @ts-expect-error: core_players has no column nmae
    players.updateTable('core_players').set({ nmae: 'Ann' }).compile();
    // @ts-expect-error: the players' declaration does not hold the audit's table
    players.selectFrom('core_audit').selectAll().compile();
    // @ts-expect-error: the kernel's handle knows no table: a store queries through its declaration
    root.selectFrom('core_players').selectAll().compile();
  });

  it('refuses a value of the wrong type, and an insert without a NOT NULL column', () => {
    // @ts-expect-error: first_seen is text
    players.selectFrom('core_players').select('name').where('first_seen', '=', 5).compile();
    // @ts-expect-error: name, name_lower, first_seen and last_seen are NOT NULL
    players.insertInto('core_players').values({ uuid: 'u' }).compile();
    // The audit's id is generated (left out) and its target nullable.
    const q = audit.insertInto('core_audit').values({ at: 'now', actor: 'console', action: 'a', target: null, details: '{}' }).compile();
    assert.match(q.sql, /^insert into "core_audit"/);
  });

  it('types what a select answers', () => {
    const read = () => audit.selectFrom('core_audit').selectAll().executeTakeFirstOrThrow();
    const fields = (row: Awaited<ReturnType<typeof read>>) => {
      const id: number = row.id;
      const target: string | null = row.target;
      // @ts-expect-error: target may be NULL
      const notNull: string = row.target;
      return [id, target, notNull];
    };
    assert.deepEqual(fields({ id: 1, at: 'now', actor: 'console', action: 'a', target: null, details: '{}' }), [1, null, null]);
  });

  it('joins another store’s table only where its view names both', () => {
    const both = AUDIT_TABLES.and(PLAYERS_TABLES).on(root);
    const q = both
      .selectFrom('core_audit as a')
      .innerJoin('core_players as p', 'p.uuid', 'a.target')
      .select(['a.action', 'p.name'])
      .compile();
    assert.equal(q.sql, 'select "a"."action", "p"."name" from "core_audit" as "a" inner join "core_players" as "p" on "p"."uuid" = "a"."target"');
    // @ts-expect-error: the audit's own view does not hold core_players
    audit.selectFrom('core_audit as a').innerJoin('core_players as p', 'p.uuid', 'a.target').compile();
  });
});
