import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CONSOLE } from '../../core/kernel/actor.ts';
import { applyPlaceholders, placeholderProbe } from '../../../test/support/placeholder-probe.ts';
import { startTestKernel, type TestKernel } from '../../../test/support/test-kernel.ts';
import { value } from '../../../test/support/results.ts';
import { economyModule } from '../economy/index.ts';
import { ranksModule } from './index.ts';

describe('the {rank} placeholder', () => {
  let t: TestKernel;
  before(async () => {
    t = await startTestKernel({
      modules: [economyModule, ranksModule, placeholderProbe],
      beforeStart: (dir) => writeFileSync(join(dir, 'ranks.conf'), '[[rungs]]\nname = "member"\ngroup = "default"\n\n[[rungs]]\nname = "elder"\ngroup = "default"\n'),
    });
  });
  after(() => t.close());

  it('shows the rung the viewer stands on, "none" below the first, and follows a rank set', async () => {
    const ann = (await t.join('Ann')).uuid;
    assert.equal(await applyPlaceholders(t, 'Rank: {rank}', ann), 'Rank: none');
    value(await t.kernel.api.ranks.set(ann, 'elder', CONSOLE));
    assert.equal(await applyPlaceholders(t, 'Rank: {rank}', ann), 'Rank: elder');
    assert.equal(await applyPlaceholders(t, '{rank}'), '{rank}');
  });
});
