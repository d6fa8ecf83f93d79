// Signs on the real flying-squid platform with mineflayer bots: a bot places a sign, writes on it in
// the editor the server opens (bot.updateSign), and other bots read the sign's text as their client
// shows it (blockAt(…).getSignText()). A `signEdit` handler that cancels keeps the sign blank for
// everyone; malformed edits change nothing; the text survives a restart.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { EventEmitter } from 'node:events';
import { createRequire } from 'node:module';
import { startFlyingSquid, type FlyingSquidPlatform } from '../../src/platform/flying-squid/index.ts';
import { packetProblems } from '../../src/platform/flying-squid/packet-check.ts';
import { memoryLogger } from '../../src/core/log/log.ts';
import type { PlatformEvents } from '../../src/platform/platform.ts';
import { offlineUuid } from '../support/fake-platform.ts';
import { fence, joinBot, nextEvent, quit, quitAll, waitFor, type Bot } from './support/bots.ts';
import { tempWorld } from './support/platform-e2e.ts';

const Vec3 = (createRequire(createRequire(import.meta.url).resolve('mineflayer'))('vec3') as { Vec3: new (x: number, y: number, z: number) => import('vec3').Vec3 }).Vec3;
type V3 = import('vec3').Vec3;
type SignBlock = NonNullable<ReturnType<Bot['blockAt']>> & { entity?: unknown };

const UP = new Vec3(0, 1, 0);
const EAST = new Vec3(1, 0, 0);

/** The front text a bot's client shows on the sign at `at` (lines joined by \n), or undefined when it has none. */
function frontText(bot: Bot, at: V3): string | undefined {
  const block = bot.blockAt(at) as SignBlock | null;
  if (!block?.entity || !block.name.endsWith('_sign')) return undefined;
  return block.getSignText()[0];
}

/** Four lines as getSignText joins them. */
const text = (...lines: string[]) => [0, 1, 2, 3].map((i) => lines[i] ?? '').join('\n');

const solid = (bot: Bot, at: V3) => {
  const name = bot.blockAt(at)?.name;
  return name !== undefined && name !== 'air' && !/water|lava|grass$|fern|flower|bush|_sign$/.test(name);
};
const air = (bot: Bot, at: V3) => bot.blockAt(at)?.name === 'air';

/**
 * A ground block near the bot with air above it (and above its east neighbour when `wall`), not
 * one of `taken`; waits until the bot has the chunk.
 */
async function ground(bot: Bot, taken: V3[], wall = false): Promise<V3> {
  const find = () => {
    const at = bot.entity.position.floored();
    const columns: Array<[number, number]> = [];
    for (let dx = -4; dx <= 4; dx++) for (let dz = -4; dz <= 4; dz++) if (Math.abs(dx) + Math.abs(dz) >= 2) columns.push([dx, dz]);
    columns.sort((a, b) => a[0] ** 2 + a[1] ** 2 - (b[0] ** 2 + b[1] ** 2));
    for (const [dx, dz] of columns) {
      for (let y = at.y + 2; y >= at.y - 3; y--) {
        const g = new Vec3(at.x + dx, y, at.z + dz);
        if (!solid(bot, g) || !air(bot, g.offset(0, 1, 0))) continue;
        if (wall && !(air(bot, g.offset(0, 2, 0)) && air(bot, g.offset(1, 1, 0)) && air(bot, g.offset(1, 2, 0)))) continue;
        if (taken.some((t) => Math.abs(t.x - g.x) <= 1 && Math.abs(t.z - g.z) <= 1)) continue;
        return g;
      }
    }
    return undefined;
  };
  await waitFor(() => find() !== undefined, `ground near ${bot.username}`);
  return find()!;
}

/** The bot places the sign it holds against a face of `on` and answers where the server opened the editor. */
async function placeSign(bot: Bot, on: V3, face: V3): Promise<V3> {
  await waitFor(() => bot.heldItem?.name === 'oak_sign', `${bot.username} to hold a sign`);
  const opened = nextEvent<{ location: { x: number; y: number; z: number } }>(bot._client, 'open_sign_entity');
  await bot.placeBlock(bot.blockAt(on)!, face);
  const { location } = await opened;
  return new Vec3(location.x, location.y, location.z);
}

