// The flying-squid platform as real mineflayer 1.21.4 bots meet it: each capability of
// GamePlatform done on the live server and observed by a bot, and every packet the server writes
// checked against the 1.21.4 protocol on the way out.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import type { EventEmitter } from 'node:events';
import { startFlyingSquid, type FlyingSquidPlatform } from '../../src/platform/flying-squid/index.ts';
import { packetProblems } from '../../src/platform/flying-squid/packet-check.ts';
import { memoryLogger } from '../../src/core/log.ts';
import type { CommandSender, ItemStack, PlatformEventName, PlatformEvents } from '../../src/platform/platform.ts';
import { offlineUuid } from '../support/fake-platform.ts';
import { createBot, joinBot, kickReason, never, nextEvent, quit, quitAll, recordMessages, sleep, waitFor, waitForMessage, type Bot } from './support/bots.ts';

const require = createRequire(import.meta.url);
const nbt = require('prismarine-nbt') as { simplify(t: unknown): unknown };

function tempWorld(): string {
  return join(mkdtempSync(join(tmpdir(), 'core-platform-e2e-')), 'world');
}

/** Records the events a platform emits. */
function recordEvents(platform: FlyingSquidPlatform) {
  const events: { [E in PlatformEventName]: PlatformEvents[E][] } = { join: [], quit: [], chat: [], death: [], respawn: [], move: [], interact: [], damage: [], itemUse: [], blockBreak: [], blockPlace: [], signEdit: [], poseEnd: [], mobSpawn: [], mobSpawned: [] };
  for (const name of Object.keys(events) as PlatformEventName[]) {
    platform.on(name, (data) => (events[name] as unknown[]).push(data));
  }
  return events;
}

/**
 * Sends a click on an empty slot that claims it now holds 64 diamonds (which no click can make),
 * and resolves with the window_items the server answers with.
 */
function claimDiamonds(bot: Bot, windowId: number, stateId: number, slot: number): Promise<{ windowId: number; items: unknown[] }> {
  const diamondId = (require('minecraft-data') as (v: string) => { itemsByName: Record<string, { id: number }> })('1.21.4').itemsByName.diamond!.id;
  const resent = nextEvent<{ windowId: number; items: unknown[] }>(bot._client as unknown as EventEmitter, 'window_items');
  bot._client.write('window_click', {
    windowId,
    stateId,
    slot,
    mouseButton: 0,
    mode: 0,
    changedSlots: [{ location: slot, item: { itemCount: 64, itemId: diamondId, addedComponentCount: 0, removedComponentCount: 0, components: [], removeComponents: [] } }],
    cursorItem: { itemCount: 0 },
  });
  return resent;
}

/** A command handler that records what reaches it. */
function recordingHandler() {
  const executed: Array<{ sender: CommandSender; line: string }> = [];
  const completed: Array<{ sender: CommandSender; line: string }> = [];
  return {
    executed,
    completed,
    handler: {
      execute: async (sender: CommandSender, line: string) => {
        executed.push({ sender, line });
      },
      complete: (sender: CommandSender, line: string) => {
        completed.push({ sender, line });
        return line.startsWith('home ') ? ['kitchen', 'garden'].filter((h) => h.startsWith(line.split(' ').at(-1)!)) : [];
      },
      names: (sender: CommandSender) => (sender.kind === 'player' && sender.player.name === 'Alice' ? ['home', 'spawn', 'warp'] : ['home']),
    },
  };
}

