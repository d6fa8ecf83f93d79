import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CONSOLE, type Actor } from '../../core/kernel/actor.ts';
import type { ItemStack } from '../../platform/platform.ts';
import type { PlayerInventoryWrite } from '../../platform/player-inventory.ts';
import { startTestKernel, type TestKernel } from '../../../test/support/test-kernel.ts';
import { declined, invalid, value } from '../../../test/support/results.ts';
import { withPostgres } from '../../../test/support/postgres.ts';
import { invRollbackModule } from './index.ts';
import { invRollbackConfig } from './invrollback.config.ts';
import type { InvRollbackService } from './invrollback.service.ts';

const REST: Actor = { kind: 'rest', label: 'panel' };
const UNKNOWN = '00000000-0000-0000-0000-0000000000ab';
/** A stack as the game hands it back: with the platform's own data, which must survive storage. */
const sword: ItemStack = { material: 'iron_sword', count: 1, name: 'Old', data: { itemId: 1, components: [{ type: 'damage', data: 120 }], removeComponents: [] } };
const bread: ItemStack = { material: 'bread', count: 16 };
const helmet: ItemStack = { material: 'diamond_helmet', count: 1 };
const shield: ItemStack = { material: 'shield', count: 1 };
const dirt: ItemStack = { material: 'dirt', count: 64 };

/** A whole inventory with the given storage slots filled. */
function kit(slots: Record<number, ItemStack>, extra: Omit<PlayerInventoryWrite, 'storage'> = {}): PlayerInventoryWrite {
  return { storage: Array.from({ length: 36 }, (_, i) => slots[i] ?? null), ...extra };
}