describe('signs on flying-squid with bots', () => {
  let platform: FlyingSquidPlatform;
  let alice: Bot;
  let bob: Bot;
  let worldDir: string;
  const edits: Array<PlatformEvents['signEdit']> = [];
  const problems = new Set<string>();
  const taken: V3[] = [];
  let cancelFor: string | undefined;
  let written: V3 | undefined;

  const start = () =>
    startFlyingSquid({
      port: 0,
      onlineMode: false,
      worldDir,
      viewDistance: 3,
      log: memoryLogger(),
      packetObserver: (_player, name, params) => {
        const signs = name === 'map_chunk' && Array.isArray(params.blockEntities) && params.blockEntities.length > 0;
        if (name === 'open_sign_entity' || name === 'tile_entity_data' || signs) for (const p of packetProblems(name, params)) problems.add(p);
      },
    });

  before(async () => {
    worldDir = await tempWorld();
    platform = await start();
    platform.on('signEdit', (e) => {
      edits.push(e);
      if (e.player.uuid === cancelFor) e.cancel();
    });
    alice = await joinBot(platform.port, 'Alice');
    bob = await joinBot(platform.port, 'Bob');
    platform.setInventorySlot(offlineUuid('Alice'), 0, { material: 'oak_sign', count: 16 });
    platform.setInventorySlot(offlineUuid('Alice'), 1, { material: 'oak_planks', count: 4 });
  });

  after(async () => {
    await quitAll();
    await platform?.shutdown('test over');
  });

  it('opens the editor on a placed sign; the text written is the event, and another player sees it', async () => {
    const on = await ground(alice, taken);
    taken.push(on);
    const at = await placeSign(alice, on, UP);
    assert.deepEqual(at, on.offset(0, 1, 0));
    alice.updateSign(alice.blockAt(at)!, 'Hello\nfrom §aAlice');
    await waitFor(() => edits.length === 1, 'the signEdit event');
    const [edit] = edits;
    assert.equal(edit!.player.name, 'Alice');
    assert.deepEqual(edit!.lines, ['Hello', 'from aAlice', '', '']);
    assert.equal(edit!.front, true);
    assert.deepEqual(edit!.block, { world: 'world', x: at.x, y: at.y, z: at.z, material: 'oak_sign' });
    await waitFor(() => frontText(bob, at) === text('Hello', 'from aAlice'), 'Bob to read the sign');
    await waitFor(() => frontText(alice, at) === text('Hello', 'from aAlice'), 'Alice to read the sign');
    written = at;
  });

  it('shows the text to a player who comes later, with the chunk', async () => {
    assert.ok(written, 'a sign was written');
    const carol = await joinBot(platform.port, 'Carol');
    await waitFor(() => frontText(carol, written!) === text('Hello', 'from aAlice'), 'Carol to read the sign');
    await quit(carol);
  });

  it('places a sign on the side of a block as a wall sign, and writes it', async () => {
    // Before, flying-squid's sign handler crashed here (it looked for the pre-1.14 block wall_sign).
    const on = await ground(alice, taken, true);
    taken.push(on);
    alice.setQuickBarSlot(1);
    await waitFor(() => alice.heldItem?.name === 'oak_planks', 'Alice to hold planks');
    await alice.placeBlock(alice.blockAt(on)!, UP);
    const planks = on.offset(0, 1, 0);
    alice.setQuickBarSlot(0);
    const at = await placeSign(alice, planks, EAST);
    assert.deepEqual(at, planks.offset(1, 0, 0));
    await waitFor(() => bob.blockAt(at)?.name === 'oak_wall_sign', 'Bob to see a wall sign');
    assert.equal((bob.blockAt(at)!.getProperties() as { facing?: string }).facing, 'east');
    alice.updateSign(alice.blockAt(at)!, 'On the wall');
    await waitFor(() => frontText(bob, at) === text('On the wall'), 'Bob to read the wall sign');
  });

  it('keeps a sign blank for everyone when a handler cancels the edit', async () => {
    cancelFor = offlineUuid('Alice');
    const before = edits.length;
    const on = await ground(alice, taken);
    taken.push(on);
    const at = await placeSign(alice, on, UP);
    alice.updateSign(alice.blockAt(at)!, 'I am muted\nbut write anyway');
    await waitFor(() => edits.length === before + 1, 'the signEdit event');
    assert.equal(edits.at(-1)!.cancelled, true);
    // The writer, whose game shows what it typed, is sent the sign as it is: blank.
    await waitFor(() => frontText(alice, at) === text(), 'Alice to be sent the blank sign');
    // Allowed again, a second sign reaches Bob after anything about the first would have.
    cancelFor = undefined;
    const next = await ground(alice, taken);
    taken.push(next);
    const second = await placeSign(alice, next, UP);
    alice.updateSign(alice.blockAt(second)!, 'allowed');
    await waitFor(() => frontText(bob, second) === text('allowed'), 'Bob to read the second sign');
    assert.ok([undefined, text()].includes(frontText(bob, at)), `Bob sees the first sign blank, not ${frontText(bob, at)}`);
  });

  it('reopens the editor on a right-click, and the new text replaces the old for everyone', async () => {
    assert.ok(written, 'a sign was written');
    const opened = nextEvent<{ location: { x: number; y: number; z: number } }>(alice._client, 'open_sign_entity');
    await alice.activateBlock(alice.blockAt(written!)!);
    const { location } = await opened;
    assert.deepEqual(location, { x: written!.x, y: written!.y, z: written!.z });
    alice.updateSign(alice.blockAt(written!)!, 'Changed\nby Alice');
    await waitFor(() => frontText(bob, written!) === text('Changed', 'by Alice'), 'Bob to read the new text');
  });

  it('ignores malformed edits and edits of a sign whose editor the player did not open (nor can open while another edits it); both stay connected', async () => {
    assert.ok(written, 'a sign was written');
    const before = edits.length;
    const raw = (bot: Bot, at: V3, lines: unknown[]) =>
      bot._client.write('update_sign', { location: { x: at.x, y: at.y, z: at.z }, isFrontText: true, text1: lines[0], text2: lines[1], text3: lines[2], text4: lines[3] });
    // Bob never opened the editor of Alice's sign.
    raw(bob, written!, ['Bob', 'was', 'here', '']);
    // Alice opens it, then sends a line over 384 characters.
    const opened = nextEvent(alice._client, 'open_sign_entity');
    await alice.activateBlock(alice.blockAt(written!)!);
    await opened;
    // While Alice edits it, a right-click by Bob opens no editor.
    let bobOpened = false;
    const onBobOpen = () => (bobOpened = true);
    const bobClient = bob._client as unknown as EventEmitter;
    bobClient.on('open_sign_entity', onBobOpen);
    await bob.activateBlock(bob.blockAt(written!)!);
    // The server has handled the right-click, and sent whatever it answers to it, once it answers Bob.
    await fence(bob);
    assert.equal(bobOpened, false, 'an editor for Bob');
    bobClient.off('open_sign_entity', onBobOpen);
    const resent = nextEvent<{ location: { x: number; y: number; z: number } }>(alice._client, 'tile_entity_data');
    raw(alice, written!, ['x'.repeat(385), '', '', '']);
    // Her game shows what she typed: she is sent the sign as it is.
    assert.deepEqual((await resent).location, { x: written!.x, y: written!.y, z: written!.z });
    // The editor was closed by that edit: a second one is not taken either.
    raw(alice, written!, ['late', '', '', '']);
    // The server has handled both of Bob's attempts and Alice's two edits once it answers each.
    await fence(bob);
    await fence(alice);
    assert.equal(edits.length, before, 'a signEdit event');
    assert.equal(frontText(bob, written!), text('Changed', 'by Alice'));
    assert.equal(frontText(alice, written!), text('Changed', 'by Alice'));
    assert.ok(platform.player(offlineUuid('Alice')) && platform.player(offlineUuid('Bob')), 'both still online');
  });

  it('sends only well-formed sign packets', () => {
    assert.deepEqual([...problems], []);
  });

  it('keeps the text across a restart', async () => {
    assert.ok(written, 'a sign was written');
    await quitAll();
    await platform.shutdown('restart');
    platform = await start();
    const dave = await joinBot(platform.port, 'Dave');
    await waitFor(() => frontText(dave, written!) === text('Changed', 'by Alice'), 'Dave to read the sign after the restart');
  });
});
