// The sidebar, tab list and nametags against the real server, read from real bots' screens, with
// every scoreboard route called over real HTTP and scoreboard.visibility seen on a real event
// stream. refresh-seconds is an hour here, so that what changes on screen is the refresh routes'
// doing (and /sidebar's), not the interval's.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { botScreen, type Screen } from '../contract/screens.ts';
import { createBot, nextEvent, never, waitFor, waitForMessage, joinBot, type Bot } from './support/bots.ts';
import { startScene, type RestServer, type Scene, type Subscription } from './support/rest-server.ts';

const CONF = `refresh-seconds = 3600
[sidebar]
title = "&6&lStats"
lines = ["&7Hi &f{player}", "&7Coins: &a{balance}"]
[tablist]
header = ["&6Welcome, {player}"]
footer = ["{online} online"]
[[nametags]]
group = "admin"
prefix = "&c[Admin] "
color = "red"
[[nametags]]
group = "moderator"
prefix = "&9[Mod] "
suffix = " *"
`;

const NEVER_SEEN = '00000000-0000-0000-0000-0000000000ab';

describe('sidebar, tab list and nametags seen by bots', () => {
  let scene: Scene;
  let rs: RestServer;
  let writer: string;
  let reader: string;
  let events: Subscription;
  let ann: Bot;
  let ben: Bot;
  let annId: string;
  let benId: string;
  const screens = new Map<string, Screen>();
  const screen = (bot: Bot) => screens.get(bot.username)!;

  before(async () => {
    ({ rs, writer, reader, events, ann, ben } = scene = await startScene(['scoreboard.*'], {
      config: { 'core/scoreboard.conf': CONF },
      // The screen records from before the spawn: the sidebar is drawn as the player joins.
      async join(port, name) {
        const bot = createBot(port, name, { viewDistance: 2 });
        screens.set(name, botScreen(bot));
        await nextEvent(bot, 'spawn', 20000);
        return bot;
      },
    }));
    annId = ann.player.uuid;
    benId = ben.player.uuid;
  });
  after(() => scene?.close());

  it('shows the sidebar title and a line with the player’s own balance, drawn again by the refresh route', async () => {
    await waitFor(() => screen(ann).sidebar()?.title === 'Stats', 'Ann’s sidebar');
    await waitFor(() => screen(ann).sidebar()?.lines.length === 2, 'both lines of Ann’s sidebar');
    assert.deepEqual(screen(ann).sidebar()?.lines, ['Hi Ann', 'Coins: $100.00']);
    // Each player's sidebar is worked out for them: Ben's greets Ben.
    await waitFor(() => screen(ben).sidebar()?.lines[0] === 'Hi Ben', 'Ben’s own sidebar');
    const paid = await rs.call('POST', `/players/${annId}/balance/deposit`, writer, { amount: 25 });
    assert.equal(paid.json.ok, true, JSON.stringify(paid.json));
    const r = await rs.call('POST', `/players/${annId}/scoreboard/refresh`, writer);
    assert.deepEqual([r.status, r.json.data], [200, { 'player-id': annId, 'player-name': 'Ann', online: true, hidden: false }]);
    await waitFor(() => screen(ann).sidebar()?.lines[1] === 'Coins: $125.00', 'the new balance on Ann’s sidebar');
  });

  it('hides the sidebar with /sidebar (scoreboard.visibility); the route then reads hidden and declines the same state', async () => {
    const told = waitForMessage(ann, /Sidebar hidden/);
    ann.chat('/sidebar');
    await told;
    await waitFor(() => screen(ann).sidebar() === undefined, 'Ann’s sidebar to go');
    const e = await events.next('scoreboard.visibility', (d) => d['player-id'] === annId && d.hidden === true);
    assert.equal(e.data.actor, 'Ann');
    const read = await rs.call('GET', `/players/${annId}/scoreboard`, reader);
    assert.deepEqual(read.json.data, { 'player-id': annId, 'player-name': 'Ann', online: true, hidden: true });
    const same = await rs.call('POST', `/players/${annId}/scoreboard`, writer, { hidden: true });
    assert.deepEqual([same.status, same.json.ok, same.json.code], [200, false, 'already-in-state']);
    const byDefault = await rs.call('POST', `/players/${annId}/scoreboard`, writer, {});
    assert.equal(byDefault.json.code, 'already-in-state', 'hidden defaults to true');
    await rs.call('POST', `/players/${annId}/scoreboard/refresh`, writer);
    await never(() => screen(ann).sidebar() !== undefined, 'a refresh drawing a hidden sidebar');
  });

  it('shows it again through the route (the same preference): /sidebar then hides it once more', async () => {
    const r = await rs.call('POST', `/players/${annId}/scoreboard`, writer, { hidden: false });
    assert.deepEqual(r.json.data, { 'player-id': annId, 'player-name': 'Ann', online: true, hidden: false });
    const e = await events.next('scoreboard.visibility', (d) => d['player-id'] === annId && d.hidden === false);
    assert.equal(e.data.actor, 'core-rest/writer');
    await waitFor(() => screen(ann).sidebar()?.title === 'Stats', 'Ann’s sidebar back');
    const told = waitForMessage(ann, /Sidebar hidden/);
    ann.chat('/sidebar');
    await told;
    assert.equal((await rs.call('GET', `/players/${annId}/scoreboard`, reader)).json.data.hidden, true);
  });

  it('shows the tab list header and footer, drawn again by the tab list refresh route', async () => {
    await waitFor(() => screen(ann).tabListText().header === 'Welcome, Ann', 'Ann’s header');
    assert.deepEqual(screen(ben).tabListText(), { header: 'Welcome, Ben', footer: '2 online' });
    const cat = await joinBot(rs.server.gamePort, 'Cat', { viewDistance: 2 });
    try {
      await never(() => screen(ben).tabListText().footer !== '2 online', 'the footer changing without a refresh', 300);
      const r = await rs.call('POST', `/players/${benId}/tablist/refresh`, writer);
      assert.deepEqual([r.status, r.json.data], [200, { 'player-id': benId, 'player-name': 'Ben' }]);
      await waitFor(() => screen(ben).tabListText().footer === '3 online', 'Ben’s footer after the refresh');
    } finally {
      cat.quit();
    }
  });

  it('changes the nametags both bots see after a group grant, once the nametag is refreshed', async () => {
    assert.equal(screen(ben).nametagOf('Ann'), undefined);
    await rs.console('perm grant Ann group.admin', /Granted group\.admin to Ann/);
    await rs.console('perm grant Ben group.moderator', /Granted group\.moderator to Ben/);
    await never(() => screen(ben).nametagOf('Ann') !== undefined, 'the prefix before the refresh', 300);
    const r = await rs.call('POST', `/players/${annId}/nametag/refresh`, writer);
    assert.deepEqual([r.status, r.json.data], [200, { 'player-id': annId, 'player-name': 'Ann' }]);
    await waitFor(() => screen(ben).nametagOf('Ann')?.prefix === '[Admin] ', 'Ben to see Ann’s prefix');
    await waitFor(() => screen(ann).nametagOf('Ann')?.prefix === '[Admin] ', 'Ann to see her own prefix');
    assert.equal(screen(ben).nametagOf('Ann')?.color, 'red');
    await rs.call('POST', `/players/${benId}/nametag/refresh`, writer);
    await waitFor(() => screen(ann).nametagOf('Ben')?.prefix === '[Mod] ', 'Ann to see Ben’s prefix');
    assert.equal(screen(ann).nametagOf('Ben')?.suffix, ' *');
  });

  it('answers hidden null for an offline player and declines the writes with player-offline; a player never seen with not-found', async () => {
    const cat = await rs.call('GET', `/players/${NEVER_SEEN}/scoreboard`, reader);
    assert.deepEqual([cat.status, cat.json.code], [200, 'not-found']);
    const bad = await rs.call('GET', '/players/ann/scoreboard', reader);
    assert.deepEqual([bad.status, bad.json.field], [400, 'uuid']);
    const badBody = await rs.call('POST', `/players/${annId}/scoreboard`, writer, { hidden: 'yes' });
    assert.deepEqual([badBody.status, badBody.json.field], [400, 'hidden']);
    const left = nextEvent(ben, 'end');
    ben.quit();
    await left;
    await waitFor(() => screen(ann).nametagOf('Ben') === undefined, 'Ben gone');
    const read = await rs.call('GET', `/players/${benId}/scoreboard`, reader);
    assert.deepEqual(read.json.data, { 'player-id': benId, 'player-name': 'Ben', online: false, hidden: null });
    for (const path of ['scoreboard', 'scoreboard/refresh', 'tablist/refresh', 'nametag/refresh']) {
      const r = await rs.call('POST', `/players/${benId}/${path}`, writer, path === 'scoreboard' ? { hidden: false } : undefined);
      assert.deepEqual([r.status, r.json.ok, r.json.code], [200, false, 'player-offline'], path);
    }
  });

  it('needs the write scope for writes', async () => {
    const r = await rs.call('POST', `/players/${annId}/nametag/refresh`, reader);
    assert.deepEqual([r.status, r.json.scope], [403, 'write']);
  });

  it('keeps the hidden sidebar hidden across a restart, and the nametag chosen again on joining', async () => {
    rs = await scene.restart();
    const again = createBot(rs.server.gamePort, 'Ann', { viewDistance: 2 });
    const seen = botScreen(again);
    await nextEvent(again, 'spawn', 20000);
    await waitFor(() => seen.tabListText().header === 'Welcome, Ann' && seen.nametagOf('Ann')?.prefix === '[Admin] ', 'Ann’s header and nametag');
    await never(() => seen.sidebar() !== undefined, 'the hidden sidebar drawn', 300);
    assert.equal((await rs.call('GET', `/players/${annId}/scoreboard`, reader)).json.data.hidden, true);
  });
});
