import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CONSOLE, type Actor } from '../../core/kernel/actor.ts';
import { startTestKernel, type TestKernel } from '../../../test/support/test-kernel.ts';
import { plain } from '../../../test/support/fake-platform.ts';
import { declined, invalid, value } from '../../../test/support/results.ts';
import { presenceModule } from './index.ts';
import type { PresenceService } from './presence.service.ts';

const REST: Actor = { kind: 'rest', label: 'panel' };
const UNKNOWN = '00000000-0000-0000-0000-0000000000ab';
const IDLE = 60;

describe('presence', () => {
  let t: TestKernel;
  let presence: PresenceService;
  let ann: string;
  let ben: string;

  const afkEvents = () => t.emittedNamed('presence.afk').map((e) => e.data);
  const lastAfk = () => afkEvents().at(-1);
  /** Walks a player one block east of where they stand. */
  const step = (uuid: string) => {
    const l = t.platform.location(uuid)!;
    t.platform.move(uuid, { ...l, x: l.x + 1 });
  };

  before(async () => {
    t = await startTestKernel({
      modules: [presenceModule],
      beforeStart: (dir) => writeFileSync(join(dir, 'presence.conf'), `afk-after-seconds = ${IDLE}\ntab-list-marker = true\n`),
    });
    presence = t.kernel.api.presence;
    ann = (await t.join('Ann')).uuid;
    ben = (await t.join('Ben')).uuid;
  });
  after(() => t.close());
  beforeEach(async () => {
    // Everyone starts back and freshly active.
    for (const p of t.platform.onlinePlayers()) if (presence.isAway(p.uuid)) value(await presence.set(p.uuid, false, null, CONSOLE));
    for (const p of t.platform.onlinePlayers()) presence.activity(p.uuid, 'move');
    t.platform.clearMessages();
  });

  describe('automatic away', () => {
    it('marks a player away after afk-after-seconds without activity, tells everyone, and emits presence.afk (cause idle)', async () => {
      const from = t.clock.now().getTime();
      await t.clock.advance(IDLE - 1);
      assert.equal(presence.isAway(ann), false, 'not yet');
      await t.clock.advance(1);
      assert.equal(presence.isAway(ann), true);
      const p = value(await presence.get(ann));
      assert.equal(p.away, true);
      assert.equal(p.reason, null);
      assert.equal(Date.parse(p.since!), from + IDLE * 1000);
      assert.ok(t.platform.messagesOf(ben).includes('Ann is now AFK.'));
      assert.ok(t.platform.messagesOf(ann).includes('You are now AFK. Move or type /afk to come back.'));
      assert.ok(!t.platform.messagesOf(ann).includes('Ann is now AFK.'), 'the player is told in the second person only');
      assert.ok(t.platform.consoleText().includes('Ann is now AFK.'), 'the console reads it too');
      const e = afkEvents().find((d) => d['player-id'] === ann && d.away === true);
      assert.deepEqual(
        { ...e, 'occurred-at': undefined },
        { 'player-id': ann, 'player-name': 'Ann', away: true, reason: null, since: p.since, 'away-seconds': null, cause: 'idle', actor: null, 'occurred-at': undefined },
      );
    });

    it('starts the idle time again on every activity', async () => {
      await t.clock.advance(IDLE - 5);
      step(ann);
      await t.clock.advance(10);
      assert.equal(presence.isAway(ann), false, 'Ann moved 10 s ago');
      assert.equal(presence.isAway(ben), true, 'Ben did nothing');
      assert.equal(value(await presence.get(ann))['idle-seconds'], 10);
    });

    it('never marks a player without core.afk.auto (withheld from everyone in permissions.conf)', async () => {
      const file = join(t.configDir, 'permissions.conf');
      const before = readFileSync(file, 'utf8');
      writeFileSync(file, '[groups.default]\nnodes = []\nwithhold = ["core.afk.auto"]\n');
      t.kernel.configs.reloadAll();
      value(await t.kernel.api.permissions.grant(ann, 'core.afk.auto', CONSOLE));
      try {
        await t.clock.advance(IDLE * 3);
        assert.equal(presence.isAway(ben), false);
        assert.equal(presence.isAway(ann), true);
      } finally {
        writeFileSync(file, before);
        t.kernel.configs.reloadAll();
      }
    });

    it('is off with afk-after-seconds = 0, after core reload', async () => {
      writeFileSync(join(t.configDir, 'presence.conf'), 'afk-after-seconds = 0\ntab-list-marker = true\n');
      t.kernel.configs.reloadAll();
      try {
        await t.clock.advance(IDLE * 10);
        assert.equal(presence.isAway(ann), false);
      } finally {
        writeFileSync(join(t.configDir, 'presence.conf'), `afk-after-seconds = ${IDLE}\ntab-list-marker = true\n`);
        t.kernel.configs.reloadAll();
      }
    });
  });

  describe('activity clears the flag', () => {
    const away = async () => {
      await t.clock.advance(IDLE);
      assert.equal(presence.isAway(ann), true);
      t.platform.clearMessages();
    };

    it('walking into another block clears it, tells everyone, and emits presence.afk with how long it lasted', async () => {
      await away();
      await t.clock.advance(30);
      step(ann);
      assert.equal(presence.isAway(ann), false);
      assert.ok(t.platform.messagesOf(ben).includes('Ann is no longer AFK.'));
      assert.ok(t.platform.messagesOf(ann).includes('You are no longer AFK.'));
      const e = lastAfk()!;
      assert.deepEqual([e['player-id'], e.away, e.cause, e['away-seconds'], e.actor], [ann, false, 'move', 30, null]);
    });

    it('turning the head alone does not clear it', async () => {
      await away();
      const l = t.platform.location(ann)!;
      t.platform.move(ann, { ...l, yaw: l.yaw + 90, pitch: 30 });
      assert.equal(presence.isAway(ann), true);
    });

    it('chatting clears it, before the message is shown', async () => {
      await away();
      assert.equal(t.platform.chat(ann, 'back!'), true, 'the message is sent');
      assert.equal(presence.isAway(ann), false);
      assert.equal(lastAfk()!.cause, 'chat');
    });

    it('running another command clears it; /afk does not count as activity', async () => {
      await away();
      await t.platform.run(ann, 'help');
      assert.equal(presence.isAway(ann), false);
      assert.equal(lastAfk()!.cause, 'command');
    });

    it('breaking a block or using an item clears it', async () => {
      await away();
      t.platform.gameplay.setBlock({ world: 'world', x: 1, y: 64, z: 1 }, 'stone');
      t.platform.gameplay.breakBlock(ann, { world: 'world', x: 1, y: 64, z: 1 });
      assert.equal(presence.isAway(ann), false);
      assert.equal(lastAfk()!.cause, 'interact');
    });
  });

  describe('/afk', () => {
    it('toggles the flag with a reason, audited as the player', async () => {
      await t.platform.run(ann, 'afk gone fishing');
      const p = value(await presence.get(ann));
      assert.deepEqual([p.away, p.reason], [true, 'gone fishing']);
      assert.ok(t.platform.messagesOf(ben).includes('Ann is now AFK (gone fishing).'));
      assert.deepEqual([lastAfk()!.cause, lastAfk()!.actor, lastAfk()!.reason], ['afk-command', 'Ann', 'gone fishing']);
      await t.platform.run(ann, 'afk');
      assert.equal(presence.isAway(ann), false);
      assert.deepEqual([lastAfk()!.cause, lastAfk()!.reason], ['afk-command', 'gone fishing']);
      const history = await t.kernel.api.audit.history(ann, 2);
      assert.deepEqual(
        history.map((h) => [h.actor, h.action, h.details.away]),
        [
          ['Ann', 'presence.afk', false],
          ['Ann', 'presence.afk', true],
        ],
      );
    });

    it('tells each player in their language: a German player reads Ann going away in German, Ann reads English', async () => {
      t.platform.setLocale(ben, 'de_DE');
      await t.platform.run(ann, 'afk lunch');
      assert.equal(t.platform.messagesOf(ann).at(-1), 'You are now AFK (lunch). Move or type /afk to come back.');
      assert.equal(t.platform.messagesOf(ben).at(-1), 'Ann ist jetzt AFK (lunch).');
      await t.platform.run(ann, 'afk');
      assert.equal(t.platform.messagesOf(ben).at(-1), 'Ann ist nicht mehr AFK.');
      t.platform.setLocale(ben, 'en_GB');
    });

    it('refuses a reason over 100 characters, naming the limit', async () => {
      await t.platform.run(ann, `afk ${'x'.repeat(101)}`);
      assert.equal(presence.isAway(ann), false);
      assert.ok(t.platform.messagesOf(ann).some((m) => /at most 100 characters/.test(m)), t.platform.messagesOf(ann).join('|'));
    });

    it('toggles another online player’s flag with core.afk.others (the console holds it), audited as the sender', async () => {
      await t.platform.run('console', 'afk Ann at lunch');
      assert.deepEqual([presence.isAway(ann), value(await presence.get(ann)).reason], [true, 'at lunch']);
      assert.deepEqual([lastAfk()!.cause, lastAfk()!.actor], ['afk-command', 'console']);
      assert.ok(t.platform.consoleText().includes('Ann is now AFK (at lunch).'));
      await t.platform.run('console', 'afk Ann');
      assert.equal(presence.isAway(ann), false);
    });

    it('without core.afk.others a player name is just the reason; the console must name a player', async () => {
      await t.platform.run(ben, 'afk Ann');
      assert.deepEqual([presence.isAway(ann), presence.isAway(ben), value(await presence.get(ben)).reason], [false, true, 'Ann']);
      await t.platform.run('console', 'afk');
      assert.ok(t.platform.consoleText().includes('Name a player: the console is never away. Type afk <player> [reason].'), t.platform.consoleText().join('|'));
    });
  });

  describe('announcements and the tab list', () => {
    it('shows "[AFK] " before an away player’s tab-list name, and takes it off again', async () => {
      await t.platform.run(ann, 'afk');
      assert.equal(plain(t.platform.tabName(ann)!), '[AFK] Ann');
      await t.platform.run(ann, 'afk');
      assert.equal(t.platform.tabName(ann), undefined);
    });

    it('keeps a tab-list name another module gave, and puts it back', async () => {
      t.platform.setTabName(ann, 'Captain Ann');
      try {
        await t.platform.run(ann, 'afk');
        assert.equal(plain(t.platform.tabName(ann)!), '[AFK] Captain Ann');
        await t.platform.run(ann, 'afk');
        assert.equal(t.platform.tabName(ann), 'Captain Ann');
      } finally {
        t.platform.setTabName(ann, undefined);
      }
    });

    it('is not announced to a player who cannot see the one going away (vanish)', async () => {
      t.platform.hidePlayer(ben, ann);
      try {
        await t.platform.run(ann, 'afk');
        assert.ok(t.platform.messagesOf(ann).includes('You are now AFK. Move or type /afk to come back.'));
        assert.ok(t.platform.consoleText().includes('Ann is now AFK.'));
        assert.deepEqual(t.platform.messagesOf(ben), []);
      } finally {
        t.platform.showPlayer(ben, ann);
      }
    });

    it('tells only the player with announce = false', async () => {
      writeFileSync(join(t.configDir, 'presence.conf'), `afk-after-seconds = ${IDLE}\nannounce = false\n`);
      t.kernel.configs.reloadAll();
      try {
        await t.platform.run(ann, 'afk');
        assert.ok(t.platform.messagesOf(ann).includes('You are now AFK. Move or type /afk to come back.'));
        assert.deepEqual(t.platform.messagesOf(ben), []);
      } finally {
        writeFileSync(join(t.configDir, 'presence.conf'), `afk-after-seconds = ${IDLE}\ntab-list-marker = true\n`);
        t.kernel.configs.reloadAll();
      }
    });
  });

  describe('presence.set (the route)', () => {
    it('marks away with a reason and back, audited as the caller, and emits presence.afk (cause route)', async () => {
      const p = value(await presence.set(ann, true, 'meeting', REST));
      assert.deepEqual([p.away, p.reason, p.online], [true, 'meeting', true]);
      assert.deepEqual([lastAfk()!.cause, lastAfk()!.actor], ['route', 'core-rest/panel']);
      assert.ok(t.platform.messagesOf(ann).includes('You are now AFK (meeting). Move or type /afk to come back.'));
      const back = value(await presence.set(ann, false, null, REST));
      assert.deepEqual([back.away, back.since, back.reason], [false, null, null]);
      assert.equal((await t.kernel.api.audit.history(ann, 1))[0]?.actor, 'core-rest/panel');
    });

    it('declines with already-in-state when the player already is away or back', async () => {
      value(await presence.set(ann, true, null, REST));
      declined(await presence.set(ann, true, 'other', REST), 'already-in-state');
      assert.equal(value(await presence.get(ann)).reason, null, 'the reason is not changed');
      value(await presence.set(ann, false, null, REST));
      declined(await presence.set(ann, false, null, REST), 'already-in-state');
    });

    it('refuses a reason with away false, and a blank or long reason, naming the field', async () => {
      await assert.rejects(presence.set(ann, false, 'x', REST), invalid('reason'));
      await assert.rejects(presence.set(ann, true, '  ', REST), invalid('reason'));
      await assert.rejects(presence.set(ann, true, 'y'.repeat(101), REST), invalid('reason'));
      await assert.rejects(presence.set('nope', true, null, REST), invalid('uuid'));
    });

    it('declines with player-offline for an offline player and not-found for one never seen', async () => {
      const cat = (await t.join('Cat')).uuid;
      t.platform.quit(cat);
      declined(await presence.set(cat, true, null, REST), 'player-offline');
      declined(await presence.set(UNKNOWN, true, null, REST), 'not-found');
    });
  });

  describe('reads', () => {
    it('answers an offline player as not away, and not-found for one never seen', async () => {
      const dan = (await t.join('Dan')).uuid;
      t.platform.quit(dan);
      assert.deepEqual(value(await presence.get(dan)), { away: false, since: null, reason: null, online: false, server: null, 'idle-seconds': null });
      declined(await presence.get(UNKNOWN), 'not-found');
    });

    it('lists everyone away, longest away first, with how long', async () => {
      value(await presence.set(ben, true, 'lunch', REST));
      await t.clock.advance(5);
      value(await presence.set(ann, true, null, REST));
      await t.clock.advance(2);
      const list = value(presence.listAway());
      assert.equal(list.count, 2);
      assert.deepEqual(
        list.players.map((p) => [p.name, p.reason, p['away-seconds']]),
        [
          ['Ben', 'lunch', 7],
          ['Ann', null, 2],
        ],
      );
    });

    it('a player who leaves while away is back (presence.afk cause quit) and no longer listed', async () => {
      const eve = (await t.join('Eve')).uuid;
      value(await presence.set(eve, true, null, REST));
      t.platform.clearMessages();
      t.platform.quit(eve);
      assert.deepEqual([lastAfk()!['player-id'], lastAfk()!.away, lastAfk()!.cause], [eve, false, 'quit']);
      assert.equal(value(presence.listAway()).players.some((p) => p.uuid === eve), false);
      assert.ok(!t.platform.messagesOf(ben).includes('Eve is no longer AFK.'), 'no announcement on leaving');
    });
  });
});
