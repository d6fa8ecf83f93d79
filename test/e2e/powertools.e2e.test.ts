// Powertools against the real server, with bots as the players: /powertool binds a command to the
// item a bot holds, using the item (a right-click) runs it as the bot, and both read routes answer
// over real HTTP, before and after a restart.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Bot } from './support/bots.ts';
import { joinBot, quit, waitFor, waitForMessage } from './support/bots.ts';
import { startScene, type RestServer, type Scene } from './support/rest-server.ts';

describe('powertools in game and over the Remote Access Service', () => {
  let scene: Scene;
  let rs: RestServer;
  let reader: string;
  let ann: Bot;
  let ben: Bot;
  let annId: string;
  let benId: string;
  let spot: { world: string; x: number; y: number; z: number };

  const standsAt = (bot: Bot, p: { x: number; z: number }) => Math.abs(bot.entity.position.x - p.x) < 0.01 && Math.abs(bot.entity.position.z - p.z) < 0.01;

  before(async () => {
    ({ rs, reader, ann, ben } = scene = await startScene(['warp.*']));
    annId = ann.player.uuid;
    benId = ben.player.uuid;
    const p = ann.entity.position;
    spot = { world: 'world', x: Math.floor(p.x) - 4.5, y: Math.floor(p.y) + 1, z: Math.floor(p.z) + 3.5 };
    assert.equal((await rs.call('POST', '/warps/spot/create', scene.writer, { location: spot })).json.ok, true);
    await rs.console('kit give Ann starter', /Gave the kit Starter to Ann/);
    await waitFor(() => ann.heldItem?.name === 'stone_sword', 'Ann to hold the starter sword');
  });
  after(() => scene?.close());

  it('answers empty and null before anything is bound', async () => {
    const list = await rs.call('GET', `/players/${annId}/powertools`, reader);
    assert.deepEqual([list.status, list.json.data], [200, { items: [], count: 0 }]);
    const held = await rs.call('GET', `/players/${annId}/powertools/held`, reader);
    assert.deepEqual([held.status, held.json.ok, held.json.data], [200, true, null]);
  });

  it('binds a command to the held sword with /powertool; using the sword runs it (Ann is warped)', async () => {
    const bound = waitForMessage(ann, /Bound \/warp spot to stone_sword/);
    ann.chat('/powertool /warp spot');
    await bound;
    assert.equal(standsAt(ann, spot), false);
    ann.activateItem();
    await waitFor(() => standsAt(ann, spot), 'Ann to stand at the warp after using the sword');
  });

  it('lists the bound items in slot order and what the main hand runs', async () => {
    const list = await rs.call('GET', `/players/${annId.replaceAll('-', '')}/powertools`, reader);
    assert.deepEqual(list.json.data, { items: [{ slot: 0, material: 'stone_sword', command: 'warp spot' }], count: 1 });
    const held = await rs.call('GET', `/players/${annId}/powertools/held`, reader);
    assert.deepEqual(held.json.data, { slot: 0, material: 'stone_sword', command: 'warp spot' });
    ann.setQuickBarSlot(1);
    await waitFor(() => ann.heldItem?.name === 'bread', 'Ann to hold the bread');
    await waitFor(() => ann.quickBarSlot === 1, 'Ann to select slot 1');
    let other = await rs.call('GET', `/players/${annId}/powertools/held`, reader);
    for (let i = 0; i < 50 && other.json.data !== null; i++) other = await rs.call('GET', `/players/${annId}/powertools/held`, reader);
    assert.equal(other.json.data, null, 'the bread runs nothing');
    ann.setQuickBarSlot(0);
  });

  it('runs the command with the player’s own permissions: one Ann may not use is refused to her', async () => {
    await waitFor(() => ann.heldItem?.name === 'stone_sword', 'Ann to hold the sword again');
    const bound = waitForMessage(ann, /Bound \/setwarp mine to stone_sword/);
    ann.chat('/powertool setwarp mine');
    await bound;
    const refused = waitForMessage(ann, /You do not have permission \(core\.warp\.admin\)/);
    ann.activateItem();
    await refused;
    const warp = await rs.call('GET', '/warps/mine', reader);
    assert.equal(warp.json.code, 'not-found');
  });

  it('tells a bot with an empty hand or an unknown command what is wrong, and lists its binds', async () => {
    ben.setQuickBarSlot(4);
    const empty = waitForMessage(ben, /Hold an item in your main hand/);
    ben.chat('/powertool warp spot');
    await empty;
    const unknown = waitForMessage(ann, /There is no command \/nosuch to bind/);
    ann.chat('/powertool nosuch');
    await unknown;
    const listed = waitForMessage(ann, /stone_sword: \/setwarp mine/);
    ann.chat('/powertool list');
    await listed;
  });

  it('answers empty and null for another player, an offline one, and not-found for one never seen', async () => {
    const benList = await rs.call('GET', `/players/${benId}/powertools`, reader);
    assert.deepEqual(benList.json.data, { items: [], count: 0 });
    await quit(ben);
    const offline = await rs.call('GET', `/players/${benId}/powertools/held`, reader);
    assert.deepEqual([offline.status, offline.json.data], [200, null]);
    const never = await rs.call('GET', '/players/00000000-0000-0000-0000-0000000000aa/powertools/held', reader);
    assert.deepEqual([never.status, never.json.code], [200, 'not-found']);
    const bad = await rs.call('GET', '/players/ann/powertools', reader);
    assert.deepEqual([bad.status, bad.json.field], [400, 'uuid']);
  });

  it('keeps the bind across a restart: the sword warps Ann again after she rejoins', async () => {
    const bound = waitForMessage(ann, /Bound \/warp spot to stone_sword/);
    ann.chat('/powertool warp spot');
    await bound;
    await quit(ann);
    rs = await scene.restart();
    ann = await joinBot(rs.server.gamePort, 'Ann');
    await waitFor(() => ann.heldItem?.name === 'stone_sword', 'Ann to hold her sword after the restart');
    const held = await rs.call('GET', `/players/${annId}/powertools/held`, reader);
    assert.deepEqual(held.json.data, { slot: 0, material: 'stone_sword', command: 'warp spot' });
    if (standsAt(ann, spot)) {
      ann.setControlState('forward', true);
      await waitFor(() => !standsAt(ann, spot), 'Ann to step off the warp');
      ann.setControlState('forward', false);
    }
    ann.activateItem();
    await waitFor(() => standsAt(ann, spot), 'Ann to be warped by the sword after the restart');
  });

  it('unbinds with /powertool: the sword is an ordinary sword again', async () => {
    const unbound = waitForMessage(ann, /Unbound \/warp spot from stone_sword/);
    ann.chat('/powertool');
    await unbound;
    const held = await rs.call('GET', `/players/${annId}/powertools/held`, reader);
    assert.equal(held.json.data, null);
    const again = waitForMessage(ann, /No command is bound to stone_sword/);
    ann.chat('/powertool clear');
    await again;
  });
});
