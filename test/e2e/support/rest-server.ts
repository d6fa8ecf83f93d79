// The real server with the Remote Access Service switched on (rest.conf written before the first
// start, an ephemeral port), tokens made at its console exactly as an operator makes them, plain
// HTTP over loopback and real event-stream subscriptions. Every answer `call` receives is checked
// against its route's answer schema (or the error envelope), and every event a subscription
// receives against its payload schema (test/support/schema-checks.ts): a mismatch fails the test.

import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { joinBot, quitAll, type Bot, type JoinOptions } from './bots.ts';
import { http, type HttpAnswer } from '../../../src/rest/test-support.ts';
import { assertAnswer } from '../../support/schema-checks.ts';
import { subscribeEvents, type StreamEvent, type Subscription } from '../../support/event-subscription.ts';
import { newDataDir, startServer, type Launch, type ServerProcess } from './server-process.ts';

export type { HttpAnswer, StreamEvent, Subscription };

export interface RestServer {
  server: ServerProcess;
  restPort: number;
  /** Makes a token at the console (`coreapi token create`) and returns its secret. */
  token(label: string, scopes?: string): Promise<string>;
  /** One request to `/api/v1<path>`; the answer is checked against what openapi.json promises. */
  /** A call whose answer is checked against its route's schema; `headers` adds request headers (an Idempotency-Key). */
  call(method: 'GET' | 'POST', path: string, token: string, body?: unknown, headers?: Record<string, string>): Promise<HttpAnswer>;
  /** An event-stream connection subscribed to the patterns. */
  subscribe(token: string, patterns: string[]): Promise<Subscription>;
  /** Types a console line and waits for a line matching `reply`. */
  console(line: string, reply: RegExp): Promise<string>;
  /** Stops the server; then fails when any subscription received an event its schema does not allow. */
  stop(): Promise<void>;
}

export async function startRestServer(
  options: {
    dataDir?: string;
    /** The REST port; 0 (the default) picks a free one. A fixed one lets a restart come back where clients reconnect. */
    port?: number;
    requestsPerMinute?: number;
    /** rest.conf's failed-auth-per-minute; by default the same as requests-per-minute, so that a test's many refused logins (bad input, floods) are counted as that test expects. */
    failedAuthPerMinute?: number;
    maxConnections?: number;
    /** rest.conf's trusted-proxies (none: the key is left out, so the header is ignored). */
    trustedProxies?: readonly string[];
    modules?: Record<string, boolean>;
    /** core/network.conf written before the first start (kept when the folder already has one, as at a restart). */
    network?: { serverName: string; database: string; redis?: string };
    launch?: Launch;
  } = {},
): Promise<RestServer> {
  const dataDir = options.dataDir ?? newDataDir();
  mkdirSync(join(dataDir, 'core-rest'), { recursive: true });
  writeFileSync(
    join(dataDir, 'core-rest', 'rest.conf'),
    [
      'enabled = true',
      'bind = "127.0.0.1"',
      `port = ${options.port ?? 0}`,
      `requests-per-minute = ${options.requestsPerMinute ?? 100000}`,
      `failed-auth-per-minute = ${options.failedAuthPerMinute ?? options.requestsPerMinute ?? 100000}`,
      'max-subscribers = 8',
      ...(options.maxConnections === undefined ? [] : [`max-connections = ${options.maxConnections}`]),
      ...(options.trustedProxies === undefined ? [] : [`trusted-proxies = ${JSON.stringify(options.trustedProxies)}`]),
      '',
    ].join('\n'),
  );
  if (options.modules) {
    mkdirSync(join(dataDir, 'core'), { recursive: true });
    writeFileSync(
      join(dataDir, 'core', 'modules.conf'),
      Object.entries(options.modules)
        .map(([m, on]) => `${m} = ${on}`)
        .join('\n') + '\n',
    );
  }
  const networkConf = join(dataDir, 'core', 'network.conf');
  if (options.network && !existsSync(networkConf)) {
    const n = options.network;
    mkdirSync(join(dataDir, 'core'), { recursive: true });
    writeFileSync(networkConf, [`server-name = ${JSON.stringify(n.serverName)}`, `database = ${JSON.stringify(n.database)}`, `redis = ${JSON.stringify(n.redis ?? '')}`, ''].join('\n'));
  }
  const server = await startServer({ dataDir, ...(options.launch ? { launch: options.launch } : {}) });
  const listening = await server.waitForLine(/Remote Access Service listening on http:\/\/[^:]+:(\d+)/, { from: 0 });
  const restPort = Number(/:(\d+)\/api\/v1/.exec(listening)?.[1]);
  const subscriptions = new Set<Subscription>();
  /** Events any subscription received that their schema does not allow: stop() fails on them. */
  const eventProblems: string[] = [];

  const consoleLine = async (line: string, reply: RegExp): Promise<string> => {
    const mark = server.lines.length;
    server.console(line);
    return server.waitForLine(reply, { from: mark });
  };

  return {
    server,
    restPort,
    console: consoleLine,
    async token(label, scopes) {
      const line = await consoleLine(`coreapi token create ${label}${scopes ? ` ${scopes}` : ''}`, new RegExp(`Token ${label} created`));
      const secret = /Secret: (\S+)/.exec(line)?.[1];
      if (!secret) throw new Error(`no secret in "${line}"`);
      return secret;
    },
    async call(method, path, token, body, headers) {
      const answer = await http(restPort, method, `/api/v1${path}`, { token, ...(body === undefined ? {} : { body: body as object }), ...(headers ? { headers } : {}) });
      assertAnswer(method, path, answer.status, answer.json);
      return answer;
    },
    async subscribe(token, patterns) {
      const sub = await subscribeEvents(restPort, token, patterns, (p) => eventProblems.push(p));
      subscriptions.add(sub);
      return sub;
    },
    async stop() {
      for (const sub of subscriptions) sub.terminate();
      await server.stop('SIGTERM');
      if (eventProblems.length) throw new Error(`events that asyncapi.json does not allow: ${eventProblems.join('; ')}`);
    },
  };
}