describe('the flying-squid platform with bots', () => {
  let platform: FlyingSquidPlatform;
  let events: ReturnType<typeof recordEvents>;
  let commands: ReturnType<typeof recordingHandler>;
  let alice: Bot;
  let bob: Bot;
  const problems = new Set<string>();
  let signalsBefore: { SIGINT: number; SIGTERM: number };
  const log = memoryLogger();

  before(async () => {
    signalsBefore = { SIGINT: process.listenerCount('SIGINT'), SIGTERM: process.listenerCount('SIGTERM') };
    platform = await startFlyingSquid({
      port: 0,
      onlineMode: false,
      worldDir: tempWorld(),
      viewDistance: 3,
      log,
      packetObserver: (_player, name, params) => {
        if (name === 'map_chunk' || name === 'keep_alive') return;
        for (const p of packetProblems(name, params)) problems.add(p);
      },
    });
    events = recordEvents(platform);
    commands = recordingHandler();
    platform.setCommandHandler(commands.handler);
  });

  after(async () => {
    await quitAll();
    await platform?.shutdown('test over');
  });

  it('listens on the port it reports, and leaves SIGINT and SIGTERM to the host', () => {
    assert.ok(platform.port > 0);
    assert.equal(platform.gameVersion, '1.21.4');
    assert.equal(process.listenerCount('SIGINT'), signalsBefore.SIGINT);
    assert.equal(process.listenerCount('SIGTERM'), signalsBefore.SIGTERM);
  });

  it('names its worlds, the overworld "world" first, with a spawn in it', () => {
    assert.equal(platform.worlds()[0], 'world');
    assert.ok(platform.worlds().includes('world_nether'));
    const spawn = platform.spawnLocation();
    assert.equal(spawn.world, 'world');
    assert.deepEqual(platform.spawnLocation('world'), spawn);
  });

  it('emits join with the dashed lower-case uuid and the name, and lists the player online', async () => {
    alice = await joinBot(platform.port, 'Alice', { respawn: false });
    bob = await joinBot(platform.port, 'Bob');
    await waitFor(() => events.join.length === 2, 'two joins');
    assert.deepEqual(
      events.join.map((e) => [e.player.uuid, e.player.name]),
      [
        [offlineUuid('Alice'), 'Alice'],
        [offlineUuid('Bob'), 'Bob'],
      ],
    );
    assert.equal(events.join[0]!.player.address, '127.0.0.1');
    assert.deepEqual(platform.onlinePlayers().map((p) => p.name).sort(), ['Alice', 'Bob']);
    assert.equal(platform.playerByName('alice')?.uuid, offlineUuid('Alice'));
    assert.equal(platform.player(offlineUuid('Bob').replace(/-/g, '').toUpperCase())?.name, 'Bob');
  });

  it('shows both players in the tab list of each (defect 4)', async () => {
    await waitFor(() => 'Bob' in alice.players && 'Alice' in bob.players, 'both tab lists have both players');
    assert.ok('Alice' in alice.players && 'Bob' in bob.players);
  });

  it('shows the other player as a player entity (defect 2)', async () => {
    const seen = () => Object.values(bob.entities).find((e) => e.username === 'Alice');
    await waitFor(() => seen() !== undefined, 'Bob sees Alice');
    assert.equal(seen()!.type, 'player');
    assert.equal(seen()!.name, 'player');
  });

  it('broadcasts chat as <name> message and emits chat', async () => {
    const heard = waitForMessage(bob, /hello from Alice/);
    alice.chat('hello from Alice');
    assert.equal(await heard, '<Alice> hello from Alice');
    await waitFor(() => events.chat.length > 0, 'the chat event');
    assert.deepEqual(events.chat.at(-1), { player: platform.playerByName('Alice'), message: 'hello from Alice' });
  });

  it('lets a chat filter cancel a message: nobody sees it and no chat event', async () => {
    platform.setChatFilter((_player, message) => !message.includes('secret'));
    try {
      const lines = recordMessages(bob);
      const chats = events.chat.length;
      alice.chat('the secret plan');
      alice.chat('nothing to hide');
      await waitForMessage(bob, /nothing to hide/);
      assert.ok(!lines.some((l) => l.includes('secret')), `Bob read: ${lines.join(' | ')}`);
      assert.deepEqual(events.chat.slice(chats).map((e) => e.message), ['nothing to hide']);
    } finally {
      platform.setChatFilter(undefined);
    }
  });

  it("passes a player's command line to the handler; the game server's own /op and /stop do not run", async () => {
    const aliceLines = recordMessages(alice);
    alice.chat('/home kitchen');
    alice.chat('/op Alice');
    alice.chat('/stop');
    await waitFor(() => commands.executed.length >= 3, 'three command lines');
    assert.deepEqual(
      commands.executed.map((c) => c.line),
      ['home kitchen', 'op Alice', 'stop'],
    );
    const sender = commands.executed[0]!.sender;
    assert.equal(sender.kind, 'player');
    assert.equal(sender.kind === 'player' && sender.player.uuid, offlineUuid('Alice'));
    await sleep(300);
    assert.ok(!aliceLines.some((l) => /opped/i.test(l)), `Alice read: ${aliceLines.join(' | ')}`);
    assert.equal(platform.onlinePlayers().length, 2, 'still running with both players');
  });

  it('passes a console line to the handler as the console, without its slash', async () => {
    commands.executed.length = 0;
    await platform.runConsoleLine('/say hi');
    await platform.runConsoleLine('stop');
    assert.deepEqual(commands.executed, [
      { sender: { kind: 'console' }, line: 'say hi' },
      { sender: { kind: 'console' }, line: 'stop' },
    ]);
    assert.equal(platform.onlinePlayers().length, 2);
  });

  it('sends the command tree with the names the player may use, asking the server for arguments', async () => {
    type Node = { flags: { command_node_type: number; has_custom_suggestions: number }; children: number[]; extraNodeData?: { name: string; suggestionType?: string } };
    const tree = nextEvent<{ nodes: Node[]; rootIndex: number }>(alice._client, 'declare_commands');
    assert.equal(platform.refreshCommands(offlineUuid('Alice')), true);
    const { nodes, rootIndex } = await tree;
    const literals = nodes[rootIndex]!.children.map((i) => nodes[i]!);
    assert.deepEqual(literals.map((n) => n.extraNodeData?.name), ['home', 'spawn', 'warp']);
    const argument = nodes[literals[0]!.children[0]!]!;
    assert.equal(argument.extraNodeData?.suggestionType, 'minecraft:ask_server');
  });

  it('answers tab completion from the handler', async () => {
    // mineflayer's typing says string[]; at 1.21.4 the entries are { match, tooltip }.
    const matches = (await alice.tabComplete('/home ki', false, false)) as unknown as Array<string | { match: string }>;
    assert.deepEqual(
      matches.map((m) => (typeof m === 'string' ? m : m.match)),
      ['kitchen'],
    );
    assert.deepEqual(commands.completed.at(-1), { sender: { kind: 'player', player: platform.playerByName('Alice') }, line: 'home ki' });
  });

  it('teleports: the player is moved, the other sees the move and stays connected (defect 1)', async () => {
    const uuid = offlineUuid('Alice');
    const from = platform.location(uuid)!;
    const to = { ...from, x: from.x + 6.5, y: from.y + 2, z: from.z - 3, yaw: 90, pitch: 0 };
    const moved = nextEvent(alice, 'forcedMove');
    assert.equal(await platform.teleport(uuid, to), true);
    await moved;
    assert.ok(alice.entity.position.distanceTo(vec(to)) < 0.01, `Alice is at ${alice.entity.position}`);
    const seen = () => Object.values(bob.entities).find((e) => e.username === 'Alice');
    await waitFor(() => seen() !== undefined && seen()!.position.distanceTo(vec(to)) < 2.5, 'Bob sees Alice where she was sent');
    await sleep(300);
    assert.ok(platform.player(offlineUuid('Bob')), 'Bob is still connected');
    assert.equal(await platform.teleport(uuid, { ...to, world: 'nowhere' }), false);
    assert.equal(await platform.teleport(offlineUuid('Nobody'), to), false);
  });

  it('sets the game mode, which the player and the tab list show', async () => {
    const uuid = offlineUuid('Alice');
    assert.equal(platform.setGameMode(uuid, 'creative'), true);
    await waitFor(() => alice.game.gameMode === 'creative', 'Alice in creative');
    assert.equal(platform.gameMode(uuid), 'creative');
    await waitFor(() => bob.players['Alice']?.gamemode === 1, "creative in Bob's tab list");
    assert.equal(platform.abilities(uuid)?.allowFlight, true);
    platform.setGameMode(uuid, 'survival');
    await waitFor(() => alice.game.gameMode === 'survival', 'Alice back in survival');
    assert.equal(platform.abilities(uuid)?.allowFlight, false);
  });

  it('sets health and food', async () => {
    const uuid = offlineUuid('Alice');
    assert.equal(platform.setHealth(uuid, 7), true);
    assert.equal(platform.setFood(uuid, 5, 1.5), true);
    await waitFor(() => alice.health === 7 && alice.food === 5, 'health 7 and food 5');
    assert.ok(Math.abs(alice.foodSaturation - 1.5) < 1e-6);
    assert.deepEqual(platform.vitals(uuid), { health: 7, food: 5, saturation: 1.5 });
    platform.setHealth(uuid, 20);
    platform.setFood(uuid, 20);
    await waitFor(() => alice.health === 20 && alice.food === 20, 'healed');
  });

  it('sends abilities: flight and speeds', async () => {
    const uuid = offlineUuid('Alice');
    const packet = nextEvent<{ flags: number; flyingSpeed: number; walkingSpeed: number }>(alice._client, 'abilities');
    assert.equal(platform.setAbilities(uuid, { allowFlight: true, flying: true, flySpeed: 2, walkSpeed: 1.5 }), true);
    const got = await packet;
    assert.equal(got.flags & 4, 4, 'allow flight');
    assert.equal(got.flags & 2, 2, 'flying');
    assert.ok(Math.abs(got.flyingSpeed - 0.1) < 1e-6);
    assert.ok(Math.abs(got.walkingSpeed - 0.15) < 1e-6);
    assert.deepEqual(platform.abilities(uuid), { allowFlight: true, flying: true, invulnerable: false, walkSpeed: 1.5, flySpeed: 2 });
    const off = nextEvent<{ flags: number }>(alice._client, 'abilities');
    platform.setAbilities(uuid, { allowFlight: false, walkSpeed: 1, flySpeed: 1 });
    assert.equal((await off).flags & 6, 0);
  });

  it('keeps an invulnerable player from taking damage', async () => {
    const uuid = offlineUuid('Alice');
    const target = () => Object.values(bob.entities).find((e) => e.username === 'Alice')!;
    platform.setAbilities(uuid, { invulnerable: true });
    bob.attack(target());
    await never(() => alice.health < 20, 'Alice hurt while invulnerable');
    platform.setAbilities(uuid, { invulnerable: false });
    bob.attack(target());
    await waitFor(() => alice.health < 20, 'Alice hurt once vulnerable');
    platform.setHealth(uuid, 20);
    await waitFor(() => alice.health === 20, 'healed');
  });

  it('sends messages: plain text, and a click-to-copy component that reaches the client intact', async () => {
    const uuid = offlineUuid('Alice');
    const plain = waitForMessage(alice, /plain hello/);
    assert.equal(platform.sendMessage(uuid, 'plain hello'), true);
    assert.equal(await plain, 'plain hello');

    const raw = nextEvent<{ content: unknown }>(alice._client, 'system_chat');
    platform.sendMessage(uuid, { text: 'Your token: ', extra: [{ text: 'abc123', clickEvent: { action: 'copy_to_clipboard', value: 'abc123' } }] });
    const content = nbt.simplify((await raw).content) as { text: string; extra: Array<{ text: string; clickEvent?: { action: string; value: string } }> };
    assert.equal(content.text, 'Your token: ');
    assert.deepEqual(content.extra[0]!.clickEvent, { action: 'copy_to_clipboard', value: 'abc123' });
    assert.equal(platform.sendMessage(offlineUuid('Nobody'), 'x'), false);
  });

  it('broadcasts to everyone', async () => {
    const a = waitForMessage(alice, /to all/);
    const b = waitForMessage(bob, /to all/);
    platform.broadcast({ text: 'to all', color: 'gold' });
    assert.deepEqual(await Promise.all([a, b]), ['to all', 'to all']);
  });

  it('death: health 0 kills, the death event follows, the player respawns, the other stays connected (defect 6)', async () => {
    const uuid = offlineUuid('Alice');
    const died = nextEvent(alice, 'death');
    platform.setHealth(uuid, 0);
    await died;
    await waitFor(() => events.death.length === 1, 'the death event');
    assert.equal(events.death[0]!.player.uuid, uuid);
    assert.equal(events.death[0]!.location.world, 'world');
    assert.equal(platform.setHealth(uuid, 10), false, 'a dead player is not healed');

    const respawned = nextEvent(alice, 'respawn');
    alice.respawn();
    await respawned;
    await waitFor(() => events.respawn.length === 1, 'the respawn event');
    await waitFor(() => alice.health === 20, 'Alice alive again');
    const spawn = platform.spawnLocation();
    await waitFor(() => alice.entity.position.distanceTo(vec(spawn)) < 2, `Alice at the spawn (she is at ${alice.entity.position})`);
    assert.deepEqual(events.respawn[0]!.location.world, 'world');
    await waitFor(() => Object.values(bob.entities).some((e) => e.username === 'Alice'), 'Bob sees Alice again');
    assert.ok(platform.player(offlineUuid('Bob')), 'Bob is still connected');
  });

  it('moves a player to the nether and back', async () => {
    const uuid = offlineUuid('Alice');
    const nether = { world: 'world_nether', x: 4.5, y: 100, z: 4.5, yaw: 0, pitch: 0 };
    // The client leaves its loading screen on the chunk wait event, which follows the position.
    const order: string[] = [];
    const onRespawn = () => order.push('respawn');
    const onPosition = () => order.push('position');
    const onGameEvent = (p: { reason: unknown }) => p.reason === 'level_chunks_load_start' && order.push('chunk wait');
    const client = alice._client as unknown as EventEmitter;
    client.on('respawn', onRespawn);
    client.on('position', onPosition);
    client.on('game_state_change', onGameEvent);
    assert.equal(await platform.teleport(uuid, nether), true);
    await waitFor(() => order.includes('chunk wait'), 'the chunk wait event');
    assert.deepEqual(order.slice(0, 3), ['respawn', 'position', 'chunk wait']);
    client.off('respawn', onRespawn);
    client.off('position', onPosition);
    client.off('game_state_change', onGameEvent);
    await waitFor(() => alice.game.dimension === 'the_nether', 'Alice in the nether');
    await waitFor(() => alice.entity.position.distanceTo(vec(nether)) < 3, 'Alice where she was sent');
    assert.equal(platform.location(uuid)?.world, 'world_nether');
    await waitFor(() => !Object.values(bob.entities).some((e) => e.username === 'Alice'), 'Bob no longer sees Alice');

    const back = platform.spawnLocation('world');
    assert.equal(await platform.teleport(uuid, back), true);
    await waitFor(() => alice.game.dimension === 'overworld', 'Alice back in the overworld');
    assert.equal(platform.location(uuid)?.world, 'world');
    await waitFor(() => Object.values(bob.entities).some((e) => e.username === 'Alice'), 'Bob sees Alice again');
  });

  it('logs a player in with the game mode they left in (defect 5: the login packet)', async () => {
    const erin = await joinBot(platform.port, 'Erin');
    platform.setGameMode(offlineUuid('Erin'), 'creative');
    await waitFor(() => erin.game.gameMode === 'creative', 'Erin in creative');
    await quit(erin);
    await waitFor(() => platform.player(offlineUuid('Erin')) === undefined, 'Erin gone');
    await sleep(200); // flying-squid saves the player data on leaving
    const again = await joinBot(platform.port, 'Erin');
    assert.equal(again.game.gameMode, 'creative');
    assert.equal(platform.gameMode(offlineUuid('Erin')), 'creative');
    await quit(again);
  });

  describe('items and chest windows', () => {
    let frank: Bot;
    let uuid: string;
    const named = (bot: Bot, name: string) => bot.inventory.items().filter((i) => i.name === name);
    const total = (bot: Bot, name: string) => named(bot, name).reduce((n, i) => n + i.count, 0);
    /** The plain text of an item's custom_name component as the bot received it. */
    const customName = (item: object) => JSON.stringify(nbt.simplify((item as { componentMap?: Map<string, { data: unknown }> }).componentMap?.get('custom_name')?.data ?? null));

    before(async () => {
      frank = await joinBot(platform.port, 'Frank');
      uuid = offlineUuid('Frank');
    });
    after(() => quit(frank));

    it('gives items into the inventory, hotbar first, stacks split at their size, a custom name and enchantments kept', async () => {
      const outcome = platform.giveItems(uuid, [
        { material: 'bread', count: 70 },
        { material: 'diamond_sword', count: 1, name: 'Excalibur', enchantments: { sharpness: 5 } },
      ]);
      assert.deepEqual(outcome, { given: true });
      await waitFor(() => total(frank, 'bread') === 70 && named(frank, 'diamond_sword').length === 1, 'Frank to hold 70 bread and the sword');
      const sword = named(frank, 'diamond_sword')[0]!;
      assert.match(customName(sword), /Excalibur/);
      assert.deepEqual(sword.enchants, { enchantments: [{ id: 32, level: 5 }], showTooltip: true });
      const inv = platform.inventory(uuid)!;
      assert.deepEqual(
        inv.slice(0, 4).map((s) => s && [s.material, s.count, s.name ?? null]),
        [['bread', 64, null], ['bread', 6, null], ['diamond_sword', 1, 'Excalibur'], null],
      );
      assert.deepEqual(inv[2]!.enchantments, { sharpness: 5 });
      assert.equal(platform.inventory(offlineUuid('Nobody')), undefined);
      assert.deepEqual(platform.giveItems(offlineUuid('Nobody'), [{ material: 'bread', count: 1 }]), { given: false, reason: 'offline' });
    });

    it('opens a chest window the bot sees with its rows and contents, and reports items the bot moves in and out', async () => {
      const changes: Array<Array<{ material: string; count: number } | null>> = [];
      const closes: string[] = [];
      const opened = nextEvent<{ slots: unknown[]; inventoryStart: number; title: unknown }>(frank, 'windowOpen');
      const handle = platform.openChest(uuid, {
        title: 'Vault 1',
        rows: 6,
        items: [{ material: 'diamond', count: 2 }],
        onChange: (items) => changes.push(items),
        onClose: (_items, reason) => closes.push(reason),
      })!;
      const window = await opened;
      assert.deepEqual([window.slots.length, window.inventoryStart], [90, 54]);
      assert.match(JSON.stringify(window.title), /Vault 1/);
      const w = frank.currentWindow!;
      assert.deepEqual([w.slots[0]?.name, w.slots[0]?.count], ['diamond', 2]);
      assert.equal(handle.open, true);

      // The bread stack of hotbar slot 0 is window slot 54 + 27; it goes into chest slot 5.
      await frank.moveSlotItem(54 + 27, 5);
      await waitFor(() => changes.some((c) => c[5]?.material === 'bread'), 'the chest to report the bread');
      assert.deepEqual([changes.at(-1)![5]!.count, changes.at(-1)![0]!.material], [64, 'diamond']);
      assert.equal(platform.inventory(uuid)![0], null, 'the bread left the inventory');

      // The diamonds come out by a shift-click into the inventory.
      await frank.clickWindow(0, 0, 1);
      await waitFor(() => changes.at(-1)![0] === null, 'the chest to report the diamonds gone');
      await waitFor(() => (platform.inventory(uuid) ?? []).some((s) => s?.material === 'diamond' && s.count === 2), 'the diamonds in the inventory');

      const closed = nextEvent(frank, 'windowClose');
      frank.closeWindow(frank.currentWindow!);
      await closed;
      await waitFor(() => closes.length === 1, 'the close to be reported');
      assert.deepEqual([closes[0], handle.open], ['closed', false]);
      await waitFor(() => total(frank, 'diamond') === 2 && total(frank, 'bread') === 6, 'the bot’s inventory after the window');
    });

    it('decides clicks itself: a click claiming items that are not there changes nothing and the window is sent again', async () => {
      const changes: unknown[] = [];
      const opened = nextEvent(frank, 'windowOpen');
      const handle = platform.openChest(uuid, { title: 'Chest', rows: 3, items: [], onChange: (items) => changes.push(items) })!;
      await opened;
      const windowId = frank.currentWindow!.id;
      const again = await claimDiamonds(frank, windowId, 1, 4);
      assert.deepEqual([again.windowId, again.items.length], [windowId, 27 + 36]);
      await never(() => changes.length > 0, 'the chest to change');
      const closed = nextEvent(frank, 'windowClose');
      handle.close();
      await closed;
      assert.equal(handle.open, false);
    });

    it('gives nothing when the items do not all fit', async () => {
      const free = platform.inventory(uuid)!.filter((s) => s === null).length;
      assert.deepEqual(platform.giveItems(uuid, [{ material: 'stone', count: 64 * free }]), { given: true });
      await waitFor(() => total(frank, 'stone') === 64 * free, 'the stone');
      assert.equal(platform.canHold(uuid, [{ material: 'apple', count: 1 }]), false);
      assert.deepEqual(platform.giveItems(uuid, [{ material: 'apple', count: 1 }]), { given: false, reason: 'no-room' });
      assert.equal(platform.canHold(uuid, [{ material: 'bread', count: 58 }]), true, 'bread still tops up its stack');
      await never(() => total(frank, 'apple') > 0, 'an apple to arrive');
    });
  });

  it('kicks with a reason the player reads, and emits quit with it', async () => {
    const carol = await joinBot(platform.port, 'Carol');
    const reason = kickReason(carol);
    assert.equal(platform.kick(offlineUuid('Carol'), { text: 'Go away, Carol', color: 'red' }), true);
    assert.equal(await reason, 'Go away, Carol');
    await waitFor(() => events.quit.some((q) => q.player.name === 'Carol'), 'the quit event');
    assert.equal(events.quit.find((q) => q.player.name === 'Carol')!.reason, 'Go away, Carol');
    assert.equal(platform.player(offlineUuid('Carol')), undefined);
  });

  it('refuses a join at the login gate with a reason the bot reads', async () => {
    const asked: string[][] = [];
    platform.setLoginGate((uuid, name, address) => {
      asked.push([uuid, name, address]);
      return name === 'Dave' ? { text: 'You are banned, Dave', color: 'red' } : undefined;
    });
    try {
      const dave = createBot(platform.port, 'Dave');
      assert.equal(await kickReason(dave), 'You are banned, Dave');
      assert.deepEqual(asked, [[offlineUuid('Dave'), 'Dave', '127.0.0.1']]);
      await sleep(200);
      assert.ok(!events.join.some((j) => j.player.name === 'Dave'));
      assert.equal(platform.playerByName('Dave'), undefined);
    } finally {
      platform.setLoginGate(undefined);
    }
  });

  it('removes a leaving player from the tab list of the others (defect 3) and emits quit', async () => {
    await quit(bob);
    await waitFor(() => !('Bob' in alice.players), "Bob gone from Alice's tab list");
    await waitFor(() => events.quit.some((q) => q.player.name === 'Bob'), 'the quit event');
    assert.equal(events.quit.find((q) => q.player.name === 'Bob')!.reason, 'disconnected');
    await waitFor(() => !Object.values(alice.entities).some((e) => e.username === 'Bob'), "Bob's entity gone");
  });

  it('wrote only packets that match the 1.21.4 protocol', () => {
    assert.deepEqual([...problems], []);
  });
});

