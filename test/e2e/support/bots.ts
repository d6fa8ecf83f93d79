// Real mineflayer 1.21.4 bots for end-to-end tests: join a server and wait until spawned, wait for
// a chat line or any condition, read kick reasons (NBT since 1.20.3), and quit every bot a test
// made. Each wait has a timeout that names what was awaited.

import { createRequire } from 'node:module';
import type { Bot } from 'mineflayer';
import type { Client } from 'minecraft-protocol';
import { CHAT_RATE } from '../../../src/platform/flying-squid/chat-throttle.ts';

const require = createRequire(import.meta.url);
const mineflayer = require('mineflayer') as typeof import('mineflayer');
// prismarine-chat as mineflayer itself loads it.
const ChatMessage = (createRequire(require.resolve('mineflayer'))('prismarine-chat') as (v: string) => { fromNotch(m: unknown): { toString(): string } })('1.21.4');

export type { Bot };

export interface JoinOptions {
  host?: string;
  /** Milliseconds to wait for the spawn. */
  timeoutMs?: number;
  /** Whether the bot respawns by itself after death (default true). */
  respawn?: boolean;
  /**
   * The view distance the bot asks for, in chunks (default 3). The server sends a joining player
   * every column within it: at its own limit of 8 that is 289 columns to generate, send and parse,
   * about 3 s of CPU per bot, where 3 sends 49. (At 2 a bot is shown no other player.)
   */
  viewDistance?: number;
  /** The locale the client reports in its settings (`de_de`); mineflayer's `en_US` by default. */
  locale?: string;
}

const everyBot = new Set<Bot>();

/**
 * The pace a bot types at: under the server's chat and command limits (CHAT_RATE) with room to
 * spare, as a player does, so that a test running many commands in a row on a fast machine is not
 * refused "running commands too fast" (seen on an idle machine: the every-event test's 21st command
 * in two seconds). Tests of the limits themselves send raw packets, which are not paced.
 */
const BOT_PACE = {
  chat: { burst: CHAT_RATE.chat.burst - 4, perSecond: CHAT_RATE.chat.perSecond * 0.8 },
  command: { burst: CHAT_RATE.command.burst - 8, perSecond: CHAT_RATE.command.perSecond * 0.6 },
} as const;

/** Makes `bot.chat` keep BOT_PACE: a line within it goes at once, one beyond waits its turn. */
function paceChat(bot: Bot): void {
  const send = bot.chat.bind(bot);
  const level = { chat: 0, command: 0 };
  let at = performance.now();
  let queued: Promise<void> | undefined;
  const delayFor = (kind: 'chat' | 'command'): number => {
    const now = performance.now();
    const seconds = (now - at) / 1000;
    at = now;
    level.chat = Math.max(0, level.chat - seconds * BOT_PACE.chat.perSecond);
    level.command = Math.max(0, level.command - seconds * BOT_PACE.command.perSecond);
    const over = level[kind] + 1 - BOT_PACE[kind].burst;
    return over <= 0 ? 0 : (over / BOT_PACE[kind].perSecond) * 1000;
  };
  const take = (kind: 'chat' | 'command') => {
    level[kind] += 1;
  };
  bot.chat = (message: string) => {
    const kind = message.startsWith('/') ? 'command' : 'chat';
    if (!queued && delayFor(kind) === 0) {
      take(kind);
      send(message);
      return;
    }
    const turn: Promise<void> = (queued ?? Promise.resolve()).then(async () => {
      const wait = delayFor(kind);
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      delayFor(kind);
      take(kind);
      send(message);
      if (queued === turn) queued = undefined;
    });
    queued = turn;
  };
}

/** How many times the server has set each bot's position (`forcedMove`). */
const forcedMoves = new WeakMap<Bot, number>();

/**
 * Resolves once the server has sent the bot its login position the second time: flying-squid sends
 * it again after the client's first move, which comes with the spawn, so a walk before that would be
 * undone. Often it has already come when `joinBot` resolves.
 */
export function loginSettled(bot: Bot, timeoutMs = 10000): Promise<void> {
  return waitFor(() => (forcedMoves.get(bot) ?? 0) >= 2, `${bot.username} to be sent its login position again`, timeoutMs);
}

/** The view distance of a bot that names none (see JoinOptions.viewDistance). */
const DEFAULT_VIEW_DISTANCE = 3;

