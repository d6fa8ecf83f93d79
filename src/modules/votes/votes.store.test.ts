import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrate, openDatabase, type Database } from '../../core/storage/db.ts';
import { withPostgres } from '../../../test/support/postgres.ts';
import { growingSteps } from '../../../test/support/query-plan.ts';
import { createVotesStore, VOTES_MIGRATIONS, VOTES_TABLES } from './votes.store.ts';

const ANN = '00000000-0000-4000-8000-00000000000a';
const BEN = '00000000-0000-4000-8000-00000000000b';

/** Votes counted before 002-vote-totals are on the boards after it, by period; new votes add to them. */
async function boardsAcrossTheMigration(database: Database): Promise<void> {
  await migrate(database, 'votes', VOTES_MIGRATIONS.slice(0, 1));
  await VOTES_TABLES.on(database.db)
    .insertInto('votes')
    .values([
      { uuid: ANN, service: 'a', count: 2, at: '2026-10-30T12:00:00.000Z' },
      { uuid: ANN, service: 'a', count: 1, at: '2026-11-24T10:00:00.000Z' },
      { uuid: BEN, service: 'b', count: 4, at: '2026-11-25T09:00:00.000Z' },
    ])
    .execute();
  await migrate(database, 'votes', VOTES_MIGRATIONS);
  const store = createVotesStore(database.db);
  const board = async (period: Parameters<typeof store.top>[0], since: string) =>
    (await store.top(period, since, 10)).map((r) => [r.uuid === ANN ? 'Ann' : 'Ben', r.votes]);
  assert.deepEqual(await board('all-time', ''), [['Ben', 4], ['Ann', 3]]);
  assert.deepEqual(await board('monthly', '2026-11-01T00:00:00.000Z'), [['Ben', 4], ['Ann', 1]]);
  assert.deepEqual(await board('monthly', '2026-10-01T00:00:00.000Z'), [['Ann', 2]]);
  assert.deepEqual(await board('weekly', '2026-11-23T00:00:00.000Z'), [['Ben', 4], ['Ann', 1]]);
  assert.deepEqual(await board('daily', '2026-11-24T00:00:00.000Z'), [['Ann', 1]]);
  await store.add(ANN, 'a', 5, '2026-11-25T10:00:00.000Z');
  assert.deepEqual(await board('all-time', ''), [['Ann', 8], ['Ben', 4]]);
  assert.deepEqual(await board('daily', '2026-11-25T00:00:00.000Z'), [['Ann', 5], ['Ben', 4]]);
  assert.equal(await store.total(ANN, '2026-11-01T00:00:00.000Z'), 6, "a player's own total still sums their votes");
  assert.deepEqual((await store.top('all-time', '', 1)).map((r) => r.votes), [8], 'the limit holds');
}

describe('votes store', () => {
  it('on SQLite: boards by period from the totals, votes before the migration included; the board searches an index', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'core-votes-store-'));
    const database = openDatabase({ kind: 'sqlite', file: join(dir, 'core.db') });
    try {
      await boardsAcrossTheMigration(database);
      const board = 'SELECT uuid, votes FROM vote_totals WHERE period = ? AND since = ? ORDER BY votes DESC, uuid LIMIT ?';
      assert.deepEqual(await growingSteps(database.db, board), []);
    } finally {
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('on PostgreSQL: the same boards', async (ctx) => {
    await withPostgres(ctx, 'votes_store', async (openDb) => {
      const database = openDb();
      try {
        await boardsAcrossTheMigration(database);
      } finally {
        await database.close();
      }
    });
  });
});
