// The sidebar, tab list and nametags on the in-process scene (the whole plugin on the fake platform,
// test/support/scene.ts), read from each player's screen as the fake records it, with every
// scoreboard route called over real HTTP and scoreboard.visibility seen on a real event stream.
// refresh-seconds is an hour here, so that what changes on screen is the refresh routes' doing (and
// /sidebar's), not the interval's. What the bots see of it in the real game:
// test/e2e/areas/scoreboard.ts.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { fakeScreen, type Screen } from '../../../test/contract/screens.ts';
import { startKernelScene, type KernelScene, type SceneRest, type ScenePlayer, type Subscription } from '../../../test/support/scene.ts';

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

describe('sidebar, tab list and nametags (in process)', () => {
  let scene: KernelScene;
  let rs: SceneRest;
  let writer: string;
  let reader: string;
  let events: Subscription;
  let ann: ScenePlayer;
  let ben: ScenePlayer;
  let annId: string;
  let benId: string;

  /** What the player's screen shows now. */
  const screen = (p: ScenePlayer): Screen => fakeScreen(scene.t.platform, scene.t.platform.player(p.uuid)!);

  before(async () => {
    ({ rs, writer, reader, events, ann, ben } = scene = await startKernelScene(['scoreboard.*'], { config: { 'core/scoreboard.conf': CONF } }));
    annId = ann.uuid;
    benId = ben.uuid;
  });
  after(() => scene?.close());

  it('shows the sidebar title and a line with the player’s own balance, drawn again by the refresh route', async () => {
    assert.deepEqual(screen(ann).sidebar(), { title: 'Stats', lines: ['Hi Ann', 'Coins: $100.00'] });
    // Each player's sidebar is worked out for them: Ben's greets Ben.
    assert.equal(screen(ben).sidebar()?.lines[0], 'Hi Ben');
    const paid = await rs.call('POST', `/players/${annId}/balance/deposit`, writer, { amount: 25 });
    assert.equal(paid.json.ok, true, JSON.stringify(paid.json));
    assert.equal(screen(ann).sidebar()?.lines[1], 'Coins: $100.00', 'not drawn again before the refresh');
    const r = await rs.call('POST', `/players/${annId}/scoreboard/refresh`, writer);
    assert.deepEqual([r.status, r.json.data], [200, { 'player-id': annId, 'player-name': 'Ann', online: true, hidden: false }]);
    assert.equal(screen(ann).sidebar()?.lines[1], 'Coins: $125.00', 'the new balance on Ann’s sidebar');
  });

  it('hides the sidebar with /sidebar (scoreboard.visibility); the route then reads hidden and declines the same state', async () => {
    await ann.run('/sidebar', /Sidebar hidden/);
    assert.equal(screen(ann).sidebar(), undefined, 'Ann’s sidebar is gone');
    const e = await events.next('scoreboard.visibility', (d) => d['player-id'] === annId && d.hidden === true);
    assert.equal(e.data.actor, 'Ann');
    const read = await rs.call('GET', `/players/${annId}/scoreboard`, reader);
    assert.deepEqual(read.json.data, { 'player-id': annId, 'player-name': 'Ann', online: true, hidden: true });
    const same = await rs.call('POST', `/players/${annId}/scoreboard`, writer, { hidden: true });
    assert.deepEqual([same.status, same.json.ok, same.json.code], [200, false, 'already-in-state']);
    const byDefault = await rs.call('POST', `/players/${annId}/scoreboard`, writer, {});
    assert.equal(byDefault.json.code, 'already-in-state', 'hidden defaults to true');
    await rs.call('POST', `/players/${annId}/scoreboard/refresh`, writer);
    await scene.t.settle();
    assert.equal(screen(ann).sidebar(), undefined, 'a refresh draws no hidden sidebar');
  });

  it('shows it again through the route (the same preference): /sidebar then hides it once more', async () => {
    const r = await rs.call('POST', `/players/${annId}/scoreboard`, writer, { hidden: false });
    assert.deepEqual(r.json.data, { 'player-id': annId, 'player-name': 'Ann', online: true, hidden: false });
    const e = await events.next('scoreboard.visibility', (d) => d['player-id'] === annId && d.hidden === false);
    assert.equal(e.data.actor, 'core-rest/writer');
    assert.deepEqual(screen(ann).sidebar(), { title: 'Stats', lines: ['Hi Ann', 'Coins: $125.00'] }, 'Ann’s sidebar is back');
    await ann.run('/sidebar', /Sidebar hidden/);
    assert.equal(screen(ann).sidebar(), undefined);
    assert.equal((await rs.call('GET', `/players/${annId}/scoreboard`, reader)).json.data.hidden, true);
  });

  it('shows the tab list header and footer, drawn again by the tab list refresh route', async () => {
    assert.equal(screen(ann).tabListText().header, 'Welcome, Ann');
    assert.deepEqual(screen(ben).tabListText(), { header: 'Welcome, Ben', footer: '2 online' });
    const cat = await scene.join('Cat');
    try {
      assert.deepEqual(screen(cat).tabListText(), { header: 'Welcome, Cat', footer: '3 online' }, 'Cat’s own, drawn as she joins');
      await scene.t.settle();
      assert.equal(screen(ben).tabListText().footer, '2 online', 'Ben’s footer does not change without a refresh');
      const r = await rs.call('POST', `/players/${benId}/tablist/refresh`, writer);
      assert.deepEqual([r.status, r.json.data], [200, { 'player-id': benId, 'player-name': 'Ben' }]);
      assert.equal(screen(ben).tabListText().footer, '3 online', 'Ben’s footer after the refresh');
    } finally {
      cat.quit();
    }
  });

  it('changes the nametags both players see after a group grant, once the nametag is refreshed', async () => {
    assert.equal(screen(ben).nametagOf('Ann'), undefined);
    await rs.console('perm grant Ann group.admin', /Granted group\.admin to Ann/);
    await rs.console('perm grant Ben group.moderator', /Granted group\.moderator to Ben/);
    await scene.t.settle();
    assert.equal(screen(ben).nametagOf('Ann'), undefined, 'no prefix before the refresh');
    const r = await rs.call('POST', `/players/${annId}/nametag/refresh`, writer);
    assert.deepEqual([r.status, r.json.data], [200, { 'player-id': annId, 'player-name': 'Ann' }]);
    assert.deepEqual(screen(ben).nametagOf('Ann'), { prefix: '[Admin] ', suffix: '', color: 'red' }, 'Ben sees Ann’s prefix');
    assert.equal(screen(ann).nametagOf('Ann')?.prefix, '[Admin] ', 'Ann sees her own prefix');
    await rs.call('POST', `/players/${benId}/nametag/refresh`, writer);
    assert.equal(screen(ann).nametagOf('Ben')?.prefix, '[Mod] ', 'Ann sees Ben’s prefix');
    assert.equal(screen(ann).nametagOf('Ben')?.suffix, ' *');
  });

  it('answers hidden null for an offline player and declines the writes with player-offline; a player never seen with not-found', async () => {
    const cat = await rs.call('GET', `/players/${NEVER_SEEN}/scoreboard`, reader);
    assert.deepEqual([cat.status, cat.json.code], [200, 'not-found']);
    const bad = await rs.call('GET', '/players/ann/scoreboard', reader);
    assert.deepEqual([bad.status, bad.json.field], [400, 'uuid']);
    const badBody = await rs.call('POST', `/players/${annId}/scoreboard`, writer, { hidden: 'yes' });
    assert.deepEqual([badBody.status, badBody.json.field], [400, 'hidden']);
    ben.quit();
    await scene.t.settle();
    assert.equal(screen(ann).nametagOf('Ben'), undefined, 'Ben is gone');
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
    await scene.restart();
    ann = await scene.join('Ann');
    assert.equal(screen(ann).tabListText().header, 'Welcome, Ann');
    assert.equal(screen(ann).nametagOf('Ann')?.prefix, '[Admin] ');
    await scene.t.settle();
    assert.equal(screen(ann).sidebar(), undefined, 'the hidden sidebar is not drawn');
    assert.equal((await rs.call('GET', `/players/${annId}/scoreboard`, reader)).json.data.hidden, true);
  });
});
