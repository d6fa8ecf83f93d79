// Helpers for the add-on's tests: a small CoreApi built from plain objects, a real event bus, real
// SQLite in a temporary folder, a minimal command registry, and plain HTTP over loopback.
// Not a test file itself (no `.test.ts`), so the runner does not pick it up.

import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CONSOLE, actorName, type Actor } from '../core/kernel/actor.ts';
import type { AuditEntry, CoreApi } from '../core/kernel/api.ts';
import { manualClock, systemClock, type Clock } from '../core/kernel/clock.ts';
import type { CommandContext, CommandDefinition, CommandRegistry } from '../core/commands/commands.ts';
import { openDatabase, type Database } from '../core/storage/db.ts';
import { createTestSchema, TEST_DATABASE, type TestSchema } from '../../test/support/test-database.ts';
import type { Dispatcher } from '../core/kernel/dispatcher.ts';
import { createEventBus, type EventBus } from '../core/kernel/events.ts';
import { memoryLogger, type Logger } from '../core/log/log.ts';
import type { CommandSender, Text } from '../platform/platform.ts';
import { createConfigFiles, type ConfigFiles } from '../core/config/config-reload.ts';
import type { AccessLog } from './access-log.ts';
import { startRestAddon, type RestAddon, type RestTuning } from './addon.ts';
import type { RouteDefinition } from '../core/kernel/routes.ts';
import { ALL_MODULES } from '../modules/index.ts';
import { isSaid } from '../core/messages/catalogue.ts';

