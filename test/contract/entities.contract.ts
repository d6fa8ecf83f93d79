// The entities contract: NPCs and text displays as players' clients show them, who sees which,
// clicks on them, and skins. Run on the fake and on flying-squid with bots (see platform.contract.ts).

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Location } from '../../src/platform/platform.ts';
import type { Skin } from '../../src/platform/entities.ts';
import { playerName, type Contract } from './platform.contract.ts';
import type { HarnessPlayer, PlatformHarness, SeenEntity } from './harness.ts';

function skinOf(url: string): Skin {
  return { value: Buffer.from(JSON.stringify({ textures: { SKIN: { url } } })).toString('base64'), signature: 'c2lnbmVk' };
}

/** A spot near the spawn, so that every client has it in sight. */
function near(h: PlatformHarness, dx: number, dz: number): Location {
  const s = h.platform.spawnLocation();
  return { ...s, x: s.x + dx, z: s.z + dz, yaw: 0, pitch: 0 };
}

function spawned(result: { ok: true; id: string } | { ok: false; message: string }): string {
  assert.ok(result.ok, result.ok ? '' : result.message);
  return result.id;
}

function npcNamed(p: HarnessPlayer, name: string): SeenEntity | undefined {
  return p.seen().find((e) => e.kind === 'player' && e.name === name);
}

function textSaying(p: HarnessPlayer, text: string): SeenEntity | undefined {
  return p.seen().find((e) => e.kind === 'text_display' && e.text === text);
}

function closeTo(actual: { x: number; y: number; z: number }, expected: Location): boolean {
  return Math.abs(actual.x - expected.x) < 0.01 && Math.abs(actual.y - expected.y) < 0.01 && Math.abs(actual.z - expected.z) < 0.01;
}

/**
 * Resolves once `p` sees a fresh marker spawned for everyone: packets reach a client in order, so
 * what was sent to it before the marker has arrived by then.
 */
async function settled(h: PlatformHarness, p: HarnessPlayer): Promise<void> {
  const line = `marker ${playerName('m')}`;
  const id = spawned(h.platform.spawnTextDisplay({ lines: [line], location: near(h, -3, -3) }));
  await h.until(() => textSaying(p, line) !== undefined, `${p.player.name} sees the marker`);
  h.platform.removeEntity(id);
}

