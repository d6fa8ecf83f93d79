// Every packet the adapter writes or rewrites, serialised with minecraft-protocol's 1.21.4
// serializer and read back as the game client reads it: a malformed packet fails here.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import * as P from './packets.ts';
import { fixOutgoing } from './packet-shim.ts';
import { packetProblems, serverReads } from './packet-check.ts';
import { clientReads, only, shimContext as ctx, uuidA } from './packet-test-support.ts';
import { textToNbt, textToPlain } from './text.ts';
import { createItemCodec } from './items.ts';

const require = createRequire(import.meta.url);
const uuidB = '8e289159-2034-3a16-96b9-9fa637848b3b';

describe('the packet check', () => {
  it('finds a missing field, which the serializer would write as zero', () => {
    // flying-squid's update_health before the fix: no saturation.
    assert.deepEqual(packetProblems('update_health', { health: 20, food: 20 }), ['update_health.foodSaturation is missing']);
  });

  it('finds a packet that does not serialise', () => {
    const problems = packetProblems('entity_teleport', { entityId: 1, x: 0, y: 0, z: 0, yaw: 0, pitch: 0, onGround: true });
    assert.equal(problems.length, 1);
  });
});

describe('text', () => {
  it('sends a plain string as an NBT compound with text', () => {
    const back = clientReads(P.systemChat(textToNbt('hello'))) as { content: { value: { text: { value: string } } } };
    assert.equal(back.content.value.text.value, 'hello');
  });

  it('keeps a copy-to-clipboard click event, colours and extras through the wire', () => {
    const back = clientReads(
      P.systemChat(
        textToNbt({
          text: 'Token: ',
          color: 'gold',
          bold: true,
          extra: ['abc', { text: 'copy', underlined: true, clickEvent: { action: 'copy_to_clipboard', value: 'abc' }, hoverEvent: { action: 'show_text', contents: 'Click to copy' } }],
        }),
      ),
    );
    const nbt = require('prismarine-nbt') as { simplify(t: unknown): Record<string, unknown> };
    const simple = nbt.simplify(back.content) as {
      text: string;
      color: string;
      bold: number;
      extra: Array<{ text: string; clickEvent?: { action: string; value: string }; hoverEvent?: { action: string; contents: { text: string } } }>;
    };
    assert.equal(simple.text, 'Token: ');
    assert.equal(simple.color, 'gold');
    assert.equal(simple.bold, 1);
    assert.equal(simple.extra[0]!.text, 'abc');
    assert.deepEqual(simple.extra[1]!.clickEvent, { action: 'copy_to_clipboard', value: 'abc' });
    assert.equal(simple.extra[1]!.hoverEvent?.contents.text, 'Click to copy');
    assert.equal(back.isActionBar, false);
  });

  it('reads as plain text for the console', () => {
    assert.equal(textToPlain({ text: 'a', extra: ['b', { text: 'c' }] }), 'abc');
  });

  it('sends a kick reason as NBT', () => {
    const back = clientReads(P.kickDisconnect(textToNbt({ text: 'Banned', color: 'red' }))) as { reason: { value: { text: { value: string } } } };
    assert.equal(back.reason.value.text.value, 'Banned');
  });
});

