import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CONSOLE, type Actor } from '../../core/kernel/actor.ts';
import { startTestKernel, type TestKernel } from '../../../test/support/test-kernel.ts';
import { startFakeAccountService, textureValue, SIGNATURE, type FakeAccountService } from '../../../test/support/fake-account-service.ts';
import { value, declined, invalid } from '../../../test/support/results.ts';
import { withPostgres } from '../../../test/support/postgres.ts';
import { teleportModule } from '../teleport/index.ts';
import { skinsModule } from '../skins/index.ts';
import { worldsModule } from '../worlds/index.ts';
import { npcsModule } from './index.ts';
import type { NpcsService } from './npcs.service.ts';
import { AUDIT_TABLES } from '../../core/log/audit.ts';

const REST: Actor = { kind: 'rest', label: 'panel' };
const NOBODY = '00000000-0000-0000-0000-0000000000cd';
const NOTCH = { name: 'Notch', id: '069a79f444e94726a5befca90e38aaf5', textureUrl: 'http://textures.minecraft.net/texture/notch' };
const at = (x: number, y = 64, z = 0) => ({ world: 'world', x, y, z });
const full = (x: number, y = 64, z = 0) => ({ world: 'world', x, y, z, yaw: 0, pitch: 0 });

describe('npcs', () => {
  let t: TestKernel;
  let npcs: NpcsService;
  let mojang: FakeAccountService;
  let ann: string;
  let ben: string;
  let cat: string;

  /** The NPCs (by the name above their heads, undefined when hidden) a player sees. */
  const seen = (viewer: string) => t.platform.entityFake.seenBy(viewer).filter((e) => e.target.kind === 'entity');

  before(async () => {
    mojang = await startFakeAccountService([NOTCH]);
    t = await startTestKernel({ modules: [skinsModule, npcsModule], beforeStart: (dir) => writeFileSync(join(dir, 'skins.conf'), mojang.conf) });
    npcs = t.kernel.api.npcs;
    ann = (await t.join('Ann')).uuid;
    ben = (await t.join('Ben')).uuid;
    cat = (await t.join('Cat')).uuid;
  });
  after(async () => {
    await t.close();
    await mojang.stop();
  });

  describe('npcs.create', () => {
    it('creates and spawns an NPC owned by the actor, showing its id, and emits npc.create', async () => {
      const n = value(await npcs.create(ann, 'Guide', { ...at(1, 70, 2), yaw: 90 }, REST));
      const now = t.clock.now().toISOString();
      assert.deepEqual(n, {
        name: 'guide',
        'owner-id': ann,
        'owner-name': 'Ann',
        managers: [],
        location: { world: 'world', x: 1, y: 70, z: 2, yaw: 90, pitch: 0 },
        'display-name': null,
        'name-hidden': false,
        'shown-name': 'guide',
        skin: null,
        command: null,
        'created-at': now,
        'updated-at': now,
      });
      assert.deepEqual(seen(ben).map((e) => [e.name, e.location.x, e.location.y]), [['guide', 1, 70]]);
      assert.deepEqual(t.emittedNamed('npc.create').at(-1)?.data, {
        'player-id': ann,
        'player-name': 'Ann',
        'owner-id': ann,
        'owner-name': 'Ann',
        name: 'guide',
        location: n.location,
        actor: 'core-rest/panel',
        'occurred-at': now,
      });
    });

    it('declines a taken id (any case) with already-exists, and the owner’s limit reached with refused', async () => {
      declined(await npcs.create(ben, 'GUIDE', at(5), REST), 'already-exists');
      const over = await npcs.create(ann, 'second', at(5), REST);
      declined(over, 'refused');
      assert.match(!over.ok ? over.message : '', /Ann owns 1 NPC, the most they may own \(1\)/);
      value(await t.kernel.api.permissions.grant(ann, 'core.npc.limit.3', CONSOLE));
      value(await npcs.create(ann, 'second', at(5), REST));
    });

    it('refuses a bad id or an unknown world as bad input naming the field; an unknown actor is not-found', async () => {
      await assert.rejects(npcs.create(ann, 'no spaces', at(0), REST), invalid('name'));
      await assert.rejects(npcs.create(ann, 'a'.repeat(17), at(0), REST), invalid('name'));
      await assert.rejects(npcs.create(ann, 'sea', { world: 'atlantis', x: 0, y: 0, z: 0 }, REST), invalid('location.world'));
      declined(await npcs.create(NOBODY, 'ghost', at(0), REST), 'not-found');
    });
  });

  describe('npcs.list and npcs.get', () => {
    it('lists every NPC, or one owner’s with the count and the limit', async () => {
      const all = value(await npcs.list());
      assert.deepEqual([all.npcs.map((n) => n.name), all.count, all.owner, all.limit], [['guide', 'second'], 2, null, null]);
      const anns = value(await npcs.list(ann));
      assert.deepEqual([anns.count, anns.limit, anns.owner], [2, 3, { 'player-id': ann, 'player-name': 'Ann' }]);
      assert.deepEqual(value(await npcs.list(ben)).npcs, []);
      declined(await npcs.list(NOBODY), 'not-found');
    });

    it('reads one NPC by id in any case; not-found when there is none', async () => {
      assert.equal(value(await npcs.get('GUIDE')).name, 'guide');
      declined(await npcs.get('nobody'), 'not-found');
    });
  });

  describe('owner, manager and stranger', () => {
    it('refuses a stranger every change, lets a manager move it but not delete it, and the owner add and remove managers', async () => {
      declined(await npcs.move('guide', ben, at(3), REST), 'refused');
      declined(await npcs.addManager('guide', ben, ben, REST), 'refused');
      assert.deepEqual(value(await npcs.addManager('guide', ann, ben, REST)).managers, [{ 'player-id': ben, 'player-name': 'Ben' }]);
      declined(await npcs.addManager('guide', ann, ben, REST), 'already-in-state');
      declined(await npcs.addManager('guide', ann, ann, REST), 'refused');
      declined(await npcs.addManager('guide', ben, cat, REST), 'refused');
      declined(await npcs.delete('guide', ben, REST), 'refused');
      const moved = value(await npcs.move('guide', ben, full(4, 65, 4), REST));
      assert.deepEqual(moved.location, full(4, 65, 4));
      assert.deepEqual(seen(cat).find((e) => e.name === 'guide')?.location, full(4, 65, 4));
      const e = t.emittedNamed('npc.move').at(-1)!.data;
      assert.deepEqual([e['player-name'], e['owner-name'], e.location, e.from], ['Ben', 'Ann', full(4, 65, 4), { world: 'world', x: 1, y: 70, z: 2, yaw: 90, pitch: 0 }]);
      declined(await npcs.move('nobody', ann, at(3), REST), 'not-found');
      declined(await npcs.move('guide', NOBODY, at(3), REST), 'not-found');
      assert.deepEqual(value(await npcs.removeManager('guide', ann, ben, REST)).managers, []);
      declined(await npcs.removeManager('guide', ann, ben, REST), 'already-in-state');
      declined(await npcs.move('guide', ben, at(3), REST), 'refused');
    });

    it('lets a holder of core.npc.admin and the console act as owner', async () => {
      value(await t.kernel.api.permissions.grant(cat, 'core.npc.admin', CONSOLE));
      value(await npcs.move('second', cat, at(6), REST));
      value(await npcs.move('second', null, at(7), CONSOLE));
      assert.equal(t.emittedNamed('npc.move').at(-1)!.data['player-name'], 'Ann', 'the console moves it as its owner');
    });
  });

  describe('npcs.setName', () => {
    it('shows a chosen name, hides it, shows it again, and shows the id for null', async () => {
      const named = value(await npcs.setName('guide', ann, { name: 'Tour Guide' }, REST));
      assert.deepEqual([named['display-name'], named['shown-name'], named['name-hidden']], ['Tour Guide', 'Tour Guide', false]);
      assert.ok(seen(ben).some((e) => e.name === 'Tour Guide'));
      declined(await npcs.setName('guide', ann, { name: 'Tour Guide' }, REST), 'already-in-state');
      const hidden = value(await npcs.setName('guide', ann, { hidden: true }, REST));
      assert.deepEqual([hidden['display-name'], hidden['shown-name'], hidden['name-hidden']], ['Tour Guide', null, true]);
      assert.equal(seen(ben).filter((e) => e.name === undefined).length, 1, 'one NPC without a name');
      assert.ok(!seen(ben).some((e) => e.name === 'Tour Guide' || e.name === 'guide'));
      assert.equal(value(await npcs.setName('guide', ann, { hidden: false }, REST))['shown-name'], 'Tour Guide');
      assert.equal(value(await npcs.setName('guide', ann, { name: null }, REST))['shown-name'], 'guide');
      assert.ok(seen(ben).some((e) => e.name === 'guide'));
    });

    it('refuses neither or both of name and hidden, and a name too long, as bad input', async () => {
      await assert.rejects(npcs.setName('guide', ann, {}, REST), invalid('name'));
      await assert.rejects(npcs.setName('guide', ann, { name: 'x', hidden: true }, REST), invalid('hidden'));
      await assert.rejects(npcs.setName('guide', ann, { name: 'x'.repeat(17) }, REST), invalid('name'));
      await assert.rejects(npcs.setName('guide', ann, { name: 'a\nb' }, REST), invalid('name'));
    });
  });

  describe('npcs.setSkin', () => {
    it('copies an account’s skin through the skins module, and null gives the default skin back', async () => {
      const n = value(await npcs.setSkin('guide', ann, 'notch', REST));
      assert.equal(n.skin, 'Notch');
      assert.deepEqual(t.platform.entityFake.skinSeenBy(ben, 'guide'), { value: textureValue(NOTCH.textureUrl), signature: SIGNATURE });
      declined(await npcs.setSkin('guide', ann, 'Notch', REST), 'already-in-state');
      declined(await npcs.setSkin('guide', ann, 'nobody_here', REST), 'not-found');
      await assert.rejects(npcs.setSkin('guide', ann, 'not an account', REST), invalid('skin'));
      assert.equal(value(await npcs.setSkin('guide', ann, null, REST)).skin, null);
      assert.equal(t.platform.entityFake.skinSeenBy(ben, 'guide'), undefined);
      declined(await npcs.setSkin('guide', ann, null, REST), 'already-in-state');
    });

    it('says once, in one sentence, that the account service could not be reached', async () => {
      await mojang.stop();
      const r = await npcs.setSkin('guide', ann, 'Dinnerbone', REST);
      declined(r, 'failed');
      assert.equal(!r.ok && r.message, 'The account service could not be reached, and no skin of Dinnerbone is stored yet. Try again later.');
    });
  });

  describe('npcs.setCommand', () => {
    it('binds a command only for an actor holding core.npc.command; unbinding needs no node', async () => {
      const refused = await npcs.setCommand('guide', ann, 'npc list {player}', REST);
      declined(refused, 'refused');
      assert.match(!refused.ok ? refused.message : '', /core\.npc\.command/);
      value(await t.kernel.api.permissions.grant(ann, 'core.npc.command', CONSOLE));
      assert.equal(value(await npcs.setCommand('guide', ann, '/npc list {player}', REST)).command, 'npc list {player}');
      declined(await npcs.setCommand('guide', ann, 'npc list {player}', REST), 'already-in-state');
      await assert.rejects(npcs.setCommand('guide', ann, '/', REST), invalid('command'));
      await assert.rejects(npcs.setCommand('guide', ann, 'x'.repeat(257), REST), invalid('command'));
    });

    it('makes a player who right-clicks the NPC run its command as themselves, {player} filled in; an attack runs nothing', async () => {
      const guide = seen(ben).find((e) => e.name === 'guide')!;
      t.platform.clearMessages();
      t.platform.entityFake.click(ben, guide.target, 'attack');
      await t.until(() => true, 'nothing');
      assert.deepEqual(t.platform.messagesOf(ben), []);
      t.platform.entityFake.click(ben, guide.target, 'use');
      await t.until(() => t.platform.messagesOf(ben).length > 0, 'Ben is answered');
      assert.deepEqual(t.platform.messagesOf(ben), ['Your NPCs (0 of at most 1):']);
      assert.equal(value(await npcs.setCommand('guide', ann, null, REST)).command, null);
      t.platform.clearMessages();
      t.platform.entityFake.click(ben, guide.target, 'use');
      await t.settle(20);
      assert.deepEqual(t.platform.messagesOf(ben), []);
    });
  });

  describe('after a restart', () => {
    it('spawns every NPC again as it was: place, name, skin, command', async () => {
      value(await npcs.setSkin('guide', ann, 'notch', REST));
      value(await npcs.setName('second', ann, { hidden: true }, REST));
      value(await npcs.setCommand('guide', ann, 'npc info guide', REST));
      await mojang.stop();
      await t.restart();
      npcs = t.kernel.api.npcs;
      ben = (await t.join('Ben')).uuid;
      const shown = seen(ben);
      assert.deepEqual(shown.map((e) => [e.name, e.location.x]).sort((a, b) => Number(a[1]) - Number(b[1])), [['guide', 4], [undefined, 7]]);
      assert.deepEqual(t.platform.entityFake.skinSeenBy(ben, 'guide'), { value: textureValue(NOTCH.textureUrl), signature: SIGNATURE });
      t.platform.entityFake.click(ben, shown.find((e) => e.name === 'guide')!.target, 'use');
      await t.until(() => t.platform.messagesOf(ben).some((m) => m.startsWith('NPC guide of Ann')), 'the command runs');
    });
  });

  describe('npcs.delete', () => {
    it('deletes as the owner, removes the entity, emits npc.delete, and frees the id and the limit', async () => {
      const was = value(await npcs.delete('guide', ann, REST));
      assert.equal(was.name, 'guide');
      assert.ok(!seen(ben).some((e) => e.name === 'guide'));
      const e = t.emittedNamed('npc.delete').at(-1)!.data;
      assert.deepEqual([e.name, e['player-name'], e['owner-name'], e.actor], ['guide', 'Ann', 'Ann', 'core-rest/panel']);
      declined(await npcs.get('guide'), 'not-found');
      declined(await npcs.delete('guide', ann, REST), 'not-found');
      value(await npcs.create(ben, 'guide', at(0), REST));
    });

    it('records every write in the audit log with the actor, the owner as target', async () => {
      const rows = await AUDIT_TABLES.on(t.database.db).selectFrom('core_audit').select(['actor', 'action', 'target']).where('action', 'like', 'npc.%').orderBy('id').execute();
      assert.deepEqual({ ...rows.at(-2) }, { actor: 'core-rest/panel', action: 'npc.delete', target: ann });
    });
  });
});

