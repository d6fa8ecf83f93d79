// `core copy-to-postgres` (src/core/storage/postgres-copy.ts, docs/network.md) on real data: a server's
// SQLite database filled through the real modules and the add-on's tokens, copied at the console
// into PostgreSQL; every table's rows are compared, and a kernel opened on the copy reads the same
// data back through the same services and writes new rows with fresh ids. Refusals change nothing.
// Needs the local PostgreSQL server (test/support/postgres.ts: skipped without one, except in CI).

import assert from 'node:assert/strict';
import { DatabaseSync } from 'node:sqlite';
import { describe, it } from 'node:test';
import { CONSOLE } from '../src/core/kernel/actor.ts';
import { sql, type Database } from '../src/core/storage/db.ts';
import { toPostgres } from '../src/core/storage/postgres-copy-values.ts';
import { teleportModule } from '../src/modules/teleport/index.ts';
import { economyModule } from '../src/modules/economy/index.ts';
import { homesModule } from '../src/modules/homes/index.ts';
import { messagingModule } from '../src/modules/messaging/index.ts';
import { moderationModule } from '../src/modules/moderation/index.ts';
import { playerWarpsModule } from '../src/modules/playerwarps/index.ts';
import { warpsModule } from '../src/modules/warps/index.ts';
import { createTokenStore } from '../src/rest/tokens.ts';
import { POSTGRES_URL, withPostgres } from './support/postgres.ts';
import { startTestKernel, type TestKernel } from './support/test-kernel.ts';

const MODULES = [teleportModule, economyModule, homesModule, warpsModule, playerWarpsModule, moderationModule, messagingModule];
const UNICODE = 'Grüße, 世界 ✓ 🎉 «ok»';
const at = (x: number, z = -7.25) => ({ world: 'world', x, y: 64, z, yaw: 90.5, pitch: -12.75 });

function ok<T>(r: { ok: true; value: T } | { ok: false; message: string }): T {
  if (!r.ok) assert.fail(r.message);
  return r.value;
}

const urlOf = (schema: string) => `${POSTGRES_URL}?options=-c%20search_path%3D${schema}`;

/** Every row of every table, each value as text (null kept), sorted: the two databases' types differ, their data must not. */
type Rows = Map<string, string[]>;
const norm = (row: Record<string, unknown>) => JSON.stringify(Object.entries(row).sort(([a], [b]) => a.localeCompare(b)).map(([k, v]) => [k, v === null ? null : String(v)]));

function sqliteRows(file: string): Rows {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    const out: Rows = new Map();
    for (const { name } of db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").all() as { name: string }[]) {
      const st = db.prepare(`SELECT * FROM "${name}"`);
      st.setReadBigInts(true);
      out.set(name, (st.all() as Record<string, unknown>[]).map(norm).sort());
    }
    return out;
  } finally {
    db.close();
  }
}

async function postgresRows(database: Database, tables: Iterable<string>): Promise<Rows> {
  const out: Rows = new Map();
  for (const name of tables) out.set(name, (await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(database.db)).rows.map(norm).sort());
  return out;
}

async function tableNames(database: Database): Promise<string[]> {
  const r = await sql<{ table_name: string }>`select table_name from information_schema.tables where table_schema = current_schema() order by table_name`.execute(database.db);
  return r.rows.map((x) => x.table_name);
}

/** Runs a console line and answers the lines it printed. */
async function atConsole(t: TestKernel, line: string): Promise<string[]> {
  t.platform.clearMessages();
  await t.platform.run('console', line);
  return t.platform.consoleText();
}

