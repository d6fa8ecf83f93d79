// Tokens (docs/decisions.md, "Tokens"): issue, hash, look up, revoke. The /coreapi command that
// operators use is in ./coreapi-command.ts.
//
// A secret is `crs_` + base64url(32 random bytes). Only its SHA-256 digest is stored: the secret is
// high-entropy, so a slow password hash buys nothing. Every active token is held in memory, keyed by
// digest and by label, so authenticating a request costs one SHA-256 and a map lookup, never a
// database read; revocation updates the maps at once, so it takes effect for the next request in
// this process and closes the token's event streams (1008) through `onRevoke`. When several servers
// share one database (PostgreSQL), a server that issues or revokes a token signals the others
// (src/core/network/network-signals.ts), which re-read the active tokens at once: the change takes effect
// on every server within a second. A periodic re-read (`refreshMs`) stays as a safety net for a
// signal lost while a listening connection was down (they also re-read when it comes back).

import { hash, randomBytes } from 'node:crypto';
import { actorName, type Actor } from '../core/kernel/actor.ts';
import type { Clock } from '../core/kernel/clock.ts';
import { migrate, sql, type Database, type Migration } from '../core/storage/db.ts';
import type { Logger } from '../core/log/log.ts';
import { fail, ok, type Result } from '../core/kernel/result.ts';
import { SECRET_PREFIX } from '../core/log/secrets.ts';
import type { NetworkSignals } from '../core/network/network-signals.ts';
import { col, defineTables } from '../core/storage/tables.ts';

/** The signal a token's issue or revoke sends the other servers: `{ label }`. */
export const TOKENS_SIGNAL = 'tokens';

export const SCOPES = ['read', 'write', 'events'] as const;
export type Scope = (typeof SCOPES)[number];
export const DEFAULT_SCOPES: readonly Scope[] = ['read', 'events'];
export const ADMIN_PERMISSION = 'core.rest.admin';
export const LABEL_PATTERN = /^[a-z0-9_-]{1,32}$/;
export { SECRET_PREFIX };

/** A token as the add-on holds it in memory. Never carries the secret. */
export interface TokenRecord {
  readonly id: number;
  readonly label: string;
  readonly scopes: ReadonlySet<Scope>;
  /** SHA-256 of the secret, hex. */
  readonly digest: string;
  /** The rate-limit bucket of this token. */
  readonly rateKey: string;
  readonly createdAt: string;
  /** Epoch milliseconds of the last authenticated use in this process (0 = none). */
  lastUsedMs: number;
  /** Last used as stored (ISO), or null. */
  lastUsedAt: string | null;
  revoked: boolean;
}

export interface TokenInfo {
  label: string;
  scopes: Scope[];
  createdAt: string;
  lastUsedAt: string | null;
  state: 'active' | 'revoked';
}

export const TOKEN_MIGRATIONS: readonly Migration[] = [
  {
    name: '001-tokens',
    async up(db, kind) {
      let t = db.schema.createTable('rest_tokens');
      t =
        kind === 'postgres'
          ? t.addColumn('id', 'serial', (c) => c.primaryKey())
          : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
      await t
        .addColumn('label', 'varchar(32)', (c) => c.notNull())
        .addColumn('digest', 'varchar(64)', (c) => c.notNull())
        .addColumn('scopes', 'varchar(32)', (c) => c.notNull())
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('created_by', 'varchar(64)', (c) => c.notNull())
        .addColumn('last_used_at', 'varchar(32)')
        .addColumn('revoked_at', 'varchar(32)')
        .execute();
      // One active token per label; a revoked label may be issued again.
      await db.schema
        .createIndex('rest_tokens_active_label')
        .on('rest_tokens')
        .column('label')
        .unique()
        .where(sql.ref('revoked_at'), 'is', null)
        .execute();
      await db.schema.createIndex('rest_tokens_digest').on('rest_tokens').column('digest').execute();
    },
  },
];