describe("items in the player's own inventory: moved, dropped and kept", () => {
  const worldDir = tempWorld();
  const problems = new Set<string>();
  const observe = (_player: string, name: string, params: Record<string, unknown>) => {
    if (name === 'map_chunk' || name === 'keep_alive') return;
    for (const p of packetProblems(name, params)) problems.add(p);
  };
  const start = () => startFlyingSquid({ port: 0, onlineMode: false, worldDir, viewDistance: 2, log: memoryLogger(), packetObserver: observe });
  let platform: FlyingSquidPlatform;
  const sword = { material: 'diamond_sword', count: 1, name: 'Excalibur', enchantments: { sharpness: 5 } };

  /** The stacks of a material the bot holds, and those lying in the world as the bot sees them. */
  const held = (bot: Bot, name: string) => bot.inventory.items().filter((i) => i.name === name).reduce((n, i) => n + i.count, 0);
  const lying = (bot: Bot, name: string) =>
    Object.values(bot.entities)
      .filter((e) => e.name === 'item')
      .map((e) => e.getDroppedItem())
      .filter((i) => i?.name === name);
  const lyingCount = (bot: Bot, name: string) => lying(bot, name).reduce((n, i) => n + i!.count, 0);
  const nameOf = (item: object) => {
    const data = (item as { componentMap?: Map<string, { data: unknown }> }).componentMap?.get('custom_name')?.data;
    return data === undefined ? '(no custom name)' : JSON.stringify(nbt.simplify(data));
  };
  const SHARPNESS_5 = { enchantments: [{ id: 32, level: 5 }], showTooltip: true };
  /** platform.inventory's index of a window-0 slot: the hotbar (36-44) is 0-8, the main inventory keeps its number. */
  const storageIndex = (windowSlot: number) => (windowSlot >= 36 ? windowSlot - 36 : windowSlot);

  /** Joins a bot, gives it the items and waits until it holds them, runs the test body, and quits it. */
  async function holding(name: string, items: ItemStack[], body: (bot: Bot, uuid: string) => Promise<void>): Promise<void> {
    const bot = await joinBot(platform.port, name);
    const uuid = offlineUuid(name);
    try {
      assert.deepEqual(platform.giveItems(uuid, items), { given: true });
      await waitFor(() => items.every((i) => held(bot, i.material) >= i.count), `${name} to hold what was given`);
      await body(bot, uuid);
    } finally {
      await quit(bot);
    }
  }

  before(async () => {
    platform = await start();
  });

  after(async () => {
    await quitAll();
    await platform?.shutdown('test over');
  });

  it('tracks moves inside the inventory: pick up and place, shift-click and a number key, as the player sees them', async () => {
    await holding('Gina', [sword], async (gina, uuid) => {
      assert.equal(gina.inventory.slots[36]?.name, 'diamond_sword', 'the sword in hotbar slot 0');
      const at = () => platform.inventory(uuid)!.flatMap((s, i) => (s ? [[i, s.material]] : []));
      const seen = () => gina.inventory.items().map((i) => [storageIndex(i.slot), i.name]);

      await gina.clickWindow(36, 0, 0);
      await gina.clickWindow(20, 0, 0);
      await waitFor(() => platform.inventory(uuid)![20]?.material === 'diamond_sword', `the server to see the sword in slot 20 (it sees ${JSON.stringify(at())})`);
      assert.deepEqual(at(), [[20, 'diamond_sword']]);
      assert.equal(platform.inventory(uuid)![20]!.name, 'Excalibur', 'moved whole');

      // Shift-click: from the main inventory into the hotbar.
      await gina.clickWindow(20, 0, 1);
      await waitFor(() => platform.inventory(uuid)![0]?.material === 'diamond_sword', `the server to see the sword back in the hotbar (${JSON.stringify(at())})`);
      await waitFor(() => JSON.stringify(seen()) === JSON.stringify(at()), `the bot to see what the server sees (${JSON.stringify(seen())} / ${JSON.stringify(at())})`);

      // Number key 5: hotbar slot 0 trades places with hotbar slot 4.
      await gina.clickWindow(36, 4, 2);
      await waitFor(() => platform.inventory(uuid)![4]?.material === 'diamond_sword', `the server to see the sword in hotbar slot 4 (${JSON.stringify(at())})`);
      await waitFor(() => JSON.stringify(seen()) === JSON.stringify(at()), `the bot to see what the server sees (${JSON.stringify(seen())} / ${JSON.stringify(at())})`);
    });
  });

  it('answers a click that claims items that are not there with the whole inventory, and changes nothing', async () => {
    await holding('Ivy', [{ material: 'bread', count: 3 }], async (ivy, uuid) => {
      const again = await claimDiamonds(ivy, 0, 0, 20);
      assert.deepEqual([again.windowId, again.items.length], [0, 46]);
      assert.deepEqual(platform.inventory(uuid)!.flatMap((s, i) => (s ? [[i, s.material, s.count]] : [])), [[0, 'bread', 3]]);
    });
  });

  it('Q over a slot throws one item out as one item entity, Ctrl+Q the rest: nothing is copied', async () => {
    await holding('Jay', [{ material: 'bread', count: 10 }], async (jay, uuid) => {
      const total = () => held(jay, 'bread') + lyingCount(jay, 'bread');

      await jay.clickWindow(36, 0, 4);
      // flying-squid 1.12 left the slot full and spawned a copy, which came back half a second later.
      await never(() => total() > 10, 'more bread than was given', 1000);
      await waitFor(() => lying(jay, 'bread').length === 1, 'one item entity of bread');
      assert.deepEqual([lyingCount(jay, 'bread'), held(jay, 'bread'), platform.inventory(uuid)![0]!.count], [1, 9, 9]);

      await jay.clickWindow(36, 1, 4);
      await waitFor(() => held(jay, 'bread') === 0 && platform.inventory(uuid)![0] === null, 'the hotbar slot empty');
      await waitFor(() => lyingCount(jay, 'bread') >= 9, 'the stack in the world');
      await never(() => total() > 10, 'more bread than was given', 500);
    });
  });

  it('throws a named, enchanted stack whole (out of the window, and Q in the world) and gives it back whole when picked up', async () => {
    await holding('Kim', [sword, { material: 'apple', count: 4 }], async (kim, uuid) => {
      // tossStack: picks the stack up on the cursor and clicks outside the window.
      await kim.tossStack(kim.inventory.slots[36]!);
      await waitFor(() => lying(kim, 'diamond_sword').length === 1, 'the sword in the world');
      const thrown = lying(kim, 'diamond_sword')[0]!;
      assert.match(nameOf(thrown), /Excalibur/);
      assert.deepEqual(thrown.enchants, SHARPNESS_5);
      assert.equal(platform.inventory(uuid)![0], null);

      // Q with no screen open (the digging packet) drops one of the held stack.
      // (Each test drops its own material: what earlier tests dropped still lies by the spawn.)
      kim.setQuickBarSlot(1);
      await sleep(100);
      kim._client.write('block_dig', { status: 4, location: { x: 0, y: 0, z: 0 }, face: 0, sequence: 0 });
      await waitFor(() => lyingCount(kim, 'apple') === 1 && platform.inventory(uuid)![1]?.count === 3, 'one apple dropped from the hand');
      await waitFor(() => held(kim, 'apple') === 3, 'the bot told it holds 3');

      // Standing on the sword picks it up after vanilla's delay, components and all. (The bot's own
      // physics may carry it off, e.g. out of water, and flying-squid takes a client's position
      // even before the teleport is confirmed: it is sent again until the pickup.)
      const entity = Object.values(kim.entities).find((e) => e.name === 'item' && e.getDroppedItem()?.name === 'diamond_sword')!;
      const end = Date.now() + 8000;
      while (held(kim, 'diamond_sword') === 0 && Date.now() < end) {
        await platform.teleport(uuid, { ...platform.spawnLocation(), x: entity.position.x, y: entity.position.y, z: entity.position.z });
        await sleep(250);
      }
      assert.equal(held(kim, 'diamond_sword'), 1, 'the sword picked up');
      await waitFor(() => lying(kim, 'diamond_sword').length === 0, 'the sword gone from the world');
      const back = kim.inventory.items().find((i) => i.name === 'diamond_sword')!;
      assert.match(nameOf(back), /Excalibur/);
      assert.deepEqual(back.enchants, SHARPNESS_5);
      const onServer = platform.inventory(uuid)!.find((s) => s?.material === 'diamond_sword')!;
      assert.deepEqual([onServer.name, onServer.enchantments], ['Excalibur', { sharpness: 5 }]);
    });
  });

  it('keeps a named, enchanted item where the player put it across a rejoin, and saves it as it changes', async () => {
    const uuid = offlineUuid('Hana');
    const file = join(worldDir, 'core-inventories', `${uuid}.json`);
    const hana = await joinBot(platform.port, 'Hana');
    platform.giveItems(uuid, [sword, { material: 'cooked_beef', count: 5 }]);
    await waitFor(() => held(hana, 'diamond_sword') === 1 && held(hana, 'cooked_beef') === 5, 'the sword and the beef');
    await hana.clickWindow(36, 0, 0);
    await hana.clickWindow(20, 0, 0);
    await waitFor(() => platform.inventory(uuid)![20]?.material === 'diamond_sword', 'the sword in slot 20');
    // Written while the player is online (a crash loses nothing already saved).
    await waitFor(() => existsSync(file) && /Excalibur/.test(readFileSync(file, 'utf8')), 'the inventory file to hold the sword');
    await quit(hana);
    await waitFor(() => platform.player(uuid) === undefined, 'Hana gone');

    const again = await joinBot(platform.port, 'Hana');
    await waitFor(() => again.inventory.slots[20]?.name === 'diamond_sword', 'the sword back in slot 20');
    assert.match(nameOf(again.inventory.slots[20]!), /Excalibur/);
    assert.deepEqual(again.inventory.slots[20]!.enchants, SHARPNESS_5);
    assert.equal(again.inventory.slots[37]?.count, 5, 'the beef in hotbar slot 1');
    const inv = platform.inventory(uuid)!;
    assert.deepEqual([inv[20]!.name, inv[20]!.enchantments, inv[1]!.count], ['Excalibur', { sharpness: 5 }, 5]);
  });

  it('keeps it across a restart on the same world folder', async () => {
    const uuid = offlineUuid('Hana');
    await platform.shutdown('restart');
    platform = await start();
    const hana = await joinBot(platform.port, 'Hana');
    await waitFor(() => hana.inventory.slots[20]?.name === 'diamond_sword', 'the sword back in slot 20 after the restart');
    assert.match(nameOf(hana.inventory.slots[20]!), /Excalibur/);
    assert.deepEqual(hana.inventory.slots[20]!.enchants, SHARPNESS_5);
    assert.deepEqual(platform.inventory(uuid)![20]!.enchantments, { sharpness: 5 });
    assert.deepEqual(readdirSync(join(worldDir, 'core-inventories')).filter((f) => !f.endsWith('.json')), [], 'no temporary file left');
  });

  it('wrote only packets that match the 1.21.4 protocol', () => {
    assert.deepEqual([...problems], []);
  });
});

