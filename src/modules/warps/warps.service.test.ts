import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CONSOLE, type Actor } from '../../core/kernel/actor.ts';
import { startTestKernel, type TestKernel } from '../../../test/support/test-kernel.ts';
import { teleportModule } from '../teleport/index.ts';
import { warpsModule } from './index.ts';
import type { WarpsService } from './warps.service.ts';
import { value, declined, invalid } from '../../../test/support/results.ts';
import { withPostgres } from '../../../test/support/postgres.ts';
import { AUDIT_TABLES } from '../../core/log/audit.ts';

const REST: Actor = { kind: 'rest', label: 'panel' };
const UNKNOWN = '00000000-0000-0000-0000-0000000000cd';
const at = (x: number, y = 64, z = 0) => ({ world: 'world', x, y, z });
const full = (x: number, y = 64, z = 0) => ({ world: 'world', x, y, z, yaw: 0, pitch: 0 });


describe('warps', () => {
  let t: TestKernel;
  let warps: WarpsService;
  let alice: string;
  let bob: string;

  before(async () => {
    t = await startTestKernel({ modules: [teleportModule, warpsModule] });
    warps = t.kernel.api.warps;
    alice = (await t.join('Alice')).uuid;
    bob = (await t.join('Bob')).uuid;
  });
  after(() => t.close());

  describe('warps.create', () => {
    it('creates an open warp, unrated, named in small letters, and emits warp.create', async () => {
      const w = value(await warps.create('Spawn', { ...at(1, 70, 2), yaw: 180 }, REST));
      const now = t.clock.now().toISOString();
      assert.deepEqual(w, {
        name: 'spawn',
        location: { world: 'world', x: 1, y: 70, z: 2, yaw: 180, pitch: 0 },
        permission: null,
        'average-rating': null,
        ratings: 0,
        'created-at': now,
        'updated-at': now,
      });
      assert.deepEqual(t.emittedNamed('warp.create').at(-1)?.data, {
        name: 'spawn',
        location: w.location,
        permission: null,
        actor: 'core-rest/panel',
        'occurred-at': now,
      });
    });

    it('declines a name already taken, in any case, with already-exists', async () => {
      declined(await warps.create('SPAWN', at(5), REST), 'already-exists');
      assert.equal(value(await warps.get('spawn')).location.x, 1);
    });

    it('refuses a bad name, an unknown world or a malformed permission node as bad input naming the field', async () => {
      await assert.rejects(warps.create('no spaces', at(0), REST), invalid('name'));
      await assert.rejects(warps.create('a'.repeat(33), at(0), REST), invalid('name'));
      await assert.rejects(warps.create('sea', { world: 'atlantis', x: 0, y: 0, z: 0 }, REST), invalid('world'));
      await assert.rejects(warps.create('vip', at(0), REST, 'core.warp.*'), invalid('permission'));
      await assert.rejects(warps.create('vip', at(0), REST, 'not a node'), invalid('permission'));
    });

    it('records the write in the audit log with the actor', async () => {
      value(await warps.create('arena', at(30), CONSOLE, 'core.warp.arena'));
      const rows = await AUDIT_TABLES.on(t.database.db).selectFrom('core_audit').select(['actor', 'action']).where('action', 'like', 'warp.%').orderBy('id').execute();
      assert.deepEqual({ ...rows.at(-1) }, { actor: 'console', action: 'warp.create' });
    });
  });

  describe('warps.get', () => {
    it('declines an unknown name with not-found', async () => {
      declined(await warps.get('nowhere'), 'not-found');
    });
  });

  describe('warps.list', () => {
    it('lists every warp by name without visible-to', async () => {
      const all = value(await warps.list());
      assert.deepEqual(
        all.warps.map((w) => [w.name, w.permission]),
        [
          ['arena', 'core.warp.arena'],
          ['spawn', null],
        ],
      );
      assert.equal(all.count, 2);
    });

    it('with visible-to lists only the warps that player may see', async () => {
      assert.deepEqual(value(await warps.list(alice)).warps.map((w) => w.name), ['spawn']);
      value(await t.kernel.api.permissions.grant(alice, 'core.warp.arena', CONSOLE));
      assert.deepEqual(value(await warps.list(alice.replaceAll('-', ''))).warps.map((w) => w.name), ['arena', 'spawn']);
      assert.equal(value(await warps.list(bob)).count, 1);
    });

    it('declines visible-to naming a player never seen with not-found', async () => {
      declined(await warps.list(UNKNOWN), 'not-found');
    });
  });

  describe('warps.rate', () => {
    it('averages one rating per player; a new rating replaces the earlier one', async () => {
      assert.deepEqual(value(await warps.rate('spawn', alice, 5, CONSOLE))['average-rating'], 5);
      const two = value(await warps.rate('Spawn', bob, 2, CONSOLE));
      assert.deepEqual([two['average-rating'], two.ratings], [3.5, 2]);
      const again = value(await warps.rate('spawn', bob, 4, CONSOLE));
      assert.deepEqual([again['average-rating'], again.ratings], [4.5, 2]);
      const carol = (await t.join('Carol')).uuid;
      const three = value(await warps.rate('spawn', carol, 5, CONSOLE));
      assert.deepEqual([three['average-rating'], three.ratings], [4.67, 3]);
      assert.equal(value(await warps.get('spawn'))['average-rating'], 4.67);
    });

    it('refuses a rating outside 1 to 5 as bad input naming rating', async () => {
      for (const r of [0, 6, 2.5]) await assert.rejects(warps.rate('spawn', alice, r, CONSOLE), invalid('rating'));
    });

    it('declines an unknown warp or player with not-found, and a warp the player may not see with refused', async () => {
      declined(await warps.rate('nowhere', alice, 3, CONSOLE), 'not-found');
      declined(await warps.rate('spawn', UNKNOWN, 3, CONSOLE), 'not-found');
      declined(await warps.rate('arena', bob, 3, CONSOLE), 'refused');
    });
  });

  describe('warps.move', () => {
    it('moves a warp, keeping its ratings', async () => {
      t.clock.advance(10);
      const w = value(await warps.move('spawn', at(-4, 65, 9), REST));
      assert.deepEqual(w.location, full(-4, 65, 9));
      assert.equal(w.ratings, 3);
      assert.notEqual(w['updated-at'], w['created-at']);
    });

    it('declines an unknown name with not-found and refuses an unknown world', async () => {
      declined(await warps.move('nowhere', at(0), REST), 'not-found');
      await assert.rejects(warps.move('spawn', { world: 'nope', x: 0, y: 0, z: 0 }, REST), invalid('world'));
    });
  });

  describe('warps.travel', () => {
    it('teleports a player to an open warp', async () => {
      value(await warps.travel(bob, 'SPAWN'));
      assert.deepEqual(t.platform.location(bob), full(-4, 65, 9));
    });

    it('refuses a warp behind a permission the player lacks, and lets a holder through', async () => {
      declined(await warps.travel(bob, 'arena'), 'refused');
      assert.equal(t.platform.location(bob)?.x, -4);
      value(await warps.travel(alice, 'arena'));
      assert.equal(t.platform.location(alice)?.x, 30);
    });

    it("waits out core.conf's teleport warm-up, records the back location, and is cancelled by leaving", async () => {
      writeFileSync(join(t.configDir, 'core.conf'), 'teleport-warmup-seconds = 2\n');
      t.kernel.configs.reloadAll();
      try {
        await t.platform.teleport(bob, full(3));
        const going = warps.travel(bob, 'spawn');
        await t.until(() => t.kernel.api.teleport.warmingUp(bob), 'the warm-up to start');
        assert.equal(t.platform.location(bob)?.x, 3);
        await t.clock.advance(2);
        assert.equal(value(await going).name, 'spawn');
        assert.deepEqual(t.platform.location(bob), full(-4, 65, 9));
        assert.equal(value(await t.kernel.api.teleport.backLocation(bob)).location.x, 3);
        assert.equal(t.emittedNamed('teleport.player-teleport').at(-1)?.data.cause, 'warp');

        const carl = (await t.join('Carl')).uuid;
        const left = warps.travel(carl, 'spawn');
        await t.until(() => t.kernel.api.teleport.warmingUp(carl), 'the warm-up to start');
        t.platform.quit(carl);
        declined(await left, 'cancelled');
      } finally {
        writeFileSync(join(t.configDir, 'core.conf'), 'teleport-warmup-seconds = 0\n');
        t.kernel.configs.reloadAll();
      }
    });

    it('declines with player-offline for a player not online and not-found for an unknown warp', async () => {
      const dave = (await t.join('Dave')).uuid;
      t.platform.quit(dave);
      declined(await warps.travel(dave, 'spawn'), 'player-offline');
      declined(await warps.travel(bob, 'nowhere'), 'not-found');
    });
  });

  describe('warps.delete', () => {
    it('deletes a warp with its ratings, answers it as it was, and emits warp.delete', async () => {
      const w = value(await warps.delete('spawn', REST));
      assert.equal(w.ratings, 3);
      declined(await warps.get('spawn'), 'not-found');
      assert.deepEqual(t.emittedNamed('warp.delete').at(-1)?.data.name, 'spawn');
      const again = value(await warps.create('spawn', at(0), REST));
      assert.deepEqual([again['average-rating'], again.ratings], [null, 0]);
    });

    it('declines an unknown name with not-found', async () => {
      declined(await warps.delete('nowhere', REST), 'not-found');
    });
  });

  describe('warp commands', () => {
    let erin: string;
    const said = () => t.platform.messagesOf(erin).join('\n');
    before(async () => {
      erin = (await t.join('Erin')).uuid;
    });

    it('/setwarp needs core.warp.admin', async () => {
      await t.platform.run(erin, 'setwarp mine');
      assert.match(said(), /core\.warp\.admin/);
      declined(await warps.get('mine'), 'not-found');
    });

    it('/setwarp <name> [permission] creates a warp where the admin stands', async () => {
      value(await t.kernel.api.permissions.grant(erin, 'core.warp.admin', CONSOLE));
      await t.platform.teleport(erin, full(7, 70, 7));
      await t.platform.run(erin, 'setwarp Mine');
      await t.platform.run(erin, 'setwarp vault core.warp.vault');
      assert.deepEqual(value(await warps.get('mine')).location, full(7, 70, 7));
      assert.equal(value(await warps.get('vault')).permission, 'core.warp.vault');
      await t.platform.run(erin, 'setwarp mine');
      assert.equal(t.platform.messagesOf(erin).at(-1), 'There is a warp "mine" already: move it with /movewarp mine, or choose another name.');
    });

    it('/warp <name> teleports; a warp behind a node the player lacks is refused', async () => {
      await t.platform.run(bob, 'warp mine');
      assert.equal(t.platform.location(bob)?.x, 7);
      await t.platform.run(bob, 'warp vault');
      assert.match(t.platform.messagesOf(bob).join('\n'), /may not use the warp "vault"/);
    });

    it('/warp rate <name> <1-5> rates it, and /warps lists only visible warps with ratings', async () => {
      await t.platform.run(bob, 'warp rate mine 4');
      assert.match(t.platform.messagesOf(bob).join('\n'), /You rated the warp mine 4\/5/);
      assert.equal(value(await warps.get('mine'))['average-rating'], 4);
      await t.platform.run(bob, 'warp rate mine 9');
      assert.match(t.platform.messagesOf(bob).join('\n'), /from 1 to 5/);
      t.platform.clearMessages();
      await t.platform.run(bob, 'warps');
      const listed = t.platform.messagesOf(bob).join('\n');
      assert.match(listed, /mine: 4\/5 from 1 rating$/m);
      assert.doesNotMatch(listed, /vault|arena/);
      t.platform.setLocale(bob, 'de_DE');
      await t.platform.run(bob, 'warp vault');
      assert.equal(t.platform.messagesOf(bob).at(-1), 'Du darfst den Warp „vault“ nicht benutzen: Er braucht die Berechtigung core.warp.vault.');
      t.platform.setLocale(bob, 'en_US');
    });

    it('completes warp names and ratings; /warp rate without a rating answers its usage', async () => {
      // Completion offers what the last background look-up found: the first one starts it.
      t.platform.complete(bob, 'warp ');
      await warps.list();
      assert.deepEqual(t.platform.complete(bob, 'warp rate mi'), ['mine']);
      assert.deepEqual(t.platform.complete(bob, 'warp rate mine '), ['1', '2', '3', '4', '5']);
      t.platform.clearMessages();
      await t.platform.run(bob, 'warp rate mine');
      assert.deepEqual(t.platform.messagesOf(bob), ['Usage: /warp rate <name> <1-5>']);
    });

    it('/movewarp and /delwarp move and delete', async () => {
      await t.platform.teleport(erin, full(8, 71, 8));
      await t.platform.run(erin, 'movewarp mine');
      assert.equal(value(await warps.get('mine')).location.x, 8);
      await t.platform.run(erin, 'delwarp mine');
      declined(await warps.get('mine'), 'not-found');
      assert.equal(t.emittedNamed('warp.delete').at(-1)?.data.actor, 'Erin');
    });
  });
});