describe('npcs without the skins module', () => {
  it('refuses a skin with a sentence naming the skins module', async () => {
    const t = await startTestKernel({ modules: [npcsModule] });
    try {
      const ann = (await t.join('Ann')).uuid;
      value(await t.kernel.api.npcs.create(ann, 'bare', at(0), REST));
      const r = await t.kernel.api.npcs.setSkin('bare', ann, 'Notch', REST);
      declined(r, 'refused');
      assert.match(!r.ok ? r.message : '', /skins module/);
    } finally {
      await t.close();
    }
  });
});

describe('npcs in a managed world', () => {
  it('spawns an NPC of a world not loaded at start once that world is loaded', async () => {
    const t = await startTestKernel({ modules: [teleportModule, worldsModule, npcsModule] });
    try {
      const ann = (await t.join('Ann')).uuid;
      value(await t.kernel.api.worlds.create('flatland', { generator: 'flat' }, REST));
      value(await t.kernel.api.npcs.create(ann, 'farmer', { world: 'flatland', x: 1, y: 5, z: 1 }, REST));
      value(await t.kernel.api.worlds.set('flatland', 'load-on-start', false, REST));
      await t.restart();
      const spawnedIn = () => t.platform.spawnedEntities().filter((e) => e.location.world === 'flatland').map((e) => e.kind === 'npc' && e.name);
      assert.deepEqual(spawnedIn(), []);
      value(await t.kernel.api.worlds.load('flatland', REST));
      await t.until(() => spawnedIn().length === 1, 'the NPC to be spawned');
      assert.deepEqual(spawnedIn(), ['farmer']);
    } finally {
      await t.close();
    }
  });
});