export function tempDir(prefix = 'core-rest-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

export interface FakeApi extends CoreApi {
  audited: AuditEntry[];
  modules: Set<string>;
}

/** A CoreApi from plain objects: only what the add-on itself uses is real (audit, module switches). */
export function fakeApi(version = '9.9.9', modules: string[] = []): FakeApi {
  const audited: AuditEntry[] = [];
  const on = new Set(modules);
  const api = {
    version,
    audited,
    modules: on,
    players: {
      get: async () => undefined,
      byName: async () => undefined,
      isOnline: () => false,
    },
    permissions: {
      has: (actor: Actor) => actor.kind === 'console',
      playerHas: () => false,
      grant: async () => ({ ok: false, code: 'refused', message: 'not in tests' }) as const,
      revoke: async () => ({ ok: false, code: 'refused', message: 'not in tests' }) as const,
      groupsOf: () => ['default'],
      groupNames: () => ['default'],
      numeric: () => undefined,
    },
    audit: {
      async record(entry: { actor: Actor; action: string; target: string | null; details?: Record<string, unknown> }) {
        audited.push({
          id: audited.length + 1,
          actor: actorName(entry.actor),
          action: entry.action,
          target: entry.target,
          details: entry.details ?? {},
          at: new Date().toISOString(),
        });
      },
      async history(target: string, limit: number) {
        return audited.filter((e) => e.target === target && !e.action.endsWith('.declined')).reverse().slice(0, limit);
      },
    },
    modulesOn: () => [...on],
    isModuleOn: (name: string) => on.has(name),
  };
  // Module services (augmented into CoreApi by each module) are not needed by the add-on's tests.
  return api as unknown as FakeApi;
}

/** The smallest command registry that runs a line the way the kernel's does. */
export interface TestCommands extends CommandRegistry {
  run(line: string, sender?: CommandSender, permissions?: (node: string) => boolean): Promise<Text[]>;
}

export function testCommands(): TestCommands {
  const commands = new Map<string, CommandDefinition>();
  const registry: TestCommands = {
    register: (c) => void commands.set(c.name, c),
    list: () => [...commands.values()],
    async execute(sender, line) {
      await registry.run(line, sender);
    },
    async run(line, sender = { kind: 'console' }, permissions) {
      const [name = '', ...args] = line.replace(/^\//, '').trim().split(/\s+/);
      const c = commands.get(name);
      if (!c) throw new Error(`no command ${name}`);
      const replies: Text[] = [];
      const has = (node: string) => sender.kind === 'console' || (permissions?.(node) ?? false);
      const ctx: CommandContext = {
        sender,
        rest: args.join(' '),
        actor: sender.kind === 'console' ? CONSOLE : { kind: 'player', uuid: sender.player.uuid, name: sender.player.name },
        reply: (m) => {
          if (isSaid(m)) throw new Error(`the add-on's commands write text, not the catalogue message "${m.key}"`);
          replies.push(m);
        },
        has,
      };
      if (c.permission !== null && !has(c.permission)) {
        replies.push('You do not have permission.');
        return replies;
      }
      await c.run(ctx, args);
      return replies;
    },
  };
  return registry;
}

export interface Harness {
  dir: string;
  addon: RestAddon;
  port: number;
  api: FakeApi;
  events: EventBus;
  commands: TestCommands;
  database: Database;
  log: Logger & { lines: string[] };
  clock: Clock;
  /** The config files `core reload` reads again: rest.conf. */
  configs: ConfigFiles;
  /** Issues a token at the console and returns its secret. */
  token(label: string, scopes?: string): Promise<string>;
  close(): Promise<void>;
}

export interface HarnessOptions {
  /** rest.conf text to write first; null writes none (the add-on writes its default). */
  conf?: string | null;
  routes?: RouteDefinition[];
  dispatcher?: Dispatcher;
  modules?: string[];
  tuning?: RestTuning;
  manualTime?: boolean;
  dir?: string;
  /** Another database than the pass's (PostgreSQL tests in the SQLite pass). */
  openDb?: () => Database;
  /** The access log's sink. */
  accessLog?: AccessLog;
  /** network.conf's server-name (default `test`) and redis (default none). */
  serverName?: string;
  redis?: string;
}

const schemasByDir = new Map<string, TestSchema>();

/** Starts the add-on on an ephemeral loopback port (unless `conf` says otherwise). */
export async function startHarness(h: HarnessOptions = {}): Promise<Harness> {
  const dir = h.dir ?? tempDir();
  const configDir = join(dir, 'core-rest');
  mkdirSync(configDir, { recursive: true });
  if (h.conf !== null) writeFileSync(join(configDir, 'rest.conf'), h.conf ?? 'enabled = true\nport = 0\n');
  // The pass's database (test/support/test-database.ts): SQLite in the folder, or a schema of the
  // folder's own, found again by a harness started on the same folder (a restart).
  let schema = h.openDb || TEST_DATABASE === 'sqlite' ? undefined : schemasByDir.get(dir);
  if (!h.openDb && TEST_DATABASE === 'postgres' && schema === undefined) {
    schema = await createTestSchema('rest');
    schemasByDir.set(dir, schema);
  }
  const database = h.openDb ? h.openDb() : schema ? openDatabase({ kind: 'postgres', url: schema.url }) : openDatabase({ kind: 'sqlite', file: join(dir, 'core.db') });
  const log = memoryLogger();
  const clock = h.manualTime ? manualClock(new Date('2026-01-01T00:00:05Z')) : systemClock;
  const events = createEventBus(clock, log);
  const api = fakeApi('9.9.9', h.modules ?? []);
  const commands = testCommands();
  const configs = createConfigFiles();
  const starting = startRestAddon({
    configs,
    configDir,
    database,
    api,
    modules: ALL_MODULES,
    events,
    commands,
    clock,
    log,
    version: '9.9.9',
    serverName: h.serverName ?? 'test',
    ...(h.redis ? { redis: h.redis } : {}),
    ...(h.dispatcher ? { dispatcher: h.dispatcher } : {}),
    ...(h.routes ? { routes: h.routes } : {}),
    ...(h.tuning ? { tuning: h.tuning } : {}),
    ...(h.accessLog ? { accessLog: h.accessLog } : {}),
  });
  // A start that fails (a faulty rest.conf) leaves nothing open.
  const addon = await starting.catch(async (e: unknown) => {
    await database.close();
    if (!h.dir) {
      await schema?.drop();
      schemasByDir.delete(dir);
      rmSync(dir, { recursive: true, force: true });
    }
    throw e;
  });
  return {
    dir,
    addon,
    port: addon.listening?.port ?? 0,
    api,
    events,
    commands,
    database,
    log,
    clock,
    configs,
    async token(label, scopes) {
      const replies = await commands.run(`coreapi token create ${label}${scopes ? ' ' + scopes : ''}`);
      const line = String(replies[0]);
      const m = /Secret: (crs_[A-Za-z0-9_-]+)$/.exec(line);
      if (!m?.[1]) throw new Error(`no secret in ${line}`);
      return m[1];
    },
    async close() {
      await addon.stop();
      await database.close();
      // A folder the caller gave may be started on again (a restart): its schema stays with it, as
      // the SQLite file stays in it; the runner drops the schemas of finished test processes.
      if (!h.dir) {
        await schema?.drop();
        schemasByDir.delete(dir);
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

export interface HttpAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
  // biome-ignore lint: a test reads any field of the answer.
  json: any;
}

/** One HTTP request over a fresh connection (no keep-alive), answered whole. */
export function http(
  port: number,
  method: string,
  path: string,
  o: { token?: string; headers?: Record<string, string>; body?: string | object } = {},
): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { ...(o.headers ?? {}) };
    if (o.token) headers.authorization = `Bearer ${o.token}`;
    let payload: string | undefined;
    if (o.body !== undefined) {
      payload = typeof o.body === 'string' ? o.body : JSON.stringify(o.body);
      headers['content-type'] ??= 'application/json';
    }
    const req = httpRequest({ host: '127.0.0.1', port, method, path, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let parsed: unknown = undefined;
        try {
          parsed = text ? JSON.parse(text) : undefined;
        } catch {
          parsed = undefined;
        }
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json: parsed });
      });
    });
    req.on('error', reject);
    req.end(payload);
  });
}

export function basic(label: string, secret: string): string {
  return `Basic ${Buffer.from(`${label}:${secret}`).toString('base64')}`;
}
