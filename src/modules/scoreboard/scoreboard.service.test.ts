import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CONSOLE, type Actor } from '../../core/kernel/actor.ts';
import { startTestKernel, type TestKernel } from '../../../test/support/test-kernel.ts';
import { declined, invalid, value } from '../../../test/support/results.ts';
import { withPostgres } from '../../../test/support/postgres.ts';
import { fakeScreen } from '../../../test/contract/screens.ts';
import { economyModule } from '../economy/index.ts';
import { scoreboardModule } from './index.ts';
import type { ScoreboardService } from './scoreboard.service.ts';
import { AUDIT_TABLES } from '../../core/log/audit.ts';

const REST: Actor = { kind: 'rest', label: 'panel' };
const NEVER_SEEN = '00000000-0000-0000-0000-0000000000cd';

const CONF = `refresh-seconds = 10
[sidebar]
title = "&6&lStats"
lines = ["&7Hi &f{player}", "&7Coins: &a{balance}", "&7Online: {online}"]
[tablist]
header = ["&6Welcome, {player}", "second line"]
footer = ["{online} online"]
[[nametags]]
group = "admin"
prefix = "&c[Admin] "
color = "red"
[[nametags]]
group = "moderator"
prefix = "[Mod] "
suffix = " *"
`;

describe('scoreboard', () => {
  let t: TestKernel;
  let sb: ScoreboardService;
  let ann: string;
  let bob: string;
  const screen = (uuid: string) => fakeScreen(t.platform, t.platform.player(uuid)!);

  before(async () => {
    t = await startTestKernel({ modules: [economyModule, scoreboardModule], beforeStart: (dir) => writeFileSync(join(dir, 'scoreboard.conf'), CONF) });
    sb = t.kernel.api.scoreboard;
    ann = (await t.join('Ann')).uuid;
    bob = (await t.join('Bob')).uuid;
  });
  after(() => t.close());

  describe('the sidebar', () => {
    it('is drawn on join from scoreboard.conf, markup applied and placeholders worked out for the viewer', () => {
      assert.deepEqual(screen(ann).sidebar(), { title: 'Stats', lines: ['Hi Ann', 'Coins: $100.00', 'Online: 1'] });
      assert.deepEqual(screen(bob).sidebar()?.lines, ['Hi Bob', 'Coins: $100.00', 'Online: 2']);
      const title = t.platform.sidebar(ann)!.title;
      assert.deepEqual(title, { text: '', extra: [{ text: 'Stats', color: 'gold', bold: true }] });
    });

    it('is drawn again every refresh-seconds, with the values of the moment', async () => {
      value(await t.kernel.api.economy.deposit(ann, 5, null, CONSOLE));
      await t.clock.advance(9);
      assert.equal(screen(ann).sidebar()?.lines[1], 'Coins: $100.00');
      await t.clock.advance(1);
      await t.until(() => screen(ann).sidebar()?.lines[1] === 'Coins: $105.00', 'the redraw');
      assert.equal(screen(ann).sidebar()?.lines[2], 'Online: 2');
    });

    it('is drawn again on demand (refreshSidebar), answering the preference', async () => {
      value(await t.kernel.api.economy.deposit(ann, 1, null, CONSOLE));
      assert.deepEqual(value(await sb.refreshSidebar(ann, REST)), { 'player-id': ann, 'player-name': 'Ann', online: true, hidden: false });
      const audited = (await t.kernel.api.audit.history(ann, 1))[0];
      assert.deepEqual([audited?.actor, audited?.action], ['core-rest/panel', 'scoreboard.sidebar.refresh'], 'a refresh is audited');
      assert.equal(screen(ann).sidebar()?.lines[1], 'Coins: $106.00');
    });

    it('/sidebar hides it, durably, and emits scoreboard.visibility with the player as actor', async () => {
      await t.platform.run(ann, 'sidebar');
      assert.deepEqual(t.platform.messagesOf(ann).at(-1), 'Sidebar hidden. /sidebar shows it again.');
      assert.equal(screen(ann).sidebar(), undefined);
      assert.deepEqual(t.emittedNamed('scoreboard.visibility').at(-1)?.data, {
        'player-id': ann,
        'player-name': 'Ann',
        hidden: true,
        actor: 'Ann',
        'occurred-at': t.clock.now().toISOString(),
      });
      assert.equal(value(await sb.sidebar(ann)).hidden, true);
      await t.clock.advance(10);
      assert.equal(screen(ann).sidebar(), undefined, 'not drawn again by the interval');
      value(await sb.refreshSidebar(ann, REST));
      assert.equal(screen(ann).sidebar(), undefined, 'nor by a refresh');
    });

    it('declines the state already held with already-in-state, and shows it again with hidden false (same preference)', async () => {
      declined(await sb.setSidebarHidden(ann, true, REST), 'already-in-state');
      const shown = value(await sb.setSidebarHidden(ann.replaceAll('-', '').toUpperCase(), false, REST));
      assert.deepEqual(shown, { 'player-id': ann, 'player-name': 'Ann', online: true, hidden: false });
      assert.equal(screen(ann).sidebar()?.title, 'Stats');
      assert.equal(t.emittedNamed('scoreboard.visibility').at(-1)?.data.actor, 'core-rest/panel');
      declined(await sb.setSidebarHidden(ann, false, REST), 'already-in-state');
      await t.platform.run(ann, 'sidebar');
      assert.equal(value(await sb.sidebar(ann)).hidden, true);
      const rows = await AUDIT_TABLES.on(t.database.db).selectFrom('core_audit').select(['actor', 'action']).where('action', 'like', 'scoreboard.sidebar.%').where('action', '!=', 'scoreboard.sidebar.refresh').orderBy('id').execute();
      assert.deepEqual(
        rows.map((r) => [r.actor, r.action]),
        [
          ['Ann', 'scoreboard.sidebar.hide'],
          ['core-rest/panel', 'scoreboard.sidebar.show'],
          ['Ann', 'scoreboard.sidebar.hide'],
        ],
      );
    });

    it('answers hidden null for an offline player, and declines writes and refreshes for them with player-offline', async () => {
      t.platform.quit(ann);
      assert.deepEqual(value(await sb.sidebar(ann)), { 'player-id': ann, 'player-name': 'Ann', online: false, hidden: null });
      declined(await sb.setSidebarHidden(ann, false, REST), 'player-offline');
      declined(await sb.refreshSidebar(ann, REST), 'player-offline');
      declined(await sb.refreshTabList(ann, REST), 'player-offline');
      declined(await sb.refreshNametag(ann, REST), 'player-offline');
    });

    it('keeps the hidden sidebar hidden when the player comes back', async () => {
      ann = (await t.join('Ann')).uuid;
      assert.equal(screen(ann).sidebar(), undefined);
      assert.equal(value(await sb.sidebar(ann)).hidden, true);
    });

    it('declines a player never seen with not-found and refuses a malformed uuid naming the field', async () => {
      declined(await sb.sidebar(NEVER_SEEN), 'not-found');
      declined(await sb.setSidebarHidden(NEVER_SEEN, true, REST), 'not-found');
      declined(await sb.refreshNametag(NEVER_SEEN, REST), 'not-found');
      await assert.rejects(sb.sidebar('ann'), invalid('uuid'));
      await assert.rejects(sb.refreshTabList('12345', REST), invalid('uuid'));
    });
  });

  describe('the tab list', () => {
    it('shows each player the header and footer, lines joined, placeholders worked out for them', () => {
      assert.deepEqual(screen(bob).tabListText(), { header: 'Welcome, Bob\nsecond line', footer: '2 online' });
      assert.deepEqual(screen(ann).tabListText(), { header: 'Welcome, Ann\nsecond line', footer: '2 online' });
    });

    it('is drawn again on demand and by the interval', async () => {
      const cat = (await t.join('Cat')).uuid;
      assert.equal(screen(bob).tabListText().footer, '2 online');
      assert.deepEqual(value(await sb.refreshTabList(bob, REST)), { 'player-id': bob, 'player-name': 'Bob' });
      assert.equal(screen(bob).tabListText().footer, '3 online');
      t.platform.quit(cat);
      await t.clock.advance(10);
      await t.until(() => screen(bob).tabListText().footer === '2 online', 'the redraw');
    });
  });

  describe('nametags', () => {
    it('are plain for a player in none of the groups listed', () => {
      assert.equal(screen(bob).nametagOf('Ann'), undefined);
    });

    it('follow a group granted only once refreshed (the format is chosen again), for every viewer', async () => {
      value(await t.kernel.api.permissions.grant(ann, 'group.moderator', CONSOLE));
      await t.clock.advance(10);
      assert.equal(screen(bob).nametagOf('Ann'), undefined, 'not chosen again by the interval');
      assert.deepEqual(value(await sb.refreshNametag(ann, REST)), { 'player-id': ann, 'player-name': 'Ann' });
      assert.deepEqual(screen(bob).nametagOf('Ann'), { prefix: '[Mod] ', suffix: ' *', color: 'reset' });
      assert.deepEqual(screen(ann).nametagOf('Ann'), { prefix: '[Mod] ', suffix: ' *', color: 'reset' });
    });

    it('take the first format listed whose group the player is in, whatever order the groups were given in', async () => {
      value(await t.kernel.api.permissions.grant(ann, 'group.admin', CONSOLE));
      value(await sb.refreshNametag(ann, REST));
      assert.deepEqual(screen(bob).nametagOf('Ann'), { prefix: '[Admin] ', suffix: '', color: 'red' });
      value(await t.kernel.api.permissions.revoke(ann, 'group.admin', CONSOLE));
      value(await t.kernel.api.permissions.revoke(ann, 'group.moderator', CONSOLE));
      value(await sb.refreshNametag(ann, REST));
      assert.equal(screen(bob).nametagOf('Ann'), undefined);
    });

    it('are chosen when the player joins', async () => {
      value(await t.kernel.api.permissions.grant(bob, 'group.admin', CONSOLE));
      t.platform.quit(bob);
      bob = (await t.join('Bob')).uuid;
      assert.equal(screen(ann).nametagOf('Bob')?.prefix, '[Admin] ');
    });
  });

  describe('core reload', () => {
    it('applies a new scoreboard.conf at the next redraw: sidebar, tab list, and nametags chosen again', async () => {
      writeFileSync(
        join(t.configDir, 'scoreboard.conf'),
        CONF.replace('&6&lStats', 'News').replace('"second line"', '"other line"').replace('&c[Admin] ', '[Boss] ').replace('refresh-seconds = 10', 'refresh-seconds = 3'),
      );
      const r = t.kernel.configs.reloadAll().find((f) => f.file === 'scoreboard.conf');
      assert.deepEqual(r, { file: 'scoreboard.conf', outcome: 'changed', applied: ['nametags.admin', 'refresh-seconds', 'sidebar', 'tablist'], restart: [] });
      await t.clock.advance(10);
      await t.until(() => screen(bob).sidebar()?.title === 'News' && screen(ann).nametagOf('Bob')?.prefix === '[Boss] ', 'the redraw after the reload');
      assert.equal(screen(bob).tabListText().header, 'Welcome, Bob\nother line');
    });

    it('keeps the old settings when the file is invalid', async () => {
      writeFileSync(join(t.configDir, 'scoreboard.conf'), '[sidebar]\ntitle = 1\n');
      const r = t.kernel.configs.reloadAll().find((f) => f.file === 'scoreboard.conf');
      assert.equal(r?.outcome, 'invalid');
      await t.clock.advance(3);
      assert.equal(screen(bob).sidebar()?.title, 'News');
    });
  });

  describe('the preference across a restart', () => {
    it('is kept: a player who hid the sidebar does not get it back after a restart', async () => {
      assert.equal(value(await sb.sidebar(ann)).hidden, true);
      writeFileSync(join(t.configDir, 'scoreboard.conf'), CONF.replace('&6&lStats', 'News'));
      await t.restart();
      sb = t.kernel.api.scoreboard;
      ann = (await t.join('Ann')).uuid;
      bob = (await t.join('Bob')).uuid;
      assert.equal(screen(ann).sidebar(), undefined);
      assert.equal(value(await sb.sidebar(ann)).hidden, true);
      assert.equal(screen(bob).sidebar()?.title, 'News');
    });
  });
});

describe('scoreboard on PostgreSQL', () => {
  it('migrates, keeps the preference across a restart, and declines the state already held', (ctx) =>
    withPostgres(ctx, 'scoreboard', async (openDb) => {
      const k = await startTestKernel({ modules: [scoreboardModule], openDb });
      try {
        let ann = (await k.join('Ann')).uuid;
        assert.equal(value(await k.kernel.api.scoreboard.sidebar(ann)).hidden, false);
        value(await k.kernel.api.scoreboard.setSidebarHidden(ann, true, REST));
        declined(await k.kernel.api.scoreboard.setSidebarHidden(ann, true, REST), 'already-in-state');
        await k.restart();
        ann = (await k.join('Ann')).uuid;
        assert.equal(value(await k.kernel.api.scoreboard.sidebar(ann)).hidden, true);
        value(await k.kernel.api.scoreboard.toggleSidebar(ann, CONSOLE));
        assert.equal(value(await k.kernel.api.scoreboard.sidebar(ann)).hidden, false);
        assert.equal(k.platform.sidebar(ann)?.title !== undefined, true);
      } finally {
        await k.close();
      }
    }));
});
