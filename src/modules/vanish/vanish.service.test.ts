import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CONSOLE, type Actor } from '../../core/kernel/actor.ts';
import { startTestKernel, type TestKernel } from '../../../test/support/test-kernel.ts';
import { declined, invalid, value } from '../../../test/support/results.ts';
import { withPostgres } from '../../../test/support/postgres.ts';
import { vanishModule } from './index.ts';
import { REFRESH_MS, type VanishService } from './vanish.service.ts';

const REST: Actor = { kind: 'rest', label: 'panel' };
const UNKNOWN = '00000000-0000-0000-0000-0000000000ab';

describe('vanish', () => {
  let t: TestKernel;
  let vanish: () => VanishService;
  const ids: Record<string, string> = {};
  const grant = async (who: string, node: string) => value(await t.kernel.api.permissions.grant(ids[who]!, node, CONSOLE));
  const revoke = async (who: string, node: string) => value(await t.kernel.api.permissions.revoke(ids[who]!, node, CONSOLE));
  const seenBy = (who: string) => t.platform.display.playersSeenBy(ids[who]!).map((p) => p.name).sort();

  before(async () => {
    t = await startTestKernel({ modules: [vanishModule] });
    vanish = () => t.kernel.api.vanish;
    for (const name of ['Ann', 'Ben', 'Cat', 'Dan']) ids[name] = (await t.join(name)).uuid;
    // Ann may vanish; Cat sees level 1; Ben and Dan are ordinary players.
    await grant('Ann', 'core.vanish.use');
    await grant('Cat', 'core.vanish.see.1');
  });
  after(() => t.close());

  describe('levels', () => {
    it('gives level 1 by default and the highest core.vanish.level.<n> held', async () => {
      assert.equal(vanish().level(ids.Ben!), 1);
      await grant('Dan', 'core.vanish.level.3');
      await grant('Dan', 'core.vanish.level.2');
      assert.equal(vanish().level(ids.Dan!), 3);
      await revoke('Dan', 'core.vanish.level.3');
      await revoke('Dan', 'core.vanish.level.2');
    });

    it('gives see-level 0 by default, core.vanish.see.<n>, and one’s own level to those who may vanish', () => {
      assert.equal(vanish().seeLevel(ids.Ben!), 0);
      assert.equal(vanish().seeLevel(ids.Cat!), 1);
      assert.equal(vanish().seeLevel(ids.Ann!), 1);
    });
  });

  describe('status', () => {
    it('answers not hidden, level 1, since null and visible-to-viewer null without a viewer', async () => {
      assert.deepEqual(value(await vanish().status(ids.Ben!)), {
        'player-id': ids.Ben,
        'player-name': 'Ben',
        online: true,
        hidden: false,
        level: 1,
        since: null,
        'visible-to-viewer': null,
      });
    });

    it('declines a player or a viewer never seen with not-found, and refuses a malformed one naming the field', async () => {
      declined(await vanish().status(UNKNOWN), 'not-found');
      declined(await vanish().status(ids.Ben!, UNKNOWN), 'not-found');
      await assert.rejects(vanish().status('nope'), invalid('uuid'));
      await assert.rejects(vanish().status(ids.Ben!, 'nope'), invalid('viewer'));
    });
  });

  describe('set', () => {
    it('vanishes a player: hidden from viewers below their level, seen by those at or above, vanish.toggle and audit', async () => {
      const s = value(await vanish().set(ids.Ann!, true, REST));
      assert.deepEqual([s.hidden, s.level, s.since, s.online], [true, 1, t.clock.now().toISOString(), true]);
      assert.deepEqual(t.emittedNamed('vanish.toggle').at(-1)?.data, {
        'player-id': ids.Ann,
        'player-name': 'Ann',
        vanished: true,
        level: 1,
        online: true,
        actor: 'core-rest/panel',
        'occurred-at': t.clock.now().toISOString(),
      });
      assert.deepEqual(seenBy('Ben'), ['Cat', 'Dan']);
      assert.deepEqual(seenBy('Dan'), ['Ben', 'Cat']);
      assert.deepEqual(seenBy('Cat'), ['Ann', 'Ben', 'Dan']);
      assert.equal(t.platform.canSee(ids.Ann!, ids.Ben!), true, 'the vanished player still sees everyone');
      const [last] = await t.kernel.api.audit.history(ids.Ann!, 1);
      assert.deepEqual([last?.actor, last?.action], ['core-rest/panel', 'vanish.on']);
    });

    it('answers visible-to-viewer by the levels', async () => {
      assert.equal(value(await vanish().status(ids.Ann!, ids.Ben!))['visible-to-viewer'], false);
      assert.equal(value(await vanish().status(ids.Ann!, ids.Cat!))['visible-to-viewer'], true);
      assert.equal(value(await vanish().status(ids.Ann!, ids.Ann!))['visible-to-viewer'], true, 'one always sees oneself');
      assert.equal(value(await vanish().status(ids.Ben!, ids.Dan!))['visible-to-viewer'], true, 'a player not vanished is seen by all');
    });

    it('hides a vanished player’s chat from those who cannot see them', () => {
      t.platform.chat(ids.Ann!, 'psst');
      assert.equal(t.platform.display.chatSeen.get(ids.Ben!)?.includes('<Ann> psst') ?? false, false);
      assert.equal(t.platform.display.chatSeen.get(ids.Cat!)?.includes('<Ann> psst'), true);
    });

    it('declines vanishing a vanished player with already-in-state, and a player never seen with not-found', async () => {
      declined(await vanish().set(ids.Ann!, true, REST), 'already-in-state');
      declined(await vanish().set(UNKNOWN, true, REST), 'not-found');
      declined(await vanish().set(ids.Ben!, false, REST), 'already-in-state');
    });

    it('a higher level hides from a see-level below it; a see-level granted later shows within the refresh period', async () => {
      await grant('Ann', 'core.vanish.level.2');
      t.platform.refreshVisibility();
      assert.deepEqual(seenBy('Cat'), ['Ben', 'Dan']);
      await grant('Ben', 'core.vanish.see.2');
      assert.deepEqual(seenBy('Ben'), ['Cat', 'Dan'], 'not before the refresh');
      await t.clock.advance(REFRESH_MS / 1000);
      assert.deepEqual(seenBy('Ben'), ['Ann', 'Cat', 'Dan']);
      await revoke('Ben', 'core.vanish.see.2');
      await revoke('Ann', 'core.vanish.level.2');
      await t.clock.advance(REFRESH_MS / 1000);
      assert.deepEqual(seenBy('Ben'), ['Cat', 'Dan']);
      assert.deepEqual(seenBy('Cat'), ['Ann', 'Ben', 'Dan']);
    });

    it('lists every vanished player', async () => {
      assert.deepEqual(value(await vanish().list()), {
        players: [{ 'player-id': ids.Ann, 'player-name': 'Ann', online: true, level: 1, since: value(await vanish().status(ids.Ann!)).since }],
        count: 1,
      });
    });

    it('shows the player again (vanish.toggle vanished false)', async () => {
      const s = value(await vanish().set(ids.Ann!, false, CONSOLE));
      assert.deepEqual([s.hidden, s.since], [false, null]);
      assert.equal(t.emittedNamed('vanish.toggle').at(-1)?.data.vanished, false);
      assert.deepEqual(seenBy('Ben'), ['Ann', 'Cat', 'Dan']);
      assert.deepEqual(value(await vanish().list()), { players: [], count: 0 });
      assert.equal(t.platform.messagesOf(ids.Ann!).at(-1), 'You are visible again.', 'a change made by someone else is told to the player');
    });

    it('tells the player of a change made over the Remote Access Service, and not of their own', async () => {
      value(await vanish().set(ids.Cat!, true, REST));
      assert.match(t.platform.messagesOf(ids.Cat!).at(-1) ?? '', /^You are now vanished \(level 1\)/);
      const before = t.platform.messagesOf(ids.Cat!).length;
      value(await vanish().set(ids.Cat!, false, { kind: 'player', uuid: ids.Cat!, name: 'Cat' }));
      assert.equal(t.platform.messagesOf(ids.Cat!).length, before, 'their own command replies itself');
    });
  });

  describe('across rejoins and restarts', () => {
    it('vanishes an offline player, who is hidden from the moment they join and told so', async () => {
      t.platform.quit(ids.Dan!);
      const s = value(await vanish().set(ids.Dan!, true, REST));
      assert.deepEqual([s.hidden, s.online], [true, false]);
      assert.equal(t.emittedNamed('vanish.toggle').at(-1)?.data.online, false);
      await t.join('Dan');
      assert.deepEqual(seenBy('Ben'), ['Ann', 'Cat']);
      assert.ok(t.platform.messagesOf(ids.Dan!).some((m) => /You joined vanished \(level 1\)/.test(m)));
    });

    it('keeps the vanish across a restart; the stopping module takes its rule off the platform', async () => {
      const before = t.platform;
      assert.equal(before.canSee(ids.Ben!, ids.Dan!), false);
      await t.restart();
      assert.equal(before.canSee(ids.Ben!, ids.Dan!), true, 'the rule went with the module');
      for (const name of ['Ann', 'Ben', 'Cat', 'Dan']) await t.join(name);
      assert.equal(vanish().isVanished(ids.Dan!), true);
      assert.deepEqual(seenBy('Ben'), ['Ann', 'Cat']);
      assert.deepEqual(seenBy('Cat'), ['Ann', 'Ben', 'Dan']);
      value(await vanish().set(ids.Dan!, false, REST));
      assert.deepEqual(seenBy('Ben'), ['Ann', 'Cat', 'Dan']);
    });
  });

  it('stores vanish on PostgreSQL too, across a restart', (ctx) =>
    withPostgres(ctx, 'vanish', async (openDb) => {
      const k = await startTestKernel({ modules: [vanishModule], openDb });
      try {
        const ann = (await k.join('Ann')).uuid;
        const ben = (await k.join('Ben')).uuid;
        value(await k.kernel.api.vanish.set(ann, true, REST));
        declined(await k.kernel.api.vanish.set(ann, true, REST), 'already-in-state');
        await k.restart();
        await k.join('Ann');
        await k.join('Ben');
        assert.equal(k.platform.canSee(ben, ann), false);
        assert.deepEqual(value(await k.kernel.api.vanish.list()).players.map((p) => p['player-name']), ['Ann']);
        value(await k.kernel.api.vanish.set(ann, false, REST));
        assert.equal(k.platform.canSee(ben, ann), true);
      } finally {
        await k.close();
      }
    }));
});