/** The usual cast of an area's e2e test: a server, two tokens, a subscription and two players. */
export interface Scene {
  /** The server now running: `restart()` replaces it. */
  rs: RestServer;
  /** The data folder the scene made (and `close()` removes). */
  dataDir: string;
  /** A token with read, write and events, labelled `writer` (so REST writes are `core-rest/writer`). */
  writer: string;
  /** A token with the default scopes (read, events), labelled `reader`. */
  reader: string;
  /** The writer's event stream, subscribed to the patterns. */
  events: Subscription;
  ann: Bot;
  ben: Bot;
  /**
   * Stops the server (ending every subscription; bots still connected are dropped by it), runs
   * `whileDown` and starts it again on the same data folder. Tokens and state survive; nobody is
   * joined or subscribed again. Returns the new server, which `close()` stops.
   */
  restart(whileDown?: () => unknown): Promise<RestServer>;
  /** Quits every bot still connected (the scene's and any the test joined), stops the server and removes the data folder. */
  close(): Promise<void>;
}

export interface SceneOptions {
  /** Files written into the data folder before the first start: path in the folder (`core/jail.conf`) → content. */
  config?: Record<string, string>;
  /** Join options of both bots (a small view distance …). */
  bots?: JoinOptions;
  /** Who joins first (default Ann). */
  joinOrder?: readonly ['Ann', 'Ben'] | readonly ['Ben', 'Ann'];
  /** Joins one bot, instead of `joinBot` with `bots`: for a test that listens from before the spawn or times the join. */
  join?: (port: number, name: 'Ann' | 'Ben') => Promise<Bot>;
}

export async function startScene(patterns: string[], options: SceneOptions = {}): Promise<Scene> {
  const dataDir = newDataDir();
  for (const [file, content] of Object.entries(options.config ?? {})) {
    mkdirSync(dirname(join(dataDir, file)), { recursive: true });
    writeFileSync(join(dataDir, file), content);
  }
  let rs: RestServer | undefined;
  let events: Subscription | undefined;
  const close = async () => {
    try {
      events?.close();
      await quitAll();
      await rs?.stop();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  };
  try {
    rs = await startRestServer({ dataDir });
    const writer = await rs.token('writer', 'read,write,events');
    const reader = await rs.token('reader');
    events = await rs.subscribe(writer, patterns);
    const join = options.join ?? ((port: number, name: string) => joinBot(port, name, options.bots));
    const bots: Partial<Record<'Ann' | 'Ben', Bot>> = {};
    for (const name of options.joinOrder ?? ['Ann', 'Ben']) bots[name] = await join(rs.server.gamePort, name);
    const scene: Scene = {
      rs,
      dataDir,
      writer,
      reader,
      events,
      ann: bots.Ann!,
      ben: bots.Ben!,
      async restart(whileDown) {
        await scene.rs.stop();
        rs = undefined;
        await whileDown?.();
        rs = scene.rs = await startRestServer({ dataDir });
        return rs;
      },
      close,
    };
    return scene;
  } catch (e) {
    await close();
    throw e;
  }
}