describe('abilities and speed', () => {
  it('packs invulnerable 1, flying 2, allow flight 4 and creative 8, and scales the speeds', () => {
    const back = clientReads(P.abilities({ allowFlight: true, flying: true, invulnerable: true, walkSpeed: 2, flySpeed: 3 }, true));
    assert.equal(back.flags, 15);
    assert.ok(Math.abs((back.walkingSpeed as number) - 0.2) < 1e-6);
    assert.ok(Math.abs((back.flyingSpeed as number) - 0.15) < 1e-6);
    assert.equal(clientReads(P.abilities({ allowFlight: true, flying: false, invulnerable: false, walkSpeed: 1, flySpeed: 1 }, false)).flags, 4);
  });

  it("reads the client's own abilities packet: flying follows flag 2, only while flight is allowed", () => {
    const allowed = { allowFlight: true, flying: false, invulnerable: true, walkSpeed: 2, flySpeed: 3 };
    const starts = serverReads('abilities', { flags: 2 });
    assert.deepEqual(P.flyingFromClient(allowed, starts.flags), { ...allowed, flying: true });
    const stops = serverReads('abilities', { flags: 0 });
    assert.deepEqual(P.flyingFromClient({ ...allowed, flying: true }, stops.flags), allowed);
    // A client claiming flight it was not given (or other flags) changes nothing else.
    const grounded = { ...allowed, allowFlight: false, invulnerable: false };
    assert.deepEqual(P.flyingFromClient(grounded, serverReads('abilities', { flags: 15 }).flags), grounded);
    assert.deepEqual(P.flyingFromClient(allowed, undefined), allowed);
  });

  it('sets movement_speed as attribute id 21 (minecraft-data still names 21 step_height)', () => {
    const back = clientReads(P.walkSpeedAttribute(5, 2)) as { entityId: number; properties: Array<{ key: string; value: number; modifiers: unknown[] }> };
    assert.equal(back.entityId, 5);
    assert.equal(back.properties[0]!.key, 'generic.step_height');
    assert.ok(Math.abs(back.properties[0]!.value - 0.2) < 1e-9);
  });
});

describe('position and worlds', () => {
  it('teleports absolutely with a rotation, and keeps the client rotation without one', () => {
    const turned = clientReads(P.position(3, 1.5, 64, -2.5, { yaw: 90, pitch: -10 })) as { x: number; yaw: number; flags: Record<string, boolean> };
    assert.equal(turned.x, 1.5);
    assert.equal(turned.yaw, 90);
    assert.equal(turned.flags.yaw, false);
    const kept = clientReads(P.position(4, 0, 70, 0)) as { flags: Record<string, boolean> };
    assert.equal(kept.flags.yaw, true);
    assert.equal(kept.flags.pitch, true);
    assert.equal(kept.flags.x, false);
  });

  it('starts the chunk wait of the loading screen', () => {
    assert.equal(clientReads(P.levelChunksLoadStart()).reason, 'level_chunks_load_start');
  });

  it('plays a sound by registry id at eighths of a block', () => {
    const back = clientReads(P.soundEffect(42, { x: 1.5, y: 64, z: -2 }, { volume: 0.5, pitch: 1.5 })) as { sound: { soundId: number }; x: number; z: number; pitch: number };
    assert.equal(back.sound.soundId, 42);
    assert.equal(back.x, 12);
    assert.equal(back.z, -16);
    assert.equal(back.pitch, 1.5);
  });

  it('sends the whole inventory', () => {
    const Item = (require('prismarine-item') as (v: string) => { toNotch(i: unknown): unknown; new (type: number, count: number): unknown })('1.21.4');
    const items = Array.from({ length: 46 }, (_, i) => Item.toNotch(i === 36 ? new Item(1, 5) : null));
    const back = clientReads(P.inventoryContents(9, items, Item.toNotch(new Item(1, 2)))) as { windowId: number; stateId: number; items: Array<{ itemCount: number }>; carriedItem: { itemCount: number } };
    assert.deepEqual([back.windowId, back.stateId, back.items.length, back.carriedItem.itemCount], [0, 9, 46, 2]);
    assert.equal(back.items[36]!.itemCount, 5);
  });
});

