// The two platforms the contract suite runs against: the FakePlatform unit tests use, and the real
// flying-squid adapter with mineflayer bots as players. A contract case is written once against
// `PlatformHarness` and must hold on both, so the fake cannot drift from the game.
//
// A harness player is what a case may make a client do. Each capability that needs a client action
// (say something, walk, click an entity…) adds it to `HarnessPlayer` and implements it in both
// harnesses below: on the fake as the test control the fake offers, on the real one with the bot.

import { mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { GamePlatform, OnlinePlayer, PlatformEventName, PlatformEvents } from '../../src/platform/platform.ts';
import { startFlyingSquid } from '../../src/platform/flying-squid/index.ts';
import { memoryLogger } from '../../src/core/log/log.ts';
import { FakePlatform, offlineUuid } from '../support/fake-platform.ts';
import { copyTestWorld } from '../support/test-world.ts';
import { fence, joinBot, kickText, loginSettled, nextEvent, quit, reportLocale, waitFor, walkOneBlock, type Bot } from '../e2e/support/bots.ts';
import { botScreen, fakeScreen, type Screen } from './screens.ts';
import { skinTextureUrl } from '../../src/platform/entity-registry.ts';
import type { InteractTarget } from '../../src/platform/platform.ts';
import type { PlayerPose } from '../../src/platform/poses.ts';
import { mobTypeName } from '../../src/platform/mob-types.ts';

/** Something a client shows: another player or an NPC (both 'player'), or a text display. */
export interface SeenEntity {
  kind: 'player' | 'text_display';
  /** The name above a player's or NPC's head (absent when none shows). */
  name?: string;
  /** A text display's text, its lines joined with line breaks. */
  text?: string;
  position: { x: number; y: number; z: number };
  /** The harness's own handle, for clicking it. */
  readonly ref: unknown;
}

/** A block position. */
export interface BlockPos {
  x: number;
  y: number;
  z: number;
}

export interface HarnessPlayer {
  readonly player: OnlinePlayer;
  /** What the player's screen shows of sidebars, nametags, the tab list, titles, sounds and chat. */
  readonly screen: Screen;
  /** The client sends a chat line. */
  say(message: string): Promise<void>;
  /** The client reports its language in its settings (`de_DE`), as a game does when the player changes it. */
  reportLocale(locale: string): Promise<void>;
  /** The client walks forward until it stands in another block (or gives up after a while), then stops. */
  walk(): Promise<void>;
  /** Where the client believes it stands. */
  clientPosition(): BlockPos;
  /** The health the client shows. */
  clientHealth(): number;
  /** The client starts or stops flying (a double jump), as a game client tells the server. */
  fly(flying: boolean): Promise<void>;
  /** The client hits another player once. */
  attack(target: HarnessPlayer): Promise<void>;
  /** The client breaks the block at the position (at once: call it in creative mode). */
  dig(at: BlockPos): Promise<void>;
  /** The client places the block it holds on top of the block at `on`. */
  placeOn(on: BlockPos): Promise<void>;
  /** The client uses the item in its main hand (a right-click in the air). */
  useItem(): Promise<void>;
  /**
   * The client places the sign it holds on top of the block at `on` and, in the editor the server
   * opens, writes these lines (front side). Answers where the sign is.
   */
  writeSign(on: BlockPos, lines: string[]): Promise<BlockPos>;
  /** The front lines of the sign the client shows at a position, or undefined when it has no text for it. */
  clientSignText(at: BlockPos): string[] | undefined;
  /** The material of the block the client sees at a position ("air" when none). */
  clientBlock(at: BlockPos): string;
  /** The client disconnects; resolves once the platform has emitted `quit`. */
  leave(): Promise<void>;
  /** What the client shows now (itself excluded). */
  seen(): SeenEntity[];
  /** The client attacks (left-click) or uses (right-click) something it shows. */
  click(entity: SeenEntity, action: 'attack' | 'use'): Promise<void>;
  /** The skin texture URL the client shows on the player or NPC of that name (undefined: the default). */
  skinSeen(name: string): string | undefined;
  /** The chest window the client shows: the material in each chest slot (null: empty); undefined when none is open. */
  chestSeen(): Array<string | null> | undefined;
  /** The client left-clicks a slot of the chest window it shows (a locked one, in the cases: the fake has no cursor). */
  clickChestSlot(slot: number): Promise<void>;
  /** The client presses and releases the sneak key. */
  sneak(): Promise<void>;
  /** How the client shows another player: riding a seat, lying, or standing (undefined: not shown). */
  poseSeen(name: string): PlayerPose | undefined;
  /** The client throws the whole stack in its first hotbar slot out (Ctrl+Q with no screen open). */
  dropFirstSlot(): Promise<void>;
  /** The items on the ground (by material) and mobs (by type) the client shows. */
  seenInWorld(): Array<{ kind: 'item' | 'mob'; name: string }>;
  /**
   * The player dies (their health set to 0) and the client asks to respawn at once, as the death
   * screen's button does; resolves once the platform has emitted `respawn` for them.
   */
  dieAndRespawn(): Promise<void>;
}

export interface PlatformHarness {
  /** "fake" or "flying-squid". */
  readonly name: string;
  readonly platform: GamePlatform;
  /** A player joins; resolves once the platform has emitted `join` for them. */
  join(name: string): Promise<HarnessPlayer>;
  /** Records every event of these kinds from now on. */
  record<E extends PlatformEventName>(event: E): Array<PlatformEvents[E]>;
  /**
   * Waits until `condition` holds (the real platform answers a client over the network; the
   * fake at once), failing with `what` when it does not within the timeout.
   */
  until(condition: () => boolean, what: string, timeoutMs?: number): Promise<void>;
  /** Everyone leaves and the platform stops. */
  close(): Promise<void>;
}

const Vec3 = (createRequire(createRequire(import.meta.url).resolve('mineflayer'))('vec3') as { Vec3: new (x: number, y: number, z: number) => import('vec3').Vec3 }).Vec3;

/** mineflayer's placing without waiting for the block to appear. */
type PlacingBot = Bot & { _genericPlace(on: unknown, face: unknown, options: { swingArm?: 'right'; forceLook?: boolean }): Promise<unknown> };

/** The block at a position once the bot has its chunk. */
async function blockSeen(bot: Bot, at: BlockPos): Promise<NonNullable<ReturnType<Bot['blockAt']>>> {
  const pos = new Vec3(at.x, at.y, at.z);
  await waitFor(() => bot.blockAt(pos) !== null, `${bot.username} to see the block at ${pos}`);
  return bot.blockAt(pos)!;
}

function recorder(platform: GamePlatform) {
  return <E extends PlatformEventName>(event: E): Array<PlatformEvents[E]> => {
    const seen: Array<PlatformEvents[E]> = [];
    platform.on(event, (data) => seen.push(data));
    return seen;
  };
}

async function until(condition: () => boolean, what: string, timeoutMs = 10000): Promise<void> {
  await waitFor(condition, what, timeoutMs);
}

export async function fakeHarness(): Promise<PlatformHarness> {
  const platform = new FakePlatform();
  return {
    name: 'fake',
    platform,
    record: recorder(platform),
    until,
    async join(name) {
      const player = platform.join(name);
      if (!player) throw new Error(`${name} was refused`);
      return {
        player,
        screen: fakeScreen(platform, player),
        say: async (message) => {
          platform.chat(player.uuid, message);
        },
        reportLocale: async (locale) => {
          platform.setLocale(player.uuid, locale);
        },
        walk: async () => {
          const at = platform.location(player.uuid)!;
          platform.move(player.uuid, { ...at, x: at.x + 1 });
        },
        clientPosition: () => platform.location(player.uuid)!,
        clientHealth: () => platform.vitals(player.uuid)!.health,
        fly: async (flying) => {
          platform.gameplay.fly(player.uuid, flying);
        },
        attack: async (target) => {
          platform.gameplay.damage(target.player.uuid, 1, { attacker: player.uuid });
        },
        dig: async (at) => {
          platform.gameplay.breakBlock(player.uuid, at);
        },
        placeOn: async (on) => {
          platform.gameplay.placeBlock(player.uuid, { x: on.x, y: on.y + 1, z: on.z });
        },
        useItem: async () => {
          platform.gameplay.useItem(player.uuid);
        },
        writeSign: async (on, lines) => {
          const at = { x: on.x, y: on.y + 1, z: on.z };
          if (!platform.gameplay.placeBlock(player.uuid, at)) platform.gameplay.editSign(player.uuid, at, lines);
          return at;
        },
        clientSignText: (at) => platform.gameplay.signText({ ...at, world: platform.location(player.uuid)?.world }),
        clientBlock: (at) => platform.gameplay.blockAt({ ...at, world: platform.location(player.uuid)?.world }),
        leave: async () => {
          if (platform.player(player.uuid)) platform.quit(player.uuid);
        },
        seen: () =>
          platform.entityFake.seenBy(player.uuid).map((s) => ({ kind: s.kind, name: s.name, text: s.text, position: s.location, ref: s.target })),
        click: async (entity, action) => {
          platform.entityFake.click(player.uuid, entity.ref as InteractTarget, action);
        },
        skinSeen: (name) => {
          const skin = platform.entityFake.skinSeenBy(player.uuid, name);
          return skin && skinTextureUrl(skin);
        },
        chestSeen: () => platform.chestOf(player.uuid)?.items.map((i) => i?.material ?? null),
        clickChestSlot: async (slot) => {
          platform.clickChest(player.uuid, slot);
        },
        sneak: async () => {
          platform.poses.sneak(player.uuid);
        },
        poseSeen: (name) => {
          const other = platform.playerByName(name);
          return other && platform.location(other.uuid)?.world === platform.location(player.uuid)?.world ? platform.pose(other.uuid) : undefined;
        },
        dropFirstSlot: async () => {
          const held = platform.inventory(player.uuid)?.[0];
          if (!held) return;
          platform.inventories.get(player.uuid)![0] = null;
          platform.worldEntityFake.drop(player.uuid, held.material, held.count);
        },
        seenInWorld: () =>
          platform.worldEntities(platform.location(player.uuid)?.world).map((e) => (e.kind === 'item' ? { kind: 'item', name: e.material } : { kind: 'mob', name: e.type })),
        dieAndRespawn: async () => {
          platform.gameplay.damage(player.uuid, platform.vitals(player.uuid)!.health, { cause: 'command' });
          await platform.gameplay.respawn(player.uuid);
        },
      };
    },
    async close() {
      await platform.shutdown('contract over');
    },
  };
}

/** The players, NPCs and text displays in a bot's world, as mineflayer keeps them. */
function seenByBot(bot: Bot): SeenEntity[] {
  const seen: SeenEntity[] = [];
  for (const e of Object.values(bot.entities)) {
    if (e === bot.entity) continue;
    if (e.type === 'player') {
      // A team whose name tags never show hides the name above the head.
      const hidden = e.username !== undefined && bot.teamMap[e.username]?.nameTagVisibility === 'never';
      seen.push({ kind: 'player', ...(hidden ? {} : { name: e.username }), position: e.position.clone(), ref: e });
    }
    else if (e.name === 'text_display') {
      // The text is metadata entry 23, an NBT text component.
      const text = (e.metadata as unknown as Record<number, unknown>)[23];
      // A clickable one has an interaction box where it stands, which is what a player clicks.
      const box = Object.values(bot.entities).find((b) => b.name === 'interaction' && b.position.distanceTo(e.position) < 0.01);
      seen.push({ kind: 'text_display', text: text === undefined ? undefined : kickText(text), position: e.position.clone(), ref: box ?? e });
    }
  }
  return seen;
}

/** The items on the ground and the mobs a bot shows. */
function seenInWorldByBot(bot: Bot): Array<{ kind: 'item' | 'mob'; name: string }> {
  const seen: Array<{ kind: 'item' | 'mob'; name: string }> = [];
  for (const e of Object.values(bot.entities)) {
    if (e.name === 'item') {
      const item = e.getDroppedItem();
      if (item) seen.push({ kind: 'item', name: item.name });
    } else if (e.name && mobTypeName(e.name)) seen.push({ kind: 'mob', name: e.name });
  }
  return seen;
}

export async function flyingSquidHarness(): Promise<PlatformHarness> {
  const folder = mkdtempSync(join(tmpdir(), 'core-contract-'));
  const world = join(folder, 'world');
  await copyTestWorld(world);
  const platform = await startFlyingSquid({ port: 0, onlineMode: false, worldDir: world, log: memoryLogger() });
  const bots = new Set<Bot>();
  return {
    name: 'flying-squid',
    platform,
    record: recorder(platform),
    until,
    async join(name) {
      const uuid = offlineUuid(name);
      const bot = await joinBot(platform.port, name);
      const screen = botScreen(bot);
      bots.add(bot);
      // flying-squid sends the login position again once the client first moves: a walk before
      // that would be undone.
      await loginSettled(bot);
      await until(() => platform.player(uuid) !== undefined, `${name} joined the platform`);
      const player = platform.player(uuid)!;
      return {
        player,
        screen,
        say: async (message) => {
          bot.chat(message);
        },
        reportLocale: async (locale) => {
          reportLocale(bot, locale);
        },
        walk: () => walkOneBlock(bot),
        clientPosition: () => bot.entity.position,
        clientHealth: () => bot.health,
        fly: async (flying) => {
          bot._client.write('abilities', { flags: flying ? 2 : 0 });
        },
        attack: async (target) => {
          const seen = () => Object.values(bot.entities).find((e) => e.username === target.player.name);
          await waitFor(() => seen() !== undefined, `${name} to see ${target.player.name}`);
          bot.attack(seen()!);
        },
        dig: async (at) => {
          const mode = platform.gameMode(uuid);
          await waitFor(() => bot.game.gameMode === mode, `${name} to know its game mode`);
          const block = await blockSeen(bot, at);
          if (mode === 'creative') {
            // As the vanilla client breaks in creative: the block goes on the client at once, then one
            // start-digging packet breaks it on the server. Not bot.dig: it sets air on a 0 ms timer
            // after sending, which can come after the server's answer and hide a block it restored
            // (seen on a loaded machine: the cancelled break's block never came back).
            await bot.lookAt(block.position.offset(0.5, 0.5, 0.5), true);
            (bot as unknown as { _updateBlockState(pos: import('vec3').Vec3, stateId: number): void })._updateBlockState(block.position, 0);
            bot._client.write('block_dig', { status: 0, location: block.position, face: 1, sequence: 0 });
            return;
          }
          // The bot's dig waits for air, which a cancelled break never brings: the case waits instead.
          void bot.dig(block, true).catch(() => {});
        },
        placeOn: async (on) => {
          const block = await blockSeen(bot, on);
          await waitFor(() => bot.heldItem !== null, `${name} to hold something to place`);
          // Not bot.placeBlock, which fails when no block appears (as when a handler cancels).
          await (bot as PlacingBot)._genericPlace(block, new Vec3(0, 1, 0), { swingArm: 'right', forceLook: true });
        },
        useItem: async () => {
          bot.activateItem();
        },
        writeSign: async (on, lines) => {
          const block = await blockSeen(bot, on);
          await waitFor(() => bot.heldItem?.name.endsWith('_sign') === true, `${name} to hold a sign`);
          const opened = nextEvent<{ location: BlockPos }>(bot._client, 'open_sign_entity');
          await (bot as PlacingBot)._genericPlace(block, new Vec3(0, 1, 0), { swingArm: 'right', forceLook: true });
          // As a player does: the lines are written in the editor the server opens.
          const { location } = await opened;
          bot.updateSign({ position: new Vec3(location.x, location.y, location.z) } as Parameters<Bot['updateSign']>[0], lines.join('\n'));
          return { x: location.x, y: location.y, z: location.z };
        },
        clientSignText: (at) => {
          const block = bot.blockAt(new Vec3(at.x, at.y, at.z)) as (ReturnType<Bot['blockAt']> & { entity?: unknown }) | null;
          if (!block?.entity || !block.name.endsWith('_sign')) return undefined;
          return block.getSignText()[0].split('\n');
        },
        clientBlock: (at) => bot.blockAt(new Vec3(at.x, at.y, at.z))?.name ?? 'air',
        leave: async () => {
          bots.delete(bot);
          await quit(bot);
          await until(() => platform.player(uuid) === undefined, `${name} left the platform`);
        },
        seen: () => seenByBot(bot),
        click: async (entity, action) => {
          const target = entity.ref as Bot['entity'];
          if (action === 'attack') bot.attack(target);
          else await bot.activateEntity(target);
        },
        skinSeen: (name) => (bot.players[name] as { skinData?: { url?: string } } | undefined)?.skinData?.url,
        chestSeen: () => {
          const w = bot.currentWindow as unknown as { inventoryStart: number; slots: Array<{ name: string } | null> } | null;
          return w ? w.slots.slice(0, w.inventoryStart).map((i) => i?.name ?? null) : undefined;
        },
        clickChestSlot: async (slot) => {
          await bot.clickWindow(slot, 0, 0);
        },
        sneak: async () => {
          bot.setControlState('sneak', true);
          // Held until the server has read the press.
          await fence(bot);
          bot.setControlState('sneak', false);
        },
        poseSeen: (name) => {
          const e = Object.values(bot.entities).find((x) => x.type === 'player' && x.username === name);
          if (!e) return undefined;
          // mineflayer keeps a rider's vehicle after the vehicle is gone (a game client does not).
          if (e.vehicle && bot.entities[e.vehicle.id] === e.vehicle) return 'sitting';
          return (e.metadata as unknown as Record<number, unknown>)[6] === 2 ? 'laying' : 'standing';
        },
        dropFirstSlot: async () => {
          await waitFor(() => bot.inventory.slots[36] !== null, `${name} to hold something to drop`);
          bot.setQuickBarSlot(0);
          bot._client.write('block_dig', { status: 3, location: { x: 0, y: 0, z: 0 }, face: 0, sequence: 0 });
        },
        seenInWorld: () => seenInWorldByBot(bot),
        dieAndRespawn: async () => {
          // The bot presses the death screen's button by itself (mineflayer's `respawn` option).
          const respawned = new Promise<void>((resolve) => {
            const seen = (e: PlatformEvents['respawn']) => {
              if (e.player.uuid !== uuid) return;
              platform.off('respawn', seen);
              resolve();
            };
            platform.on('respawn', seen);
          });
          platform.setHealth(uuid, 0);
          await respawned;
        },
      };
    },
    async close() {
      await Promise.all([...bots].map((b) => quit(b)));
      await platform.shutdown('contract over');
    },
  };
}
