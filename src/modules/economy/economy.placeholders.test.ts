import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CONSOLE } from '../../core/kernel/actor.ts';
import { applyPlaceholders, placeholderProbe } from '../../../test/support/placeholder-probe.ts';
import { startTestKernel, type TestKernel } from '../../../test/support/test-kernel.ts';
import { value } from '../../../test/support/results.ts';
import { economyModule } from './index.ts';

describe('the {balance} placeholder', () => {
  let t: TestKernel;
  before(async () => {
    t = await startTestKernel({ modules: [economyModule, placeholderProbe] });
  });
  after(() => t.close());

  it("shows the viewer's wallet in the default currency as /balance does, and follows a payment", async () => {
    const ann = (await t.join('Ann')).uuid;
    assert.equal(await applyPlaceholders(t, 'Balance: {balance}', ann), 'Balance: $100.00');
    value(await t.kernel.api.economy.deposit(ann, 1234.5, null, CONSOLE));
    assert.equal(await applyPlaceholders(t, '{BALANCE}', ann), '$1,334.50');
  });

  it('stays as written without a player (the console has no wallet)', async () => {
    assert.equal(await applyPlaceholders(t, 'Balance: {balance}'), 'Balance: {balance}');
  });
});
