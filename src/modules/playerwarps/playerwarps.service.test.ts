import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CONSOLE, type Actor } from '../../core/kernel/actor.ts';
import { InvalidInput } from '../../core/values/invalid-input.ts';
import type { Result } from '../../core/kernel/result.ts';
import { startTestKernel, type TestKernel } from '../../../test/support/test-kernel.ts';
import { teleportModule } from '../teleport/index.ts';
import { economyModule } from '../economy/index.ts';
import type { CoreApi } from '../../core/kernel/api.ts';
import { playerWarpsModule } from './index.ts';
import type { PlayerWarpsService } from './playerwarps.service.ts';
import { value } from '../../../test/support/results.ts';
import { PLAYERWARPS_TABLES } from './playerwarps.store.ts';

const REST: Actor = { kind: 'rest', label: 'panel' };
const NOBODY = '00000000-0000-0000-0000-0000000000aa';


function code(r: Result<unknown>): string {
  return r.ok ? 'ok' : r.code;
}

const at = (x: number, z = 0) => ({ world: 'world', x, y: 70, z });

describe('playerwarps', () => {
  let t: TestKernel;
  let pw: PlayerWarpsService;
  let eco: CoreApi['economy'];
  let owen: string;
  let mia: string;
  let sam: string;
  let ada: string;
  let vic: string;

  before(async () => {
    t = await startTestKernel({
      modules: [teleportModule, economyModule, playerWarpsModule],
      beforeStart: (dir) => writeFileSync(join(dir, 'playerwarps.conf'), 'default-limit = 2\n'),
    });
    pw = t.kernel.api.playerwarps;
    eco = t.kernel.api.economy;
    owen = (await t.join('Owen')).uuid;
    mia = (await t.join('Mia')).uuid;
    sam = (await t.join('Sam')).uuid;
    ada = (await t.join('Ada')).uuid;
    vic = (await t.join('Vic')).uuid;
    value(await t.kernel.api.permissions.grant(ada, 'core.pwarp.admin', CONSOLE));
    value(await t.kernel.api.permissions.grant(owen, 'core.pwarp.limit.50', CONSOLE));
  });
  after(() => t.close());

  describe('playerwarps.create', () => {
    it('records the actor as owner, folds the name to lower case, answers every field and emits playerwarp.create', async () => {
      const w = value(await pw.create(owen.replaceAll('-', '').toUpperCase(), 'Shop', at(10, 5), REST));
      assert.deepEqual(w, {
        name: 'shop',
        'owner-id': owen,
        'owner-name': 'Owen',
        state: 'active',
        location: { world: 'world', x: 10, y: 70, z: 5, yaw: 0, pitch: 0 },
        public: true,
        description: null,
        fee: { currency: 'coins', amount: 0 },
        earnings: { currency: 'coins', amount: 0 },
        managers: [],
        whitelist: [],
        bans: [],
        visits: 0,
        'history-entries': 1,
        'created-at': '2026-01-01T00:00:00.000Z',
      });
      const e = t.emittedNamed('playerwarp.create').at(-1);
      assert.deepEqual(e?.data, {
        'player-id': owen,
        'player-name': 'Owen',
        'owner-id': owen,
        'owner-name': 'Owen',
        name: 'shop',
        location: { world: 'world', x: 10, y: 70, z: 5, yaw: 0, pitch: 0 },
        'occurred-at': '2026-01-01T00:00:00.000Z',
      });
      assert.deepEqual(value(await pw.get('SHOP')), w);
    });

    it('declines a taken name with already-exists, whatever its case', async () => {
      assert.equal(code(await pw.create(sam, 'sHoP', at(1), REST)), 'already-exists');
    });

    it('declines with not-found when the owner never joined', async () => {
      assert.equal(code(await pw.create(NOBODY, 'ghost', at(1), REST)), 'not-found');
      assert.equal(code(await pw.get('ghost')), 'not-found');
    });

    it('refuses a malformed name, a /pwarp word and an unknown world as bad input naming the field', async () => {
      for (const name of ['', 'a'.repeat(33), 'has space', 'ümlaut']) {
        await assert.rejects(pw.create(sam, name, at(1), REST), (e: unknown) => e instanceof InvalidInput && e.field === 'name', name);
      }
      await assert.rejects(pw.create(sam, 'list', at(1), REST), (e: unknown) => e instanceof InvalidInput && e.field === 'name');
      await assert.rejects(pw.create(sam, 'nowhere', { ...at(1), world: 'mars' }, REST), (e: unknown) => e instanceof InvalidInput && e.field === 'location.world');
      await assert.rejects(pw.create('not-a-uuid', 'fine', at(1), REST), (e: unknown) => e instanceof InvalidInput && e.field === 'uuid');
    });
  });

  describe('the limit', () => {
    it('is the default-limit of playerwarps.conf without a node, archived warps counting, and refused beyond it', async () => {
      assert.equal(pw.limitOf(sam), 2);
      value(await pw.create(sam, 'sam-one', at(20), REST));
      value(await pw.create(sam, 'sam-two', at(21), REST));
      value(await pw.archive('sam-two', sam, REST));
      const r = await pw.create(sam, 'sam-three', at(22), REST);
      assert.equal(code(r), 'refused');
      assert.match(!r.ok ? r.message : '', /owns 2 player warps.*\(2\)/);
      const owned = value(await pw.owned(sam));
      assert.deepEqual([owned.count, owned.limit, owned.warps.map((w) => [w.name, w.state])], [
        2,
        2,
        [
          ['sam-one', 'active'],
          ['sam-two', 'archived'],
        ],
      ]);
    });

    it('is the highest core.pwarp.limit.<n> node the player holds', async () => {
      value(await t.kernel.api.permissions.grant(sam, 'core.pwarp.limit.4', CONSOLE));
      value(await t.kernel.api.permissions.grant(sam, 'core.pwarp.limit.3', CONSOLE));
      assert.equal(pw.limitOf(sam), 4);
      value(await pw.create(sam, 'sam-three', at(22), REST));
      assert.deepEqual(value(await pw.owned(sam)).limit, 4);
    });

    it('answers owned warps of a player the server never saw with not-found', async () => {
      assert.equal(code(await pw.owned(NOBODY)), 'not-found');
    });
  });

  describe('roles', () => {
    before(async () => {
      value(await pw.create(owen, 'base', at(30), REST));
      value(await pw.addMember('base', owen, 'manager', mia, REST));
    });

    it('lets a manager relocate, rename, archive and restore', async () => {
      assert.deepEqual(value(await pw.relocate('base', mia, { ...at(31), yaw: 90 }, REST)).location, { world: 'world', x: 31, y: 70, z: 0, yaw: 90, pitch: 0 });
      assert.equal(value(await pw.rename('base', mia, 'Base2', REST)).name, 'base2');
      assert.equal(code(await pw.get('base')), 'not-found');
      assert.equal(value(await pw.archive('base2', mia, REST)).state, 'archived');
      assert.equal(value(await pw.restore('base2', mia, REST)).state, 'active');
      assert.equal(value(await pw.rename('base2', mia, 'base', REST)).name, 'base');
    });

    it('refuses a manager what only the owner may: delete, managers and the fee', async () => {
      assert.equal(code(await pw.delete('base', mia, REST)), 'refused');
      assert.equal(code(await pw.addMember('base', mia, 'manager', sam, REST)), 'refused');
      assert.equal(code(await pw.removeMember('base', mia, 'manager', mia, REST)), 'refused');
      assert.equal(code(await pw.setFee('base', mia, 1, REST)), 'refused');
      assert.equal(code(await pw.get('base')), 'ok');
    });

    it('refuses a stranger every write', async () => {
      for (const r of [
        await pw.relocate('base', sam, at(1), REST),
        await pw.rename('base', sam, 'stolen', REST),
        await pw.archive('base', sam, REST),
        await pw.delete('base', sam, REST),
        await pw.setPublic('base', sam, false, REST),
        await pw.addMember('base', sam, 'whitelist', sam, REST),
        await pw.addMember('base', sam, 'ban', vic, REST),
        await pw.history('base', sam, 1, 10),
      ]) {
        assert.equal(code(r), 'refused');
      }
      const w = value(await pw.get('base'));
      assert.deepEqual([w.state, w.public, w.location.x, w.whitelist, w.bans], ['active', true, 31, [], []]);
    });

    it('declines with not-found when the actor never joined or the warp does not exist', async () => {
      assert.equal(code(await pw.archive('base', NOBODY, REST)), 'not-found');
      assert.equal(code(await pw.archive('no-such-warp', owen, REST)), 'not-found');
      assert.equal(code(await pw.delete('no-such-warp', owen, REST)), 'not-found');
    });

    it('answers already-in-state for archiving an archived warp and restoring an active one', async () => {
      assert.equal(code(await pw.restore('base', owen, REST)), 'already-in-state');
      value(await pw.archive('base', owen, REST));
      assert.equal(code(await pw.archive('base', owen, REST)), 'already-in-state');
      value(await pw.restore('base', owen, REST));
    });

    it('declines a rename to a taken name with already-exists and to its own name with already-in-state', async () => {
      assert.equal(code(await pw.rename('base', owen, 'shop', REST)), 'already-exists');
      assert.equal(code(await pw.rename('base', owen, 'BASE', REST)), 'already-in-state');
      await assert.rejects(pw.rename('base', owen, 'no good', REST), (e: unknown) => e instanceof InvalidInput && e.field === 'new-name');
    });

    it('lets an admin (core.pwarp.admin) and the console act as owner of any warp', async () => {
      value(await pw.setFee('base', ada, 0.5, REST));
      value(await pw.addMember('base', null, 'whitelist', vic, CONSOLE));
      assert.equal(value(await pw.removeMember('base', ada, 'whitelist', vic, REST)).whitelist.length, 0);
      value(await pw.setFee('base', owen, 0, REST));
    });

    it('answers already-in-state for adding a member twice or removing one who is not there, and refuses to ban the owner or a manager', async () => {
      value(await pw.addMember('base', owen, 'whitelist', sam, REST));
      assert.equal(code(await pw.addMember('base', owen, 'whitelist', sam, REST)), 'already-in-state');
      value(await pw.removeMember('base', owen, 'whitelist', sam, REST));
      assert.equal(code(await pw.removeMember('base', owen, 'whitelist', sam, REST)), 'already-in-state');
      assert.equal(code(await pw.addMember('base', mia, 'ban', owen, REST)), 'refused');
      assert.equal(code(await pw.addMember('base', owen, 'ban', mia, REST)), 'refused');
      assert.equal(code(await pw.addMember('base', owen, 'ban', NOBODY, REST)), 'not-found');
    });
  });

  describe('playerwarps.visit', () => {
    before(async () => {
      value(await pw.create(owen, 'toll', at(40, 4), REST));
      value(await pw.setFee('toll', owen, 2.5, REST));
    });

    it('teleports the visitor, pays the fee into the owner’s wallet (money conserved) and counts the visit as earnings', async () => {
      const total = await eco.totalInWallets('coins');
      const vicBefore = value(await eco.balance(vic)).amount;
      const owenBefore = value(await eco.balance(owen)).amount;
      const v = value(await pw.visit('toll', vic, { kind: 'player', uuid: vic, name: 'Vic' }));
      assert.deepEqual(v.paid, { currency: 'coins', amount: 2.5 });
      assert.deepEqual(t.platform.teleports.at(-1), { uuid: vic, to: { world: 'world', x: 40, y: 70, z: 4, yaw: 0, pitch: 0 } });
      assert.equal(value(await eco.balance(vic)).amount, vicBefore - 2.5);
      assert.equal(value(await eco.balance(owen)).amount, owenBefore + 2.5);
      assert.equal(await eco.totalInWallets('coins'), total);
      const w = value(await pw.get('toll'));
      assert.deepEqual([w.visits, w.earnings], [1, { currency: 'coins', amount: 2.5 }]);
      assert.ok(t.platform.messagesOf(owen).some((m) => /Vic visited your player warp toll and paid you \$2\.50/.test(m)));
    });

    it('lets the owner and managers visit free', async () => {
      value(await pw.addMember('toll', owen, 'manager', mia, REST));
      const before = [value(await eco.balance(owen)).amount, value(await eco.balance(mia)).amount];
      assert.equal(value(await pw.visit('toll', owen, REST)).paid.amount, 0);
      assert.equal(value(await pw.visit('toll', mia, REST)).paid.amount, 0);
      assert.deepEqual([value(await eco.balance(owen)).amount, value(await eco.balance(mia)).amount], before);
    });

    it('declines a visitor who cannot pay with insufficient-funds and does not move them', async () => {
      const moves = t.platform.teleports.length;
      value(await eco.set(sam, 1, null, CONSOLE));
      assert.equal(code(await pw.visit('toll', sam, REST)), 'insufficient-funds');
      assert.equal(t.platform.teleports.length, moves);
      assert.equal(value(await eco.balance(sam)).amount, 1);
    });

    it('refuses banned players, and strangers at a private warp unless whitelisted', async () => {
      value(await pw.create(owen, 'club', at(50), REST));
      value(await pw.addMember('club', owen, 'ban', sam, REST));
      assert.equal(code(await pw.visit('club', sam, REST)), 'refused');
      value(await pw.setPublic('club', owen, false, REST));
      assert.equal(code(await pw.visit('club', vic, REST)), 'refused');
      value(await pw.addMember('club', owen, 'whitelist', vic, REST));
      assert.equal(code(await pw.visit('club', vic, REST)), 'ok');
      value(await pw.addMember('club', owen, 'whitelist', sam, REST));
      assert.equal(code(await pw.visit('club', sam, REST)), 'refused', 'a ban wins over the whitelist');
      assert.equal(code(await pw.visit('club', ada, REST)), 'ok', 'an admin may visit any active warp');
    });

    it("charges the fee only once core.conf's teleport warm-up is over: a warm-up cancelled by walking costs nothing", async () => {
      writeFileSync(join(t.configDir, 'core.conf'), 'teleport-warmup-seconds = 3\n');
      t.kernel.configs.reloadAll();
      try {
        value(await eco.set(vic, 20, null, CONSOLE));
        await t.platform.teleport(vic, { ...at(0), yaw: 0, pitch: 0 });
        const walked = pw.visit('toll', vic, REST);
        await t.until(() => t.kernel.api.teleport.warmingUp(vic), 'the warm-up to start');
        t.platform.move(vic, { ...at(1.5), yaw: 0, pitch: 0 });
        assert.equal(code(await walked), 'cancelled');
        assert.equal(value(await eco.balance(vic)).amount, 20, 'nothing charged');

        const stood = pw.visit('toll', vic, REST);
        await t.until(() => t.kernel.api.teleport.warmingUp(vic), 'the warm-up to start');
        assert.equal(value(await eco.balance(vic)).amount, 20, 'not charged during the warm-up');
        await t.clock.advance(3);
        assert.deepEqual(value(await stood).paid, { currency: 'coins', amount: 2.5 });
        assert.equal(value(await eco.balance(vic)).amount, 17.5);
        assert.equal(t.platform.location(vic)?.x, 40);
        assert.equal(t.emittedNamed('teleport.player-teleport').at(-1)?.data.cause, 'playerwarp');
      } finally {
        writeFileSync(join(t.configDir, 'core.conf'), 'teleport-warmup-seconds = 0\n');
        t.kernel.configs.reloadAll();
      }
    });

    it('answers player-offline for a player who is not online, and not-found for an unknown warp or player', async () => {
      const late = (await t.join('Lou')).uuid;
      t.platform.quit(late);
      assert.equal(code(await pw.visit('toll', late, REST)), 'player-offline');
      assert.equal(code(await pw.visit('nope', vic, REST)), 'not-found');
      assert.equal(code(await pw.visit('toll', NOBODY, REST)), 'not-found');
    });
  });

  describe('archived warps', () => {
    it('leave the listing, cannot be visited by anyone, keep everything attached, and come back when restored', async () => {
      value(await pw.create(owen, 'attic', at(60), REST));
      value(await pw.addMember('attic', owen, 'whitelist', vic, REST));
      const listed = async () => value(await pw.list(1, 100)).warps.map((w) => w.name);
      assert.ok((await listed()).includes('attic'));
      value(await pw.archive('attic', owen, REST));
      assert.ok(!(await listed()).includes('attic'));
      for (const who of [vic, owen, ada]) assert.equal(code(await pw.visit('attic', who, REST)), 'refused');
      const w = value(await pw.get('attic'));
      assert.deepEqual([w.state, w.whitelist.map((p) => p['player-name'])], ['archived', ['Vic']]);
      assert.equal(code(await pw.create(sam, 'attic', at(1), REST)), 'already-exists', 'an archived warp keeps its name');
      value(await pw.restore('attic', owen, REST));
      assert.ok((await listed()).includes('attic'));
      assert.equal(code(await pw.visit('attic', vic, REST)), 'ok');
    });
  });

  describe('playerwarps.delete', () => {
    it('frees the name and removes whitelist, bans, managers, earnings and history; emits playerwarp.delete', async () => {
      value(await pw.create(owen, 'gone', at(70), REST));
      value(await pw.addMember('gone', owen, 'whitelist', vic, REST));
      value(await pw.addMember('gone', owen, 'ban', sam, REST));
      value(await pw.addMember('gone', owen, 'manager', mia, REST));
      value(await pw.setFee('gone', owen, 1, REST));
      value(await pw.visit('gone', vic, REST));
      const { id } = await PLAYERWARPS_TABLES.on(t.database.db).selectFrom('playerwarps').select('id').where('name', '=', 'gone').executeTakeFirstOrThrow();
      const was = value(await pw.delete('gone', owen, { kind: 'player', uuid: owen, name: 'Owen' }));
      assert.deepEqual([was.name, was.visits, was.earnings.amount], ['gone', 1, 1]);
      assert.equal(code(await pw.get('gone')), 'not-found');
      for (const table of ['playerwarp_members', 'playerwarp_history'] as const) {
        const rows = await PLAYERWARPS_TABLES.on(t.database.db).selectFrom(table).select('warp_id').where('warp_id', '=', id).execute();
        assert.equal(rows.length, 0, table);
      }
      const e = t.emittedNamed('playerwarp.delete').at(-1);
      assert.deepEqual(
        { ...e?.data, 'occurred-at': undefined },
        { 'player-id': owen, 'player-name': 'Owen', 'owner-id': owen, 'owner-name': 'Owen', name: 'gone', location: { world: 'world', x: 70, y: 70, z: 0, yaw: 0, pitch: 0 }, 'occurred-at': undefined },
      );
      const again = value(await pw.create(sam, 'gone', at(71), REST));
      assert.deepEqual(
        [again['owner-name'], again.whitelist, again.bans, again.managers, again.earnings.amount, again.visits, again['history-entries']],
        ['Sam', [], [], [], 0, 0, 1],
      );
    });

    it('names the admin who deleted as the player of the event, and the owner', async () => {
      value(await pw.create(owen, 'seized', at(80), REST));
      value(await pw.delete('seized', ada, REST));
      const e = t.emittedNamed('playerwarp.delete').at(-1);
      assert.deepEqual([e?.data['player-name'], e?.data['owner-name']], ['Ada', 'Owen']);
    });
  });

  describe('history and the audit log', () => {
    it('lists visits and changes newest first with who did them, for owners, managers and admins', async () => {
      const h = value(await pw.history('toll', owen, 1, 100));
      assert.deepEqual(h.at(-1)?.action, 'create');
      assert.ok(h.some((e) => e.action === 'visit' && e.actor === 'Vic'));
      assert.ok(h.some((e) => e.action === 'fee' && e.actor === 'Owen' && e.details.via === 'core-rest/panel'));
      assert.equal(value(await pw.history('toll', mia, 1, 1)).length, 1);
    });

    it('audits REST writes as core-rest/<label> with the owner as target', async () => {
      const entries = await t.kernel.api.audit.history(owen, 100);
      assert.ok(entries.some((e) => e.actor === 'core-rest/panel' && e.action === 'playerwarp.create' && e.details.name === 'shop'));
    });
  });
});
