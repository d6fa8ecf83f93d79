// The entity packets, serialised with minecraft-protocol's 1.21.4 serializer and read back as the
// game client reads them: a malformed packet fails here.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import * as E from './packets-entities.ts';
import { PLAYER_ENTITY_TYPE, type Packet } from './packets.ts';
import { packetProblems, roundTrip } from './packet-check.ts';

const require = createRequire(import.meta.url);
const nbt = require('prismarine-nbt') as { simplify(t: unknown): unknown };
const registry = require('minecraft-data')('1.21.4') as { entities: Record<number, { name: string }> };

const uuid = '3f1c9a2e-5b7d-2c4e-8a1b-0d9e8f7a6b5c';
const at = { x: 10.5, y: 64, z: -3.25, yaw: 90, pitch: -15 };
const skin = { value: Buffer.from(JSON.stringify({ textures: { SKIN: { url: 'http://textures.minecraft.net/texture/abc' } } })).toString('base64'), signature: 'c2lnbmVk' };

function clientReads(packet: Packet): Record<string, unknown> {
  assert.deepEqual(packetProblems(packet.name, packet.params), [], `${packet.name} is well-formed`);
  return roundTrip(packet.name, packet.params);
}

describe('entity packets', () => {
  it('names the registry ids of the player and the text display', () => {
    assert.equal(registry.entities[PLAYER_ENTITY_TYPE]?.name, 'player');
    assert.equal(registry.entities[E.TEXT_DISPLAY_ENTITY_TYPE]?.name, 'text_display');
  });

  it("hides an NPC's name with a team of its own whose name tags never show, and removes the team", () => {
    const back = clientReads(E.npcHiddenNameTeam(4242, '#guide')) as { team: string; mode: number; nameTagVisibility: string; players: string[] };
    assert.deepEqual([back.team, back.mode, back.nameTagVisibility, back.players], ['core.npc.4242', 0, 'never', ['#guide']]);
    const gone = clientReads(E.npcTeamRemove(4242)) as { team: string; mode: number };
    assert.deepEqual([gone.team, gone.mode], ['core.npc.4242', 1]);
  });

  it("adds an NPC's profile, unlisted, with its skin and signature", () => {
    const back = clientReads(E.npcProfile(uuid, 'Guide', skin)) as {
      action: Record<string, boolean>;
      data: Array<{ uuid: string; player: { name: string; properties: Array<{ name: string; value: string; signature?: string }> }; listed: number }>;
    };
    assert.equal(back.action.add_player, true);
    assert.equal(back.data[0]!.uuid, uuid);
    assert.equal(back.data[0]!.player.name, 'Guide');
    assert.deepEqual(back.data[0]!.player.properties, [{ name: 'textures', value: skin.value, signature: skin.signature }]);
    assert.equal(back.data[0]!.listed, 0);
  });

  it('adds a profile without a skin, and a skin without a signature', () => {
    clientReads(E.npcProfile(uuid, 'Plain', undefined));
    const back = clientReads(E.npcProfile(uuid, 'Unsigned', { value: skin.value })) as { data: Array<{ player: { properties: Array<{ signature?: string }> } }> };
    assert.equal(back.data[0]!.player.properties[0]!.signature, undefined);
  });

  it('spawns an NPC as a player entity where it stands, facing its way', () => {
    const back = clientReads(E.spawnNpc(42, uuid, at)) as Record<string, number | string>;
    assert.equal(back.type, PLAYER_ENTITY_TYPE);
    assert.equal(back.objectUUID, uuid);
    assert.deepEqual([back.x, back.y, back.z], [10.5, 64, -3.25]);
    assert.equal(back.yaw, 64); // a quarter turn in 1/256ths
    assert.equal(back.headPitch, 64);
    clientReads(E.headRotation(42, at.yaw));
  });

  it("shows every layer of an NPC's skin", () => {
    const back = clientReads(E.npcMetadata(42)) as { metadata: Array<{ key: number; type: string; value: number }> };
    assert.deepEqual(back.metadata, [{ key: E.PLAYER_SKIN_PARTS_KEY, type: 'byte', value: 0x7f }]);
  });

  it('spawns a text display facing the viewer, its lines one text with line breaks', () => {
    const spawned = clientReads(E.spawnTextDisplay(43, uuid, at)) as { type: number };
    assert.equal(spawned.type, E.TEXT_DISPLAY_ENTITY_TYPE);
    const back = clientReads(E.textDisplayMetadata(43, ['Welcome', { text: 'to the server', color: 'gold' }], true)) as {
      metadata: Array<{ key: number; type: string; value: unknown }>;
    };
    assert.deepEqual(back.metadata[0], { key: E.DISPLAY_BILLBOARD_KEY, type: 'byte', value: E.BILLBOARD_CENTER });
    const text = nbt.simplify(back.metadata[1]!.value) as { text: string; extra: Array<{ text: string; color?: string }> };
    assert.equal(back.metadata[1]!.key, E.TEXT_DISPLAY_TEXT_KEY);
    assert.deepEqual(
      text.extra.map((e) => e.text),
      ['Welcome', '\n', 'to the server'],
    );
    assert.equal(text.extra[2]!.color, 'gold');
  });

  it('updates only the text of a text display', () => {
    const back = clientReads(E.textDisplayMetadata(43, ['Changed'], false)) as { metadata: Array<{ key: number }> };
    assert.deepEqual(
      back.metadata.map((m) => m.key),
      [E.TEXT_DISPLAY_TEXT_KEY],
    );
  });

  it('spawns the interaction box of a clickable text display, as wide as its longest line and as tall as its lines', () => {
    assert.equal(registry.entities[E.INTERACTION_ENTITY_TYPE]?.name, 'interaction');
    const spawn = clientReads(E.spawnInteraction(44, uuid, at)) as Record<string, number | string>;
    assert.deepEqual([spawn.type, spawn.x, spawn.y, spawn.z], [E.INTERACTION_ENTITY_TYPE, 10.5, 64, -3.25]);
    const box = E.textHitbox(['Shop', { text: 'Twenty characters!!!', color: 'gold' }]);
    assert.deepEqual(box, { width: 3, height: 0.55 });
    const back = clientReads(E.interactionMetadata(44, box)) as { metadata: Array<{ key: number; type: string; value: unknown }> };
    assert.deepEqual(back.metadata, [
      { key: E.INTERACTION_WIDTH_KEY, type: 'float', value: 3 },
      { key: E.INTERACTION_HEIGHT_KEY, type: 'float', value: 0.550000011920929 },
      { key: E.INTERACTION_RESPONSE_KEY, type: 'boolean', value: true },
    ]);
    assert.deepEqual(E.textHitbox(['']), { width: 0.5, height: 0.3 });
  });

  it('teleports an entity with its rotation in degrees', () => {
    const back = clientReads(E.entityTeleport(42, at)) as Record<string, unknown>;
    assert.deepEqual([back.x, back.y, back.z, back.yaw, back.pitch], [10.5, 64, -3.25, 90, -15]);
  });

  it('destroys entities', () => {
    const back = clientReads(E.entityDestroy([42, 43])) as { entityIds: number[] };
    assert.deepEqual(back.entityIds, [42, 43]);
  });
});
