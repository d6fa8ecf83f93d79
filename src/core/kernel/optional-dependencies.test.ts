// A module names the modules it uses when they are on in `optionalDependsOn`, and reaches them
// through `ctx.optional`: the service while that module runs, undefined while it is off or not in
// the build. One that is on boots first; one that is off stops nothing.

import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { defineModule, type ModuleContext } from './module.ts';
import { startTestKernel } from '../../../test/support/test-kernel.ts';

function fixtures() {
  const trail: string[] = [];
  const economy = defineModule({
    name: 'economy',
    dependsOn: [],
    migrations: [],
    createService: () => {
      trail.push('create economy');
      return { balance: () => 42 };
    },
    stop: () => void trail.push('stop economy'),
  });
  let seen: ModuleContext<never, 'economy'> | undefined;
  const shop = defineModule({
    name: 'shop',
    dependsOn: [],
    optionalDependsOn: ['economy'],
    migrations: [],
    createService: (ctx) => {
      trail.push(`create shop (economy ${ctx.optional.economy ? 'on' : 'off'})`);
      seen = ctx;
      return {};
    },
    stop: () => void trail.push('stop shop'),
  });
  return { trail, economy, shop, optional: () => seen?.optional };
}

const switches = (text: string) => (dir: string) => {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'modules.conf'), text);
};

describe('optionalDependsOn', () => {
  it('boots an optional module that is on first, and hands over its service', async () => {
    const f = fixtures();
    // Listed before the economy: the boot order follows the declaration, not the list.
    const t = await startTestKernel({ modules: [f.shop, f.economy] });
    try {
      assert.deepEqual(f.trail, ['create economy', 'create shop (economy on)']);
      assert.equal(f.optional()?.economy, t.kernel.api.economy);
      assert.deepEqual(Object.keys(f.optional() ?? {}), ['economy']);
    } finally {
      await t.close();
    }
    assert.deepEqual(f.trail.slice(2), ['stop shop', 'stop economy']);
  });

  it('answers undefined for an optional module switched off, and boots the module all the same', async () => {
    const f = fixtures();
    const t = await startTestKernel({ modules: [f.shop, f.economy], beforeStart: switches('economy = false\nshop = true\n') });
    try {
      assert.deepEqual(f.trail, ['create shop (economy off)']);
      assert.equal(f.optional()?.economy, undefined);
      assert.deepEqual(t.kernel.api.modulesOn(), ['shop']);
    } finally {
      await t.close();
    }
  });

  it('answers undefined for an optional module the build does not have', async () => {
    const f = fixtures();
    const t = await startTestKernel({ modules: [f.shop] });
    try {
      assert.deepEqual(f.trail, ['create shop (economy off)']);
      assert.equal(f.optional()?.economy, undefined);
    } finally {
      await t.close();
    }
  });
});
