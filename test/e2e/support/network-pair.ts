// Two real servers of one network (docs/network.md): `alpha` and `beta`, each its own process and
// data folder with the Remote Access Service on, both on ONE fresh PostgreSQL database (created
// here, dropped at the end) and ONE redis-server of the test's own (src/rest/redis.fixtures.ts, on
// an ephemeral port, so the test can stop and start it). `close()` stops everything it started,
// also after a failure. Without PostgreSQL the test is skipped on a developer's machine and fails
// in CI, as test/support/postgres.ts does.

import { Agent, request } from 'node:http';
import { rmSync } from 'node:fs';
import pg from 'pg';
import { startTestRedis, type TestRedis } from '../../../src/rest/redis.fixtures.ts';
import { assertAnswer } from '../../support/schema-checks.ts';
import { quitAll } from './bots.ts';
import { startRestServer, type HttpAnswer, type RestServer } from './rest-server.ts';
import { newDataDir } from './server-process.ts';

const ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

export interface NetworkPair {
  alpha: RestServer;
  beta: RestServer;
  redis: TestRedis;
  /** The database both servers share (no password in it). */
  databaseUrl: string;
  /** A query on the shared database (the ledger check reads it directly). */
  query<T extends object>(text: string, values?: unknown[]): Promise<T[]>;
  /** Stops both servers (their exit codes, alpha's then beta's), then Redis, then drops the database. Safe to call twice. */
  close(): Promise<Array<number | null>>;
}

/** Starts the pair; undefined when there is no PostgreSQL outside CI (the tests then skip). */
export async function startNetworkPair(o: { name: string; requestsPerMinute?: number }): Promise<NetworkPair | undefined> {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  try {
    await admin.connect();
  } catch (e) {
    if (process.env.CI) throw new Error(`PostgreSQL at 127.0.0.1:5432 is needed in CI: ${e instanceof Error ? e.message : String(e)}`);
    return undefined;
  }
  const database = `core_${o.name}_e2e_${process.pid}_${Date.now()}`;
  await admin.query(`CREATE DATABASE ${database}`);
  const databaseUrl = `postgres://postgres@127.0.0.1:5432/${database}`;
  const dirs = [newDataDir(), newDataDir()];
  let redis: TestRedis | undefined;
  let shared: pg.Client | undefined;
  const servers: RestServer[] = [];
  let codes: Array<number | null> | undefined;

  const close = async (): Promise<Array<number | null>> => {
    if (codes) return codes;
    codes = [];
    const failures: unknown[] = [];
    try {
      await quitAll();
      for (const s of servers) {
        try {
          await s.stop();
          codes.push(await s.server.exited);
        } catch (e) {
          failures.push(e);
          codes.push(await s.server.exited);
        }
      }
    } finally {
      await redis?.close();
      await shared?.end().catch(() => undefined);
      await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`).catch((e: unknown) => failures.push(e));
      await admin.end();
      for (const d of dirs) rmSync(d, { recursive: true, force: true });
    }
    if (failures.length) throw failures[0];
    return codes;
  };

  try {
    redis = await startTestRedis();
    // One after the other: the first start makes the tables; the second finds them made.
    for (const [i, serverName] of (['alpha', 'beta'] as const).entries()) {
      servers.push(
        await startRestServer({
          dataDir: dirs[i]!,
          network: { serverName, database: databaseUrl, redis: redis.url },
          ...(o.requestsPerMinute === undefined ? {} : { requestsPerMinute: o.requestsPerMinute }),
        }),
      );
    }
    shared = new pg.Client({ connectionString: databaseUrl });
    await shared.connect();
    const client = shared;
    return {
      alpha: servers[0]!,
      beta: servers[1]!,
      redis,
      databaseUrl,
      query: async <T extends object>(text: string, values: unknown[] = []) => (await client.query(text, values)).rows as T[],
      close,
    };
  } catch (e) {
    await close().catch(() => undefined);
    throw e;
  }
}

/**
 * Requests over kept-alive connections (one agent per server, a few sockets each), as a panel
 * sends them; every answer is checked against its route's schema like `RestServer.call`.
 */
export function keepAliveClient(rs: RestServer, sockets = 4): { call(method: 'GET' | 'POST', path: string, token: string, body?: unknown): Promise<HttpAnswer>; close(): void } {
  const agent = new Agent({ keepAlive: true, maxSockets: sockets });
  return {
    call(method, path, token, body) {
      return new Promise((resolve, reject) => {
        const payload = body === undefined ? undefined : JSON.stringify(body);
        const headers: Record<string, string> = { authorization: `Bearer ${token}` };
        if (payload !== undefined) headers['content-type'] = 'application/json';
        const req = request({ host: '127.0.0.1', port: rs.restPort, method, path: `/api/v1${path}`, headers, agent }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            let json: unknown;
            try {
              json = text ? JSON.parse(text) : undefined;
            } catch {
              json = undefined;
            }
            try {
              assertAnswer(method, path, res.statusCode ?? 0, json);
              resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json });
            } catch (e) {
              reject(e);
            }
          });
        });
        req.on('error', reject);
        req.end(payload);
      });
    },
    close: () => agent.destroy(),
  };
}

/** Polls `probe` (every 50 ms) until it holds; resolves with the milliseconds it took, or rejects after `ms`. */
export async function within(ms: number, what: string, probe: () => Promise<boolean>): Promise<number> {
  const start = Date.now();
  for (;;) {
    if (await probe()) return Date.now() - start;
    if (Date.now() - start > ms) throw new Error(`not within ${ms} ms: ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The rate limit's windows are the clock's minutes: with fewer than 15 s left in this one, waits for the next. */
export async function freshMinute(): Promise<void> {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < 15_000) await new Promise((r) => setTimeout(r, left + 200));
}
