import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CONSOLE } from '../../core/kernel/actor.ts';
import { startTestKernel, type TestKernel } from '../../../test/support/test-kernel.ts';
import { declined, invalid, value } from '../../../test/support/results.ts';
import { withPostgres } from '../../../test/support/postgres.ts';
import { communicationModule } from './index.ts';
import { announcerConfig } from './communication.config.ts';

const CONF = `interval-seconds = 60
prefix = "&6[Info]&r "
messages = ["Hello {player}, {online} online.", "Second &ltip", "Third"]
`;

describe('communication', () => {
  let t: TestKernel;
  const ids: Record<string, string> = {};
  const said = (who: string) => t.platform.messagesOf(ids[who]!);
  const conf = (text: string) => writeFileSync(join(t.configDir, 'announcer.conf'), text);

  before(async () => {
    t = await startTestKernel({ modules: [communicationModule], beforeStart: (dir) => writeFileSync(join(dir, 'announcer.conf'), CONF) });
    for (const name of ['Ann', 'Ben']) ids[name] = (await t.join(name)).uuid;
  });
  beforeEach(() => t.platform.clearMessages());
  after(() => t.close());

  describe('the announcer', () => {
    it('shows the messages in order every interval, with markup and each player’s placeholders', async () => {
      await t.clock.advance(59);
      assert.deepEqual(said('Ann'), []);
      await t.clock.advance(1);
      assert.deepEqual(said('Ann'), ['[Info] Hello Ann, 2 online.']);
      assert.deepEqual(said('Ben'), ['[Info] Hello Ben, 2 online.']);
      const shown = t.platform.messages.get(ids.Ann!)!.at(-1);
      assert.deepEqual(shown, { text: '', extra: [{ text: '[Info]', color: 'gold' }, { text: ' Hello Ann, 2 online.' }] });
      await t.clock.advance(60);
      await t.clock.advance(60);
      await t.clock.advance(60);
      assert.deepEqual(said('Ann'), ['[Info] Hello Ann, 2 online.', '[Info] Second tip', '[Info] Third', '[Info] Hello Ann, 2 online.']);
      assert.deepEqual(t.platform.messages.get(ids.Ann!)![1], { text: '', extra: [{ text: '[Info]', color: 'gold' }, { text: ' Second ' }, { text: 'tip', bold: true }] });
    });

    it('shows nothing while nobody is online, and goes on where it was', async () => {
      t.platform.quit(ids.Ann!);
      t.platform.quit(ids.Ben!);
      assert.deepEqual(await t.kernel.api.communication.announcer.announce(), { message: undefined, shownTo: 0 });
      ids.Ann = (await t.join('Ann')).uuid;
      ids.Ben = (await t.join('Ben')).uuid;
      assert.deepEqual(await t.kernel.api.communication.announcer.announce(), { message: 'Second &ltip', shownTo: 2 });
    });

    it('core reload starts over with the new file and emits communication.announcer-reload', async () => {
      conf('interval-seconds = 10\norder = "random"\nprefix = ""\nmessages = ["only one"]\n');
      const [r] = t.kernel.configs.reloadAll().filter((f) => f.file === 'announcer.conf');
      assert.equal(r?.outcome, 'changed');
      const e = t.emittedNamed('communication.announcer-reload').at(-1)?.data;
      assert.deepEqual({ ...e, 'occurred-at': undefined }, { changed: true, enabled: true, messages: 1, 'interval-seconds': 10, order: 'random', 'occurred-at': undefined });
      await t.clock.advance(10);
      assert.deepEqual(said('Ben'), ['only one']);
      t.kernel.configs.reloadAll();
      assert.equal(t.emittedNamed('communication.announcer-reload').at(-1)?.data.changed, false);
    });

    it('keeps the old settings of an invalid file and emits nothing', async () => {
      const before = t.emittedNamed('communication.announcer-reload').length;
      conf('interval-seconds = 0\nmessages = ["x"]\n');
      const [r] = t.kernel.configs.reloadAll().filter((f) => f.file === 'announcer.conf');
      assert.match(r?.outcome === 'invalid' ? r.problem : '', /announcer\.conf line 1, key "interval-seconds"/);
      assert.equal(t.emittedNamed('communication.announcer-reload').length, before);
      await t.clock.advance(10);
      assert.deepEqual(said('Ann'), ['only one']);
    });

    it('never shows the same message twice in a row in random order', async () => {
      conf('interval-seconds = 10\norder = "random"\nprefix = ""\nmessages = ["a", "b", "c"]\n');
      t.kernel.configs.reloadAll();
      for (let i = 0; i < 30; i++) await t.clock.advance(10);
      const lines = said('Ann');
      assert.equal(lines.length, 30);
      for (let i = 1; i < lines.length; i++) assert.notEqual(lines[i], lines[i - 1]);
      assert.deepEqual([...new Set(lines)].sort(), ['a', 'b', 'c']);
    });
  });

  describe('hiding announcements', () => {
    it('/announcements off hides them from Ann only, durably, with communication.broadcast-opt-out', async () => {
      await t.platform.run(ids.Ann!, 'announcements off');
      assert.match(said('Ann').at(-1)!, /^Announcements hidden\. Broadcasts from staff still reach you/);
      const e = t.emittedNamed('communication.broadcast-opt-out').at(-1)?.data;
      assert.deepEqual([e?.['player-id'], e?.['player-name'], e?.['opted-out'], e?.actor], [ids.Ann, 'Ann', true, 'Ann']);
      t.platform.clearMessages();
      await t.clock.advance(10);
      assert.deepEqual(said('Ann'), []);
      assert.equal(said('Ben').length, 1);
      await t.platform.run(ids.Ann!, 'announcements off');
      assert.equal(said('Ann').at(-1), 'Announcements are already hidden.');
      await t.platform.run(ids.Ann!, 'announcements');
      assert.equal(said('Ann').at(-1), 'You hide announcements. /announcements on to see them again.');
    });

    it('/broadcast reaches Ann too, with markup and placeholders; it needs its node', async () => {
      await t.platform.run(ids.Ben!, 'broadcast hi');
      assert.match(said('Ben').at(-1)!, /permission \(core\.communication\.broadcast\)/);
      await t.platform.run('console', 'bc Restart in 5 minutes, &l{player}');
      assert.equal(said('Ann').at(-1), '[Broadcast] Restart in 5 minutes, Ann');
      assert.equal(said('Ben').at(-1), '[Broadcast] Restart in 5 minutes, Ben');
      assert.deepEqual(t.platform.consoleText().slice(-2), ['[Broadcast] Restart in 5 minutes, {player} (by console)', 'Broadcast to 2 players.']);
      await assert.rejects(t.kernel.api.communication.broadcast('  ', CONSOLE), invalid('message'));
    });

    it('keeps Ann’s choice across a restart; /announcements on shows them again', async () => {
      await t.restart();
      ids.Ann = (await t.join('Ann')).uuid;
      assert.equal(t.kernel.api.communication.hidesAnnouncements(ids.Ann!), true);
      await t.platform.run(ids.Ann!, 'announcements on');
      assert.equal(said('Ann').at(-1), 'Announcements shown again.');
      assert.equal(t.emittedNamed('communication.broadcast-opt-out').at(-1)?.data['opted-out'], false);
      await t.clock.advance(10);
      assert.equal(said('Ann').length, 2);
      declined(await t.kernel.api.communication.setHideAnnouncements('00000000-0000-0000-0000-0000000000ab', true, CONSOLE), 'not-found');
      assert.deepEqual((await t.kernel.api.audit.history(ids.Ann!, 2)).map((a) => a.action), ['communication.announcements-on', 'communication.announcements-off']);
    });
  });

  it('stores hidden announcements on PostgreSQL too', (ctx) =>
    withPostgres(ctx, 'communication', async (openDb) => {
      const k = await startTestKernel({ modules: [communicationModule], openDb });
      try {
        const ann = (await k.join('Ann')).uuid;
        value(await k.kernel.api.communication.setHideAnnouncements(ann, true, CONSOLE));
        declined(await k.kernel.api.communication.setHideAnnouncements(ann, true, CONSOLE), 'already-in-state');
        await k.restart();
        assert.equal(k.kernel.api.communication.hidesAnnouncements(ann), true);
        value(await k.kernel.api.communication.setHideAnnouncements(ann, false, CONSOLE));
      } finally {
        await k.close();
      }
    }));
});

describe('announcer.conf', () => {
  it('is written with comments and two example messages, and names the key of a bad value', () => {
    const dir = mkdtempSync(join(tmpdir(), 'announcer-conf-'));
    after(() => rmSync(dir, { recursive: true, force: true }));
    const c = announcerConfig.load(dir);
    assert.deepEqual([c.enabled, c.intervalSeconds, c.order, c.messages.length], [true, 300, 'sequential', 2]);
    assert.match(readFileSync(join(dir, 'announcer.conf'), 'utf8'), /# Seconds between two announcements/);
    for (const [text, key] of [
      ['order = "shuffle"\n', 'order'],
      ['messages = "hi"\n', 'messages'],
      ['messages = [""]\n', 'messages[1]'],
      ['enabled = 1\n', 'enabled'],
      ['prefix = 3\n', 'prefix'],
      ['colour = 1\n', 'colour'],
    ]) {
      writeFileSync(join(dir, 'announcer.conf'), text!);
      assert.throws(() => announcerConfig.load(dir), new RegExp(`key "${key!.replace(/[[\]]/g, '\\$&')}"`), text);
    }
  });
});
