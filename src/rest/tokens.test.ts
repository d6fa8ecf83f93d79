import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { describe, it } from 'node:test';
import type { CommandSender, TextComponent } from '../platform/platform.ts';
import type { CommandContext } from '../core/commands/commands.ts';
import { plain } from '../../test/support/fake/values.ts';
import { join } from 'node:path';
import { CONSOLE } from '../core/kernel/actor.ts';
import { systemClock } from '../core/kernel/clock.ts';
import { openDatabase } from '../core/storage/db.ts';
import { memoryLogger } from '../core/log/log.ts';
import { basic, http, startHarness, tempDir } from './test-support.ts';
import { ADMIN_PERMISSION, createTokenStore, TOKEN_TABLES } from './tokens.ts';

const PLAYER: CommandSender = { kind: 'player', player: { uuid: '11111111-2222-3333-4444-555555555555', name: 'Alex', address: '127.0.0.1' } };
const admin = (node: string) => node === ADMIN_PERMISSION;

describe('/coreapi token', () => {
  it('at the console prints exactly one line with the label, the scopes and the secret', async () => {
    const h = await startHarness();
    try {
      const replies = await h.commands.run('coreapi token create panel');
      assert.equal(replies.length, 1);
      assert.match(String(replies[0]), /^Token panel created with scopes read,events\. Secret: crs_[A-Za-z0-9_-]{43}$/);
      const two = await h.commands.run('coreapi token create bot write,read');
      assert.match(String(two[0]), /^Token bot created with scopes read,write\. Secret: crs_/);
      assert.ok(!h.log.lines.some((l) => l.includes('crs_')), 'no secret in the log');
    } finally {
      await h.close();
    }
  });

  it('shows a player the secret once as a click-to-copy component', async () => {
    const h = await startHarness();
    try {
      const replies = await h.commands.run('coreapi token create webshop read,write', PLAYER, admin);
      assert.equal(replies.length, 1);
      const c = replies[0] as TextComponent;
      assert.equal(typeof c, 'object');
      assert.equal(c.text, 'Token webshop created with scopes read,write. Secret: ');
      const secretPart = c.extra?.[0] as TextComponent;
      assert.match(secretPart.text, /^crs_/);
      assert.deepEqual(secretPart.clickEvent, { action: 'copy_to_clipboard', value: secretPart.text });
      const listed = await h.commands.run('coreapi token list', PLAYER, admin);
      assert.ok(!JSON.stringify(listed).includes(secretPart.text), 'never shown again');
      // It works.
      assert.equal((await http(h.port, 'GET', '/api/v1/status', { token: secretPart.text })).status, 200);
    } finally {
      await h.close();
    }
  });

  it('needs core.rest.admin', async () => {
    const h = await startHarness();
    try {
      const replies = await h.commands.run('coreapi token create nope', PLAYER, () => false);
      assert.deepEqual(replies, ['You do not have permission.']);
      const c = h.commands.list().find((x) => x.name === 'coreapi');
      assert.equal(c?.permission, 'core.rest.admin');
    } finally {
      await h.close();
    }
  });

  it('stores only the SHA-256 digest of the secret', async () => {
    const h = await startHarness();
    try {
      const secret = await h.token('digest');
      const rows = await TOKEN_TABLES.on(h.database.db).selectFrom('rest_tokens').selectAll().execute();
      assert.equal(rows.length, 1);
      const row = rows[0] as Record<string, unknown>;
      assert.equal(row.digest, createHash('sha256').update(secret).digest('hex'));
      for (const value of Object.values(row)) assert.ok(!String(value).includes(secret.slice(4)), 'no column holds the secret');
    } finally {
      await h.close();
    }
  });

  it('lists label, scopes, created-at, last-used-at and state, never a secret', async () => {
    const h = await startHarness();
    try {
      const used = await h.token('used', 'read');
      await h.token('idle', 'events');
      await http(h.port, 'GET', '/api/v1/status', { token: used });
      await h.commands.run('coreapi token revoke idle');
      const lines = (await h.commands.run('coreapi token list')).map(String);
      assert.equal(lines[0], 'Tokens (2):');
      assert.match(lines[1] ?? '', /^used: active, scopes read, created \d{4}-.*Z, last used \d{4}-.*Z$/);
      assert.match(lines[2] ?? '', /^idle: revoked, scopes events, created .*, last used never$/);
      assert.ok(!lines.join().includes('crs_'));
      const row = await TOKEN_TABLES.on(h.database.db).selectFrom('rest_tokens').select('last_used_at').where('label', '=', 'used').executeTakeFirst();
      assert.match(String(row?.last_used_at), /^\d{4}-/, 'last-used-at is stored');
    } finally {
      await h.close();
    }
  });

  it('refuses a bad label, bad scopes and a label already active; a revoked label may be issued again', async () => {
    const h = await startHarness();
    try {
      const red = (text: string) => [{ text, color: 'red' }];
      assert.deepEqual(await h.commands.run('coreapi token create Bad!'), red('A token label is 1 to 32 characters of a-z, 0-9, _ and -.'));
      assert.deepEqual(await h.commands.run(`coreapi token create ${'a'.repeat(33)}`), red('A token label is 1 to 32 characters of a-z, 0-9, _ and -.'));
      assert.deepEqual(await h.commands.run('coreapi token create ok read,admin'), red('Scopes are a comma-separated list of read, write, events.'));
      const first = await h.token('same');
      assert.deepEqual(await h.commands.run('coreapi token create same'), red('An active token is already labelled same; revoke it first.'));
      assert.match(String((await h.commands.run('coreapi token revoke same'))[0]), /revoked/);
      assert.deepEqual(await h.commands.run('coreapi token revoke same'), red('No active token is labelled same.'));
      const second = await h.token('same');
      assert.notEqual(first, second);
      assert.equal((await http(h.port, 'GET', '/api/v1/status', { token: first })).status, 401);
      assert.equal((await http(h.port, 'GET', '/api/v1/status', { token: second })).status, 200);
    } finally {
      await h.close();
    }
  });

  it('audits issuing and revoking with the console or the player as actor', async () => {
    const h = await startHarness();
    try {
      await h.commands.run('coreapi token create a1');
      await h.commands.run('coreapi token revoke a1', PLAYER, admin);
      assert.deepEqual(
        h.api.audited.map((e) => [e.actor, e.action, e.details.label]),
        [
          ['console', 'core-rest.token-create', 'a1'],
          ['Alex', 'core-rest.token-revoke', 'a1'],
        ],
      );
    } finally {
      await h.close();
    }
  });

  it('keeps tokens across a restart', async () => {
    const h = await startHarness();
    const secret = await h.token('durable');
    await h.addon.stop();
    const again = await startHarness({ dir: h.dir });
    try {
      assert.equal((await http(again.port, 'GET', '/api/v1/status', { token: secret })).status, 200);
    } finally {
      await again.close();
      await h.close();
    }
  });
});

