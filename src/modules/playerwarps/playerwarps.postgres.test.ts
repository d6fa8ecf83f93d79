// Player warps on PostgreSQL, with two servers sharing the database (two kernels, two pools): a
// name is taken once whatever server asks first, a rename or archive on one is what the other
// reads, and visits counted on both servers at once all count.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CONSOLE } from '../../core/kernel/actor.ts';
import { startTestKernel, type TestKernel } from '../../../test/support/test-kernel.ts';
import { withPostgres } from '../../../test/support/postgres.ts';
import { value } from '../../../test/support/results.ts';
import { teleportModule } from '../teleport/index.ts';
import { economyModule } from '../economy/index.ts';
import { playerWarpsModule } from './index.ts';

const at = (x: number) => ({ world: 'world', x, y: 70, z: 0 });

describe('player warps on PostgreSQL, two servers', () => {
  it('takes a name once, shows a rename and an archive on the other server, and counts every visit from both', (ctx) =>
    withPostgres(ctx, 'pwarps', async (openDb) => {
      const kernels: TestKernel[] = [];
      try {
        for (const serverName of ['lobby', 'survival']) {
          kernels.push(await startTestKernel({ modules: [teleportModule, economyModule, playerWarpsModule], openDb, serverName }));
        }
        const [lobby, survival] = kernels as [TestKernel, TestKernel];
        const owen = (await lobby.join('Owen')).uuid;
        const mia = (await survival.join('Mia')).uuid;
        const vic = (await lobby.join('Vic')).uuid;
        const here = lobby.kernel.api.playerwarps;
        const there = survival.kernel.api.playerwarps;

        // Both servers ask for the same name at once: one gets it, the other is told it is taken.
        const both = await Promise.all([here.create(owen, 'Market', at(1), CONSOLE), there.create(mia, 'market', at(2), CONSOLE)]);
        assert.deepEqual(both.map((r) => (r.ok ? 'ok' : r.code)).sort(), ['already-exists', 'ok']);
        const owner = value(await there.get('market'))['owner-id'];

        value(await there.rename('market', owner, 'bazaar', CONSOLE));
        assert.equal(value(await here.get('BAZAAR'))['owner-id'], owner, 'the lobby reads the renamed warp');
        assert.equal((await here.get('market')).ok, false);

        // Visits on both servers at once (Vic on the lobby, Mia on the survival server): each counts.
        const visits = [];
        for (let i = 0; i < 10; i++) visits.push(here.visit('bazaar', vic, CONSOLE), there.visit('bazaar', mia, CONSOLE));
        for (const v of await Promise.all(visits)) value(v);
        assert.equal(value(await here.get('bazaar')).visits, 20);

        value(await here.archive('bazaar', owner, CONSOLE));
        assert.equal(value(await there.get('bazaar')).state, 'archived');
        assert.deepEqual(value(await there.list(1, 10)).warps.map((w) => w.name), [], 'an archived warp leaves the listing everywhere');
        value(await there.restore('bazaar', owner, CONSOLE));
        assert.deepEqual(value(await here.list(1, 10)).warps.map((w) => w.name), ['bazaar']);
      } finally {
        for (const k of kernels) await k.close();
      }
    }));
});