/** A bot that has joined and spawned. The test quits it (or `quitAll`). */
export async function joinBot(port: number, username: string, options: JoinOptions = {}): Promise<Bot> {
  const bot = createBot(port, username, options);
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => done(new Error(`${username} did not spawn within ${options.timeoutMs ?? 20000} ms`)), options.timeoutMs ?? 20000);
      function done(e?: Error) {
        clearTimeout(timer);
        bot.off('spawn', onSpawn);
        bot.off('kicked', onKicked);
        bot.off('end', onEnd);
        bot.off('error', onError);
        if (e) reject(e);
        else resolve();
      }
      const onSpawn = () => done();
      const onKicked = (reason: unknown) => done(new Error(`${username} was kicked while joining: ${kickText(reason)}`));
      const onEnd = (reason: unknown) => done(new Error(`${username} was disconnected while joining: ${String(reason)}`));
      const onError = (e: Error) => done(e);
      bot.once('spawn', onSpawn);
      bot.once('kicked', onKicked);
      bot.once('end', onEnd);
      bot.once('error', onError);
    });
  } catch (e) {
    quit(bot);
    throw e;
  }
  return bot;
}

/** A bot that is connecting (not yet spawned), for tests of refused joins. */
export function createBot(port: number, username: string, options: Pick<JoinOptions, 'host' | 'respawn' | 'viewDistance' | 'locale'> = {}): Bot {
  const bot = mineflayer.createBot({
    host: options.host ?? '127.0.0.1',
    port,
    username,
    version: '1.21.4',
    auth: 'offline',
    hideErrors: true,
    respawn: options.respawn ?? true,
    viewDistance: options.viewDistance ?? DEFAULT_VIEW_DISTANCE,
    // The settings minecraft-protocol sends in the configuration phase.
    ...(options.locale ? { clientSettings: { locale: options.locale } } : {}),
  });
  const { locale } = options;
  // The settings mineflayer sends again once in play: its plugins are there from `inject_allowed` on.
  if (locale) bot.once('inject_allowed', () => void ((bot.settings as unknown as { locale: string }).locale = locale));
  bot.once('login', () => paceChat(bot));
  // An unhandled 'error' event would end the test process.
  bot.on('error', () => {});
  bot.on('forcedMove', () => {
    forcedMoves.set(bot, (forcedMoves.get(bot) ?? 0) + 1);
  });
  everyBot.add(bot);
  bot.once('end', () => {
    everyBot.delete(bot);
  });
  return bot;
}

/**
 * The client reports another language in its settings, as a game does when the player changes it.
 * The server reads a client's packets in order: a command sent after this is answered in it.
 */
export function reportLocale(bot: Bot, locale: string): void {
  (bot.setSettings as (settings: { locale: string }) => void)({ locale });
}

/** The reason of a kick as text: NBT or JSON text components, or a plain string. */
export function kickText(reason: unknown): string {
  if (typeof reason === 'string') {
    try {
      return ChatMessage.fromNotch(JSON.parse(reason)).toString();
    } catch {
      return reason;
    }
  }
  try {
    return ChatMessage.fromNotch(reason).toString();
  } catch {
    return JSON.stringify(reason);
  }
}

/** Resolves with the text of the kick the bot receives. */
export function kickReason(bot: Bot, timeoutMs = 10000): Promise<string> {
  return withTimeout(
    new Promise((resolve) => bot.once('kicked', (reason: unknown) => resolve(kickText(reason)))),
    timeoutMs,
    `${bot.username} to be kicked`,
  );
}

/** Resolves with the first chat line (as plain text) that matches, from now on. */
export function waitForMessage(bot: Bot, match: RegExp | ((line: string) => boolean), timeoutMs = 10000): Promise<string> {
  const test = typeof match === 'function' ? match : (l: string) => match.test(l);
  let listener: ((line: string) => void) | undefined;
  return withTimeout(
    new Promise<string>((resolve) => {
      listener = (line: string) => {
        if (test(line)) resolve(line);
      };
      bot.on('messagestr', listener);
    }),
    timeoutMs,
    `${bot.username} to read a message matching ${String(match)}`,
  ).finally(() => {
    if (listener) bot.off('messagestr', listener);
  });
}

/** Collects every chat line the bot reads from now on. */
export function recordMessages(bot: Bot): string[] {
  const lines: string[] = [];
  bot.on('messagestr', (line: string) => {
    lines.push(line);
  });
  return lines;
}

/** Resolves when the event is emitted (with its first argument). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- bots, clients and emitters of every typing
type Emitter = { once(event: any, listener: any): unknown; off(event: any, listener: any): unknown };

export function nextEvent<T = unknown>(emitter: Emitter, event: string, timeoutMs = 10000): Promise<T> {
  let listener: ((value: T) => void) | undefined;
  return withTimeout(
    new Promise<T>((resolve) => {
      listener = resolve;
      emitter.once(event, listener);
    }),
    timeoutMs,
    `the event ${event}`,
  ).finally(() => {
    if (listener) emitter.off(event, listener);
  });
}

/** Polls until the condition holds. */
export async function waitFor(condition: () => boolean, what: string, timeoutMs = 10000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > end) throw new Error(`timed out waiting for: ${what}`);
    await sleep(25);
  }
}