describe('warps on PostgreSQL', () => {
  it('migrates, creates, rates (numbers, not strings), filters by visibility, moves and deletes', (ctx) =>
    withPostgres(ctx, 'warps', async (openDb) => {
      const k = await startTestKernel({ modules: [teleportModule, warpsModule], openDb });
      try {
      const warps = k.kernel.api.warps;
      const ann = (await k.join('Ann')).uuid;
      const ben = (await k.join('Ben')).uuid;
      value(await warps.create('Spawn', { world: 'world', x: 1.5, y: 64, z: 2.25 }, REST));
      declined(await warps.create('spawn', at(0), REST), 'already-exists');
      value(await warps.create('vip', at(5), REST, 'core.warp.vip'));
      value(await warps.rate('spawn', ann, 5, CONSOLE));
      value(await warps.rate('spawn', ben, 2, CONSOLE));
      const w = value(await warps.rate('spawn', ben, 3, CONSOLE));
      assert.deepEqual([w['average-rating'], w.ratings, w.location.z], [4, 2, 2.25]);
      assert.deepEqual(value(await warps.list(ann)).warps.map((x) => x.name), ['spawn']);
      value(await warps.move('spawn', at(9), REST));
      assert.equal(value(await warps.delete('spawn', REST)).ratings, 2);
      assert.deepEqual(value(await warps.list()).warps.map((x) => [x.name, x.ratings, x['average-rating']]), [['vip', 0, null]]);
      } finally {
        await k.close();
      }
    }));
});