/** A server's worth of varied data, written through the modules' services and the add-on's tokens. */
async function fill(t: TestKernel): Promise<{ ann: string; ben: string; secret: string; revoked: string }> {
  const ann = (await t.join('Ann')).uuid;
  const ben = (await t.join('Ben')).uuid;
  const api = t.kernel.api;
  ok(await api.economy.set(ann, 90_000_000_000, null, CONSOLE)); // a large balance
  ok(await api.economy.deposit(ben, 12.34, null, CONSOLE));
  ok(await api.economy.transfer(ann, ben, 0.01, null, CONSOLE));
  ok(await api.homes.set(ann, 1, at(1), CONSOLE, 'base'));
  ok(await api.homes.set(ann, 2, at(-30_000_000.5), CONSOLE)); // no label: a null
  ok(await api.warps.create('spawn', at(0, 0), CONSOLE));
  ok(await api.warps.create('vip', at(5), CONSOLE, 'core.warp.vip'));
  ok(await api.warps.rate('spawn', ben, 5, CONSOLE));
  ok(await api.playerwarps.create(ann, 'annshop', at(9), CONSOLE));
  ok(await api.playerwarps.setDescription('annshop', null, UNICODE, CONSOLE));
  ok(await api.playerwarps.setPublic('annshop', null, false, CONSOLE)); // a boolean
  ok(await api.moderation.ban(ben, { reason: UNICODE, 'duration-seconds': 3600 }, CONSOLE)); // a timestamp
  ok(await api.moderation.warn(ann, { reason: 'spam' }, CONSOLE));
  ok(await api.messaging.sendMail(ann, UNICODE, null, CONSOLE));
  ok(await api.messaging.sendMail(ann, 'second', ben, CONSOLE));
  const tokens = await createTokenStore({ database: t.database, clock: t.clock, log: t.log });
  const secret = ok(await tokens.create('panel', ['read', 'write'], CONSOLE)).secret;
  const revoked = ok(await tokens.create('old', ['read'], CONSOLE)).secret;
  ok(await tokens.revoke('old', CONSOLE));
  await tokens.close();
  return { ann, ben, secret, revoked };
}