describe('the flying-squid platform across restarts', () => {
  it('finds the world and the player where they were left, and kicks players on shutdown', async () => {
    const worldDir = tempWorld();
    const first = await startFlyingSquid({ port: 0, onlineMode: false, worldDir, viewDistance: 2, log: memoryLogger() });
    let carol: Bot | undefined;
    let spot: { x: number; y: number; z: number };
    try {
      carol = await joinBot(first.port, 'Carol');
      const spawn = first.spawnLocation();
      spot = { x: spawn.x + 3, y: spawn.y + 1, z: spawn.z + 2 };
      await first.teleport(offlineUuid('Carol'), { ...spawn, ...spot });
      await waitFor(() => carol!.entity.position.distanceTo(vec(spot)) < 2, 'Carol moved');
      await sleep(200);
      const reason = kickReason(carol);
      await first.shutdown('The server is shutting down.');
      assert.equal(await reason, 'The server is shutting down.');
    } finally {
      if (carol) await quit(carol);
      await first.shutdown('test over');
    }
    assert.ok(existsSync(join(worldDir, 'level.dat')));

    const second = await startFlyingSquid({ port: 0, onlineMode: false, worldDir, viewDistance: 2, log: memoryLogger() });
    try {
      const again = await joinBot(second.port, 'Carol');
      // Horizontally: she may have fallen after the teleport, wherever the ground is below the spot.
      const flat = () => Math.hypot(again.entity.position.x - spot!.x, again.entity.position.z - spot!.z);
      await waitFor(() => flat() < 1, `Carol back where she left (${again.entity.position}, the spot ${JSON.stringify(spot!)})`);
      await quit(again);
    } finally {
      await second.shutdown('test over');
    }
  });

  it('refuses to start on a port in use, with the listen error', async () => {
    const blocker = createServer();
    await new Promise<void>((r) => blocker.listen(0, '127.0.0.1', () => r()));
    const port = (blocker.address() as { port: number }).port;
    try {
      await assert.rejects(
        startFlyingSquid({ port, host: '127.0.0.1', onlineMode: false, worldDir: tempWorld(), log: memoryLogger() }),
        /EADDRINUSE/,
      );
    } finally {
      blocker.close();
    }
  });
});

function vec(p: { x: number; y: number; z: number }) {
  return new (mineflayerVec3())(p.x, p.y, p.z);
}

function mineflayerVec3(): new (x: number, y: number, z: number) => import('vec3').Vec3 {
  return (createRequire(require.resolve('mineflayer'))('vec3') as typeof import('vec3')).Vec3;
}