export const entitiesContract: Contract = (h) => {
  describe('entities', () => {
    it('shows an NPC with its name where it stands, to players already there and to players who join later', async () => {
      const alice = await h().join(playerName('NpcSeer'));
      const name = playerName('Guide');
      const at = near(h(), 2, 1);
      const id = spawned(h().platform.spawnNpc({ name, location: at }));
      await h().until(() => npcNamed(alice, name) !== undefined, 'Alice sees the NPC');
      assert.ok(closeTo(npcNamed(alice, name)!.position, at), `the NPC stands at ${at.x}, ${at.y}, ${at.z}`);
      const bob = await h().join(playerName('Latecomer'));
      await h().until(() => npcNamed(bob, name) !== undefined, 'Bob, who joined later, sees the NPC');
      assert.ok(h().platform.spawnedEntities().some((e) => e.id === id && e.kind === 'npc' && e.name === name));
      h().platform.removeEntity(id);
      await alice.leave();
      await bob.leave();
    });

    it('shows an NPC spawned with its name hidden without a name, to players already there and to players who join later', async () => {
      const alice = await h().join(playerName('NoNameSeer'));
      const at = near(h(), -2, 1);
      const nameless = () => alice.seen().find((e) => e.kind === 'player' && e.name === undefined && closeTo(e.position, at));
      const id = spawned(h().platform.spawnNpc({ name: playerName('#hidden'), location: at, nameHidden: true }));
      await h().until(() => nameless() !== undefined, 'Alice sees an NPC without a name');
      const bob = await h().join(playerName('NoNameLate'));
      await h().until(() => bob.seen().some((e) => e.kind === 'player' && e.name === undefined && closeTo(e.position, at)), 'Bob, who joined later, sees it without a name');
      h().platform.removeEntity(id);
      await h().until(() => nameless() === undefined, 'the NPC is gone for Alice');
      await alice.leave();
      await bob.leave();
    });

    it('shows a text display with its lines, and its new lines once they change', async () => {
      const alice = await h().join(playerName('Reader'));
      const id = spawned(h().platform.spawnTextDisplay({ lines: ['Welcome', { text: 'to the server', color: 'gold' }], location: near(h(), -1, 2) }));
      await h().until(() => textSaying(alice, 'Welcome\nto the server') !== undefined, 'Alice reads the two lines');
      assert.deepEqual(h().platform.setTextLines(id, ['Changed']), { ok: true });
      await h().until(() => textSaying(alice, 'Changed') !== undefined, 'Alice reads the new line');
      h().platform.removeEntity(id);
      await alice.leave();
    });

    it('shows an entity spawned for one viewer to that viewer only', async () => {
      const alice = await h().join(playerName('Chosen'));
      const bob = await h().join(playerName('Other'));
      const name = playerName('Secret');
      const id = spawned(h().platform.spawnNpc({ name, location: near(h(), 1, -2), viewers: [alice.player.uuid] }));
      await h().until(() => npcNamed(alice, name) !== undefined, 'Alice sees her NPC');
      await settled(h(), bob);
      assert.equal(npcNamed(bob, name), undefined, 'Bob does not see it');
      h().platform.removeEntity(id);
      await alice.leave();
      await bob.leave();
    });

    it('hides an entity from one player and shows it to them again', async () => {
      const alice = await h().join(playerName('Hider'));
      const line = `hidden ${playerName('t')}`;
      const id = spawned(h().platform.spawnTextDisplay({ lines: [line], location: near(h(), 0, 3) }));
      await h().until(() => textSaying(alice, line) !== undefined, 'Alice sees the text');
      assert.deepEqual(h().platform.setEntityVisible(id, alice.player.uuid, false), { ok: true });
      await h().until(() => textSaying(alice, line) === undefined, 'the text is gone for Alice');
      h().platform.setEntityVisible(id, alice.player.uuid, true);
      await h().until(() => textSaying(alice, line) !== undefined, 'Alice sees the text again');
      h().platform.removeEntity(id);
      await alice.leave();
    });

    it('moves an entity where its viewers see it, and removes it from their sight', async () => {
      const alice = await h().join(playerName('Watcher'));
      const name = playerName('Walker');
      const id = spawned(h().platform.spawnNpc({ name, location: near(h(), 2, 2) }));
      await h().until(() => npcNamed(alice, name) !== undefined, 'Alice sees the NPC');
      const to = near(h(), -2, 3);
      assert.deepEqual(h().platform.moveEntity(id, to), { ok: true });
      await h().until(() => closeTo(npcNamed(alice, name)?.position ?? { x: NaN, y: NaN, z: NaN }, to), 'Alice sees the NPC where it went');
      assert.equal(h().platform.removeEntity(id), true);
      await h().until(() => npcNamed(alice, name) === undefined, 'the NPC is gone for Alice');
      assert.equal(h().platform.spawnedEntity(id), undefined);
      assert.equal(h().platform.removeEntity(id), false);
      await alice.leave();
    });

    it('reports clicks on an NPC as interact events with its id', async () => {
      const interactions = h().record('interact');
      const alice = await h().join(playerName('Clicker'));
      const name = playerName('Clerk');
      const id = spawned(h().platform.spawnNpc({ name, location: near(h(), 1, 1) }));
      await h().until(() => npcNamed(alice, name) !== undefined, 'Alice sees the NPC');
      const mine = () => interactions.filter((i) => i.player.uuid === alice.player.uuid);
      await alice.click(npcNamed(alice, name)!, 'attack');
      await h().until(() => mine().length === 1, 'the attack is reported');
      await alice.click(npcNamed(alice, name)!, 'use');
      await h().until(() => mine().length === 2, 'the use is reported');
      assert.deepEqual(
        mine().map((i) => [i.action, i.target]),
        [
          ['attack', { kind: 'entity', id }],
          ['use', { kind: 'entity', id }],
        ],
      );
      h().platform.removeEntity(id);
      await alice.leave();
    });

    it('reports a right-click on a clickable text display as an interact event with its id, and none on one not clickable', async () => {
      const interactions = h().record('interact');
      const alice = await h().join(playerName('Reader'));
      const plain = `plain ${playerName('t')}`;
      const button = `button ${playerName('t')}`;
      const plainId = spawned(h().platform.spawnTextDisplay({ lines: [plain], location: { ...near(h(), 1, -1), y: near(h(), 1, -1).y + 1 } }));
      const id = spawned(h().platform.spawnTextDisplay({ lines: [button, 'click me'], location: { ...near(h(), -1, 1), y: near(h(), -1, 1).y + 1 }, clickable: true }));
      const record = h().platform.spawnedEntity(id);
      assert.equal(record?.kind === 'text' ? record.clickable : undefined, true);
      await h().until(() => textSaying(alice, plain) !== undefined && textSaying(alice, `${button}\nclick me`) !== undefined, 'Alice sees both texts');
      const mine = () => interactions.filter((i) => i.player.uuid === alice.player.uuid);
      await alice.click(textSaying(alice, plain)!, 'use');
      await alice.click(textSaying(alice, `${button}\nclick me`)!, 'use');
      await h().until(() => mine().length >= 1, 'the click on the clickable text is reported');
      assert.deepEqual(
        mine().map((i) => [i.action, i.target]),
        [['use', { kind: 'entity', id }]],
      );
      h().platform.removeEntity(plainId);
      h().platform.removeEntity(id);
      await alice.leave();
    });

    it('reports a click on another player as an interact event naming them', async () => {
      const interactions = h().record('interact');
      const alice = await h().join(playerName('Poker'));
      const bob = await h().join(playerName('Poked'));
      await h().until(() => npcNamed(alice, bob.player.name) !== undefined, 'Alice sees Bob');
      await alice.click(npcNamed(alice, bob.player.name)!, 'use');
      await h().until(() => interactions.some((i) => i.player.uuid === alice.player.uuid), 'the click is reported');
      const click = interactions.find((i) => i.player.uuid === alice.player.uuid)!;
      assert.equal(click.action, 'use');
      assert.equal(click.target.kind === 'player' && click.target.player.uuid, bob.player.uuid);
      await alice.leave();
      await bob.leave();
    });

    it("shows an NPC's skin, and its new skin once it changes", async () => {
      const alice = await h().join(playerName('SkinSeer'));
      const name = playerName('Model');
      const id = spawned(h().platform.spawnNpc({ name, location: near(h(), -2, -1), skin: skinOf('http://textures.minecraft.net/texture/npc1') }));
      await h().until(() => alice.skinSeen(name) === 'http://textures.minecraft.net/texture/npc1', 'Alice sees the NPC in its skin');
      assert.deepEqual(h().platform.setNpcSkin(id, skinOf('http://textures.minecraft.net/texture/npc2')), { ok: true });
      await h().until(() => alice.skinSeen(name) === 'http://textures.minecraft.net/texture/npc2', 'Alice sees the new skin');
      h().platform.removeEntity(id);
      await alice.leave();
    });

    it("shows others a player's new skin, and reads it back", async () => {
      const alice = await h().join(playerName('Reskinned'));
      const bob = await h().join(playerName('Onlooker'));
      const skin = skinOf('http://textures.minecraft.net/texture/player1');
      assert.deepEqual(h().platform.setSkin(alice.player.uuid, skin), { ok: true });
      assert.deepEqual(h().platform.skin(alice.player.uuid), skin);
      await h().until(() => bob.skinSeen(alice.player.name) === 'http://textures.minecraft.net/texture/player1', "Bob sees Alice's new skin");
      await alice.leave();
      const back = await h().join(alice.player.name);
      assert.equal(h().platform.skin(back.player.uuid), undefined, 'the skin lasted for her session only');
      await back.leave();
      await bob.leave();
    });

    it('refuses what it cannot do, saying what is wrong', async () => {
      const { platform } = h();
      const unknownWorld = platform.spawnNpc({ name: 'Nowhere', location: { ...near(h(), 0, 0), world: 'no_such_world' } });
      assert.equal(unknownWorld.ok, false);
      assert.match(unknownWorld.ok ? '' : unknownWorld.message, /no_such_world/);
      const longName = platform.spawnNpc({ name: 'x'.repeat(17), location: near(h(), 0, 0) });
      assert.match(longName.ok ? '' : longName.message, /16 characters/);
      assert.match((platform.setTextLines('text-0', ['x']) as { message?: string }).message ?? '', /No spawned entity/);
      const offline = platform.setSkin('00000000-0000-3000-8000-000000000000', skinOf('http://x/y'));
      assert.match(offline.ok ? '' : offline.message, /online/);
      const alice = await h().join(playerName('BadSkin'));
      const garbage = platform.setSkin(alice.player.uuid, { value: 'garbage' });
      assert.match(garbage.ok ? '' : garbage.message, /texture property/);
      await alice.leave();
    });
  });
};
