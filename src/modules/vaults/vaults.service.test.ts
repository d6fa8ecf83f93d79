import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CONSOLE, type Actor } from '../../core/kernel/actor.ts';
import type { ItemStack } from '../../platform/platform.ts';
import { startTestKernel, type TestKernel } from '../../../test/support/test-kernel.ts';
import { value, declined, invalid } from '../../../test/support/results.ts';
import { withPostgres } from '../../../test/support/postgres.ts';
import { vaultsModule } from './index.ts';
import { vaultsConfig } from './vaults.config.ts';
import type { VaultsService } from './vaults.service.ts';

const REST: Actor = { kind: 'rest', label: 'panel' };
const UNKNOWN = '00000000-0000-0000-0000-0000000000ab';
/** A stack as the game hands it back: with the platform's own data, which must survive storage. */
const worn: ItemStack = { material: 'iron_sword', count: 1, name: 'Old', data: { itemId: 1, components: [{ type: 'damage', data: 120 }], removeComponents: [] } };
const bread: ItemStack = { material: 'bread', count: 16 };

/** Chest contents with the given slots filled. */
function chest(slots: Record<number, ItemStack>, size = 54): Array<ItemStack | null> {
  return Array.from({ length: size }, (_, i) => slots[i] ?? null);
}

describe('vaults', () => {
  let t: TestKernel;
  let vaults: VaultsService;
  let alice: string;
  let bob: string;

  before(async () => {
    t = await startTestKernel({ modules: [vaultsModule] });
    vaults = t.kernel.api.vaults;
    alice = (await t.join('Alice')).uuid;
    bob = (await t.join('Bob')).uuid;
  });
  after(() => t.close());

  describe('vaults.list', () => {
    it('answers no vaults, a count of 0, the default limit 2 and a row size of 6 (54 slots)', async () => {
      assert.deepEqual(value(await vaults.list(alice)), { vaults: [], count: 0, limit: 2, 'row-size': 6, 'slots-per-vault': 54 });
    });

    it('takes the limit from the highest core.vault.limit.<n> node, and declines an unknown player with not-found', async () => {
      value(await t.kernel.api.permissions.grant(bob, 'core.vault.limit.3', CONSOLE));
      value(await t.kernel.api.permissions.grant(bob, 'core.vault.limit.5', CONSOLE));
      assert.equal(value(await vaults.list(bob)).limit, 5);
      declined(await vaults.list(UNKNOWN), 'not-found');
      await assert.rejects(vaults.list('nobody'), invalid('uuid'));
    });
  });

  describe('vaults.open', () => {
    it('creates the vault on its first opening, shows its chest window to the owner and emits vault.open', async () => {
      declined(await vaults.get(alice, 1), 'not-found');
      const v = value(await vaults.open(alice, 1, REST));
      const now = t.clock.now().toISOString();
      assert.deepEqual(v, { index: 1, name: null, icon: null, 'item-count': 0, 'slots-used': 0, 'created-at': now, 'updated-at': now });
      const window = t.platform.chestOf(alice)!;
      assert.deepEqual([window.title, window.rows, window.items.length, window.items.every((i) => i === null)], ['Vault 1', 6, 54, true]);
      assert.deepEqual(t.emittedNamed('vault.open').at(-1)?.data, { 'player-id': alice, 'player-name': 'Alice', index: 1, name: null, 'item-count': 0, created: true, 'occurred-at': now });
      assert.deepEqual(value(await vaults.get(alice, 1)), v);
      const audit = await t.kernel.api.audit.history(alice, 1);
      assert.deepEqual([audit[0]!.actor, audit[0]!.action, audit[0]!.details], ['core-rest/panel', 'vault.open', { index: 1, created: true }]);
    });

    it('declines an offline owner with player-offline and an index beyond the limit with refused', async () => {
      const carol = (await t.join('Carol')).uuid;
      t.platform.quit(carol);
      declined(await vaults.open(carol, 1, REST), 'player-offline');
      const r = await vaults.open(alice, 3, REST);
      declined(r, 'refused');
      assert.match(!r.ok ? r.message : '', /vaults 1 to 2/);
      declined(await vaults.open(UNKNOWN, 1, REST), 'not-found');
      await assert.rejects(vaults.open(alice, 0, REST), invalid('index'));
    });
  });

  describe('contents', () => {
    it('stores what the owner puts in, and emits vault.contents-change with the item count, never the items', async () => {
      t.platform.changeChest(alice, chest({ 0: worn, 5: bread }));
      await vaults.flush();
      const e = t.emittedNamed('vault.contents-change').at(-1)!;
      assert.deepEqual(e.data, { 'player-id': alice, 'player-name': 'Alice', index: 1, 'item-count': 17, 'previous-item-count': 0, 'occurred-at': t.clock.now().toISOString() });
      const v = value(await vaults.get(alice, 1));
      assert.deepEqual([v['item-count'], v['slots-used']], [17, 2]);
      for (const answer of [v, value(await vaults.list(alice))]) assert.doesNotMatch(JSON.stringify(answer), /bread|iron_sword|material|damage/);
    });

    it('stores each change in order, and nothing when the window closes unchanged', async () => {
      t.platform.changeChest(alice, chest({ 0: worn, 5: { ...bread, count: 10 } }));
      t.platform.changeChest(alice, chest({ 0: worn }));
      const events = t.emittedNamed('vault.contents-change').length;
      await vaults.flush();
      assert.deepEqual(t.emittedNamed('vault.contents-change').slice(events).map((e) => [e.data['previous-item-count'], e.data['item-count']]), [
        [17, 11],
        [11, 1],
      ]);
      t.platform.closeChest(alice);
      await vaults.flush();
      assert.equal(t.emittedNamed('vault.contents-change').length, events + 2);
    });

    it('shows what was stored when the vault opens again, every part of each item intact', async () => {
      value(await vaults.open(alice, 1, REST));
      assert.deepEqual(t.platform.chestOf(alice)!.items[0], worn);
      assert.equal(t.emittedNamed('vault.open').at(-1)?.data.created, false);
    });

    it('closes the window of a vault opened again first, storing its last change', async () => {
      const first = t.platform.chestOf(alice)!;
      value(await vaults.open(alice, 1, REST));
      assert.equal(first.closedBecause, 'server');
      t.platform.changeChest(alice, chest({ 0: worn, 1: bread }));
      value(await vaults.open(alice, 2, REST));
      assert.equal(t.platform.chests.at(-2)!.closedBecause, 'replaced');
      await vaults.flush();
      assert.equal(value(await vaults.get(alice, 1))['item-count'], 17);
    });

    it('stores what the window holds when the owner leaves', async () => {
      t.platform.changeChest(alice, chest({ 53: bread }));
      t.platform.quit(alice);
      await vaults.flush();
      assert.equal(value(await vaults.get(alice, 2))['item-count'], 16);
      t.platform.join('Alice');
    });
  });

  describe('vaults.label', () => {
    it('changes only the fields sent: a name, then an icon, each keeping the other', async () => {
      const named = value(await vaults.label(alice, 1, { name: 'Ores & gems' }, REST));
      assert.deepEqual([named.name, named.icon], ['Ores & gems', null]);
      const icon = value(await vaults.label(alice, 1, { icon: 'minecraft:Diamond' }, REST));
      assert.deepEqual([icon.name, icon.icon], ['Ores & gems', 'diamond']);
      assert.equal(icon['item-count'], 17);
      value(await vaults.open(alice, 1, REST));
      assert.equal(t.platform.chestOf(alice)!.title, 'Ores & gems');
    });

    it('clears a field sent as null', async () => {
      const r = value(await vaults.label(alice, 1, { name: null }, REST));
      assert.deepEqual([r.name, r.icon], [null, 'diamond']);
      const both = value(await vaults.label(alice, 1, { name: 'X', icon: null }, REST));
      assert.deepEqual([both.name, both.icon], ['X', null]);
    });

    it('refuses a body with neither field or a bad name as bad input, and an unknown material with refused', async () => {
      await assert.rejects(vaults.label(alice, 1, {}, REST), invalid('body'));
      await assert.rejects(vaults.label(alice, 1, { name: '' }, REST), invalid('name'));
      await assert.rejects(vaults.label(alice, 1, { name: 'a\nb' }, REST), invalid('name'));
      declined(await vaults.label(alice, 1, { icon: 'dimond' }, REST), 'refused');
      declined(await vaults.label(alice, 1, { name: 'Y', icon: 'dimond' }, REST), 'refused');
      assert.equal(value(await vaults.get(alice, 1)).name, 'X', 'a refused label changes nothing');
    });

    it('declines a vault that does not exist with not-found', async () => {
      declined(await vaults.label(alice, 1000, { name: 'Z' }, REST), 'not-found');
      declined(await vaults.label(UNKNOWN, 1, { name: 'Z' }, REST), 'not-found');
    });
  });

  describe('vaults.delete', () => {
    it('removes the vault and its contents, closing its window; later changes of that window are dropped', async () => {
      value(await vaults.open(alice, 1, REST));
      const window = t.platform.chestOf(alice)!;
      const gone = value(await vaults.delete(alice, 1, REST));
      assert.deepEqual([gone.index, gone['item-count']], [1, 17]);
      assert.equal(window.closedBecause, 'server');
      window.view.onChange?.(chest({ 0: bread }));
      await vaults.flush();
      declined(await vaults.get(alice, 1), 'not-found');
      assert.deepEqual(value(await vaults.list(alice)).vaults.map((v) => v.index), [2]);
      const audit = await t.kernel.api.audit.history(alice, 1);
      assert.deepEqual([audit[0]!.action, audit[0]!.details], ['vault.delete', { index: 1, 'item-count': 17 }]);
    });

    it('declines a vault that does not exist with not-found; a new vault in its place starts empty', async () => {
      declined(await vaults.delete(alice, 1, REST), 'not-found');
      const again = value(await vaults.open(alice, 1, REST));
      assert.equal(again['item-count'], 0);
      assert.ok(t.platform.chestOf(alice)!.items.every((i) => i === null));
    });
  });

  describe('/pv', () => {
    it('opens a vault with /pv <n>, and refuses one beyond the limit', async () => {
      const dave = (await t.join('Dave')).uuid;
      await t.platform.run(dave, '/pv 2');
      assert.equal(t.platform.chestOf(dave)?.title, 'Vault 2');
      const audit = await t.kernel.api.audit.history(dave, 1);
      assert.deepEqual([audit[0]!.actor, audit[0]!.action], ['Dave', 'vault.open']);
      await t.platform.run(dave, '/pv 3');
      assert.match(t.platform.messagesOf(dave).at(-1)!, /vaults 1 to 2/);
    });

    it('names a vault and gives it an icon, and lists the vaults', async () => {
      const dave = t.platform.playerByName('Dave')!.uuid;
      await t.platform.run(dave, '/pv 2 name Farm stuff');
      await t.platform.run(dave, '/pv 2 icon wheat');
      await t.platform.run(dave, '/pv 2 icon nothing_at_all');
      assert.match(t.platform.messagesOf(dave).at(-1)!, /not a game material name/);
      t.platform.clearMessages();
      await t.platform.run(dave, '/pv');
      assert.deepEqual(t.platform.messagesOf(dave), ['Your vaults (1, you may open 1 to 2):', '2 (Farm stuff) [wheat]: 0 items in 0 slots']);
      assert.deepEqual(t.platform.complete(dave, '/pv '), ['1', '2']);
    });
  });

  it('keeps vaults and contents across a restart, and hides (keeps) the slots of rows taken away', async () => {
    await t.restart();
    t.platform.join('Alice');
    value(await t.kernel.api.vaults.open(alice, 2, REST));
    assert.deepEqual(t.platform.chestOf(alice)!.items[53], bread);
    writeFileSync(join(t.configDir, 'vaults.conf'), 'rows = 3\n');
    await t.restart();
    t.platform.join('Alice');
    const v = value(await t.kernel.api.vaults.open(alice, 2, REST));
    assert.deepEqual([v['item-count'], t.platform.chestOf(alice)!.items.length], [16, 27]);
    t.platform.changeChest(alice, chest({ 0: worn }, 27));
    await t.kernel.api.vaults.flush();
    assert.equal(t.emittedNamed('vault.contents-change').at(-1)?.data['item-count'], 17, 'the hidden bread still counts');
    writeFileSync(join(t.configDir, 'vaults.conf'), vaultsConfig.defaultText());
    await t.restart();
    t.platform.join('Alice');
    value(await t.kernel.api.vaults.open(alice, 2, REST));
    assert.deepEqual([t.platform.chestOf(alice)!.items[0], t.platform.chestOf(alice)!.items[53]], [worn, bread]);
  });
});

