// Retries (docs/remote-access.md, "Retries: Idempotency-Key"): a POST carrying an `Idempotency-Key`
// header is applied once per token and key; a retry within 24 hours gets the first answer again
// (status and body, marked `Idempotent-Replayed: true`) without anything being applied.
//
// The first request claims the key by inserting a row (token id + key, primary key) that holds a
// fingerprint of what was asked (route, path parameters, query, body as validated) and no answer
// yet; the database decides between two requests sent at once, so only one of them runs the call.
// When the call settles its answer is written into the row before the client is answered, so an
// answer a client has seen survives a restart. Then, for the same token and key:
//   - the row holds an answer and the same fingerprint: the answer again (replayed);
//   - another fingerprint: 422 `idempotency-key-reused` (the key names another request);
//   - no answer yet: 409 `idempotency-key-in-use` with Retry-After: 1 (the first is under way).
// What is stored: the answers of the call (ok:true, and declined ok:false, a 404 row included).
// What is not: refusals before the call (401, 403, 429, 400, 413, 503: the client fixes and
// retries), and a call that threw (400 from the service's own input check, 500): its claim is
// dropped, since nothing was applied (a throw rolls its transaction back). A call that outlives the
// upstream timeout answers 504 and keeps its claim; its real answer is stored when it settles.
// Rows older than 24 hours are ignored at once and deleted by a sweep every ten minutes.

import { createHash } from 'node:crypto';
import type { Clock } from '../core/kernel/clock.ts';
import { migrate, type Database, type Migration } from '../core/storage/db.ts';
import type { Logger } from '../core/log/log.ts';
import { prepareQuery } from '../core/storage/prepared-query.ts';
import { BadRequest } from './validation.ts';
import { col, defineTables } from '../core/storage/tables.ts';

/** The request header (as Node names it, lower case) and the answer header of a replay. */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const REPLAYED_HEADER = 'idempotent-replayed';
/** How long an answer is kept for its retries. */
export const IDEMPOTENCY_KEEP_MS = 24 * 60 * 60 * 1000;
/** How often rows past IDEMPOTENCY_KEEP_MS are deleted. */
export const IDEMPOTENCY_SWEEP_MS = 10 * 60 * 1000;
/** A claim without an answer for this long was cut off (the server stopped while the call ran). */
export const ABANDONED_MS = 60_000;

const KEY = /^[\x20-\x7e]{1,255}$/;

export const IDEMPOTENCY_MIGRATIONS: readonly Migration[] = [
  {
    name: '003-idempotency',
    async up(db) {
      await db.schema
        .createTable('rest_idempotency')
        .addColumn('token_id', 'integer', (c) => c.notNull())
        .addColumn('idem_key', 'varchar(255)', (c) => c.notNull())
        .addColumn('fingerprint', 'varchar(64)', (c) => c.notNull())
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        // Null while the first request is under way.
        .addColumn('status', 'integer')
        .addColumn('body', 'text')
        .addPrimaryKeyConstraint('rest_idempotency_pk', ['token_id', 'idem_key'])
        .execute();
      await db.schema.createIndex('rest_idempotency_created').on('rest_idempotency').column('created_at').execute();
    },
  },
];

export const IDEMPOTENCY_TABLES = defineTables(IDEMPOTENCY_MIGRATIONS, {
  /** `status` and `body`: the answer, NULL while the first request is under way. */
  rest_idempotency: {
    token_id: col.int(),
    idem_key: col.text(),
    fingerprint: col.text(),
    created_at: col.text(),
    status: col.int().nullable(),
    body: col.text().nullable(),
  },
});

/** The key of a POST, or undefined without the header; a malformed key is a 400 naming the header. */
export function idempotencyKeyOf(header: string | string[] | undefined): string | undefined {
  if (header === undefined) return undefined;
  const key = Array.isArray(header) ? header.join(', ') : header;
  if (!KEY.test(key)) {
    throw new BadRequest('Idempotency-Key', 'Idempotency-Key: a key is 1 to 255 printable ASCII characters.');
  }
  return key;
}

/** What was asked, as one digest: two requests with the same one are the same request. */
export function fingerprintOf(route: string, input: { params: unknown; query: unknown; body: unknown }): string {
  return createHash('sha256')
    .update(`${route}\n${JSON.stringify(input.params)}\n${JSON.stringify(input.query)}\n${JSON.stringify(input.body)}`)
    .digest('hex');
}

/** An answer as it was written: its status and its body (the RateLimit headers are not kept). */
export interface StoredAnswer {
  status: number;
  body: string;
}

export type Claim =
  /** This request runs the call; `finish` stores its answer (or, with null, drops the claim). */
  | { kind: 'first'; finish(answer: StoredAnswer | null): Promise<void> }
  | { kind: 'replay'; answer: StoredAnswer }
  | { kind: 'reused' }
  /** `abandoned`: claimed over a minute ago and not answered (most likely the server stopped during the call). */
  | { kind: 'in-use'; since: string; abandoned: boolean };

export interface IdempotencyStore {
  claim(tokenId: number, key: string, fingerprint: string): Promise<Claim>;
  /** Deletes the rows past 24 hours; the number deleted. */
  sweep(): Promise<number>;
  /** Stops the sweep and waits for the answers being stored. */
  close(): Promise<void>;
}

interface Row {
  fingerprint: string;
  created_at: string;
  status: number | null;
  body: string | null;
}

