// Two servers on one PostgreSQL database (two kernels, two pools): which server a player is on is
// known to both, through the player lookup and the presence read; a server's rows go when it stops.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startTestKernel, type TestKernel } from '../../../test/support/test-kernel.ts';
import { withPostgres } from '../../../test/support/postgres.ts';
import { value } from '../../../test/support/results.ts';
import type { Players } from '../players/players.ts';
import { presenceModule } from '../../modules/presence/index.ts';

describe('presence across servers sharing PostgreSQL', () => {
  it('each server tells which server a player is on; a quit or the server stopping clears it', (ctx) =>
    withPostgres(ctx, 'presence_net', async (openDb) => {
      const kernels: TestKernel[] = [];
      try {
        const lobby = await startTestKernel({ modules: [presenceModule], openDb, serverName: 'lobby' });
        kernels.push(lobby);
        const survival = await startTestKernel({ modules: [presenceModule], openDb, serverName: 'survival' });
        kernels.push(survival);
        const ann = (await survival.join('Ann')).uuid;
        await lobby.join('Bob');

        const lookup = value(await lobby.kernel.api.players.lookupName('ann'));
        assert.deepEqual([lookup.online, lookup.server], [true, 'survival'], 'the lobby knows Ann is on the survival server');
        const p = value(await lobby.kernel.api.presence.get(ann));
        assert.deepEqual([p.online, p.server, p.away], [true, 'survival', false]);
        assert.equal(value(await survival.kernel.api.presence.get(ann)).server, 'survival');

        survival.platform.quit(ann);
        await (survival.kernel.api.players as Players).idle();
        assert.deepEqual(value(await lobby.kernel.api.players.lookupName('Ann')).server, null);

        assert.equal(value(await survival.kernel.api.players.lookupName('Bob')).server, 'lobby');
        await lobby.close();
        kernels.shift();
        assert.equal(value(await survival.kernel.api.players.lookupName('Bob')).server, null, 'a stopped server leaves nobody on it');
      } finally {
        for (const k of kernels) await k.close();
      }
    }));
});
