// The /holo command as players and the console use it, on a kernel of its own.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CONSOLE } from '../../core/kernel/actor.ts';
import { startTestKernel, type TestKernel } from '../../../test/support/test-kernel.ts';
import { declined, value } from '../../../test/support/results.ts';
import { hologramsModule } from './index.ts';
import type { HologramsService } from './holograms.service.ts';

describe('/holo', () => {
  let t: TestKernel;
  let holo: HologramsService;
  let owen: string;
  let mia: string;
  const said = (uuid: string) => t.platform.messagesOf(uuid).join('\n');

  before(async () => {
    t = await startTestKernel({ modules: [hologramsModule] });
    holo = t.kernel.api.holograms;
    owen = (await t.join('Owen')).uuid;
    mia = (await t.join('Mia')).uuid;
    value(await t.kernel.api.permissions.grant(owen, 'core.holo.create', CONSOLE));
  });
  after(() => t.close());

  it('needs core.holo.create to create; creates two blocks above the player with the rest of the line as text', async () => {
    await t.platform.run(mia, '/holo create nope Hi');
    assert.match(said(mia), /core\.holo\.create/);
    await t.platform.teleport(owen, { world: 'world', x: 5, y: 64, z: 5, yaw: 30, pitch: 10 });
    await t.platform.run(owen, '/holo create Welcome &6Welcome to {player}s server');
    assert.match(said(owen), /Created the hologram welcome above you/);
    const h = value(await holo.get('welcome'));
    assert.deepEqual([h.lines, h.location], [['&6Welcome to {player}s server'], { world: 'world', x: 5, y: 66, z: 5, yaw: 30, pitch: 0 }]);
  });

  it('adds, replaces and removes lines; tells a refusal in red', async () => {
    await t.platform.run(owen, '/holo addline welcome Second line');
    await t.platform.run(owen, '/holo setline welcome 2 &bThe second');
    await t.platform.run(owen, '/holo addline welcome Third');
    await t.platform.run(owen, '/holo removeline welcome 3');
    assert.deepEqual(value(await holo.get('welcome')).lines, ['&6Welcome to {player}s server', '&bThe second']);
    assert.match(said(owen), /Removed line 3 of welcome; it has 2 now/);
    await t.platform.run(mia, '/holo addline welcome hacked');
    assert.match(said(mia), /Mia may not edit the lines of the hologram welcome/);
    await t.platform.run(owen, '/holo removeline welcome 9');
    assert.match(said(owen), /there is no line 9/);
  });

  it('binds a command only with core.holo.command, and unbinds without one', async () => {
    await t.platform.run(owen, '/holo command welcome holo list');
    assert.match(said(owen), /core\.holo\.command/);
    value(await t.kernel.api.permissions.grant(owen, 'core.holo.command', CONSOLE));
    await t.platform.run(owen, '/holo command welcome /holo list');
    assert.equal(value(await holo.get('welcome')).command, 'holo list');
    await t.platform.run(owen, '/holo command welcome');
    assert.equal(value(await holo.get('welcome')).command, null);
  });

  it('adds a manager by name, who may then move it; lists and shows info with the lines as stored', async () => {
    await t.platform.run(owen, '/holo manager add welcome Mia');
    assert.match(said(owen), /Mia is now a manager of welcome/);
    await t.platform.teleport(mia, { world: 'world', x: -3, y: 70, z: 1, yaw: 0, pitch: 0 });
    await t.platform.run(mia, '/holo move welcome');
    assert.equal(value(await holo.get('welcome')).location.x, -3);
    t.platform.clearMessages();
    await t.platform.run(mia, '/holo list');
    assert.match(said(mia), /Holograms \(1\):\nwelcome of Owen: world -3\.0, 72\.0, 1\.0, 2 lines/);
    await t.platform.run(mia, '/holo info welcome');
    assert.match(said(mia), /1: &6Welcome to \{player\}s server\n2: &bThe second\nCommand: none; managers: Mia/);
    await t.platform.run(owen, '/holo manager remove welcome Mia');
    assert.match(said(owen), /Mia is no longer a manager of welcome/);
  });

  it('completes names; the console deletes any hologram', async () => {
    // The first completion asks for the names in the background; on PostgreSQL that read answers
    // over a socket, so wait for it to settle rather than for one other read.
    t.platform.complete(owen, 'holo info ');
    await t.settle();
    assert.deepEqual(t.platform.complete(owen, 'holo info we'), ['welcome']);
    await t.platform.run(mia, '/holo delete welcome');
    assert.match(said(mia), /only its owner may/);
    await t.platform.run('console', '/holo delete welcome');
    declined(await holo.get('welcome'), 'not-found');
    assert.equal(t.emittedNamed('hologram.delete').at(-1)?.data.actor, 'console');
    t.platform.clearMessages();
    await t.platform.run(mia, '/holo list');
    assert.match(said(mia), /There are no holograms/);
  });
});
