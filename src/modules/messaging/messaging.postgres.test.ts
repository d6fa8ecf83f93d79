import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CONSOLE } from '../../core/kernel/actor.ts';
import { startTestKernel } from '../../../test/support/test-kernel.ts';
import { withPostgres } from '../../../test/support/postgres.ts';
import { value } from '../../../test/support/results.ts';
import { messagingModule } from './index.ts';

describe('messaging on PostgreSQL', () => {
  it('migrates; keeps mail (numbered, read state) and ignores across a restart; clears them', (ctx) =>
    withPostgres(ctx, 'messaging', async (openDb) => {
      const k = await startTestKernel({ modules: [messagingModule], openDb });
      try {
        const ann = (await k.join('Ann')).uuid;
        const ben = (await k.join('Ben')).uuid;
        let m = k.kernel.api.messaging;
        const first = value(await m.sendMail(ben, 'one', ann, CONSOLE));
        const second = value(await m.sendMail(ben, 'two', null, CONSOLE));
        assert.ok(second.id > first.id);
        value(await m.readMail(ben, CONSOLE));
        value(await m.sendMail(ben, 'three', null, CONSOLE));
        assert.equal(value(await m.toggleIgnore(ben, ann, CONSOLE)).ignoring, true);
        await k.restart();
        m = k.kernel.api.messaging;
        const box = value(await m.mailbox(ben));
        assert.deepEqual([box.mail.map((x) => x.body), box.unread, box.mail[0]?.['from-name']], [['one', 'two', 'three'], 1, 'Ann']);
        assert.deepEqual(value(await m.ignores(ben)).ignores.map((i) => i['player-name']), ['Ann']);
        assert.equal(value(await m.clearMail(ben, CONSOLE)).cleared, 3);
        assert.equal(value(await m.toggleIgnore(ben, ann, CONSOLE)).ignoring, false);
      } finally {
        await k.close();
      }
    }));
});