describe('invrollback', () => {
  let t: TestKernel;
  let snaps: InvRollbackService;
  let alice: string;
  let bob: string;

  before(async () => {
    t = await startTestKernel({ modules: [invRollbackModule] });
    snaps = t.kernel.api.invrollback;
    alice = (await t.join('Alice')).uuid;
    bob = (await t.join('Bob')).uuid;
  });
  after(() => t.close());

  describe('take and list', () => {
    it('copies the whole inventory (storage, armour, off-hand) and lists it without items, newest first', async () => {
      t.platform.setPlayerInventory(alice, kit({ 0: sword, 9: bread }, { armor: { head: helmet }, offHand: shield, selectedSlot: 0 }));
      const first = value(await snaps.take(alice, REST));
      assert.deepEqual(first, { id: first.id, cause: 'command', 'taken-at': t.clock.now().toISOString(), actor: 'core-rest/panel', 'item-count': 19, 'slots-used': 4 });
      assert.ok(first.id >= 1);
      t.platform.setPlayerInventory(alice, kit({ 5: dirt }));
      const second = value(await snaps.take(alice, CONSOLE));
      assert.ok(second.id > first.id);
      const list = value(await snaps.list(alice));
      assert.deepEqual(list.snapshots.map((s) => [s.id, s.actor, s['item-count']]), [[second.id, 'console', 64], [first.id, 'core-rest/panel', 19]]);
      assert.deepEqual([list.count, list.limit], [2, 20]);
      assert.ok(!JSON.stringify(list).includes('iron_sword'), 'no item stack in the answer');
      const audit = await t.kernel.api.audit.history(alice, 1);
      assert.deepEqual([audit[0]!.actor, audit[0]!.action], ['console', 'invrollback.snapshot']);
    });

    it('declines an offline player with player-offline, an unknown one with not-found, and a malformed uuid as invalid', async () => {
      const carol = (await t.join('Carol')).uuid;
      t.platform.quit(carol);
      declined(await snaps.take(carol, CONSOLE), 'player-offline');
      declined(await snaps.take(UNKNOWN, CONSOLE), 'not-found');
      declined(await snaps.list(UNKNOWN), 'not-found');
      await assert.rejects(snaps.list('nobody'), invalid('uuid'));
    });
  });

  describe('restore', () => {
    it('puts the snapshot back exactly (item data kept), after a restore-safety copy, and emits invrollback.inventory-restore', async () => {
      t.platform.setPlayerInventory(bob, kit({ 0: sword, 20: bread }, { armor: { head: helmet }, offHand: shield, selectedSlot: 0 }));
      const saved = value(await snaps.take(bob, CONSOLE));
      t.platform.setPlayerInventory(bob, kit({ 3: dirt }, { selectedSlot: 4 }));
      const r = value(await snaps.restore(bob, saved.id, REST));
      const inv = t.platform.playerInventory(bob)!;
      assert.deepEqual(inv.storage[0], sword);
      assert.deepEqual(inv.storage[20], bread);
      assert.equal(inv.storage[3], null);
      assert.deepEqual([inv.armor.head, inv.offHand, inv.selectedSlot], [helmet, shield, 0]);
      assert.deepEqual(r.restored, saved);
      const list = value(await snaps.list(bob)).snapshots;
      assert.deepEqual(list[0], { id: r['safety-snapshot'].id, cause: 'restore-safety', 'taken-at': t.clock.now().toISOString(), actor: 'core-rest/panel', 'item-count': 64, 'slots-used': 1 });
      assert.deepEqual(t.emittedNamed('invrollback.inventory-restore').at(-1)?.data, {
        'player-id': bob,
        'player-name': 'Bob',
        snapshot: saved.id,
        cause: 'command',
        'taken-at': saved['taken-at'],
        'item-count': 19,
        'safety-snapshot': r['safety-snapshot'].id,
        actor: 'core-rest/panel',
        'occurred-at': t.clock.now().toISOString(),
      });
      const audit = await t.kernel.api.audit.history(bob, 1);
      assert.deepEqual([audit[0]!.actor, audit[0]!.action, audit[0]!.details], ['core-rest/panel', 'invrollback.restore', { snapshot: saved.id, 'safety-snapshot': r['safety-snapshot'].id }]);
      // Restoring the safety copy undoes the restore.
      value(await snaps.restore(bob, r['safety-snapshot'].id, CONSOLE));
      assert.deepEqual(t.platform.playerInventory(bob)!.storage[3], dirt);
    });

    it('declines another player’s or an unknown snapshot with not-found, an offline player with player-offline, and a bad id as invalid', async () => {
      const alices = value(await snaps.list(alice)).snapshots[0]!;
      const before = t.emittedNamed('invrollback.inventory-restore').length;
      declined(await snaps.restore(bob, alices.id, CONSOLE), 'not-found');
      declined(await snaps.restore(bob, 999999, CONSOLE), 'not-found');
      // Beyond a 32-bit integer: PostgreSQL's serial ends there; still a plain not-found.
      declined(await snaps.restore(bob, 2_147_483_648, CONSOLE), 'not-found');
      await assert.rejects(snaps.restore(bob, 0, CONSOLE), invalid('snapshot'));
      const dave = (await t.join('Dave')).uuid;
      t.platform.setPlayerInventory(dave, kit({ 1: bread }));
      const own = value(await snaps.take(dave, CONSOLE));
      t.platform.quit(dave);
      await snaps.flush();
      const count = value(await snaps.list(dave)).count;
      declined(await snaps.restore(dave, own.id, CONSOLE), 'player-offline');
      assert.equal(value(await snaps.list(dave)).count, count, 'no safety copy for a declined restore');
      assert.equal(t.emittedNamed('invrollback.inventory-restore').length, before);
    });
  });

  describe('automatic snapshots', () => {
    it('copies the inventory on death (cause death, actor server)', async () => {
      const erin = (await t.join('Erin')).uuid;
      t.platform.setPlayerInventory(erin, kit({ 2: sword }));
      t.platform.gameplay.damage(erin, 100);
      await snaps.flush();
      const [s] = value(await snaps.list(erin)).snapshots;
      assert.deepEqual([s?.cause, s?.actor, s?.['item-count']], ['death', 'server', 1]);
    });

    it('copies what the player held as they left (cause quit), and nothing for an empty inventory', async () => {
      const finn = (await t.join('Finn')).uuid;
      t.platform.setPlayerInventory(finn, kit({ 7: bread }, { armor: { feet: { material: 'iron_boots', count: 1 } } }));
      t.platform.quit(finn);
      await snaps.flush();
      const [s] = value(await snaps.list(finn)).snapshots;
      assert.deepEqual([s?.cause, s?.['item-count'], s?.['slots-used']], ['quit', 17, 2]);
      const gus = (await t.join('Gus')).uuid;
      t.platform.quit(gus);
      t.platform.join('Gus');
      t.platform.gameplay.damage(gus, 100);
      await snaps.flush();
      assert.equal(value(await snaps.list(gus)).count, 0);
      // Finn comes back: the quit snapshot restores what he had.
      t.platform.join('Finn');
      t.platform.setPlayerInventory(finn, kit({}));
      value(await snaps.restore(finn, s!.id, CONSOLE));
      assert.deepEqual(t.platform.playerInventory(finn)!.storage[7], bread);
    });
  });

  describe('commands', () => {
    it('/invrollback snapshot, list and restore from the console', async () => {
      const hal = (await t.join('Hal')).uuid;
      t.platform.setPlayerInventory(hal, kit({ 0: dirt }));
      await t.platform.run('console', 'invrollback snapshot Hal');
      const [s] = value(await snaps.list(hal)).snapshots;
      assert.match(t.platform.consoleText().at(-1)!, new RegExp(`Snapshot of Hal: #${s!.id} command .* by console: 64 items in 1 slots`));
      t.platform.setPlayerInventory(hal, kit({}));
      await t.platform.run('console', 'invrollback list Hal');
      assert.ok(t.platform.consoleText().some((l) => l.startsWith('Snapshots of Hal (1, up to 20 kept)')));
      await t.platform.run('console', `invrollback restore Hal ${s!.id}`);
      assert.match(t.platform.consoleText().at(-1)!, new RegExp(`Restored snapshot #${s!.id} to Hal; what they held before is snapshot #\\d+\\.`));
      assert.deepEqual(t.platform.playerInventory(hal)!.storage[0], dirt);
      await t.platform.run('console', 'invrollback restore Hal 987654');
      assert.match(t.platform.consoleText().at(-1)!, /Hal has no snapshot 987654/);
      await t.platform.run('console', 'invrollback restore Hal zero');
      assert.match(t.platform.consoleText().join('\n'), /"zero" is not a valid id/);
    });

    it('is refused to a player without the admin nodes', async () => {
      await t.platform.run(alice, 'invrollback snapshot Bob');
      assert.match(t.platform.messagesOf(alice).at(-1)!, /permission/i);
    });
  });
});

