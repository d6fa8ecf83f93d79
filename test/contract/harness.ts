// The two platforms the contract suite runs against: the FakePlatform unit tests use, and the real
// flying-squid adapter with mineflayer bots as players. A contract case is written once against
// `PlatformHarness` and must hold on both, so the fake cannot drift from the game.
//
// A harness player is what a case may make a client do. Each capability that needs a client action
// (say something, walk, click an entity…) adds it to `HarnessPlayer` and implements it in both
// harnesses below: on the fake as the test control the fake offers, on the real one with the bot.

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { GamePlatform, OnlinePlayer, PlatformEventName, PlatformEvents } from '../../src/platform/platform.ts';
import { startFlyingSquid } from '../../src/platform/flying-squid/index.ts';
import { memoryLogger } from '../../src/core/log.ts';
import { FakePlatform, offlineUuid } from '../support/fake-platform.ts';
import { joinBot, quit, waitFor, type Bot } from '../e2e/support/bots.ts';

export interface HarnessPlayer {
  readonly player: OnlinePlayer;
  /** The client sends a chat line. */
  say(message: string): Promise<void>;
  /** The client disconnects; resolves once the platform has emitted `quit`. */
  leave(): Promise<void>;
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
        say: async (message) => {
          platform.chat(player.uuid, message);
        },
        leave: async () => {
          if (platform.player(player.uuid)) platform.quit(player.uuid);
        },
      };
    },
    async close() {
      await platform.shutdown('contract over');
    },
  };
}

export async function flyingSquidHarness(): Promise<PlatformHarness> {
  const folder = mkdtempSync(join(tmpdir(), 'core-contract-'));
  const platform = await startFlyingSquid({ port: 0, onlineMode: false, worldDir: join(folder, 'world'), log: memoryLogger() });
  const bots = new Set<Bot>();
  return {
    name: 'flying-squid',
    platform,
    record: recorder(platform),
    until,
    async join(name) {
      const uuid = offlineUuid(name);
      const bot = await joinBot(platform.port, name);
      bots.add(bot);
      await until(() => platform.player(uuid) !== undefined, `${name} joined the platform`);
      const player = platform.player(uuid)!;
      return {
        player,
        say: async (message) => {
          bot.chat(message);
        },
        leave: async () => {
          bots.delete(bot);
          await quit(bot);
          await until(() => platform.player(uuid) === undefined, `${name} left the platform`);
        },
      };
    },
    async close() {
      await Promise.all([...bots].map((b) => quit(b)));
      await platform.shutdown('contract over');
    },
  };
}