describe('core copy-to-postgres', () => {
  it('copies every table; a kernel on the copy reads the same data through the services, and new rows get fresh ids', (t) =>
    withPostgres(t, 'copy', async (openPg, schema) => {
      const src = await startTestKernel({ modules: MODULES, sqlite: true });
      let dst: TestKernel | undefined;
      try {
        const { ann, ben, secret, revoked } = await fill(src);
        const before = {
          balances: [ok(await src.kernel.api.economy.balance(ann)), ok(await src.kernel.api.economy.balance(ben))],
          homes: ok(await src.kernel.api.homes.list(ann)),
          warps: ok(await src.kernel.api.warps.list()),
          pwarp: ok(await src.kernel.api.playerwarps.get('annshop')),
          sanctions: ok(await src.kernel.api.moderation.sanctions(ben)),
          mail: ok(await src.kernel.api.messaging.mailbox(ann)),
        };

        const reply = await atConsole(src, `core copy-to-postgres ${urlOf(schema)}`);
        const text = reply.join('\n');
        assert.match(text, /^Copying \d+ rows of \d+ tables from SQLite into PostgreSQL at postgres:\/\/127\.0\.0\.1:5432\/test\./m);
        assert.match(text, /economy_\w+: \d+ rows copied\./);
        assert.match(text, /^Copied \d+ rows of \d+ tables into PostgreSQL .* every table's count checked: /m);
        assert.match(text, /set database to that URL in core\/network\.conf/);
        assert.doesNotMatch(text, /search_path/, 'the reply names host and database, not the whole URL');

        // Every row of every table, the same in both (as text: types differ, data must not).
        const pg = openPg();
        try {
          const want = sqliteRows(`${src.dir}/core.db`);
          const got = await postgresRows(pg, want.keys());
          // The copy is of the moment it began: the audit entry of the copy itself came after.
          want.delete('core_audit');
          got.delete('core_audit');
          const migrations = got.get('core_migrations')!;
          for (const row of want.get('core_migrations')!) assert.ok(migrations.includes(row), `core_migrations holds ${row}`);
          want.delete('core_migrations');
          got.delete('core_migrations');
          assert.deepEqual(got, want);
        } finally {
          await pg.close();
        }

        dst = await startTestKernel({ modules: MODULES, openDb: openPg });
        const api = dst.kernel.api;
        assert.deepEqual([ok(await api.economy.balance(ann)), ok(await api.economy.balance(ben))], before.balances);
        assert.deepEqual(ok(await api.homes.list(ann)), before.homes);
        assert.deepEqual(ok(await api.warps.list()), before.warps);
        assert.deepEqual(ok(await api.playerwarps.get('annshop')), before.pwarp);
        assert.deepEqual(ok(await api.moderation.sanctions(ben)), before.sanctions);
        assert.deepEqual(ok(await api.messaging.mailbox(ann)), before.mail);
        assert.equal(api.moderation.banOf(ben)?.reason, UNICODE, 'the ban is in force on the copy');

        const tokens = await createTokenStore({ database: dst.database, clock: dst.clock, log: dst.log, refreshMs: 0 });
        try {
          assert.equal(tokens.authenticate(`Bearer ${secret}`, Date.now())?.label, 'panel', 'a token issued on SQLite authenticates on the copy');
          assert.equal(tokens.authenticate(`Bearer ${revoked}`, Date.now()), undefined, 'a revoked token stays revoked');
          ok(await tokens.create('fresh', ['read'], CONSOLE));
        } finally {
          await tokens.close();
        }

        // New rows take ids after the copied ones (a collision would fail the insert).
        const maxMail = Math.max(...before.mail.mail.map((m) => m.id));
        ok(await api.messaging.sendMail(ann, 'after the move', null, CONSOLE));
        const mails = ok(await api.messaging.mailbox(ann)).mail;
        assert.ok(mails.find((m) => m.body === 'after the move')!.id > maxMail);
        ok(await api.economy.deposit(ann, 1, null, CONSOLE));
        ok(await api.moderation.warn(ben, { reason: 'again' }, CONSOLE));
        ok(await api.warps.create('new', at(3), CONSOLE));
      } finally {
        await dst?.close();
        await src.close();
      }
    }));

  it('refuses a target holding Core data, a URL that is not PostgreSQL, an unreachable server and a player, changing nothing', (t) =>
    withPostgres(t, 'copyrefuse', async (openPg, schema) => {
      const src = await startTestKernel({ modules: MODULES, sqlite: true });
      const pg = openPg();
      try {
        await fill(src);
        // An empty schema: refusals must leave it without a table.
        for (const url of ['mysql://core:hunter2@127.0.0.1/core', 'not-a-url', 'postgres:///no-host']) {
          const reply = (await atConsole(src, `core copy-to-postgres ${url}`)).join('\n');
          assert.match(reply, /That is not a PostgreSQL URL: it must start postgres:\/\/ or postgresql:\/\//);
          assert.doesNotMatch(reply, /hunter2/);
        }
        const down = (await atConsole(src, 'core copy-to-postgres postgres://core:hunter2@127.0.0.1:1/core')).join('\n');
        assert.match(down, /Cannot connect to PostgreSQL at postgres:\/\/127\.0\.0\.1:1\/core: .*Nothing was copied\./);
        assert.doesNotMatch(down, /hunter2/);
        // A player who may run `core reload` still may not copy: console only.
        const cid = (await src.join('Cid')).uuid;
        ok(await src.kernel.api.permissions.grant(cid, 'core.reload', CONSOLE));
        await src.platform.run(cid, `core copy-to-postgres ${urlOf(schema)}`);
        assert.deepEqual(src.platform.messagesOf(cid).slice(-1), ['"core copy-to-postgres" can only be run at the server console.']);
        assert.deepEqual(await tableNames(pg), [], 'nothing was created');

        // A value PostgreSQL would refuse: named by table, row and column, and the whole copy (tables too) rolled back.
        const raw = new DatabaseSync(`${src.dir}/core.db`);
        raw.prepare('UPDATE homes SET label = ? WHERE label = ?').run('x'.repeat(300), 'base');
        const tooLong = (await atConsole(src, `core copy-to-postgres ${urlOf(schema)}`)).join('\n');
        assert.match(tooLong, /The table homes, row \d+, column label holds a text of 300 characters; the PostgreSQL column holds at most \d+; nothing was copied\./);
        assert.deepEqual(await tableNames(pg), [], 'the migrations were rolled back with the rows');
        raw.prepare('UPDATE homes SET label = ? WHERE length(label) = 300').run('base');
        raw.close();

        assert.match((await atConsole(src, `core copy-to-postgres ${urlOf(schema)}`)).join('\n'), /^Copied /m);
        const copied = await postgresRows(pg, await tableNames(pg));
        const again = (await atConsole(src, `core copy-to-postgres ${urlOf(schema)}`)).join('\n');
        assert.match(again, /PostgreSQL at postgres:\/\/127\.0\.0\.1:5432\/test already holds Core data \(rows in .*\); the copy goes only into an empty database\. Nothing was copied\./);
        assert.deepEqual(await postgresRows(pg, await tableNames(pg)), copied, 'the second copy changed nothing');
      } finally {
        await pg.close();
        await src.close();
      }
    }));

  it('keeps the digits of 64-bit integers and refuses values a PostgreSQL column cannot hold', () => {
    const big = { name: 'n', type: 'bigint', maxLength: null };
    assert.equal(toPostgres(9223372036854775807n, big), '9223372036854775807');
    assert.throws(() => toPostgres(2147483648n, { name: 'n', type: 'integer', maxLength: null }), /out of the range of a PostgreSQL integer column/);
    assert.equal(toPostgres(1n, { name: 'b', type: 'boolean', maxLength: null }), true);
    assert.throws(() => toPostgres('a\u0000b', { name: 't', type: 'text', maxLength: null }), /NUL/);
    assert.equal(toPostgres('日本', { name: 't', type: 'character varying', maxLength: 2 }), '日本');
    assert.equal(toPostgres(null, big), null);
  });
});