describe('/coreapi on the command tree', () => {
  const console_: CommandContext = { sender: { kind: 'console' }, actor: CONSOLE, rest: '', reply: () => {}, has: () => true };

  it('answers a command typed short or long with the usage of what was typed, in red as every command does', async () => {
    const h = await startHarness();
    try {
      const said = async (line: string) => (await h.commands.run(line)).map(plain);
      assert.deepEqual(await said('coreapi token create'), ['Usage: coreapi token create <label> [scopes]']);
      assert.deepEqual(await said('coreapi token revoke'), ['Usage: coreapi token revoke <label>']);
      assert.deepEqual(await said('coreapi token list extra'), ['Usage: coreapi token list']);
      assert.deepEqual(await said('coreapi token create a read too-many'), ['Usage: coreapi token create <label> [scopes]']);
      assert.deepEqual(await said('coreapi token'), ['Usage: coreapi token create <label> [scopes], coreapi token list, coreapi token revoke <label>']);
      assert.deepEqual(await said('coreapi'), ['Usage:', 'coreapi token create <label> [scopes]', 'coreapi token list', 'coreapi token revoke <label>', 'coreapi status']);
      assert.deepEqual((await h.commands.run('coreapi status now'))[0], { text: 'Usage: coreapi status', color: 'red' });
      assert.match((await said('coreapi TOKEN LIST'))[0] ?? '', /^No tokens yet/, 'subcommands in any case, as every command');
    } finally {
      await h.close();
    }
  });

  it('completes the subcommands, the scopes of a new token and the labels of the active ones', async () => {
    const h = await startHarness();
    try {
      await h.token('panel');
      await h.token('bot');
      await h.commands.run('coreapi token revoke bot');
      const c = h.commands.list().find((x) => x.name === 'coreapi');
      assert.ok(c?.complete);
      assert.deepEqual(c.complete(console_, ['']), ['token', 'status']);
      assert.deepEqual(c.complete(console_, ['token', '']), ['create', 'list', 'revoke']);
      assert.deepEqual(c.complete(console_, ['token', 'create', 'shop', '']), ['read', 'read,write', 'read,events', 'read,write,events', 'events', 'write']);
      assert.deepEqual(c.complete(console_, ['token', 'revoke', '']), ['panel']);
      assert.deepEqual(c.usageFor?.(console_), ['coreapi token create <label> [scopes]', 'coreapi token list', 'coreapi token revoke <label>', 'coreapi status']);
    } finally {
      await h.close();
    }
  });
});