describe('npcs on PostgreSQL', () => {
  it('migrates, creates, counts against the limit, manages, renames, moves, restarts and deletes', (ctx) =>
    withPostgres(ctx, 'npcs', async (openDb) => {
      const k = await startTestKernel({ modules: [npcsModule], openDb });
      try {
        const ann = (await k.join('Ann')).uuid;
        const ben = (await k.join('Ben')).uuid;
        const api = () => k.kernel.api.npcs;
        value(await api().create(ann, 'Guide', { world: 'world', x: 1.5, y: 64, z: 2.25 }, REST));
        declined(await api().create(ann, 'other', at(0), REST), 'refused');
        declined(await api().create(ben, 'guide', at(0), REST), 'already-exists');
        value(await api().addManager('guide', ann, ben, REST));
        value(await api().setName('guide', ben, { hidden: true }, REST));
        value(await api().move('guide', ben, at(9), REST));
        await k.restart();
        const n = value(await api().get('guide'));
        assert.deepEqual([n.location.x, n['name-hidden'], n.managers.map((m) => m['player-name'])], [9, true, ['Ben']]);
        assert.deepEqual(value(await api().list(ann)).count, 1);
        assert.equal(k.platform.spawnedEntities().length, 1);
        value(await api().delete('guide', ann, REST));
        assert.deepEqual(value(await api().list()).npcs, []);
      } finally {
        await k.close();
      }
    }));
});
