// The public player-warp listing reads a page through its index, in its order: no scan of the
// warps, no sort of them. SQLite's query plan, so the SQLite pass only (SQLITE_ONLY in scripts/test-plan.ts).

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { openDatabase } from '../../core/storage/db.ts';
import { startTestKernel } from '../../../test/support/test-kernel.ts';
import { growingSteps } from '../../../test/support/query-plan.ts';
import { teleportModule } from '../teleport/index.ts';
import { economyModule } from '../economy/index.ts';
import { playerWarpsModule } from './index.ts';

describe('the player-warp listing on SQLite', () => {
  it('reads a page through the index in its order: no scan, no sort of the listed warps', async () => {
    let file = '';
    const t = await startTestKernel({
      modules: [teleportModule, economyModule, playerWarpsModule],
      beforeStart: (configDir) => (file = join(configDir, '..', 'core.db')),
      openDb: () => openDatabase({ kind: 'sqlite', file }),
    });
    try {
      const page = `SELECT w.*, p.name AS owner_name FROM playerwarps AS w LEFT JOIN core_players AS p ON p.uuid = w.owner
        WHERE w.state = 'active' AND w.public = 1 ORDER BY w.visits DESC, w.name ASC LIMIT 20 OFFSET 0`;
      assert.deepEqual(await growingSteps(t.database.db, page), []);
    } finally {
      await t.close();
    }
  });
});
