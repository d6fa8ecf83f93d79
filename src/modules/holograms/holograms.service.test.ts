import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CONSOLE, type Actor } from '../../core/kernel/actor.ts';
import { defineModule } from '../../core/kernel/module.ts';
import type { OnlinePlayer } from '../../platform/platform.ts';
import { startTestKernel, type TestKernel } from '../../../test/support/test-kernel.ts';
import { declined, invalid, value } from '../../../test/support/results.ts';
import { withPostgres } from '../../../test/support/postgres.ts';
import { hologramsModule } from './index.ts';
import type { HologramsService } from './holograms.service.ts';
import { AUDIT_TABLES } from '../../core/log/audit.ts';

const REST: Actor = { kind: 'rest', label: 'panel' };
const UNKNOWN = '00000000-0000-0000-0000-0000000000cd';
const at = (x: number, y = 66, z = 0) => ({ world: 'world', x, y, z });

/** A placeholder whose value a test changes: {counter}, the same for every viewer. */
let counter = 1;
const probeModule = defineModule<object>({
  name: 'probe',
  dependsOn: [],
  migrations: [],
  createService(ctx) {
    ctx.placeholders.register('counter', () => String(counter), 'a number the test sets');
    return {};
  },
});

describe('holograms', () => {
  let t: TestKernel;
  let holo: HologramsService;
  let alice: OnlinePlayer;
  let bob: OnlinePlayer;
  let carl: OnlinePlayer;

  /** The texts of the holograms a player sees, as plain text. */
  const texts = (p: OnlinePlayer) => t.platform.entityFake.seenBy(p.uuid).flatMap((s) => (s.kind === 'text_display' ? [s.text ?? ''] : []));
  const display = (p: OnlinePlayer, text: string) => t.platform.entityFake.seenBy(p.uuid).find((s) => s.kind === 'text_display' && s.text === text);
  const settle = () => t.settle(1);

  before(async () => {
    t = await startTestKernel({
      modules: [probeModule, hologramsModule],
      beforeStart: (dir) => writeFileSync(join(dir, 'holograms.conf'), 'default-limit = 2\nrefresh-seconds = 5\n'),
    });
    holo = t.kernel.api.holograms;
    alice = await t.join('Alice');
    bob = await t.join('Bob');
    carl = await t.join('Carl');
  });
  after(() => t.close());

  describe('holograms.create', () => {
    it('stores the line as written, shows it after markup to everyone, and emits hologram.create', async () => {
      const h = value(await holo.create(alice.uuid, 'Shop', at(1), '&6Shop &lopen', REST));
      const now = t.clock.now().toISOString();
      assert.deepEqual(h, {
        name: 'shop',
        'owner-id': alice.uuid,
        'owner-name': 'Alice',
        managers: [],
        location: { ...at(1), yaw: 0, pitch: 0 },
        lines: ['&6Shop &lopen'],
        command: null,
        'created-at': now,
        'updated-at': now,
      });
      assert.deepEqual(texts(bob), ['Shop open']);
      const shown = t.platform.spawnedEntities().find((e) => e.kind === 'text');
      assert.deepEqual(shown?.kind === 'text' && [shown.lines, shown.clickable], [[{ text: '', extra: [{ text: 'Shop ', color: 'gold' }, { text: 'open', color: 'gold', bold: true }] }], true]);
      assert.deepEqual(t.emittedNamed('hologram.create').at(-1)?.data, {
        'player-id': alice.uuid,
        'player-name': 'Alice',
        'owner-id': alice.uuid,
        'owner-name': 'Alice',
        name: 'shop',
        location: h.location,
        lines: ['&6Shop &lopen'],
        actor: 'core-rest/panel',
        'occurred-at': now,
      });
    });

    it('declines a name taken in any case with already-exists, and refuses bad input naming the field', async () => {
      declined(await holo.create(bob.uuid, 'SHOP', at(2), 'x', REST), 'already-exists');
      await assert.rejects(holo.create(bob.uuid, 'no spaces', at(2), 'x', REST), invalid('name'));
      await assert.rejects(holo.create(bob.uuid, 'sea', { world: 'atlantis', x: 0, y: 0, z: 0 }, 'x', REST), invalid('location.world'));
      await assert.rejects(holo.create(bob.uuid, 'long', at(2), 'x'.repeat(257), REST), invalid('line'));
      await assert.rejects(holo.create(bob.uuid, 'two', at(2), 'one\ntwo', REST), invalid('line'));
      await assert.rejects(holo.create('not-a-uuid', 'who', at(2), 'x', REST), invalid('actor'));
      declined(await holo.create(UNKNOWN, 'who', at(2), 'x', REST), 'not-found');
      assert.equal(value(await holo.list()).count, 1);
    });

    it("charges creation to the owner's limit: holograms.conf, raised by core.holo.limit.<n>; admins have none", async () => {
      value(await holo.create(alice.uuid, 'board', at(3), 'Board', REST));
      const third = await holo.create(alice.uuid, 'third', at(4), 'x', REST);
      declined(third, 'refused');
      assert.match(!third.ok ? third.message : '', /owns 2 holograms, the most they may own \(2\)/);
      value(await t.kernel.api.permissions.grant(alice.uuid, 'core.holo.limit.3', CONSOLE));
      assert.equal(holo.limitOf(alice.uuid), 3);
      value(await holo.create(alice.uuid, 'third', at(4), 'x', REST));
      value(await t.kernel.api.permissions.grant(carl.uuid, 'core.holo.admin', CONSOLE));
      for (const n of ['a1', 'a2', 'a3']) value(await holo.create(carl.uuid, n, at(5), n, REST));
      for (const n of ['a1', 'a2', 'a3']) value(await holo.delete(n, carl.uuid, REST));
    });
  });

  describe('holograms.get and list', () => {
    it('reads one hologram by name in any case; an unknown one is not-found', async () => {
      assert.equal(value(await holo.get('SHOP')).name, 'shop');
      declined(await holo.get('nowhere'), 'not-found');
      await assert.rejects(holo.get('bad name'), invalid('name'));
    });

    it('lists every hologram by name with the count', async () => {
      const all = value(await holo.list());
      assert.deepEqual([all.holograms.map((h) => h.name), all.count], [['board', 'shop', 'third'], 3]);
    });
  });

  describe('holograms.editLine', () => {
    it('adds text at the bottom without a line number, replaces with one, removes with one and no text', async () => {
      assert.deepEqual(value(await holo.editLine('shop', alice.uuid, { text: 'Line two' }, REST)).lines, ['&6Shop &lopen', 'Line two']);
      assert.deepEqual(value(await holo.editLine('shop', alice.uuid, { text: '&aLine three' }, REST)).lines, ['&6Shop &lopen', 'Line two', '&aLine three']);
      assert.deepEqual(texts(bob).filter((x) => x.startsWith('Shop')), ['Shop open\nLine two\nLine three']);
      assert.deepEqual(value(await holo.editLine('shop', alice.uuid, { line: 2, text: 'Second' }, REST)).lines, ['&6Shop &lopen', 'Second', '&aLine three']);
      assert.deepEqual(value(await holo.editLine('shop', alice.uuid, { line: 1 }, REST)).lines, ['Second', '&aLine three']);
      assert.deepEqual(value(await holo.editLine('shop', alice.uuid, { line: 2, text: null }, REST)).lines, ['Second']);
      assert.ok(display(bob, 'Second'), texts(bob).join(' | '));
    });

    it('refuses removing the last line, declines a line past the end with not-found, and refuses bad input', async () => {
      const last = await holo.editLine('shop', alice.uuid, { line: 1 }, REST);
      declined(last, 'refused');
      assert.match(!last.ok ? last.message : '', /at least one line/);
      declined(await holo.editLine('shop', alice.uuid, { line: 3, text: 'x' }, REST), 'not-found');
      await assert.rejects(holo.editLine('shop', alice.uuid, {}, REST), invalid('text'));
      await assert.rejects(holo.editLine('shop', alice.uuid, { line: 0, text: 'x' }, REST), invalid('line'));
      await assert.rejects(holo.editLine('shop', alice.uuid, { text: 'a\u0007' }, REST), invalid('text'));
      declined(await holo.editLine('nowhere', alice.uuid, { text: 'x' }, REST), 'not-found');
      assert.deepEqual(value(await holo.get('shop')).lines, ['Second']);
    });

    it('keeps a hologram to 16 lines', async () => {
      for (let i = 2; i <= 16; i++) value(await holo.editLine('board', alice.uuid, { text: `line ${i}` }, REST));
      declined(await holo.editLine('board', alice.uuid, { text: 'seventeen' }, REST), 'refused');
      for (let i = 16; i >= 2; i--) value(await holo.editLine('board', alice.uuid, { line: i }, REST));
    });
  });

  describe('owners, managers and strangers', () => {
    it('refuses a stranger every change; a manager may move and edit lines but not delete nor bind', async () => {
      declined(await holo.move('shop', bob.uuid, at(9), REST), 'refused');
      declined(await holo.editLine('shop', bob.uuid, { text: 'hi' }, REST), 'refused');
      declined(await holo.addManager('shop', bob.uuid, bob.uuid, REST), 'refused');
      assert.deepEqual(value(await holo.addManager('shop', alice.uuid, bob.uuid, REST)).managers, [{ 'player-id': bob.uuid, 'player-name': 'Bob' }]);
      declined(await holo.addManager('shop', alice.uuid, bob.uuid, REST), 'already-in-state');
      declined(await holo.addManager('shop', alice.uuid, alice.uuid, REST), 'refused');
      assert.deepEqual(value(await holo.move('shop', bob.uuid, { ...at(9), yaw: 90 }, REST)).location, { ...at(9), yaw: 90, pitch: 0 });
      assert.deepEqual(t.platform.entityFake.seenBy(carl.uuid).find((s) => s.text === 'Second')?.location, { ...at(9), yaw: 90, pitch: 0 });
      value(await holo.editLine('shop', bob.uuid, { text: 'by Bob' }, REST));
      declined(await holo.delete('shop', bob.uuid, REST), 'refused');
      declined(await holo.setCommand('shop', bob.uuid, 'help', REST), 'refused');
      declined(await holo.addManager('shop', bob.uuid, carl.uuid, REST), 'refused');
      value(await holo.removeManager('shop', alice.uuid, bob.uuid, REST));
      declined(await holo.removeManager('shop', alice.uuid, bob.uuid, REST), 'already-in-state');
      declined(await holo.editLine('shop', bob.uuid, { text: 'again' }, REST), 'refused');
    });

    it('lets a holder of core.holo.admin and the console act as owner; an unknown actor is not-found', async () => {
      value(await holo.editLine('shop', carl.uuid, { line: 2, text: 'by an admin' }, REST));
      value(await holo.editLine('shop', null, { line: 2, text: 'by the console' }, CONSOLE));
      declined(await holo.move('shop', UNKNOWN, at(9), REST), 'not-found');
      await assert.rejects(holo.move('shop', 'nobody', at(9), REST), invalid('actor'));
    });
  });

  describe('bound commands', () => {
    it('binds a command (owner only), runs it as the player who right-clicks, and unbinds with null', async () => {
      assert.equal(value(await holo.setCommand('shop', alice.uuid, '/holo info {player}', REST)).command, 'holo info {player}');
      declined(await holo.setCommand('shop', alice.uuid, 'holo info {player}', REST), 'already-in-state');
      await assert.rejects(holo.setCommand('shop', alice.uuid, '  / ', REST), invalid('command'));
      t.platform.clearMessages();
      const seen = t.platform.entityFake.seenBy(bob.uuid).find((s) => s.kind === 'text_display' && s.text?.startsWith('Second'))!;
      assert.equal(t.platform.entityFake.click(bob.uuid, seen.target, 'use'), true);
      // Bob ran /holo info Bob: there is no hologram of that name, and he is told so.
      await t.until(() => t.platform.messagesOf(bob.uuid).some((m) => /no hologram named bob/.test(m)), 'Bob to be told');
      assert.equal(value(await holo.setCommand('shop', alice.uuid, null, REST)).command, null);
      declined(await holo.setCommand('shop', alice.uuid, null, REST), 'already-in-state');
      t.platform.clearMessages();
      t.platform.entityFake.click(bob.uuid, seen.target, 'use');
      await settle();
      assert.deepEqual(t.platform.messagesOf(bob.uuid), []);
    });
  });

  describe('placeholders', () => {
    it('gives each player their own display for a line that needs a viewer ({player})', async () => {
      value(await holo.create(carl.uuid, 'greet', at(12), 'Hello {player}', REST));
      await settle();
      assert.ok(display(alice, 'Hello Alice') && display(bob, 'Hello Bob') && display(carl, 'Hello Carl'));
      assert.equal(display(alice, 'Hello Bob'), undefined);
      const dana = await t.join('Dana');
      await t.until(() => display(dana, 'Hello Dana') !== undefined, 'Dana to see her greeting');
      t.platform.quit(dana.uuid);
      await t.until(() => t.platform.spawnedEntities().filter((e) => e.kind === 'text' && e.audience.everyone === false).length === 3, 'her display to go');
    });

    it('shows one display for a line every viewer sees alike, worked out again every refresh-seconds', async () => {
      value(await holo.editLine('greet', carl.uuid, { line: 1, text: 'Counter: {counter}, {nope}' }, REST));
      await settle();
      assert.equal(t.platform.spawnedEntities().filter((e) => e.kind === 'text' && e.audience.everyone === false).length, 0);
      assert.ok(display(bob, 'Counter: 1, {nope}'));
      counter = 2;
      await t.clock.advance(4);
      await settle();
      assert.ok(display(bob, 'Counter: 1, {nope}'), 'not refreshed before refresh-seconds');
      await t.clock.advance(1);
      await t.until(() => display(bob, 'Counter: 2, {nope}') !== undefined, 'the new value to show');
      value(await holo.delete('greet', carl.uuid, REST));
    });
  });

  describe('holograms.delete', () => {
    it('deletes (owner only), takes it out of sight, emits hologram.delete and frees the name', async () => {
      const h = value(await holo.delete('third', alice.uuid, REST));
      assert.equal(h.name, 'third');
      assert.equal(display(bob, 'x'), undefined);
      assert.deepEqual(t.emittedNamed('hologram.delete').at(-1)?.data.name, 'third');
      assert.equal(t.emittedNamed('hologram.delete').at(-1)?.data['player-name'], 'Alice');
      declined(await holo.delete('third', alice.uuid, REST), 'not-found');
      value(await holo.create(bob.uuid, 'third', at(4), 'again', REST));
    });

    it('records every write in the audit log with its actor', async () => {
      const rows = await AUDIT_TABLES.on(t.database.db).selectFrom('core_audit').select(['actor', 'action']).where('action', 'like', 'hologram.%').orderBy('id').execute();
      assert.deepEqual({ ...rows.at(-1) }, { actor: 'core-rest/panel', action: 'hologram.create' });
      assert.ok(rows.some((r) => r.action === 'hologram.line-set' && r.actor === 'console'));
    });
  });

  describe('after a restart', () => {
    it('shows every hologram again, once, as it was', async () => {
      await t.restart();
      await settle();
      assert.deepEqual(texts(t.platform.player(bob.uuid) ?? (await t.join('Bob'))).sort(), ['Board', 'Second\nby the console', 'again']);
      assert.equal(t.platform.spawnedEntities().length, 3);
    });

    it('shows a hologram whose world was not loaded at start once the world is, having said why once', async () => {
      assert.equal((await t.platform.createWorld('arena')).ok, true);
      // The service of the kernel now running (the restart above made a new one).
      value(await t.kernel.api.holograms.create(carl.uuid, 'arena-sign', { world: 'arena', x: 0, y: 70, z: 0 }, 'Arena', REST));
      assert.equal((await t.platform.unloadWorld('arena')).ok, true);
      await t.restart();
      await settle();
      const inArena = () => t.platform.spawnedEntities().filter((e) => e.location.world === 'arena');
      assert.equal(inArena().length, 0);
      await t.clock.advance(10);
      await settle();
      assert.equal(t.log.lines.filter((l) => /hologram arena-sign cannot be shown: The world "arena" is not loaded/.test(l)).length, 1, t.log.lines.join('\n'));
      assert.equal((await t.platform.loadWorld('arena')).ok, true);
      await t.clock.advance(5);
      await t.until(() => inArena().length === 1, 'the hologram to be shown in the arena');
    });
  });
});

