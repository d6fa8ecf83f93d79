import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CONSOLE, type Actor } from '../../core/kernel/actor.ts';
import { startTestKernel, type TestKernel } from '../../../test/support/test-kernel.ts';
import { teleportModule } from '../teleport/index.ts';
import { homesModule } from './index.ts';
import type { HomesService } from './homes.service.ts';
import { value, declined, invalid } from '../../../test/support/results.ts';
import { withPostgres } from '../../../test/support/postgres.ts';

const REST: Actor = { kind: 'rest', label: 'panel' };
const UNKNOWN = '00000000-0000-0000-0000-0000000000ab';
const at = (x: number, y = 64, z = 0) => ({ world: 'world', x, y, z });
const full = (x: number, y = 64, z = 0) => ({ world: 'world', x, y, z, yaw: 0, pitch: 0 });


describe('homes', () => {
  let t: TestKernel;
  let homes: HomesService;
  let alice: string;
  let bob: string;

  before(async () => {
    t = await startTestKernel({ modules: [teleportModule, homesModule] });
    homes = t.kernel.api.homes;
    alice = (await t.join('Alice')).uuid;
    bob = (await t.join('Bob')).uuid;
  });
  after(() => t.close());

  describe('homes.list', () => {
    it('answers no homes, a count of 0 and the default limit of homes.conf (3)', async () => {
      assert.deepEqual(value(await homes.list(alice)), { homes: [], count: 0, limit: 3 });
    });

    it('accepts the undashed upper-case uuid', async () => {
      value(await homes.list(alice.replaceAll('-', '').toUpperCase()));
    });

    it('declines with not-found for a player the server has never seen', async () => {
      declined(await homes.list(UNKNOWN), 'not-found');
    });

    it('takes the limit from the highest core.home.limit.<n> node the player holds', async () => {
      const carol = (await t.join('Carol')).uuid;
      value(await t.kernel.api.permissions.grant(carol, 'core.home.limit.5', CONSOLE));
      value(await t.kernel.api.permissions.grant(carol, 'core.home.limit.8', CONSOLE));
      assert.equal(value(await homes.list(carol)).limit, 8);
      value(await homes.set(carol, 8, at(1), REST));
      declined(await homes.set(carol, 9, at(1), REST), 'refused');
    });
  });

  describe('homes.set', () => {
    it('creates a home on an empty slot: private, the default icon, and emits home.create', async () => {
      const h = value(await homes.set(alice, 1, { world: 'world', x: 10.5, y: 70, z: -3, yaw: 90 }, REST));
      const now = t.clock.now().toISOString();
      assert.deepEqual(h, {
        slot: 1,
        label: null,
        location: { world: 'world', x: 10.5, y: 70, z: -3, yaw: 90, pitch: 0 },
        icon: 'red_bed',
        visibility: 'private',
        'created-at': now,
        'updated-at': now,
      });
      assert.deepEqual(t.emittedNamed('home.create').at(-1)?.data, {
        'player-id': alice,
        'player-name': 'Alice',
        slot: 1,
        label: null,
        location: h.location,
        icon: 'red_bed',
        visibility: 'private',
        'occurred-at': now,
      });
      assert.deepEqual(value(await homes.get(alice, 1)), h);
    });

    it('relocates an occupied slot, keeping created-at, and emits home.relocate with the previous location', async () => {
      const created = value(await homes.get(alice, 1));
      t.clock.advance(5);
      const h = value(await homes.set(alice, 1, at(20), REST));
      assert.equal(h['created-at'], created['created-at']);
      assert.notEqual(h['updated-at'], created['updated-at']);
      assert.deepEqual(h.location, full(20));
      const e = t.emittedNamed('home.relocate').at(-1)?.data;
      assert.deepEqual([e?.slot, e?.location, e?.['previous-location']], [1, full(20), created.location]);
      assert.equal(value(await homes.list(alice)).count, 1);
    });

    it('refuses a slot beyond the limit, writes nothing, and emits home.limit-reached', async () => {
      const before = t.emittedNamed('home.limit-reached').length;
      declined(await homes.set(alice, 4, at(1), REST), 'refused');
      declined(await homes.get(alice, 4), 'not-found');
      const events = t.emittedNamed('home.limit-reached');
      assert.equal(events.length, before + 1);
      assert.deepEqual(events.at(-1)?.data, {
        'player-id': alice,
        'player-name': 'Alice',
        slot: 4,
        limit: 3,
        count: 1,
        'occurred-at': t.clock.now().toISOString(),
      });
    });

    it('refuses a world the server has not loaded as bad input naming world', async () => {
      await assert.rejects(homes.set(alice, 2, { world: 'atlantis', x: 0, y: 0, z: 0 }, REST), invalid('world'));
    });

    it('refuses slot 0 or a fraction as bad input naming slot', async () => {
      await assert.rejects(homes.set(alice, 0, at(1), REST), invalid('slot'));
      await assert.rejects(homes.get(alice, 1.5), invalid('slot'));
    });

    it('declines with not-found for a player the server has never seen', async () => {
      declined(await homes.set(UNKNOWN, 1, at(1), REST), 'not-found');
    });

    it('records the write in the audit log with the actor', async () => {
      value(await homes.set(alice, 2, at(2), REST));
      const [last] = await t.kernel.api.audit.history(alice, 1);
      assert.deepEqual([last?.actor, last?.action], ['core-rest/panel', 'home.set']);
    });
  });

  describe('homes.get', () => {
    it('declines an empty slot with not-found (the route answers 404)', async () => {
      declined(await homes.get(alice, 3), 'not-found');
    });
  });

  describe('homes.move', () => {
    it('declines with not-found when the slot is empty, and creates nothing', async () => {
      declined(await homes.move(alice, 3, at(3), REST), 'not-found');
      declined(await homes.get(alice, 3), 'not-found');
    });

    it('relocates an occupied slot and emits home.relocate', async () => {
      const h = value(await homes.move(alice, 2, at(-7, 80, 4), REST));
      assert.deepEqual(h.location, full(-7, 80, 4));
      assert.deepEqual(t.emittedNamed('home.relocate').at(-1)?.data['previous-location'], full(2));
    });

    it('declines with not-found for an unknown player and refuses an unknown world', async () => {
      declined(await homes.move(UNKNOWN, 1, at(1), REST), 'not-found');
      await assert.rejects(homes.move(alice, 1, { world: 'nope', x: 0, y: 0, z: 0 }, REST), invalid('world'));
    });
  });

  describe('homes.rename', () => {
    it('labels a home and emits home.rename with the previous label', async () => {
      const h = value(await homes.rename(alice, 1, 'Base', REST));
      assert.equal(h.label, 'Base');
      const e = t.emittedNamed('home.rename').at(-1)?.data;
      assert.deepEqual([e?.slot, e?.label, e?.['previous-label']], [1, 'Base', null]);
      assert.equal(value(await homes.find(alice, 'base')).slot, 1);
    });

    it('declines a label another home of the player holds (any case) with already-exists', async () => {
      declined(await homes.rename(alice, 2, 'BASE', REST), 'already-exists');
    });

    it('lets two players use the same label', async () => {
      value(await homes.set(bob, 1, at(0), REST));
      assert.equal(value(await homes.rename(bob, 1, 'base', REST)).label, 'base');
    });

    it('removes the label with null', async () => {
      value(await homes.rename(alice, 2, 'mine', REST));
      assert.equal(value(await homes.rename(alice, 2, null, REST)).label, null);
    });

    it('refuses a label of only digits or with spaces as bad input naming label', async () => {
      await assert.rejects(homes.rename(alice, 1, '42', REST), invalid('label'));
      await assert.rejects(homes.rename(alice, 1, 'my base', REST), invalid('label'));
    });

    it('declines with not-found on an empty slot or an unknown player', async () => {
      declined(await homes.rename(alice, 3, 'x', REST), 'not-found');
      declined(await homes.rename(UNKNOWN, 1, 'x', REST), 'not-found');
    });
  });

  describe('homes.setIcon and setVisibility', () => {
    it('takes a game material name (any case, minecraft: prefix allowed) and emits home.icon-change', async () => {
      const h = value(await homes.setIcon(alice, 1, 'minecraft:Diamond_Block', CONSOLE));
      assert.equal(h.icon, 'diamond_block');
      const e = t.emittedNamed('home.icon-change').at(-1)?.data;
      assert.deepEqual([e?.icon, e?.['previous-icon']], ['diamond_block', 'red_bed']);
    });

    it('declines a name that is not a game material with refused', async () => {
      declined(await homes.setIcon(alice, 1, 'banana', CONSOLE), 'refused');
      declined(await homes.setIcon(alice, 1, 'air', CONSOLE), 'refused');
      assert.equal(value(await homes.get(alice, 1)).icon, 'diamond_block');
    });

    it('makes a home public and emits home.visibility-change; the same state emits nothing', async () => {
      value(await homes.setVisibility(alice, 1, 'public', CONSOLE));
      const e = t.emittedNamed('home.visibility-change').at(-1)?.data;
      assert.deepEqual([e?.visibility, e?.['previous-visibility']], ['public', 'private']);
      const n = t.emittedNamed('home.visibility-change').length;
      value(await homes.setVisibility(alice, 1, 'public', CONSOLE));
      assert.equal(t.emittedNamed('home.visibility-change').length, n);
    });
  });

  describe('homes.teleport', () => {
    it('moves a player to their own home', async () => {
      value(await homes.teleport(alice, alice, 2));
      assert.deepEqual(t.platform.location(alice), full(-7, 80, 4));
    });

    it('lets another player visit a public home but not a private one, unless they hold core.home.others', async () => {
      value(await homes.teleport(bob, alice, 'base'));
      assert.deepEqual(t.platform.location(bob), value(await homes.get(alice, 1)).location);
      declined(await homes.teleport(bob, alice, 2), 'refused');
      value(await t.kernel.api.permissions.grant(bob, 'core.home.others', CONSOLE));
      value(await homes.teleport(bob, alice, 2));
    });

    it('declines with player-offline when the traveller is not online', async () => {
      const dave = (await t.join('Dave')).uuid;
      t.platform.quit(dave);
      declined(await homes.teleport(dave, alice, 1), 'player-offline');
    });
  });

  describe('homes.delete', () => {
    it('empties the slot, answers the deleted home and emits home.delete', async () => {
      const h = value(await homes.get(alice, 2));
      assert.deepEqual(value(await homes.delete(alice, 2, REST)), { slot: 2, deleted: true, home: h });
      declined(await homes.get(alice, 2), 'not-found');
      const e = t.emittedNamed('home.delete').at(-1)?.data;
      assert.deepEqual([e?.slot, e?.location], [2, h.location]);
    });

    it('answers deleted: false for an empty slot and emits nothing', async () => {
      const n = t.emittedNamed('home.delete').length;
      assert.deepEqual(value(await homes.delete(alice, 2, REST)), { slot: 2, deleted: false, home: null });
      assert.equal(t.emittedNamed('home.delete').length, n);
    });

    it('declines with not-found for an unknown player', async () => {
      declined(await homes.delete(UNKNOWN, 1, REST), 'not-found');
    });
  });

  describe('home commands', () => {
    let erin: string;
    const said = () => t.platform.messagesOf(erin).join('\n');
    before(async () => {
      erin = (await t.join('Erin')).uuid;
    });

    it('/sethome sets the first empty slot where the player stands; /sethome <label> labels the next', async () => {
      await t.platform.teleport(erin, full(5, 65, 5));
      await t.platform.run(erin, 'sethome');
      await t.platform.teleport(erin, full(6, 66, 6));
      await t.platform.run(erin, 'sethome farm');
      const list = value(await homes.list(erin));
      assert.deepEqual(
        list.homes.map((h) => [h.slot, h.label, h.location.x]),
        [
          [1, null, 5],
          [2, 'farm', 6],
        ],
      );
      assert.match(said(), /^You set your home 2 \(farm\) at world 6, 66, 6\.$/m);
    });

    it('/sethome <label> of an existing label relocates that home', async () => {
      await t.platform.teleport(erin, full(9, 66, 9));
      await t.platform.run(erin, 'sethome FARM');
      assert.equal(value(await homes.get(erin, 2)).location.x, 9);
    });

    it('/home <label> and /home <slot> teleport; /home alone goes to the first home', async () => {
      await t.platform.run(erin, 'home farm');
      assert.equal(t.platform.location(erin)?.x, 9);
      await t.platform.run(erin, 'home 1');
      assert.equal(t.platform.location(erin)?.x, 5);
      await t.platform.teleport(erin, full(0));
      await t.platform.run(erin, 'home');
      assert.equal(t.platform.location(erin)?.x, 5);
    });

    it("/home waits out core.conf's teleport warm-up: walking off the block cancels it, standing still ends at home", async () => {
      writeFileSync(join(t.configDir, 'core.conf'), 'teleport-warmup-seconds = 3\n');
      t.kernel.configs.reloadAll();
      try {
        await t.platform.teleport(erin, full(0));
        t.platform.clearMessages();
        const walked = t.platform.run(erin, 'home farm');
        await t.until(() => t.kernel.api.teleport.warmingUp(erin), 'the warm-up to start');
        assert.equal(said(), "Teleporting in 3 seconds, don't move.");
        t.platform.move(erin, full(2));
        await walked;
        assert.match(said(), /\nTeleport cancelled: you moved\.$/);
        await t.clock.advance(3);
        assert.equal(t.platform.location(erin)?.x, 2);

        t.platform.clearMessages();
        const stood = t.platform.run(erin, 'home farm');
        await t.until(() => t.kernel.api.teleport.warmingUp(erin), 'the warm-up to start');
        await t.clock.advance(3);
        await stood;
        assert.equal(t.platform.location(erin)?.x, 9);
        assert.match(said(), /^Teleporting in 3 seconds, don't move\.\nWelcome home: /);
        assert.equal(value(await t.kernel.api.teleport.backLocation(erin)).location.x, 2);
      } finally {
        writeFileSync(join(t.configDir, 'core.conf'), 'teleport-warmup-seconds = 0\n');
        t.kernel.configs.reloadAll();
      }
    });

    it('/home icon and /home public|private change the icon and visibility', async () => {
      await t.platform.run(erin, 'home icon farm hay_block');
      assert.equal(value(await homes.get(erin, 2)).icon, 'hay_block');
      await t.platform.run(erin, 'home icon 2 banana');
      assert.match(said(), /"banana" is not a game material name/);
      assert.ok(t.platform.complete(erin, 'home icon farm hay').includes('hay_block'));
      await t.platform.run(erin, 'home public 2');
      assert.equal(value(await homes.get(erin, 2)).visibility, 'public');
      assert.match(said(), /^Your home 2 \(farm\) is now public: others visit it with \/home Erin:2\.$/m);
    });

    it('/home <player>:<slot> visits a public home and refuses a private one; a missing home is named to whoever asks', async () => {
      const frank = (await t.join('Frank')).uuid;
      await t.platform.run(frank, 'home Erin:farm');
      assert.equal(t.platform.location(frank)?.x, 9);
      await t.platform.run(frank, 'home Erin:1');
      assert.match(t.platform.messagesOf(frank).join('\n'), /That home is private/);
      assert.equal(t.platform.location(frank)?.x, 9);
      await t.platform.run(frank, 'home Erin:nosuch');
      assert.equal(t.platform.messagesOf(frank).at(-1), 'Erin has no home named "nosuch".');
      await t.platform.run(frank, 'home nosuch');
      assert.equal(t.platform.messagesOf(frank).at(-1), 'You have no home named "nosuch". Type /homes to see yours.');
      await t.platform.run(frank, 'homes Erin');
      assert.deepEqual(t.platform.messagesOf(frank).slice(-2), ["Erin's public homes:", '2 (farm): world 9, 66, 9 [hay_block, public]']);
    });

    it('/sethome with every slot taken is refused and emits home.limit-reached', async () => {
      await t.platform.run(erin, 'sethome 3');
      const n = t.emittedNamed('home.limit-reached').length;
      await t.platform.run(erin, 'sethome');
      assert.match(said(), /^You can have homes in slots 1 to 3, and slot 4 is beyond that\. Move one with \/sethome <slot>, or delete one with \/delhome\.$/m);
      assert.equal(t.emittedNamed('home.limit-reached').length, n + 1);
    });

    it('/homes lists the homes with the count and the limit; /delhome deletes by label', async () => {
      await t.platform.run(erin, 'homes');
      assert.match(said(), /Your homes \(3 of 3\)/);
      assert.match(said(), /2 \(farm\): world 9, 66, 9 \[hay_block, public\]/);
      await t.platform.run(erin, 'delhome farm');
      assert.match(said(), /^You deleted your home 2 \(farm\)\.$/m);
      assert.equal(value(await homes.list(erin)).count, 2);
    });

    it('records in-game writes with the player as the actor', async () => {
      const [last] = await t.kernel.api.audit.history(erin, 1);
      assert.deepEqual([last?.actor, last?.action], ['Erin', 'home.delete']);
    });
  });
});

describe('homes on PostgreSQL', () => {
  it('migrates, sets, relocates, labels, refuses beyond the limit and deletes, and keeps homes across a restart', (ctx) =>
    withPostgres(ctx, 'homes', async (openDb) => {
      const k = await startTestKernel({ modules: [teleportModule, homesModule], openDb });
      try {
      const homes = k.kernel.api.homes;
      const ann = (await k.join('Ann')).uuid;
      assert.deepEqual(value(await homes.set(ann, 1, { world: 'world', x: 1.25, y: 64, z: -2.5, pitch: 10 }, REST)).location, { world: 'world', x: 1.25, y: 64, z: -2.5, yaw: 0, pitch: 10 });
      value(await homes.set(ann, 1, at(3), REST));
      value(await homes.set(ann, 2, at(4), REST));
      value(await homes.rename(ann, 1, 'Base', REST));
      declined(await homes.rename(ann, 2, 'base', REST), 'already-exists');
      declined(await homes.set(ann, 4, at(1), REST), 'refused');
      declined(await homes.move(ann, 3, at(1), REST), 'not-found');
      assert.equal(value(await homes.delete(ann, 2, REST)).deleted, true);
      await k.restart();
      const list = value(await k.kernel.api.homes.list(ann));
      assert.deepEqual([list.count, list.limit, list.homes[0]?.label, list.homes[0]?.location.x], [1, 3, 'Base', 3]);
      } finally {
        await k.close();
      }
    }));
});
