import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import { migrate, openDatabase } from './db.ts';
import { col, defineTables } from './tables.ts';

const MIGRATIONS = [
  {
    name: '001-rows',
    async up(db: import('./db.ts').Db) {
      await db.schema.createTable('durable_rows').addColumn('id', 'integer', (c) => c.primaryKey()).addColumn('payload', 'text').execute();
    },
  },
];

/** The child: commits rows one by one and prints each id once its commit has returned. */
function childScript(dbUrl: string): string {
  return `
import { openDatabase, migrate } from ${JSON.stringify(dbUrl)};
const database = openDatabase({ kind: 'sqlite', file: process.argv[2] });
await migrate(database, 'durability', [{ name: '001-rows', async up(db) {
  await db.schema.createTable('durable_rows').addColumn('id', 'integer', (c) => c.primaryKey()).addColumn('payload', 'text').execute();
} }]);
for (let id = 1; ; id++) {
  await database.db.insertInto('durable_rows').values({ id, payload: 'x'.repeat(200) }).execute();
  process.stdout.write(id + '\\n');
}
`;
}

describe('openDatabase (sqlite)', () => {
  it('keeps every committed row when the process is killed with SIGKILL right after', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'core-durability-'));
    try {
      const file = join(dir, 'core.db');
      const script = join(dir, 'child.mjs');
      writeFileSync(script, childScript(pathToFileURL(join(import.meta.dirname, 'db.ts')).href));
      // --single-threaded-gc: on a loaded 2-core machine V8's parallel collector stopped this child
      // for good after 200-300 rows, its main thread spinning while the GC workers slept (reproduced
      // in 5-10 of 30 starts under two busy loops; none of 30 with this flag). This test is about
      // durability; the hang is a Node matter for the whole product, open in the stop note of issue 23.
      const child = spawn(process.execPath, ['--single-threaded-gc', script, file], { stdio: ['ignore', 'pipe', 'pipe'] });
      const committed: number[] = [];
      let stderr = '';
      child.stderr.on('data', (c: Buffer) => (stderr += c));
      // The child's end, or its failure to start at all (then no exit comes): a loaded run once
      // waited here until the test's 180 s limit with nothing to show.
      const exited = new Promise<NodeJS.Signals | null>((resolve, reject) => {
        child.once('exit', (_code, signal) => resolve(signal));
        child.once('error', reject);
      });
      const deadline = setTimeout(() => child.kill('SIGKILL'), 60_000);
      try {
        for await (const line of createInterface({ input: child.stdout })) {
          committed.push(Number(line));
          if (committed.length === 300) {
            child.kill('SIGKILL');
            break;
          }
        }
      } finally {
        clearTimeout(deadline);
      }
      assert.equal(committed.length, 300, `the child committed ${committed.length} rows in 60 s; it printed on stderr:\n${stderr}`);
      assert.equal(await exited, 'SIGKILL');

      const database = openDatabase({ kind: 'sqlite', file });
      try {
        await migrate(database, 'durability', MIGRATIONS);
        const rows = await defineTables(MIGRATIONS, { durable_rows: { id: col.int(), payload: col.text().nullable() } })
          .on(database.db)
          .selectFrom('durable_rows')
          .select('id')
          .execute();
        const present = new Set(rows.map((r) => Number(r.id)));
        const missing = committed.filter((id) => !present.has(id));
        assert.deepEqual(missing, []);
      } finally {
        await database.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