describe('chest windows', () => {
  const registry = require('prismarine-registry')('1.21.4');
  const codec = createItemCodec(registry, require('prismarine-item')(registry));
  const sword = codec.toGame({ material: 'diamond_sword', count: 1, name: 'Excalibur', enchantments: { sharpness: 5 } })!;
  const bread = codec.toGame({ material: 'bread', count: 16 })!;

  it('opens a chest of 1 to 6 rows as the generic_9xN menus (0 to 5), with an NBT title', () => {
    assert.deepEqual([1, 3, 6].map(P.chestMenuType), [0, 2, 5]);
    const back = clientReads(P.openWindow(7, P.chestMenuType(6), textToNbt('Vault 1'))) as { windowId: number; inventoryType: number; windowTitle: { value: { text: { value: string } } } };
    assert.deepEqual([back.windowId, back.inventoryType, back.windowTitle.value.text.value], [7, 5, 'Vault 1']);
  });

  it('sends the 54 slots of a six-row chest and the 36 of the player, items with a custom name and enchantments intact', () => {
    const slots = Array.from({ length: 90 }, (_, i) => codec.notch(i === 0 ? sword : i === 54 ? bread : null));
    const back = clientReads(P.windowItems(7, 3, slots, codec.notch(null))) as {
      windowId: number;
      stateId: number;
      items: Array<{ itemCount: number; itemId?: number; components?: Array<{ type: string; data: unknown }> }>;
      carriedItem: { itemCount: number };
    };
    assert.deepEqual([back.windowId, back.stateId, back.items.length, back.carriedItem.itemCount], [7, 3, 90, 0]);
    assert.deepEqual([back.items[0]!.itemId, back.items[54]!.itemId, back.items[54]!.itemCount], [registry.itemsByName.diamond_sword.id, registry.itemsByName.bread.id, 16]);
    const read = codec.toStack(require('prismarine-item')(registry).fromNotch(back.items[0]));
    assert.deepEqual([read.material, read.name, read.enchantments], ['diamond_sword', 'Excalibur', { sharpness: 5 }]);
  });

  it('sends a slot of the inventory with components and the next state id of window 0 (flying-squid writes set_slot for given items)', () => {
    const back = clientReads(only(fixOutgoing('set_slot', { windowId: 0, slot: 36, item: codec.notch(sword) }, ctx))) as { stateId: number };
    assert.equal(back.stateId, 17);
  });

  it('closes a window', () => {
    assert.deepEqual(clientReads(P.closeWindow(7)), { windowId: 7 });
  });

  it('reads the click the 1.21.4 client sends with the fields the adapter uses', () => {
    const mc = require('minecraft-protocol');
    const click = { windowId: 7, stateId: 3, slot: 54, mouseButton: 0, mode: 0, changedSlots: [{ location: 54, item: codec.notch(null) }], cursorItem: codec.notch(bread) };
    const buffer = mc.createSerializer({ state: 'play', isServer: false, version: '1.21.4' }).createPacketBuffer({ name: 'window_click', params: click });
    const read = mc.createDeserializer({ state: 'play', isServer: true, version: '1.21.4' }).parsePacketBuffer(buffer).data;
    assert.equal(read.name, 'window_click');
    assert.deepEqual([read.params.windowId, read.params.stateId, read.params.slot, read.params.mouseButton, read.params.mode], [7, 3, 54, 0, 0]);
    assert.deepEqual([read.params.changedSlots[0].location, read.params.changedSlots[0].item.itemCount, read.params.cursorItem.itemCount], [54, 0, 16]);
  });
});

describe('dropped items', () => {
  const registry = require('prismarine-registry')('1.21.4');
  const codec = createItemCodec(registry, require('prismarine-item')(registry));
  const sword = codec.toGame({ material: 'diamond_sword', count: 1, name: 'Excalibur', enchantments: { sharpness: 5 } })!;

  it('shows the stack of an item entity, components and all, as its metadata key 8', () => {
    const back = clientReads(P.itemEntityMetadata(12, codec.notch(sword))) as { entityId: number; metadata: Array<{ key: number; type: string; value: { itemId: number; itemCount: number } }> };
    assert.deepEqual([back.entityId, back.metadata.length, back.metadata[0]!.key, back.metadata[0]!.type], [12, 1, 8, 'item_stack']);
    const read = codec.toStack(require('prismarine-item')(registry).fromNotch(back.metadata[0]!.value));
    assert.deepEqual([read.material, read.count, read.name, read.enchantments], ['diamond_sword', 1, 'Excalibur', { sharpness: 5 }]);
  });

  it('animates a pickup with the count picked up', () => {
    assert.deepEqual(clientReads(P.collectItem(12, 3, 5)), { collectedEntityId: 12, collectorEntityId: 3, pickupItemCount: 5 });
  });
});