export const TOKEN_TABLES = defineTables(TOKEN_MIGRATIONS, {
  /** `digest`: SHA-256 of the secret, hex (the secret is never stored); `scopes`: comma-separated. */
  rest_tokens: {
    id: col.int().generated(),
    label: col.text(),
    digest: col.text(),
    scopes: col.text(),
    created_at: col.text(),
    created_by: col.text(),
    last_used_at: col.text().nullable(),
    revoked_at: col.text().nullable(),
  },
});

const NO_DIGEST = '0'.repeat(64);

/** SHA-256 of a secret, hex (one-shot: no Hash object per request). */
export function hashSecret(secret: string): string {
  return hash('sha256', secret, 'hex');
}

/**
 * Compares two hex digests in time that depends only on their length (64): no early exit, no
 * allocation. The Bearer lookup is keyed by digest, which tells an attacker nothing about a secret
 * (finding a secret from its digest is a pre-image attack); this compare guards the Basic form.
 */
export function sameDigest(a: string, b: string): boolean {
  return sameText(a, b);
}

/** Constant-time (for a given length) comparison of two strings. */
export function sameText(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/** Parses a comma-separated scope list; undefined when any part is not a scope. */
export function parseScopes(text: string | undefined): Scope[] | undefined {
  if (text === undefined || text === '') return [...DEFAULT_SCOPES];
  const parts = text.split(',').map((s) => s.trim().toLowerCase());
  if (parts.some((p) => !(SCOPES as readonly string[]).includes(p))) return undefined;
  return SCOPES.filter((s) => parts.includes(s));
}

interface Row {
  id: number;
  label: string;
  digest: string;
  scopes: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

export interface TokenStore {
  /**
   * The active token the Authorization header names, or undefined. Marks it used at `now` (epoch
   * ms). `connection` (the socket) lets a keep-alive connection that repeats the same header skip
   * the SHA-256: the header it proved last time is compared in constant time instead.
   */
  authenticate(authorization: string | undefined, now: number, connection?: object): TokenRecord | undefined;
  create(label: string, scopes: readonly Scope[], actor: Actor): Promise<Result<{ label: string; scopes: Scope[]; secret: string }>>;
  revoke(label: string, actor: Actor): Promise<Result<{ label: string }>>;
  list(): Promise<TokenInfo[]>;
  /** The labels of the active tokens this server holds, sorted (for completion). */
  activeLabels(): string[];
  /** Called with each token as it is revoked (here, or seen revoked on reload). */
  onRevoke(listener: (token: TokenRecord) => void): () => void;
  /** Re-reads the active tokens (tokens issued or revoked by another server sharing the database). */
  reload(): Promise<void>;
  /** Writes pending last-used times and stops the reload timer. */
  close(): Promise<void>;
}

export interface TokenStoreOptions {
  database: Database;
  clock: Clock;
  log: Logger;
  /**
   * Re-read interval for a shared database; 0 turns it off. Default for PostgreSQL: 60 s with
   * `signals` (a safety net), 10 s without; off for SQLite.
   */
  refreshMs?: number;
  /** Signals to and from the other servers sharing the database. */
  signals?: NetworkSignals;
  /** Minimum spacing of last-used-at writes per token. Default 60 s. */
  lastUsedWriteMs?: number;
}

export async function createTokenStore(o: TokenStoreOptions): Promise<TokenStore> {
  await migrate(o.database, 'core-rest', TOKEN_MIGRATIONS);
  const db = TOKEN_TABLES.on(o.database.db);
  const lastUsedWriteMs = o.lastUsedWriteMs ?? 60_000;
  const byDigest = new Map<string, TokenRecord>();
  const byLabel = new Map<string, TokenRecord>();
  const revokeListeners = new Set<(t: TokenRecord) => void>();
  /** Per connection: the last header that authenticated on it, and its token. Dies with the socket. */
  const proven = new WeakMap<object, { header: string; rec: TokenRecord }>();
  /** Last-used times written per token id (epoch ms). */
  const written = new Map<number, number>();
  const pendingWrites = new Set<Promise<unknown>>();

  function toRecord(r: Row): TokenRecord {
    return {
      id: Number(r.id),
      label: r.label,
      scopes: new Set(r.scopes.split(',').filter(Boolean) as Scope[]),
      digest: r.digest,
      rateKey: `token:${r.id}`,
      createdAt: r.created_at,
      lastUsedMs: 0,
      lastUsedAt: r.last_used_at,
      revoked: r.revoked_at !== null,
    };
  }

  function hold(rec: TokenRecord): void {
    byDigest.set(rec.digest, rec);
    byLabel.set(rec.label, rec);
  }

  function drop(rec: TokenRecord): void {
    rec.revoked = true;
    byDigest.delete(rec.digest);
    if (byLabel.get(rec.label) === rec) byLabel.delete(rec.label);
    for (const l of revokeListeners) {
      try {
        l(rec);
      } catch (e) {
        o.log.error('a token revocation listener failed', e);
      }
    }
  }

  async function loadActive(): Promise<Row[]> {
    return db.selectFrom('rest_tokens').selectAll().where('revoked_at', 'is', null).execute();
  }

  for (const r of await loadActive()) hold(toRecord(r));

  function track(p: Promise<unknown>): void {
    pendingWrites.add(p);
    void p.finally(() => pendingWrites.delete(p));
  }

  function writeLastUsed(rec: TokenRecord): void {
    const at = new Date(rec.lastUsedMs).toISOString();
    written.set(rec.id, rec.lastUsedMs);
    rec.lastUsedAt = at;
    track(
      db
        .updateTable('rest_tokens')
        .set({ last_used_at: at })
        .where('id', '=', rec.id)
        .execute()
        .catch((e: unknown) => o.log.error('could not record when a token was last used', e)),
    );
  }

  function markUsed(rec: TokenRecord, now: number): void {
    rec.lastUsedMs = now;
    const last = written.get(rec.id) ?? 0;
    if (now - last >= lastUsedWriteMs) writeLastUsed(rec);
  }

  function bearer(secret: string): TokenRecord | undefined {
    const digest = hashSecret(secret);
    const rec = byDigest.get(digest);
    return rec !== undefined && sameDigest(digest, rec.digest) ? rec : undefined;
  }

  function basic(encoded: string): TokenRecord | undefined {
    const decoded = Buffer.from(encoded, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 0) return undefined;
    const label = decoded.slice(0, colon);
    const digest = hashSecret(decoded.slice(colon + 1));
    const rec = byLabel.get(label);
    // Compare even when the label is unknown, so the answer time does not tell labels apart.
    const against = rec?.digest ?? NO_DIGEST;
    const same = sameDigest(digest, against);
    return rec !== undefined && same ? rec : undefined;
  }

  let timer: NodeJS.Timeout | undefined;
  const signalled = o.signals?.shared === true;
  const refreshMs = o.refreshMs ?? (o.database.kind !== 'postgres' ? 0 : signalled ? 60_000 : 10_000);
  const tellNetwork = (label: string) =>
    o.signals?.publish(TOKENS_SIGNAL, { label }).catch((e: unknown) => o.log.error('could not tell the other servers of a token change', e));
  const reloadLogged = () => store.reload().catch((e: unknown) => o.log.error('could not reload the tokens', e));
  const unsubscribe = [o.signals?.on(TOKENS_SIGNAL, reloadLogged), o.signals?.onReconnect(reloadLogged)];

  const store: TokenStore = {
    authenticate(authorization, now, connection) {
      if (authorization === undefined || authorization.length < 8) return undefined;
      if (connection !== undefined) {
        const last = proven.get(connection);
        if (last !== undefined && !last.rec.revoked && sameText(last.header, authorization)) {
          markUsed(last.rec, now);
          return last.rec;
        }
      }
      const space = authorization.indexOf(' ');
      if (space < 0) return undefined;
      const scheme = authorization.slice(0, space).toLowerCase();
      const rest = authorization.slice(space + 1).trim();
      let rec: TokenRecord | undefined;
      if (scheme === 'bearer') rec = bearer(rest);
      else if (scheme === 'basic') rec = basic(rest);
      if (rec !== undefined) {
        markUsed(rec, now);
        if (connection !== undefined) proven.set(connection, { header: authorization, rec });
      }
      return rec;
    },

    async create(label, scopes, actor) {
      if (!LABEL_PATTERN.test(label)) {
        return fail('refused', 'A token label is 1 to 32 characters of a-z, 0-9, _ and -.');
      }
      if (scopes.length === 0) return fail('refused', `Give at least one scope of ${SCOPES.join(', ')}.`);
      if (byLabel.has(label)) return fail('already-exists', `An active token is already labelled ${label}; revoke it first.`);
      const secret = SECRET_PREFIX + randomBytes(32).toString('base64url');
      const digestHex = hashSecret(secret);
      const scopeText = SCOPES.filter((s) => scopes.includes(s)).join(',');
      const createdAt = o.clock.now().toISOString();
      let id: number;
      try {
        const row = await db
          .insertInto('rest_tokens')
          .values({
            label,
            digest: digestHex,
            scopes: scopeText,
            created_at: createdAt,
            created_by: actorName(actor),
            last_used_at: null,
            revoked_at: null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        id = Number(row.id);
      } catch (e) {
        // Another server sharing the database issued the label first (the unique index).
        if (/unique|duplicate/i.test(e instanceof Error ? e.message : String(e))) {
          return fail('already-exists', `An active token is already labelled ${label}; revoke it first.`);
        }
        throw e;
      }
      hold(
        toRecord({ id, label, digest: digestHex, scopes: scopeText, created_at: createdAt, last_used_at: null, revoked_at: null }),
      );
      await tellNetwork(label);
      return ok({ label, scopes: scopeText.split(',') as Scope[], secret });
    },

    async revoke(label) {
      const rec = byLabel.get(label);
      const at = o.clock.now().toISOString();
      const res = await db
        .updateTable('rest_tokens')
        .set({ revoked_at: at })
        .where('label', '=', label)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      if (rec) drop(rec);
      if (!rec && Number(res.numUpdatedRows) === 0) return fail('not-found', `No active token is labelled ${label}.`);
      await tellNetwork(label);
      return ok({ label });
    },

    activeLabels: () => [...byLabel.keys()].sort(),

    async list() {
      const rows: Row[] = await db.selectFrom('rest_tokens').selectAll().orderBy('id').execute();
      return rows.map((r) => {
        const held = byLabel.get(r.label);
        const lastUsedMs = held && held.id === Number(r.id) ? held.lastUsedMs : 0;
        return {
          label: r.label,
          scopes: r.scopes.split(',') as Scope[],
          createdAt: r.created_at,
          lastUsedAt: lastUsedMs > 0 ? new Date(lastUsedMs).toISOString() : r.last_used_at,
          state: r.revoked_at === null ? 'active' : 'revoked',
        };
      });
    },

    onRevoke(listener) {
      revokeListeners.add(listener);
      return () => revokeListeners.delete(listener);
    },

    async reload() {
      const rows = await loadActive();
      const ids = new Set(rows.map((r) => Number(r.id)));
      for (const rec of [...byLabel.values()]) if (!ids.has(rec.id)) drop(rec);
      for (const r of rows) {
        const existing = byLabel.get(r.label);
        if (existing?.id !== Number(r.id)) hold(toRecord(r));
      }
    },

    async close() {
      if (timer) clearInterval(timer);
      for (const off of unsubscribe) off?.();
      for (const rec of byLabel.values()) {
        if (rec.lastUsedMs > (written.get(rec.id) ?? 0)) writeLastUsed(rec);
      }
      await Promise.all([...pendingWrites]);
    },
  };

  if (refreshMs > 0) {
    timer = setInterval(reloadLogged, refreshMs);
    timer.unref();
  }
  return store;
}
