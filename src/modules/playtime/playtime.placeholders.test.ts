import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { applyPlaceholders, placeholderProbe } from '../../../test/support/placeholder-probe.ts';
import { startTestKernel, type TestKernel } from '../../../test/support/test-kernel.ts';
import { playtimeModule } from './index.ts';

describe('the {playtime} placeholder', () => {
  let t: TestKernel;
  before(async () => {
    t = await startTestKernel({ modules: [playtimeModule, placeholderProbe] });
  });
  after(() => t.close());

  it('shows the active time the viewer has played, this session included, as /playtime writes it', async () => {
    const ann = (await t.join('Ann')).uuid;
    assert.equal(await applyPlaceholders(t, 'Played: {playtime}', ann), 'Played: 0 s');
    await t.clock.advance(3725);
    assert.equal(await applyPlaceholders(t, 'Played: {playtime}', ann), 'Played: 1 h 2 min 5 s');
    assert.equal(await applyPlaceholders(t, '{playtime}'), '{playtime}');
  });
});
