import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CONSOLE } from '../../core/kernel/actor.ts';
import { startTestKernel } from '../../../test/support/test-kernel.ts';
import { withPostgres } from '../../../test/support/postgres.ts';
import { value } from '../../../test/support/results.ts';
import { securityModule } from './index.ts';
import { base32Decode, totp } from './security.totp.ts';

describe('security factors on PostgreSQL', () => {
  it('migrates; enrols, trusts, locks out; keeps them across a restart; unlocks and forgets', (ctx) =>
    withPostgres(ctx, 'security', async (openDb) => {
      const k = await startTestKernel({ modules: [securityModule], openDb });
      try {
        const ann = (await k.join('Ann'))!;
        const sec = () => k.kernel.api.security;
        const { secret } = value(await sec().setup(ann, CONSOLE));
        value(await sec().confirm(ann, totp(base32Decode(secret)!, k.clock.now().getTime()), CONSOLE));
        k.platform.quit(ann.uuid);
        const back = k.platform.join('Ann', { address: '10.1.1.1' })!;
        for (let i = 0; i < 5; i++) assert.equal((await sec().verify(back, '000000', CONSOLE)).ok, false);
        await k.restart();
        const s = value(await sec().status(ann.uuid));
        assert.deepEqual([s.factors.length, s['trusted-devices'], s.lockout['locked-out'], s.lockout['failed-attempts']], [1, 1, true, 5]);
        assert.equal(value(await sec().unlock(ann.uuid, CONSOLE)).unlocked, true);
        assert.equal(value(await sec().force(ann.uuid, CONSOLE)).forgotten, 1);
        await k.restart();
        const after = value(await sec().status(ann.uuid));
        assert.deepEqual([after['trusted-devices'], after.lockout['locked-out']], [0, false]);
      } finally {
        await k.close();
      }
    }));
});