describe('holograms on PostgreSQL', () => {
  it('migrates, creates, edits lines, manages, binds and deletes', (ctx) =>
    withPostgres(ctx, 'holograms', async (openDb) => {
      const k = await startTestKernel({ modules: [hologramsModule], openDb });
      try {
        const holo = k.kernel.api.holograms;
        const ann = (await k.join('Ann')).uuid;
        const ben = (await k.join('Ben')).uuid;
        value(await holo.create(ann, 'Sign', { world: 'world', x: 1.5, y: 64.25, z: -2 }, 'one', REST));
        declined(await holo.create(ben, 'sign', at(0), 'x', REST), 'already-exists');
        value(await holo.editLine('sign', ann, { text: 'two' }, REST));
        value(await holo.addManager('sign', ann, ben, REST));
        const h = value(await holo.editLine('sign', ben, { line: 1, text: 'uno' }, REST));
        assert.deepEqual([h.lines, h.location.y, h.managers.map((m) => m['player-name'])], [['uno', 'two'], 64.25, ['Ben']]);
        value(await holo.setCommand('sign', ann, 'help', REST));
        assert.equal(value(await holo.get('sign')).command, 'help');
        value(await holo.delete('sign', ann, REST));
        assert.deepEqual(value(await holo.list()), { holograms: [], count: 0 });
      } finally {
        await k.close();
      }
    }));
});