describe('vaults.conf', () => {
  it('is written on first start with a default limit of 2 and 6 rows, and refuses bad values naming the key', () => {
    const dir = mkdtempSync(join(tmpdir(), 'vaults-conf-'));
    try {
      assert.deepEqual(vaultsConfig.load(dir), { defaultLimit: 2, rows: 6 });
      assert.equal(readFileSync(join(dir, 'vaults.conf'), 'utf8'), vaultsConfig.defaultText());
      for (const [text, message] of [
        ['rows = 7\n', /line 1, key "rows": must be a whole number from 1 to 6/],
        ['default-limit = -1\n', /key "default-limit": must be a whole number from 0 to 1000/],
        ['size = 3\n', /key "size": is not a key of this file/],
      ] as const) {
        writeFileSync(join(dir, 'vaults.conf'), text);
        assert.throws(() => vaultsConfig.load(dir), message);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('vaults on PostgreSQL', () => {
  it('stores contents, labels and deletes across a restart', async (ctx) => {
    await withPostgres(ctx, 'vaults', async (openDb) => {
      const k = await startTestKernel({ modules: [vaultsModule], openDb });
      try {
        const ann = (await k.join('Ann')).uuid;
        value(await k.kernel.api.vaults.open(ann, 1, REST));
        value(await k.kernel.api.vaults.open(ann, 2, REST));
        k.platform.changeChest(ann, chest({ 3: worn, 4: bread }));
        await k.kernel.api.vaults.flush();
        value(await k.kernel.api.vaults.label(ann, 2, { name: 'Loot', icon: 'chest' }, REST));
        await k.restart();
        k.platform.join('Ann');
        const list = value(await k.kernel.api.vaults.list(ann));
        assert.deepEqual(list.vaults.map((v) => [v.index, v.name, v.icon, v['item-count'], v['slots-used']]), [
          [1, null, null, 0, 0],
          [2, 'Loot', 'chest', 17, 2],
        ]);
        value(await k.kernel.api.vaults.open(ann, 2, REST));
        assert.deepEqual(k.platform.chestOf(ann)!.items[3], worn);
        value(await k.kernel.api.vaults.delete(ann, 2, REST));
        assert.equal(value(await k.kernel.api.vaults.list(ann)).count, 1);
      } finally {
        await k.close();
      }
    });
  });
});
