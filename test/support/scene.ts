// The in-process scene: the whole plugin (every module) on a test kernel with the fake platform,
// the Remote Access Service on it over real HTTP and a real event stream, two tokens, and Ann and
// Ben online: the cast of an area's real-server scene (test/e2e/support/rest-server.ts, startScene)
// in one call, at the cost of a unit test. It carries an area's route, command and event behaviour;
// what a player sees of it is proven once more against the real game in test/e2e (docs/testing.md).
//
// Every answer `rs.call` receives is checked against its route's schema, every event the kernel
// emits and every event the stream carries against its payload schema.

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { CompiledQuery } from 'kysely';
import { ALL_MODULES } from '../../src/modules/index.ts';
import type { ModuleDefinition } from '../../src/core/kernel/module.ts';
import type { Location } from '../../src/platform/platform.ts';
import { http, type HttpAnswer } from '../../src/rest/test-support.ts';
import { plain } from './fake-platform.ts';
import { startKernelAddon, type KernelAddon } from './rest-addon.ts';
import { assertAnswer } from './schema-checks.ts';
import { subscribeEvents, type Subscription } from './event-subscription.ts';
import { startTestKernel, type TestKernel } from './test-kernel.ts';

export type { Subscription };
/** Plain HTTP over loopback, for requests `rs.call` does not make (a raw body, a header of the test's own). */
export { http, type HttpAnswer };

/** A player online on the fake platform, driven as a client drives a bot. */
export interface ScenePlayer {
  readonly uuid: string;
  readonly name: string;
  /** Sends a chat line as the client does: a command when it starts with `/`. Resolves once it was handled. */
  chat(line: string): Promise<void>;
  /** Runs a command line and resolves with the first message from it that matches (fails naming the messages when none does). */
  run(line: string, reply: RegExp): Promise<string>;
  /** Every message the player has read, as plain text. */
  readonly messages: readonly string[];
  /** Resolves with the first message read from now on that matches (within `timeoutMs`). */
  waitForMessage(match: RegExp, timeoutMs?: number): Promise<string>;
  /** Where the player stands. */
  location(): Location;
  /** The player leaves. */
  quit(): void;
}

/** The scene's Remote Access Service, in the shape of the real server's (RestServer). */
export interface SceneRest {
  readonly port: number;
  /** A call whose answer is checked against its route's schema; `headers` adds request headers. */
  call(method: 'GET' | 'POST', path: string, token: string, body?: unknown, headers?: Record<string, string>): Promise<HttpAnswer>;
  /** Makes a token at the console (`coreapi token create`) and returns its secret. */
  token(label: string, scopes?: string): Promise<string>;
  /** An event-stream connection subscribed to the patterns. */
  subscribe(token: string, patterns: string[]): Promise<Subscription>;
  /** Runs a console line and resolves with the first line it printed that matches `reply`. */
  console(line: string, reply: RegExp): Promise<string>;
}

export interface KernelScene {
  /** The kernel, its fake platform, clock and log. */
  t: TestKernel;
  rs: SceneRest;
  /** A token with read, write and events, labelled `writer` (REST writes are `core-rest/writer`). */
  writer: string;
  /** A token with the default scopes (read, events), labelled `reader`. */
  reader: string;
  /** The writer's event stream, subscribed to the scene's patterns. */
  events: Subscription;
  ann: ScenePlayer;
  ben: ScenePlayer;
  /** Another player joins. */
  join(name: string): Promise<ScenePlayer>;
  /**
   * Reads the kernel's tables directly, for what no route shows (the audit log's rows), on the
   * pass's database: `?` placeholders, as SQLite has them (numbered for PostgreSQL).
   */
  query<T>(sql: string, ...args: Array<string | number>): Promise<T[]>;
  /**
   * Stops the service and the kernel, runs `whileDown`, and boots both again on the same data:
   * tokens and state survive; nobody is online or subscribed any more.
   */
  restart(whileDown?: () => unknown): Promise<void>;
  close(): Promise<void>;
}

export interface KernelSceneOptions {
  /** Files written into the data folder before the first boot: path in it (`core/jail.conf`) → content. */
  config?: Record<string, string>;
  /** The modules booted (default: all of them, as the server boots). */
  modules?: readonly ModuleDefinition[];
  /** Who joins (default Ann, then Ben). */
  players?: readonly [string, string];
}

const REST_CONF = ['enabled = true', 'bind = "127.0.0.1"', 'port = 0', 'requests-per-minute = 100000', 'max-subscribers = 8', ''].join('\n');

