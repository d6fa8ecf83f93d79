// Two servers on one PostgreSQL database (two kernels, two pools): a permission grant or revoke on
// one applies on the other at once, without a restart.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CONSOLE } from '../kernel/actor.ts';
import { startTestKernel, type TestKernel } from '../../../test/support/test-kernel.ts';
import { withPostgres } from '../../../test/support/postgres.ts';
import { value } from '../../../test/support/results.ts';
import { within } from '../../../test/support/within.ts';

describe('permissions across servers sharing PostgreSQL', () => {
  it('a node granted on one server (API or perm command) is held on the other within a second; revoked, it is gone there too', (ctx) =>
    withPostgres(ctx, 'perms_net', async (openDb) => {
      const kernels: TestKernel[] = [];
      try {
        const lobby = await startTestKernel({ openDb, serverName: 'lobby' });
        kernels.push(lobby);
        const survival = await startTestKernel({ openDb, serverName: 'survival' });
        kernels.push(survival);
        const ann = (await lobby.join('Ann')).uuid;
        await survival.join('Ann');
        const there = survival.kernel.api.permissions;

        value(await lobby.kernel.api.permissions.grant(ann, 'core.fly', CONSOLE));
        await within(1000, () => there.playerHas(ann, 'core.fly'), 'the survival server sees the grant');

        // A change made on the survival server, as the perm command does it, reaches the lobby.
        await survival.kernel.commands.execute({ kind: 'console' }, 'perm revoke Ann core.fly');
        assert.equal(there.playerHas(ann, 'core.fly'), false);
        await within(1000, () => !lobby.kernel.api.permissions.playerHas(ann, 'core.fly'), 'the lobby sees the revoke');
        assert.deepEqual(lobby.kernel.api.permissions.groupsOf(ann), ['default']);
      } finally {
        for (const k of kernels) await k.close();
      }
    }));
});