describe('the tab list', () => {
  it('adds players listed, with game mode and latency', () => {
    const back = clientReads(
      P.tabListAdd([
        { uuid: uuidA, name: 'alice', gameMode: 1, latency: 12 },
        { uuid: uuidB, name: 'bob', gameMode: 0, latency: 0 },
      ]),
    ) as { action: Record<string, boolean>; data: Array<{ uuid: string; player: { name: string }; listed: number; gamemode: number; latency: number }> };
    assert.equal(back.action.add_player, true);
    assert.equal(back.action.update_listed, true);
    assert.deepEqual(
      back.data.map((d) => [d.uuid, d.player.name, d.listed, d.gamemode, d.latency]),
      [
        [uuidA, 'alice', 1, 1, 12],
        [uuidB, 'bob', 1, 0, 0],
      ],
    );
  });

  it('removes players with player_remove', () => {
    assert.deepEqual(clientReads(P.playerRemove([uuidA])).players, [uuidA]);
  });

  it('changes a game mode in the list', () => {
    const back = clientReads(P.tabListGameMode(uuidA, 3)) as { data: Array<{ gamemode: number }> };
    assert.equal(back.data[0]!.gamemode, 3);
  });
});

describe('commands and completion', () => {
  it('declares each name as a runnable literal with a greedy argument completed by the server', () => {
    const back = clientReads(P.commandTree(['spawn', 'Home', 'home', 'bad name', 'tp'])) as {
      rootIndex: number;
      nodes: Array<{ flags: Record<string, number>; children: number[]; extraNodeData?: { name: string; parser?: string; properties?: string; suggestionType?: string } }>;
    };
    const root = back.nodes[back.rootIndex]!;
    const literals = root.children.map((i) => back.nodes[i]!);
    assert.deepEqual(
      literals.map((n) => n.extraNodeData?.name),
      ['home', 'spawn', 'tp'],
    );
    for (const literal of literals) {
      assert.equal(literal.flags.command_node_type, 1);
      assert.equal(literal.flags.has_command, 1);
      const arg = back.nodes[literal.children[0]!]!;
      assert.equal(arg.flags.command_node_type, 2);
      assert.equal(arg.flags.has_custom_suggestions, 1);
      assert.equal(arg.extraNodeData?.parser, 'brigadier:string');
      assert.equal(arg.extraNodeData?.properties, 'GREEDY_PHRASE');
      assert.equal(arg.extraNodeData?.suggestionType, 'minecraft:ask_server');
    }
  });

  it('declares an empty tree when no command may be used', () => {
    const back = clientReads(P.commandTree([])) as { nodes: unknown[] };
    assert.equal(back.nodes.length, 2);
  });

  it('answers a completion for the last word, where it starts in the text', () => {
    assert.deepEqual(P.completionRequest('/home al'), { line: 'home al', start: 6, length: 2 });
    assert.deepEqual(P.completionRequest('/ho'), { line: 'ho', start: 1, length: 2 });
    assert.deepEqual(P.completionRequest('/'), { line: '', start: 1, length: 0 });
    assert.deepEqual(P.completionRequest('home '), { line: 'home ', start: 5, length: 0 });
    const back = clientReads(P.tabCompleteAnswer(9, '/home al', ['alpha', 'alps'])) as { transactionId: number; start: number; length: number; matches: Array<{ match: string }> };
    assert.equal(back.transactionId, 9);
    assert.equal(back.start, 6);
    assert.equal(back.length, 2);
    assert.deepEqual(back.matches.map((m) => m.match), ['alpha', 'alps']);
  });
});