describe('/coreapi status', () => {
  it('shows the listener and who is connected', async () => {
    const h = await startHarness({ conf: 'enabled = true\nport = 0\nmax-subscribers = 3\n' });
    try {
      const lines = (await h.commands.run('coreapi status')).map(String);
      assert.match(lines[0] ?? '', new RegExp(`listening on http://127\\.0\\.0\\.1:${h.port}/api/v1`));
      assert.equal(lines[1], 'Event-stream subscribers: 0 of 3.');
    } finally {
      await h.close();
    }
  });
});

describe('authentication time', () => {
  it('is the same for an unknown token and a wrong secret: a SHA-256 and a lookup each, no early exit', async () => {
    const dir = tempDir();
    const database = openDatabase({ kind: 'sqlite', file: join(dir, 'core.db') });
    const store = await createTokenStore({ database, clock: systemClock, log: memoryLogger() });
    try {
      const made = await store.create('panel', ['read'], CONSOLE);
      assert.ok(made.ok);
      const secret = made.value.secret;
      const other = `crs_${'x'.repeat(43)}`;
      const kinds: Record<string, string> = {
        'Bearer unknown': `Bearer ${other}`,
        'Bearer one character off': `Bearer ${secret.slice(0, -1)}${secret.endsWith('A') ? 'B' : 'A'}`,
        'Basic unknown label': basic('nobody', secret),
        'Basic wrong secret': basic('panel', other),
      };
      for (const a of Object.values(kinds)) assert.equal(store.authenticate(a, Date.now()), undefined);
      // Batches of 200 calls, the kinds in turn, 300 rounds; the median batch of each kind.
      const times = new Map<string, number[]>(Object.keys(kinds).map((k) => [k, []]));
      for (let round = 0; round < 300; round++) {
        for (const [kind, a] of Object.entries(kinds)) {
          const t0 = performance.now();
          for (let i = 0; i < 200; i++) store.authenticate(a, 0);
          times.get(kind)!.push(performance.now() - t0);
        }
      }
      const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[xs.length >> 1]!;
      const perCall = Object.fromEntries([...times].map(([k, xs]) => [k, (median(xs) / 200) * 1000]));
      const shown = Object.entries(perCall).map(([k, us]) => `${k} ${us.toFixed(2)} µs`).join(', ');
      // Within a form the work is the same (Basic decodes base64 first, so it takes longer than
      // Bearer): an early exit before the SHA-256 would halve the time of one of the pair.
      for (const [a, b] of [
        ['Bearer unknown', 'Bearer one character off'],
        ['Basic unknown label', 'Basic wrong secret'],
      ] as const) {
        const ratio = perCall[a]! / perCall[b]!;
        assert.ok(ratio > 1 / 1.3 && ratio < 1.3, `per call: ${shown}`);
      }
    } finally {
      await store.close();
      await database.close();
    }
  });
});
