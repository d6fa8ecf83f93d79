import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CONSOLE } from '../../core/kernel/actor.ts';
import { startTestKernel, type TestKernel } from '../../../test/support/test-kernel.ts';
import { value } from '../../../test/support/results.ts';
import { vanishModule } from './index.ts';

describe('vanish commands', () => {
  let t: TestKernel;
  const ids: Record<string, string> = {};
  const grant = async (who: string, node: string) => value(await t.kernel.api.permissions.grant(ids[who]!, node, CONSOLE));
  const said = (who: string) => t.platform.messagesOf(ids[who]!);
  const vanished = (who: string) => t.kernel.api.vanish.isVanished(ids[who]!);

  before(async () => {
    t = await startTestKernel({ modules: [vanishModule] });
    for (const name of ['Ann', 'Ben', 'Cat']) ids[name] = (await t.join(name)).uuid;
    await grant('Ann', 'core.vanish.use');
    await grant('Ann', 'core.vanish.level.2');
    await grant('Ben', 'core.vanish.use');
  });
  beforeEach(() => t.platform.clearMessages());
  after(() => t.close());

  it('is refused to a player without core.vanish.use, naming the node', async () => {
    await t.platform.run(ids.Cat!, 'vanish');
    assert.match(said('Cat').at(-1)!, /permission \(core\.vanish\.use\)/);
    assert.equal(vanished('Cat'), false);
  });

  it('/vanish vanishes the sender and /v shows them again', async () => {
    await t.platform.run(ids.Ann!, 'vanish');
    assert.equal(vanished('Ann'), true);
    assert.match(said('Ann').at(-1)!, /You are now vanished \(level 2\): only players with a see-level of 2 or more see you\./);
    assert.equal(t.platform.canSee(ids.Ben!, ids.Ann!), false, 'Ben sees level 1 only');
    await t.platform.run(ids.Ann!, 'v');
    assert.equal(vanished('Ann'), false);
    assert.equal(said('Ann').at(-1), 'You are visible again.');
    assert.equal(t.platform.canSee(ids.Ben!, ids.Ann!), true);
    const [last] = await t.kernel.api.audit.history(ids.Ann!, 1);
    assert.deepEqual([last?.actor, last?.action], ['Ann', 'vanish.off']);
  });

  it('does not offer a vanished player in completion to those who cannot see them', async () => {
    await t.platform.run(ids.Ann!, 'vanish');
    assert.deepEqual(t.platform.complete(ids.Ben!, 'vanish ').sort(), ['Ben', 'Cat', 'list']);
    assert.deepEqual(t.platform.complete(ids.Ben!, 'vanish a'), []);
    assert.ok(t.platform.complete(ids.Ann!, 'vanish ').includes('Ben'));
    assert.ok(t.platform.complete('console', 'vanish ').includes('Ann'));
    await t.platform.run(ids.Ann!, 'vanish');
    assert.ok(t.platform.complete(ids.Ben!, 'vanish ').includes('Ann'));
  });

  it('needs core.vanish.others to vanish another player', async () => {
    await t.platform.run(ids.Ben!, 'vanish Cat');
    assert.match(said('Ben').at(-1)!, /permission \(core\.vanish\.others\)/);
    assert.equal(vanished('Cat'), false);
    await grant('Ben', 'core.vanish.others');
    await t.platform.run(ids.Ben!, 'vanish Cat');
    assert.equal(vanished('Cat'), true);
    assert.equal(said('Ben').at(-1), 'Cat is now vanished (level 1).');
    assert.match(said('Cat').at(-1)!, /You are now vanished \(level 1\)/);
  });

  it('lists the vanished players the sender can see; the console sees all', async () => {
    await t.platform.run(ids.Ann!, 'vanish');
    await t.platform.run(ids.Ben!, 'vanish list');
    assert.equal(said('Ben').at(-1), 'Vanished (1): Cat [level 1]');
    await t.platform.run(ids.Ann!, 'vanish list');
    assert.equal(said('Ann').at(-1), 'Vanished (2): Ann [level 2], Cat [level 1]');
    t.platform.quit(ids.Cat!);
    await t.platform.run('console', 'vanish list');
    assert.equal(t.platform.consoleText().at(-1), 'Vanished (2): Ann [level 2], Cat [level 1, offline]');
  });

  it('works at the console on a named (even offline) player, and asks the console to name one', async () => {
    await t.platform.run('console', 'vanish Cat');
    assert.equal(t.platform.consoleText().at(-1), 'Cat is visible again (offline: it applies when they join).');
    assert.equal(vanished('Cat'), false);
    await t.platform.run('console', 'vanish');
    assert.match(t.platform.consoleText().at(-1)!, /Name a player: the console cannot vanish/);
    await t.platform.run('console', 'vanish Nobody');
    assert.match(t.platform.consoleText().at(-1)!, /No player named Nobody has ever joined/);
  });
});
