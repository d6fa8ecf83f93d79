// Two servers on one PostgreSQL database (two kernels, two pools): a token issued or revoked on
// one works or stops on the other within a second, told by a signal, not the periodic re-read
// (switched off here to prove it).

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CONSOLE } from '../core/kernel/actor.ts';
import { startTestKernel, type TestKernel } from '../../test/support/test-kernel.ts';
import { withPostgres } from '../../test/support/postgres.ts';
import { value } from '../../test/support/results.ts';
import { within } from '../../test/support/within.ts';
import { createTokenStore, type TokenStore } from './tokens.ts';

const bearer = (secret: string) => `Bearer ${secret}`;

describe('tokens across servers sharing PostgreSQL', () => {
  it('a token issued on one server works on the other within a second; revoked there, it stops here within a second', (ctx) =>
    withPostgres(ctx, 'tokens_net', async (openDb) => {
      const kernels: TestKernel[] = [];
      const stores: TokenStore[] = [];
      try {
        for (const serverName of ['lobby', 'survival']) {
          const k = await startTestKernel({ openDb, serverName });
          kernels.push(k);
          stores.push(await createTokenStore({ database: k.database, clock: k.clock, log: k.log, signals: k.kernel.signals, refreshMs: 0 }));
        }
        const [lobby, survival] = stores as [TokenStore, TokenStore];
        const closedOnLobby: string[] = [];
        lobby.onRevoke((t) => void closedOnLobby.push(t.label));

        const { secret } = value(await lobby.create('panel', ['read'], CONSOLE));
        // No check that survival refuses it first: the signal may be heard before create's answer
        // is (a loaded run saw it). With the periodic re-read off, only the signal can tell survival.
        await within(1000, () => survival.authenticate(bearer(secret), Date.now())?.label === 'panel', 'the survival server accepts the token');

        value(await survival.revoke('panel', CONSOLE));
        assert.equal(survival.authenticate(bearer(secret), Date.now()), undefined, 'refused at once where it was revoked');
        await within(1000, () => lobby.authenticate(bearer(secret), Date.now()) === undefined, 'the lobby refuses the revoked token');
        assert.deepEqual(closedOnLobby, ['panel'], "the token's event streams on the lobby are closed");
      } finally {
        for (const s of stores) await s.close();
        for (const k of kernels) await k.close();
      }
    }));
});
