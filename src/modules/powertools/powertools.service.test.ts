import { after, before, describe, it, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import type { Actor } from '../../core/kernel/actor.ts';
import type { Database } from '../../core/storage/db.ts';
import { startTestKernel, type TestKernel } from '../../../test/support/test-kernel.ts';
import { declined, invalid, value } from '../../../test/support/results.ts';
import { withPostgres } from '../../../test/support/postgres.ts';
import type { ItemStack } from '../../platform/platform.ts';
import { defineModule } from '../../core/kernel/module.ts';
import { powertoolsModule } from './index.ts';

/** A module whose command check refuses `/help refused`, as the command gate or a freeze would. */
const refuser = defineModule<null>({
  name: 'refuser',
  dependsOn: [],
  migrations: [],
  createService(ctx) {
    ctx.commands.addCheck((_sender, command, args) => (command === 'help' && args[0] === 'refused' ? 'No help today.' : undefined));
    return null;
  },
});

const UNKNOWN = '00000000-0000-0000-0000-0000000000cd';
const stack = (material: string, count = 1): ItemStack => ({ material, count });
const player = (uuid: string, name: string): Actor => ({ kind: 'player', uuid, name });

/** Alice carries a stick in hotbar slot 0, a blaze rod in 2 and another stick in 20, and holds slot 2. */
function equip(t: TestKernel, uuid: string): void {
  const slots: Array<ItemStack | null> = Array(36).fill(null);
  slots[0] = stack('stick');
  slots[2] = stack('blaze_rod');
  slots[20] = stack('stick', 5);
  t.platform.setInventory(uuid, slots);
  t.platform.wholeInventories.select(uuid, 2);
}

describe('powertools', () => {
  let t: TestKernel;
  let alice: string;
  let bob: string;
  let asAlice: Actor;

  before(async () => {
    t = await startTestKernel({ modules: [powertoolsModule, refuser] });
    alice = (await t.join('Alice')).uuid;
    bob = (await t.join('Bob')).uuid;
    asAlice = player(alice, 'Alice');
    equip(t, alice);
  });
  after(() => t.close());

  describe('powertools.bind', () => {
    it('binds a command line (the / is optional) to the material in the main hand, and the answer names both', async () => {
      assert.deepEqual(value(await t.kernel.api.powertools.bind(alice, '/help powertool', asAlice)), { material: 'blaze_rod', command: 'help powertool' });
      assert.deepEqual(value(await t.kernel.api.powertools.held(alice)), { slot: 2, material: 'blaze_rod', command: 'help powertool' });
    });

    it('replaces the command bound before to the same material', async () => {
      value(await t.kernel.api.powertools.bind(alice, 'help', asAlice));
      assert.deepEqual(value(await t.kernel.api.powertools.binds(alice)), [{ material: 'blaze_rod', command: 'help' }]);
    });

    it('refuses an empty hand, and a line naming no command or /powertool itself as bad input naming the command', async () => {
      t.platform.wholeInventories.select(alice, 1);
      declined(await t.kernel.api.powertools.bind(alice, 'help', asAlice), 'refused');
      t.platform.wholeInventories.select(alice, 2);
      await assert.rejects(t.kernel.api.powertools.bind(alice, '  / ', asAlice), invalid('command'));
      await assert.rejects(t.kernel.api.powertools.bind(alice, 'nosuchcommand now', asAlice), invalid('command'));
      await assert.rejects(t.kernel.api.powertools.bind(alice, 'powertool list', asAlice), invalid('command'));
      await assert.rejects(t.kernel.api.powertools.bind(alice, `help ${'x'.repeat(260)}`, asAlice), invalid('command'));
    });

    it('declines a player never seen with not-found and an offline one with player-offline', async () => {
      declined(await t.kernel.api.powertools.bind(UNKNOWN, 'help', asAlice), 'not-found');
      const carl = (await t.join('Carl')).uuid;
      t.platform.quit(carl);
      declined(await t.kernel.api.powertools.bind(carl, 'help', asAlice), 'player-offline');
    });
  });

  describe('using a bound item', () => {
    it('runs the command as the player and cancels the item’s own use', async () => {
      t.platform.clearMessages();
      assert.equal(t.platform.gameplay.useItem(alice), true, 'the use was cancelled');
      await t.until(() => t.platform.messagesOf(alice).some((m) => /powertool/.test(m)), 'the help of /help to reach Alice');
    });

    it('does nothing for an unbound material, the off-hand, or another player holding the same material', async () => {
      t.platform.wholeInventories.select(alice, 0);
      assert.equal(t.platform.gameplay.useItem(alice), false);
      t.platform.wholeInventories.select(alice, 2);
      assert.equal(t.platform.gameplay.useItem(alice, 'off'), false);
      t.platform.setInventory(bob, [stack('blaze_rod')]);
      assert.equal(t.platform.gameplay.useItem(bob), false);
    });

    it('applies the command’s permission: a command the player may not use is refused to them', async () => {
      value(await t.kernel.api.powertools.bind(alice, 'perm grant Bob core.admin', asAlice));
      t.platform.clearMessages();
      assert.equal(t.platform.gameplay.useItem(alice), true);
      await t.until(() => t.platform.messagesOf(alice).some((m) => /You do not have permission/.test(m)), 'the refusal');
    });

    it('applies the command checks before the command runs', async () => {
      value(await t.kernel.api.powertools.bind(alice, 'help refused', asAlice));
      t.platform.clearMessages();
      assert.equal(t.platform.gameplay.useItem(alice), true);
      await t.until(() => t.platform.messagesOf(alice).includes('No help today.'), 'the check’s refusal');
    });
  });

  describe('powertools.list and powertools.held', () => {
    it('lists every slot holding a bound material in slot order, hotbar first', async () => {
      t.platform.wholeInventories.select(alice, 0);
      value(await t.kernel.api.powertools.bind(alice, 'help', asAlice));
      t.platform.wholeInventories.select(alice, 2);
      assert.deepEqual(value(await t.kernel.api.powertools.list(alice)), {
        items: [
          { slot: 0, material: 'stick', command: 'help' },
          { slot: 2, material: 'blaze_rod', command: 'help refused' },
          { slot: 20, material: 'stick', command: 'help' },
        ],
        count: 3,
      });
    });

    it('answers null for held when the hand is empty or its material unbound, and empty or null for an offline player', async () => {
      t.platform.wholeInventories.select(alice, 5);
      assert.equal(value(await t.kernel.api.powertools.held(alice)), null);
      t.platform.wholeInventories.select(alice, 2);
      assert.equal(value(await t.kernel.api.powertools.held(bob)), null);
      const dan = (await t.join('Dan')).uuid;
      t.platform.setInventory(dan, [stack('stick')]);
      value(await t.kernel.api.powertools.bind(dan, 'help', player(dan, 'Dan')));
      t.platform.quit(dan);
      assert.deepEqual(value(await t.kernel.api.powertools.list(dan)), { items: [], count: 0 });
      assert.equal(value(await t.kernel.api.powertools.held(dan)), null);
      declined(await t.kernel.api.powertools.list(UNKNOWN), 'not-found');
      declined(await t.kernel.api.powertools.held(UNKNOWN), 'not-found');
      await assert.rejects(t.kernel.api.powertools.held('nobody'), invalid('uuid'));
    });
  });

  describe('the /powertool command', () => {
    it('binds, lists and unbinds (with no command or clear); unbinding what is not bound is declined', async () => {
      t.platform.wholeInventories.select(alice, 2);
      t.platform.clearMessages();
      await t.platform.run(alice, '/powertool /help');
      await t.platform.run(alice, '/powertool list');
      await t.platform.run(alice, '/powertool');
      await t.platform.run(alice, '/powertool clear');
      assert.deepEqual(t.platform.messagesOf(alice), [
        'Bound /help to blaze_rod: use the item to run it.',
        'Your powertools (2):',
        'blaze_rod: /help',
        'stick: /help',
        'Unbound /help from blaze_rod.',
        'No command is bound to blaze_rod.',
      ]);
      assert.equal(t.platform.gameplay.useItem(alice), false, 'the rod is an ordinary item again');
    });

    it('tells a player with an empty hand or an unknown command what is wrong', async () => {
      t.platform.wholeInventories.select(alice, 7);
      t.platform.clearMessages();
      await t.platform.run(alice, '/powertool help');
      t.platform.wholeInventories.select(alice, 2);
      await t.platform.run(alice, '/powertool nosuch');
      assert.deepEqual(t.platform.messagesOf(alice), [
        'Hold an item in your main hand to bind a command to it, or to unbind it.',
        'There is no command /nosuch to bind.',
      ]);
    });

    it('records binds in the audit log with the player as actor', async () => {
      const entries = await t.kernel.api.audit.history(alice, 100);
      assert.ok(entries.some((e) => e.action === 'powertool.bind' && e.actor === 'Alice' && e.details.command === 'help'));
      assert.ok(entries.some((e) => e.action === 'powertool.unbind' && e.actor === 'Alice'));
    });
  });

  it('keeps binds across a restart, and a bound item works again after the player rejoins', async () => {
    value(await t.kernel.api.powertools.bind(alice, 'help', asAlice));
    await t.restart();
    const again = (await t.join('Alice')).uuid;
    equip(t, again);
    assert.deepEqual(value(await t.kernel.api.powertools.held(again)), { slot: 2, material: 'blaze_rod', command: 'help' });
    await t.until(() => t.platform.gameplay.useItem(again), 'the bind to be loaded at join');
  });
});

describe('powertools on PostgreSQL', () => {
  it('binds, replaces, reads and unbinds through the same store', (ctx: TestContext) =>
    withPostgres(ctx, 'powertools', async (openDb: () => Database) => {
      const k = await startTestKernel({ modules: [powertoolsModule], openDb });
      try {
        const ann = (await k.join('Ann')).uuid;
        const asAnn = player(ann, 'Ann');
        k.platform.setInventory(ann, [stack('stick'), stack('stick')]);
        value(await k.kernel.api.powertools.bind(ann, 'help', asAnn));
        value(await k.kernel.api.powertools.bind(ann, 'help powertool', asAnn));
        assert.deepEqual(value(await k.kernel.api.powertools.list(ann)).items.map((i) => [i.slot, i.command]), [
          [0, 'help powertool'],
          [1, 'help powertool'],
        ]);
        assert.deepEqual(value(await k.kernel.api.powertools.unbind(ann, asAnn)), { material: 'stick', command: 'help powertool' });
        declined(await k.kernel.api.powertools.unbind(ann, asAnn), 'not-found');
      } finally {
        await k.close();
      }
    }));
});