describe('invrollback retention and storage', () => {
  it('keeps only the newest max-per-player snapshots', async () => {
    const t = await startTestKernel({ modules: [invRollbackModule], beforeStart: (dir) => writeFileSync(join(dir, 'invrollback.conf'), 'max-per-player = 2\n') });
    try {
      const ivy = (await t.join('Ivy')).uuid;
      t.platform.setPlayerInventory(ivy, kit({ 0: dirt }));
      const ids = [];
      for (let i = 0; i < 4; i++) ids.push(value(await t.kernel.api.invrollback.take(ivy, CONSOLE)).id);
      const list = value(await t.kernel.api.invrollback.list(ivy));
      assert.deepEqual(list.snapshots.map((s) => s.id), [ids[3], ids[2]]);
      assert.equal(list.limit, 2);
      declined(await t.kernel.api.invrollback.restore(ivy, ids[0]!, CONSOLE), 'not-found');
    } finally {
      await t.close();
    }
  });

  it('refuses a bad max-per-player naming the key', () => {
    const dir = mkdtempSync(join(tmpdir(), 'invrb-conf-'));
    try {
      writeFileSync(join(dir, 'invrollback.conf'), 'max-per-player = 0\n');
      assert.throws(() => invRollbackConfig.load(dir), /max-per-player.*1 to 1000/);
      writeFileSync(join(dir, 'invrollback.conf'), 'keep = 3\n');
      assert.throws(() => invRollbackConfig.load(dir), /keep.*not a key/);
      rmSync(join(dir, 'invrollback.conf'));
      assert.deepEqual(invRollbackConfig.load(dir), { maxPerPlayer: 20 });
      assert.ok(invRollbackConfig.defaultText().includes('max-per-player = 20'));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('snapshots survive a restart and restore with item data (SQLite)', async () => {
    const t = await startTestKernel({ modules: [invRollbackModule] });
    try {
      const jo = (await t.join('Jo')).uuid;
      t.platform.setPlayerInventory(jo, kit({ 4: sword }));
      t.platform.quit(jo);
      await t.kernel.api.invrollback.flush();
      await t.restart();
      t.platform.join('Jo');
      const [s] = value(await t.kernel.api.invrollback.list(jo)).snapshots;
      value(await t.kernel.api.invrollback.restore(jo, s!.id, CONSOLE));
      assert.deepEqual(t.platform.playerInventory(jo)!.storage[4], sword);
    } finally {
      await t.close();
    }
  });
});

describe('invrollback on PostgreSQL', () => {
  it('takes, lists, prunes and restores', async (ctx) => {
    await withPostgres(ctx, 'invrollback', async (openDb) => {
      const k = await startTestKernel({ modules: [invRollbackModule], openDb, beforeStart: (dir) => writeFileSync(join(dir, 'invrollback.conf'), 'max-per-player = 2\n') });
      try {
        const ann = (await k.join('Ann')).uuid;
        k.platform.setPlayerInventory(ann, kit({ 0: sword }));
        const a = value(await k.kernel.api.invrollback.take(ann, CONSOLE));
        k.platform.setPlayerInventory(ann, kit({ 1: bread }));
        const r = value(await k.kernel.api.invrollback.restore(ann, a.id, REST));
        assert.deepEqual(k.platform.playerInventory(ann)!.storage[0], sword);
        assert.deepEqual(value(await k.kernel.api.invrollback.list(ann)).snapshots.map((s) => [s.id, s.cause]), [[r['safety-snapshot'].id, 'restore-safety'], [a.id, 'command']]);
      } finally {
        await k.close();
      }
    });
  });
});
