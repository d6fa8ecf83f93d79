// The teleport module switched off in modules.conf: a module that needs it (homes, warps, player
// warps, tpa, moderation, worlds) stops the start naming both, as for any required module switched
// off; security, which only adds a gate, starts without it; and /back, /tp and /tphere are gone.

import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { homesModule } from '../homes/index.ts';
import { securityModule } from '../security/index.ts';
import { teleportModule } from './index.ts';
import { startTestKernel } from '../../../test/support/test-kernel.ts';

const switches = (text: string) => (dir: string) => writeFileSync(join(dir, 'modules.conf'), text);

describe('teleport switched off', () => {
  it('stops the start while a module that needs it is on, naming the line that switches it off and both modules', async () => {
    await assert.rejects(
      startTestKernel({ modules: [teleportModule, homesModule], beforeStart: switches('teleport = false\nhomes = true\n') }),
      /modules\.conf line 1, key "teleport": module "homes" needs "teleport", which is switched off \(switch homes off too, or teleport on\)$/,
    );
  });

  it('lets a module that uses it when it is on start without it, and registers none of its commands', async () => {
    const t = await startTestKernel({ modules: [teleportModule, securityModule], beforeStart: switches('teleport = false\nsecurity = true\n') });
    try {
      assert.deepEqual(t.kernel.api.modulesOn(), ['security']);
      assert.equal(t.kernel.api.teleport, undefined);
      const names = t.kernel.commands.list().map((c) => c.name);
      for (const name of ['back', 'tp', 'tphere']) assert.ok(!names.includes(name), `no /${name}`);
      assert.ok(names.includes('2fa'));
    } finally {
      await t.close();
    }
  });
});
