import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, type Database } from './db.ts';
import { rowMemory } from './row-memory.ts';

async function withDatabase(kind: 'sqlite' | 'postgres', run: (database: Database) => void): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'core-row-memory-'));
  // A PostgreSQL database object connects only when queried: none is needed here.
  const database = openDatabase(kind === 'sqlite' ? { kind, file: join(dir, 'core.db') } : { kind, url: 'postgres://nobody@127.0.0.1:1/none' });
  try {
    run(database);
  } finally {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('rowMemory', () => {
  it('on SQLite keeps a row read until the row is written, and drops a read that a write overtook', () =>
    withDatabase('sqlite', ({ db }) => {
      const memory = rowMemory<number>(db);
      memory.remember('ann', memory.mark(), 10);
      assert.equal(memory.get('ann'), 10);
      memory.forget('ann');
      assert.equal(memory.get('ann'), undefined);

      const mark = memory.mark();
      memory.forget('ben'); // a write of any row while the read was under way
      memory.remember('ann', mark, 11);
      assert.equal(memory.get('ann'), undefined, 'a value read before a write is not kept');
    }));

  it('keeps at most its limit, dropping the row read longest ago', () =>
    withDatabase('sqlite', ({ db }) => {
      const memory = rowMemory<number>(db, { limit: 2 });
      for (const [key, value] of [['a', 1], ['b', 2], ['c', 3]] as const) memory.remember(key, memory.mark(), value);
      assert.deepEqual(['a', 'b', 'c'].map((k) => memory.get(k)), [undefined, 2, 3]);
    }));

  it('keeps nothing on PostgreSQL, where other servers write the same tables', () =>
    withDatabase('postgres', ({ db }) => {
      const memory = rowMemory<number>(db);
      memory.remember('ann', memory.mark(), 10);
      assert.equal(memory.get('ann'), undefined);
    }));
});
