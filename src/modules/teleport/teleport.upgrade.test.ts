// A data folder from before teleport was a module: the kernel applied the back-locations table as
// its own part `core.teleport` (src/core/kernel/kernel-tables.ts then), so core_migrations holds the record
// under that name. The kernel moves the record to `teleport` before any module migrates, so the
// table is not made again (it would fail: it exists) and the back locations stay. On the pass's
// database, SQLite or PostgreSQL.

import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { MIGRATIONS_TABLES, migrate, openDatabase, renameMigrationRecords, type Database } from '../../core/storage/db.ts';
import { teleportModule } from './index.ts';
import { createTeleportStore, TELEPORT_MIGRATIONS } from './teleport.store.ts';
import { offlineUuid } from '../../../test/support/fake/values.ts';
import { createTestSchema, TEST_DATABASE } from '../../../test/support/test-database.ts';
import { startTestKernel } from '../../../test/support/test-kernel.ts';
import { value } from '../../../test/support/results.ts';

const spot = (x: number) => ({ world: 'world', x, y: 64, z: 0, yaw: 0, pitch: 0 });
const ANN = offlineUuid('Ann');
const LONG_AGO = '2026-01-02T03:04:05.000Z';

/** An empty database on the pass's engine, opened anew by each `open()` (a server's data, across starts). */
async function passDatabase(label: string): Promise<{ open: () => Database; drop: () => Promise<void> }> {
  if (TEST_DATABASE === 'postgres') {
    const schema = await createTestSchema(label);
    return { open: () => openDatabase({ kind: 'postgres', url: schema.url }), drop: () => schema.drop() };
  }
  const dir = mkdtempSync(join(tmpdir(), `core-${label}-`));
  return { open: () => openDatabase({ kind: 'sqlite', file: join(dir, 'core.db') }), drop: async () => rmSync(dir, { recursive: true, force: true }) };
}

/** The records of core_migrations, as `module name` lines. */
async function records(database: Database): Promise<string[]> {
  const rows = await MIGRATIONS_TABLES.on(database.db).selectFrom('core_migrations').select(['module', 'name']).where('module', 'in', ['core.teleport', 'teleport']).execute();
  return rows.map((r) => `${r.module} ${r.name}`).sort();
}

describe('teleport on the data of a server from before it was a module', () => {
  it('starts, keeps the back locations, and keeps the migration applied under the name teleport', async () => {
    const db = await passDatabase('teleport_upgrade');
    try {
      // What the kernel of before left: the table made and recorded as its part core.teleport, a back location in it.
      const old = db.open();
      await migrate(old, 'core.teleport', TELEPORT_MIGRATIONS);
      await createTeleportStore(old.db).setBack(ANN, { location: spot(7), cause: 'home', capturedAt: LONG_AGO });
      assert.deepEqual(await records(old), ['core.teleport 001-back-locations']);
      await old.close();

      const t = await startTestKernel({ modules: [teleportModule], openDb: db.open });
      try {
        assert.deepEqual(await records(t.database), ['teleport 001-back-locations']);
        await t.join('Ann');
        const back = value(await t.kernel.api.teleport.backLocation(ANN));
        assert.deepEqual([back.location, back.cause, back['captured-at']], [spot(7), 'home', LONG_AGO]);
        // /back works on it, and the next start finds nothing left to move.
        value(await t.kernel.api.teleport.back(ANN, { warmupSeconds: 0 }));
        assert.deepEqual(t.platform.location(ANN), spot(7));
        await t.restart();
        assert.deepEqual(await records(t.database), ['teleport 001-back-locations']);
        assert.equal(value(await t.kernel.api.teleport.backLocation(ANN)).cause, 'back');
      } finally {
        await t.close();
      }
    } finally {
      await db.drop();
    }
  });

  it('moves the records of a switched-off teleport module too, so that switching it on later makes nothing again', async () => {
    const db = await passDatabase('teleport_upgrade_off');
    try {
      const old = db.open();
      await migrate(old, 'core.teleport', TELEPORT_MIGRATIONS);
      await old.close();
      const t = await startTestKernel({ modules: [teleportModule], openDb: db.open, beforeStart: (dir) => writeFileSync(join(dir, 'modules.conf'), 'teleport = false\n') });
      try {
        assert.deepEqual(t.kernel.api.modulesOn(), []);
        assert.deepEqual(await records(t.database), ['teleport 001-back-locations']);
      } finally {
        await t.close();
      }
    } finally {
      await db.drop();
    }
  });
});

describe('renameMigrationRecords', () => {
  it('moves every record of one name to the other, drops one the new name has already, and then changes nothing', async () => {
    const db = await passDatabase('migration_rename');
    const database = db.open();
    try {
      const two = [...TELEPORT_MIGRATIONS, { name: '002-nothing', up: async () => {} }];
      await migrate(database, 'core.teleport', two);
      await migrate(database, 'teleport', [{ name: '001-back-locations', up: async () => {} }]);
      await renameMigrationRecords(database, 'core.teleport', 'teleport');
      assert.deepEqual(await records(database), ['teleport 001-back-locations', 'teleport 002-nothing']);
      await renameMigrationRecords(database, 'core.teleport', 'teleport');
      assert.deepEqual(await records(database), ['teleport 001-back-locations', 'teleport 002-nothing']);
    } finally {
      await database.close();
      await db.drop();
    }
  });
});
