import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startTestKernel, type TestKernel } from '../../../test/support/test-kernel.ts';
import { moderationModule } from './index.ts';
import type { ModerationService } from './moderation.service.ts';
import { value, declined } from '../../../test/support/results.ts';

const UNKNOWN = '00000000-0000-0000-0000-0000000000ab';

describe('moderation', () => {
  let t: TestKernel;
  let mod: ModerationService;
  let alice: string;

  before(async () => {
    t = await startTestKernel({ modules: [moderationModule] });
    mod = t.kernel.api.moderation;
    alice = (await t.join('Alice')).uuid;
  });
  after(() => t.close());

  describe('moderation.sanctions', () => {
    it('answers every field null for a player with no sanction', async () => {
      assert.deepEqual(value(await mod.sanctions(alice)), { ban: null, mute: null, jail: null, warnings: null });
    });

    it('declines with not-found for a player the server has never seen', async () => {
      declined(await mod.sanctions(UNKNOWN), 'not-found');
    });
  });
});