export async function createIdempotencyStore(o: { database: Database; clock: Clock; log: Logger; sweepMs?: number }): Promise<IdempotencyStore> {
  const { database, clock, log } = o;
  await migrate(database, 'core-rest', IDEMPOTENCY_MIGRATIONS);
  const db = IDEMPOTENCY_TABLES.on(database.db);
  // The queries of a request, built once (src/core/storage/prepared-query.ts).
  const read = prepareQuery(db, (q, p: { tokenId: number; key: string }) =>
    q.selectFrom('rest_idempotency').select(['fingerprint', 'created_at', 'status', 'body']).where('token_id', '=', p.tokenId).where('idem_key', '=', p.key),
  );
  const insert = prepareQuery(db, (q, p: { tokenId: number; key: string; fingerprint: string; at: string }) =>
    q
      .insertInto('rest_idempotency')
      .values({ token_id: p.tokenId, idem_key: p.key, fingerprint: p.fingerprint, created_at: p.at, status: null, body: null })
      .onConflict((oc) => oc.columns(['token_id', 'idem_key']).doNothing()),
  );
  const answer = prepareQuery(db, (q, p: { tokenId: number; key: string; at: string; status: number; body: string }) =>
    q
      .updateTable('rest_idempotency')
      .set({ status: p.status, body: p.body })
      .where('token_id', '=', p.tokenId)
      .where('idem_key', '=', p.key)
      .where('created_at', '=', p.at),
  );
  const drop = prepareQuery(db, (q, p: { tokenId: number; key: string; at: string }) =>
    q.deleteFrom('rest_idempotency').where('token_id', '=', p.tokenId).where('idem_key', '=', p.key).where('created_at', '=', p.at),
  );
  const expire = prepareQuery(db, (q, p: { before: string }) => q.deleteFrom('rest_idempotency').where('created_at', '<', p.before));

  const cutoff = (now: number) => new Date(now - IDEMPOTENCY_KEEP_MS).toISOString();
  /** Answers being written (close waits for them). */
  const storing = new Set<Promise<void>>();

  function first(tokenId: number, key: string, at: string): Claim {
    return {
      kind: 'first',
      finish(stored) {
        const write = (stored === null ? drop.run(db, { tokenId, key, at }) : answer.run(db, { tokenId, key, at, ...stored })).then(
          () => undefined,
          (e: unknown) => log.error(`could not store the answer for Idempotency-Key ${JSON.stringify(key)}; retries with it get 409 until it expires`, e),
        );
        storing.add(write);
        return write.finally(() => storing.delete(write));
      },
    };
  }

  async function sweep(): Promise<number> {
    return expire.run(db, { before: cutoff(clock.now().getTime()) });
  }

  const timer = setInterval(() => {
    sweep().catch((e: unknown) => log.error('could not delete the Idempotency-Key answers past 24 hours', e));
  }, o.sweepMs ?? IDEMPOTENCY_SWEEP_MS);
  timer.unref();
  await sweep();

  return {
    async claim(tokenId, key, fingerprint) {
      // Three rounds at most: a row can expire (and be deleted) or be dropped between two reads.
      for (let round = 0; round < 3; round++) {
        const now = clock.now().getTime();
        const row: Row | undefined = await read.first(db, { tokenId, key });
        if (row !== undefined && String(row.created_at) >= cutoff(now)) {
          if (row.fingerprint !== fingerprint) return { kind: 'reused' };
          if (row.status === null || row.body === null) {
            const since = String(row.created_at);
            return { kind: 'in-use', since, abandoned: now - Date.parse(since) > ABANDONED_MS };
          }
          return { kind: 'replay', answer: { status: Number(row.status), body: String(row.body) } };
        }
        if (row !== undefined) await drop.run(db, { tokenId, key, at: String(row.created_at) });
        const at = new Date(now).toISOString();
        if ((await insert.run(db, { tokenId, key, fingerprint, at })) === 1) return first(tokenId, key, at);
      }
      throw new Error(`the Idempotency-Key ${JSON.stringify(key)} could not be claimed`);
    },
    sweep,
    async close() {
      clearInterval(timer);
      await Promise.all([...storing]);
    },
  };
}

/** How the HTTP layer answers each outcome of a claim (server.ts). */
export interface ClaimAnswers {
  /** The first request: run the call, and hand its answer to `store` (null when it threw). */
  run(store: (answer: StoredAnswer | null) => Promise<void>): void;
  replay(answer: StoredAnswer, headers: readonly string[]): void;
  refuse(code: 'idempotency-key-reused' | 'idempotency-key-in-use', message: string | undefined, headers?: readonly string[]): void;
  failed(e: unknown): void;
}

/** Claims the key and answers through `to`: the call, the stored answer, 422 or 409. */
export function runOnce(store: IdempotencyStore, tokenId: number, key: string, fingerprint: string, to: ClaimAnswers): void {
  store.claim(tokenId, key, fingerprint).then((c) => {
    switch (c.kind) {
      case 'first':
        return to.run(c.finish);
      case 'replay':
        return to.replay(c.answer, [REPLAYED_HEADER, 'true']);
      case 'reused':
        return to.refuse('idempotency-key-reused', undefined);
      case 'in-use':
        return to.refuse(
          'idempotency-key-in-use',
          c.abandoned
            ? `A request with this Idempotency-Key began at ${c.since} and has no answer recorded (the server may have stopped during it), so whether it applied is unknown; check, then send a new key.`
            : undefined,
          c.abandoned ? undefined : ['retry-after', '1'],
        );
    }
  }, to.failed);
}