/** Transaction ids of the fences' completion requests, apart from any a test or mineflayer asks. */
let fenceIds = 0x40000000;

/**
 * Resolves once the server has answered a request sent now on this connection (a mineflayer bot or a
 * raw minecraft-protocol client): a tab completion of `/`, which the server answers at once. It
 * reads a connection in order, so everything sent before has been handled by then, and whatever the
 * server sent this connection meanwhile has arrived: the point after which a check that something
 * did not happen holds.
 */
export function fence(connection: Bot | Client, timeoutMs = 10000): Promise<void> {
  const client = ('_client' in connection ? connection._client : connection) as unknown as Client;
  const id = fenceIds++;
  let listener: ((answer: { transactionId?: number }) => void) | undefined;
  return withTimeout(
    new Promise<void>((resolve) => {
      listener = (answer) => {
        if (answer.transactionId === id) resolve();
      };
      client.on('tab_complete', listener);
      client.write('tab_complete', { transactionId: id, text: '/' });
    }),
    timeoutMs,
    `${client.username} to be answered a tab completion`,
  ).finally(() => {
    if (listener) client.off('tab_complete', listener);
  });
}

export function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

/**
 * Walks the bot forward (jumping, to climb a step) until it is in another block, turning a
 * quarter when it is stuck, or until the server sets its position (as it does to a player whose
 * move it cancelled); then stops it.
 */
export async function walkOneBlock(bot: Bot): Promise<void> {
  const start = bot.entity.position.floored();
  const sentBack = forcedMoves.get(bot) ?? 0;
  const done = () => !bot.entity.position.floored().equals(start) || (forcedMoves.get(bot) ?? 0) > sentBack;
  try {
    for (let turn = 0; turn < 4 && !done(); turn++) {
      await bot.look(bot.entity.yaw + (turn * Math.PI) / 2, 0, true);
      bot.setControlState('forward', true);
      bot.setControlState('jump', true);
      await waitFor(done, `${bot.username} to walk into another block`, 1500).catch(() => {});
      bot.clearControlStates();
    }
  } finally {
    bot.clearControlStates();
  }
}

/**
 * `attacker` hits `victim` once a tick until the victim dies (read from its death event: the game
 * may end a life without sending health 0). The victim stands still meanwhile (its client ignores the
 * knock-back), so the attacker keeps it in reach; the victim's entity goes from the attacker's view
 * the moment it dies.
 */
export async function hitUntilDead(attacker: Bot, victim: Bot, timeoutMs = 30000): Promise<void> {
  const seen = () => Object.values(attacker.entities).find((e) => e.type === 'player' && e.username === victim.username);
  await waitFor(() => seen() !== undefined, `${attacker.username} to see ${victim.username}`);
  victim.physicsEnabled = false;
  const died = nextEvent(victim, 'death', timeoutMs);
  const hit = () => {
    const target = seen();
    if (target) attacker.attack(target);
  };
  attacker.on('physicsTick', hit);
  try {
    await died;
  } finally {
    attacker.off('physicsTick', hit);
    victim.physicsEnabled = true;
  }
}

/** Quits a bot and resolves when its connection has ended. */
export async function quit(bot: Bot): Promise<void> {
  if (!everyBot.has(bot)) return;
  const ended = new Promise<void>((r) => bot.once('end', () => r()));
  bot.quit();
  await withTimeout(ended, 5000, `${bot.username} to disconnect`).catch(() => {
    (bot as unknown as { _client: { socket?: { destroy(): void } } })._client.socket?.destroy();
  });
  everyBot.delete(bot);
}

/** Quits every bot still connected (for `after` hooks). */
export async function quitAll(): Promise<void> {
  await Promise.all([...everyBot].map((b) => quit(b)));
}

/** The promise, or a rejection naming what was awaited after `ms`; the timer is cleared either way. */
export function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise.finally(() => clearTimeout(timer)),
    new Promise<T>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms waiting for ${what}`)), ms);
    }),
  ]);
}

/**
 * The height to put a player at (x, z) so that it stands on the ground there and does not fall: one
 * above the highest solid block in the chunks the bot has. Undefined when the bot has not got that
 * column (then put the player high up and let it fall).
 */
export function groundAt(bot: Bot, x: number, z: number): number | undefined {
  const at = bot.entity.position.floored();
  for (let y = 319; y >= -64; y--) {
    const block = bot.blockAt(at.set(Math.floor(x), y, Math.floor(z)));
    if (block === null) return undefined;
    if (block.boundingBox === 'block') return y + 1;
  }
  return undefined;
}
