// Powertools on the in-process scene (the whole plugin on the fake platform, test/support/scene.ts):
// /powertool binds a command to the item a player holds, using the item runs it as that player with
// their own permissions, and both read routes answer over real HTTP, before and after a restart.
// What a player sees of it in the real game: test/e2e/areas/powertools.ts.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startKernelScene, type KernelScene, type SceneRest, type ScenePlayer } from '../../../test/support/scene.ts';

describe('powertools in game and over the Remote Access Service (in process)', () => {
  let scene: KernelScene;
  let rs: SceneRest;
  let reader: string;
  let ann: ScenePlayer;
  let ben: ScenePlayer;
  let annId: string;
  let benId: string;
  let spot: { world: string; x: number; y: number; z: number };

  const standsAt = (p: ScenePlayer, at: { x: number; z: number }) => p.location().x === at.x && p.location().z === at.z;
  /** What Ann holds in her main hand. */
  const held = () => {
    const inv = scene.t.platform.playerInventory(annId)!;
    return inv.storage[inv.selectedSlot]?.material;
  };
  /** Ann right-clicks with what she holds; resolves once what it started has run. */
  const use = async () => {
    scene.t.platform.gameplay.useItem(annId);
    await scene.t.settle();
  };

  before(async () => {
    ({ rs, reader, ann, ben } = scene = await startKernelScene(['warp.*']));
    annId = ann.uuid;
    benId = ben.uuid;
    const p = ann.location();
    spot = { world: 'world', x: Math.floor(p.x) - 4.5, y: Math.floor(p.y) + 1, z: Math.floor(p.z) + 3.5 };
    assert.equal((await rs.call('POST', '/warps/spot/create', scene.writer, { location: spot })).json.ok, true);
    await rs.console('kit give Ann starter', /You gave the kit Starter to Ann/);
    assert.equal(held(), 'stone_sword', 'Ann holds the starter sword');
  });
  after(() => scene?.close());

  it('answers empty and null before anything is bound', async () => {
    const list = await rs.call('GET', `/players/${annId}/powertools`, reader);
    assert.deepEqual([list.status, list.json.data], [200, { items: [], count: 0 }]);
    const r = await rs.call('GET', `/players/${annId}/powertools/held`, reader);
    assert.deepEqual([r.status, r.json.ok, r.json.data], [200, true, null]);
  });

  it('binds a command to the held sword with /powertool; using the sword runs it (Ann is warped)', async () => {
    await ann.run('/powertool /warp spot', /Bound \/warp spot to stone_sword/);
    assert.equal(standsAt(ann, spot), false);
    await use();
    assert.equal(standsAt(ann, spot), true, 'Ann stands at the warp after using the sword');
  });

  it('lists the bound items in slot order and what the main hand runs', async () => {
    const list = await rs.call('GET', `/players/${annId.replaceAll('-', '')}/powertools`, reader);
    assert.deepEqual(list.json.data, { items: [{ slot: 0, material: 'stone_sword', command: 'warp spot' }], count: 1 });
    const r = await rs.call('GET', `/players/${annId}/powertools/held`, reader);
    assert.deepEqual(r.json.data, { slot: 0, material: 'stone_sword', command: 'warp spot' });
    scene.t.platform.wholeInventories.select(annId, 1);
    assert.equal(held(), 'bread');
    const other = await rs.call('GET', `/players/${annId}/powertools/held`, reader);
    assert.equal(other.json.data, null, 'the bread runs nothing');
    scene.t.platform.wholeInventories.select(annId, 0);
  });

  it('runs the command with the player’s own permissions: one Ann may not use is refused to her', async () => {
    assert.equal(held(), 'stone_sword', 'Ann holds the sword again');
    await ann.run('/powertool setwarp mine', /Bound \/setwarp mine to stone_sword/);
    const mark = ann.messages.length;
    await use();
    assert.match(ann.messages.slice(mark).join('\n'), /You do not have permission \(core\.warp\.admin\)/);
    const warp = await rs.call('GET', '/warps/mine', reader);
    assert.equal(warp.json.code, 'not-found');
  });

  it('tells a player with an empty hand or an unknown command what is wrong, and lists their binds', async () => {
    scene.t.platform.wholeInventories.select(benId, 4);
    await ben.run('/powertool warp spot', /Hold an item in your main hand/);
    await ann.run('/powertool nosuch', /There is no command \/nosuch to bind/);
    await ann.run('/powertool list', /stone_sword: \/setwarp mine/);
  });

  it('answers empty and null for another player, an offline one, and not-found for one never seen', async () => {
    const benList = await rs.call('GET', `/players/${benId}/powertools`, reader);
    assert.deepEqual(benList.json.data, { items: [], count: 0 });
    ben.quit();
    const offline = await rs.call('GET', `/players/${benId}/powertools/held`, reader);
    assert.deepEqual([offline.status, offline.json.data], [200, null]);
    const never = await rs.call('GET', '/players/00000000-0000-0000-0000-0000000000aa/powertools/held', reader);
    assert.deepEqual([never.status, never.json.code], [200, 'not-found']);
    const bad = await rs.call('GET', '/players/ann/powertools', reader);
    assert.deepEqual([bad.status, bad.json.field], [400, 'uuid']);
  });

  it('keeps the bind across a restart: the sword warps Ann again after she rejoins', async () => {
    await ann.run('/powertool warp spot', /Bound \/warp spot to stone_sword/);
    ann.quit();
    await scene.restart();
    ann = await scene.join('Ann');
    // The game keeps a player's inventory; the fake forgets it at a restart: she carries her sword again.
    scene.t.platform.setInventory(annId, [{ material: 'stone_sword', count: 1 }, { material: 'bread', count: 16 }]);
    assert.equal(held(), 'stone_sword');
    const r = await rs.call('GET', `/players/${annId}/powertools/held`, reader);
    assert.deepEqual(r.json.data, { slot: 0, material: 'stone_sword', command: 'warp spot' });
    assert.equal(standsAt(ann, spot), false, 'Ann joined away from the warp');
    await use();
    assert.equal(standsAt(ann, spot), true, 'Ann is warped by the sword after the restart');
  });

  it('unbinds with /powertool: the sword is an ordinary sword again', async () => {
    await ann.run('/powertool', /Unbound \/warp spot from stone_sword/);
    const r = await rs.call('GET', `/players/${annId}/powertools/held`, reader);
    assert.equal(r.json.data, null);
    await ann.run('/powertool clear', /No command is bound to stone_sword/);
    const at = ann.location();
    assert.equal(scene.t.platform.gameplay.useItem(annId), false, 'the use is the sword’s own again');
    await scene.t.settle();
    assert.deepEqual(ann.location(), at);
  });
});
