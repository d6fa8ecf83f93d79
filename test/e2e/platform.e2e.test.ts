// The flying-squid platform as real mineflayer 1.21.4 bots meet it: each capability of
// GamePlatform done on the live server and observed by a bot, and every packet the server writes
// checked against the 1.21.4 protocol on the way out. Items and chest windows are in
// platform-items.e2e.test.ts, restarts in platform-restarts.e2e.test.ts.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { EventEmitter } from 'node:events';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { startFlyingSquid, type FlyingSquidPlatform } from '../../src/platform/flying-squid/index.ts';
import { memoryLogger } from '../../src/core/log/log.ts';
import type { CommandSender, PlatformEventName, PlatformEvents } from '../../src/platform/platform.ts';
import { offlineUuid } from '../support/fake-platform.ts';
import { createBot, fence, joinBot, kickReason, nextEvent, quit, quitAll, recordMessages, waitFor, waitForMessage, type Bot } from './support/bots.ts';
import { nbt, packetChecker, tempWorld, vec } from './support/platform-e2e.ts';

const require = createRequire(import.meta.url);
const { parseUncompressed } = require('prismarine-nbt') as { parseUncompressed(data: Buffer): unknown };

/** The game mode flying-squid saved for a player (playerdata/<uuid>.dat), or undefined while there is no whole file. */
function savedGameMode(worldDir: string, uuid: string): number | undefined {
  const file = join(worldDir, 'playerdata', `${uuid}.dat`);
  if (!existsSync(file)) return undefined;
  try {
    const data = nbt.simplify(parseUncompressed(gunzipSync(readFileSync(file)))) as { playerGameType?: number };
    return data.playerGameType;
  } catch {
    return undefined; // being written
  }
}

/** Records the events a platform emits. */
function recordEvents(platform: FlyingSquidPlatform) {
  const events: { [E in PlatformEventName]: PlatformEvents[E][] } = { join: [], quit: [], chat: [], death: [], respawn: [], move: [], interact: [], damage: [], itemUse: [], blockBreak: [], blockPlace: [], signEdit: [], poseEnd: [], mobSpawn: [], mobSpawned: [] };
  for (const name of Object.keys(events) as PlatformEventName[]) {
    platform.on(name, (data) => (events[name] as unknown[]).push(data));
  }
  return events;
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
  const { problems, observe } = packetChecker();
  let signalsBefore: { SIGINT: number; SIGTERM: number };
  const log = memoryLogger();
  let worldDir: string;

  before(async () => {
    signalsBefore = { SIGINT: process.listenerCount('SIGINT'), SIGTERM: process.listenerCount('SIGTERM') };
    worldDir = await tempWorld();
    platform = await startFlyingSquid({
      port: 0,
      onlineMode: false,
      worldDir,
      viewDistance: 3,
      log,
      packetObserver: observe,
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
    // Answered after the three lines: whatever they made the server tell Alice has come.
    await fence(alice);
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
    // Bob's client read the move and the server still answers him: a packet he cannot read would
    // have ended his connection first.
    await fence(bob);
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
    // The server has handled Bob's attack once it answers him, and any health it sent Alice since
    // has reached her once it answers her.
    await fence(bob);
    await fence(alice);
    assert.equal(alice.health, 20, 'Alice hurt while invulnerable');
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
    // flying-squid saves the player data on leaving (and at the login, in survival then).
    await waitFor(() => savedGameMode(worldDir, offlineUuid('Erin')) === 1, "Erin's creative mode saved");
    const again = await joinBot(platform.port, 'Erin');
    assert.equal(again.game.gameMode, 'creative');
    assert.equal(platform.gameMode(offlineUuid('Erin')), 'creative');
    await quit(again);
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
      const ended = nextEvent(dave, 'end');
      assert.equal(await kickReason(dave), 'You are banned, Dave');
      assert.deepEqual(asked, [[offlineUuid('Dave'), 'Dave', '127.0.0.1']]);
      // A join comes from a connection that is still open: the server closed Dave's.
      await ended;
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