export async function startKernelScene(patterns: string[], options: KernelSceneOptions = {}): Promise<KernelScene> {
  const dir = mkdtempSync(join(tmpdir(), 'core-scene-'));
  for (const [file, content] of Object.entries(options.config ?? {})) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), content);
  }
  let t: TestKernel | undefined;
  let addon: KernelAddon | undefined;
  const subscriptions = new Set<Subscription>();
  const problems: string[] = [];
  const close = async () => {
    try {
      for (const s of subscriptions) s.terminate();
      await addon?.stop();
      await t?.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    if (problems.length > 0) throw new Error(`events that asyncapi.json does not allow: ${problems.join('; ')}`);
  };
  try {
    t = await startTestKernel({ modules: options.modules ?? ALL_MODULES, dir });
    const k = t;
    addon = await startKernelAddon(k, REST_CONF);
    const consoleLine = async (line: string, reply: RegExp): Promise<string> => {
      const mark = k.platform.consoleLines.length;
      await k.platform.run('console', line);
      await k.settle();
      const printed = k.platform.consoleLines.slice(mark).map(plain);
      const found = printed.find((l) => reply.test(l));
      if (found === undefined) throw new Error(`the console printed nothing matching ${reply} for "${line}":\n${printed.join('\n')}`);
      return found;
    };
    const rs: SceneRest = {
      get port() {
        return addon!.port;
      },
      async call(method, path, token, body, headers) {
        const answer = await http(addon!.port, method, `/api/v1${path}`, { token, ...(body === undefined ? {} : { body: body as object }), ...(headers ? { headers } : {}) });
        assertAnswer(method, path, answer.status, answer.json);
        // What the call started (a module's listeners writing in their turn) has run when it answers.
        await k.settle();
        return answer;
      },
      async token(label, scopes) {
        const line = await consoleLine(`coreapi token create ${label}${scopes ? ` ${scopes}` : ''}`, new RegExp(`Token ${label} created`));
        const secret = /Secret: (\S+)/.exec(line)?.[1];
        if (!secret) throw new Error(`no secret in "${line}"`);
        return secret;
      },
      async subscribe(token, subscribed) {
        const sub = await subscribeEvents(addon!.port, token, subscribed, (p) => problems.push(p));
        subscriptions.add(sub);
        return sub;
      },
      console: consoleLine,
    };
    const join = async (name: string): Promise<ScenePlayer> => scenePlayer(k, (await k.join(name)).uuid, name);
    const writer = await rs.token('writer', 'read,write,events');
    const reader = await rs.token('reader');
    const events = await rs.subscribe(writer, patterns);
    const [first, second] = options.players ?? ['Ann', 'Ben'];
    const scene: KernelScene = {
      t: k,
      rs,
      writer,
      reader,
      events,
      ann: await join(first),
      ben: await join(second),
      join,
      async query<T>(text: string, ...args: Array<string | number>) {
        let n = 0;
        const compiled = CompiledQuery.raw(k.database.kind === 'postgres' ? text.replace(/\?/g, () => `$${++n}`) : text, args);
        return (await k.database.db.executeQuery<T>(compiled)).rows as T[];
      },
      async restart(whileDown) {
        for (const s of subscriptions) s.terminate();
        subscriptions.clear();
        await addon!.stop();
        await k.restart();
        await whileDown?.();
        addon = await startKernelAddon(k, REST_CONF);
      },
      close,
    };
    return scene;
  } catch (e) {
    await close();
    throw e;
  }
}

function scenePlayer(t: TestKernel, uuid: string, name: string): ScenePlayer {
  const read = () => t.platform.messagesOf(uuid);
  const player: ScenePlayer = {
    uuid,
    name,
    async chat(line) {
      if (line.startsWith('/')) await t.platform.run(uuid, line);
      else t.platform.chat(uuid, line);
      await t.settle();
    },
    async run(line, reply) {
      const mark = read().length;
      await player.chat(line);
      const lines = read().slice(mark);
      const found = lines.find((l) => reply.test(l));
      if (found === undefined) throw new Error(`${name} read nothing matching ${reply} after "${line}":\n${lines.join('\n')}`);
      return found;
    },
    get messages() {
      return read();
    },
    async waitForMessage(match, timeoutMs = 5000) {
      const mark = read().length;
      const deadline = performance.now() + timeoutMs;
      for (;;) {
        const found = read()
          .slice(mark)
          .find((l) => match.test(l));
        if (found !== undefined) return found;
        if (performance.now() > deadline) throw new Error(`${name} read nothing matching ${match} within ${timeoutMs} ms:\n${read().slice(mark).join('\n')}`);
        await new Promise((r) => setTimeout(r, 5));
      }
    },
    location() {
      const at = t.platform.location(uuid);
      if (!at) throw new Error(`${name} is not online`);
      return at;
    },
    quit() {
      t.platform.quit(uuid);
    },
  };
  return player;
}
