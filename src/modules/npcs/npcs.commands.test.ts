import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CONSOLE } from '../../core/kernel/actor.ts';
import { startTestKernel, type TestKernel } from '../../../test/support/test-kernel.ts';
import { value, declined } from '../../../test/support/results.ts';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { npcsModule } from './index.ts';
import { npcsConfig } from './npcs.config.ts';

describe('/npc', () => {
  let t: TestKernel;
  let ann: string;
  let ben: string;
  const said = (uuid: string) => t.platform.messagesOf(uuid).join('\n');

  before(async () => {
    t = await startTestKernel({ modules: [npcsModule] });
    ann = (await t.join('Ann')).uuid;
    ben = (await t.join('Ben')).uuid;
    for (const node of ['core.npc.create', 'core.npc.manage', 'core.npc.command']) value(await t.kernel.api.permissions.grant(ann, node, CONSOLE));
  });
  after(() => t.close());
  beforeEach(() => t.platform.clearMessages());

  it('refuses a player without core.npc.create, naming the node', async () => {
    await t.platform.run(ben, 'npc create mine');
    assert.match(said(ben), /core\.npc\.create/);
    declined(await t.kernel.api.npcs.get('mine'), 'not-found');
  });

  it('creates an NPC where the player stands, facing as they face, and moves it to where they stand', async () => {
    await t.platform.teleport(ann, { world: 'world', x: 10.5, y: 65, z: -3.5, yaw: 45, pitch: 0 });
    await t.platform.run(ann, 'npc create Guide');
    assert.match(said(ann), /Created the NPC guide where you stand/);
    assert.deepEqual(value(await t.kernel.api.npcs.get('guide')).location, { world: 'world', x: 10.5, y: 65, z: -3.5, yaw: 45, pitch: 0 });
    await t.platform.teleport(ann, { world: 'world', x: 20, y: 66, z: 1, yaw: 0, pitch: 0 });
    await t.platform.run(ann, 'npc move guide');
    assert.match(said(ann), /Moved the NPC guide to world 20\.0, 66\.0, 1\.0/);
  });

  it('renames, hides the name, and shows the id again', async () => {
    await t.platform.run(ann, 'npc rename guide Tour Guide');
    assert.match(said(ann), /shows the name Tour Guide/);
    await t.platform.run(ann, 'npc hidename guide');
    assert.match(said(ann), /shows no name now/);
    await t.platform.run(ann, 'npc rename guide');
    assert.match(said(ann), /shows the name guide/);
  });

  it('binds and unbinds a command; a skin without the skins module is refused with a sentence', async () => {
    await t.platform.run(ann, 'npc command guide /npc info guide');
    assert.match(said(ann), /right-clicks the NPC guide runs \/npc info guide/);
    await t.platform.run(ann, 'npc skin guide Notch');
    assert.match(said(ann), /skins module, which is switched off/);
    t.platform.clearMessages();
    await t.platform.run(ann, 'npc command guide');
    assert.match(said(ann), /runs no command now/);
  });

  it('adds and removes a manager; a stranger is refused', async () => {
    await t.platform.run(ben, 'npc manager add guide Ben');
    assert.match(said(ben), /core\.npc\.manage/);
    await t.platform.run(ann, 'npc manager add guide Ben');
    assert.match(said(ann), /Ben is a manager of the NPC guide/);
    await t.platform.run(ann, 'npc manager remove guide Ben');
    assert.match(said(ann), /Ben is no longer a manager of the NPC guide/);
  });

  it('lists the player’s own NPCs with the limit, another’s, and every NPC at the console; shows one', async () => {
    await t.platform.run(ann, 'npc list');
    assert.match(said(ann), /Your NPCs \(1 of at most 1\):\nguide: world 20\.0, 66\.0, 1\.0, shows the name guide/);
    await t.platform.run(ben, 'npc list Ann');
    assert.match(said(ben), /NPCs of Ann \(1 of at most 1\)/);
    await t.platform.run('console', 'npc list');
    assert.match(t.platform.consoleText().join('\n'), /Every NPC \(1\):/);
    await t.platform.run(ben, 'npc info guide');
    assert.match(said(ben), /NPC guide of Ann\nLocation: world 20\.0, 66\.0, 1\.0; shows the name guide\nSkin: default; command: none\nManagers: none/);
  });

  it('deletes as the owner; /npc alone lists the subcommands', async () => {
    await t.platform.run(ann, 'npc delete guide');
    assert.match(said(ann), /Deleted the NPC guide/);
    declined(await t.kernel.api.npcs.get('guide'), 'not-found');
    await t.platform.run(ben, 'npc');
    assert.match(said(ben), /NPCs:[\s\S]*npc list/);
  });
});

describe('npcs.conf', () => {
  it('is written with default-limit 1, refuses an unknown key or a bad limit naming it, and core reload applies a new limit at once', async () => {
    const t = await startTestKernel({ modules: [npcsModule] });
    try {
      const ann = (await t.join('Ann')).uuid;
      const file = join(t.configDir, 'npcs.conf');
      assert.match(readFileSync(file, 'utf8'), /^default-limit = 1$/m);
      writeFileSync(file, 'limit = 2\n');
      assert.throws(() => npcsConfig.load(t.configDir), /"limit".*not a key/s);
      writeFileSync(file, 'default-limit = -1\n');
      assert.throws(() => npcsConfig.load(t.configDir), /default-limit.*0 to 10000/s);
      writeFileSync(file, 'default-limit = 4\n');
      await t.platform.run('console', 'core reload');
      assert.equal(t.kernel.api.npcs.limitOf(ann), 4);
      assert.equal(value(await t.kernel.api.npcs.list(ann)).limit, 4);
    } finally {
      await t.close();
    }
  });
});
