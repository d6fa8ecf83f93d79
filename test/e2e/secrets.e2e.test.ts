// Secrets against the real server (`node src/main.ts`): an unknown token and a wrong secret are
// answered alike, byte for byte, and in the same time; a revoked token stops at once, for HTTP and
// for its stream; and after every path that could write a secret somewhere has been taken (good and
// bad credentials in every form, secrets in the query, the path, other headers and a body, event-
// stream handshakes, a revocation, a reload, a player who pastes a secret into chat, a token issued
// in game, a stop), no log line holds a secret and the data folder holds only digests.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { authFailure } from '../../src/rest/access-log.ts';
import { Client, connected } from '../../src/rest/event-stream.clients.ts';
import { KeepAliveClient, type Answer } from '../../src/rest/flood.clients.ts';
import { basic, http } from '../../src/rest/test-support.ts';
import { joinBot, quit, waitForMessage, type Bot } from './support/bots.ts';
import { startRestServer, type RestServer } from './support/rest-server.ts';
import { databaseUrlOf } from './support/server-process.ts';
import { readPostgresTables } from '../support/db-snapshot.ts';

const median = (xs: readonly number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

/** Every file under a folder, recursively. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesUnder(join(dir, e.name)) : e.isFile() ? [join(dir, e.name)] : []));
}

/** The headers of an answer that must not tell one refusal from another: all but the date and the rate counters. */
function comparable(a: Answer): { status: number; headers: Record<string, unknown>; body: string } {
  const { date: _date, 'ratelimit-remaining': _remaining, 'ratelimit-reset': _reset, ...headers } = a.headers;
  return { status: a.status, headers, body: a.text };
}

describe('secrets on the real server', () => {
  let rs: RestServer;
  let ann: Bot;
  /** Every secret the server issued, by label. */
  const issued: Record<string, string> = {};
  /** Everything secret-like the test sent that is not an issued secret (wrong secrets, Basic credentials). */
  const sent = new Set<string>();
  const wrong = (n: number) => `crs_${createHash('sha256').update(`wrong ${n}`).digest('base64url').slice(0, 43)}`;

  before(async () => {
    rs = await startRestServer({ requestsPerMinute: 1_000_000 });
    for (const [label, scopes] of [
      ['panel', 'read,write,events'],
      ['doomed', 'read,events'],
      ['other', 'read'],
    ] as const) {
      issued[label] = await rs.token(label, scopes);
    }
    ann = await joinBot(rs.server.gamePort, 'Ann', { viewDistance: 2 });
  });
  after(async () => {
    if (ann) await quit(ann);
    await rs?.stop();
  });

  /** The refusals that must look the same: of no token, of a wrong secret, in both header forms. */
  const refusals = () => {
    const w = wrong(1);
    const panel = issued.panel!;
    const kinds: Record<string, string> = {
      'Bearer, a secret never issued': `Bearer ${w}`,
      'Bearer, a real secret one character off': `Bearer ${panel.slice(0, -1)}${panel.endsWith('A') ? 'B' : 'A'}`,
      'Basic, an unknown label': basic('nobody', w),
      'Basic, a real label and a wrong secret': basic('panel', w),
      "Basic, a real label and another token's secret": basic('panel', issued.other!),
    };
    for (const v of Object.values(kinds)) sent.add(v.slice(v.indexOf(' ') + 1));
    sent.add(w);
    return kinds;
  };

  it('answers an unknown token and a wrong secret alike: status, headers (but the date and the rate counters) and body', async () => {
    const client = new KeepAliveClient(rs.restPort);
    const kinds = refusals();
    const answers: Record<string, Answer> = {};
    for (const [kind, authorization] of Object.entries(kinds)) answers[kind] = await client.request('GET', '/api/v1/status', { authorization });
    const [first, ...rest] = Object.entries(answers);
    assert.equal(first![1].status, 401);
    assert.deepEqual(JSON.parse(first![1].text), { ok: false, code: 'unauthorized', message: JSON.parse(first![1].text).message });
    for (const [kind, a] of rest) assert.deepEqual(comparable(a), comparable(first![1]), `${kind} answers as ${first![0]}`);
    // The counters count failures per address whatever their kind: one less at each.
    const remaining = Object.values(answers).map((a) => Number(a.headers['ratelimit-remaining']));
    assert.deepEqual(remaining, remaining.map((_, i) => remaining[0]! - i));
    // The event-stream handshake refuses them alike too.
    const upgrade = { connection: 'Upgrade', upgrade: 'websocket', 'sec-websocket-version': '13', 'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==' };
    const handshakes = await Promise.all(
      Object.values(kinds).map(async (authorization) => {
        const r = await http(rs.restPort, 'GET', '/api/v1/events', { headers: { ...upgrade, authorization } });
        return `${r.status} ${r.headers['www-authenticate']} ${r.text}`;
      }),
    );
    assert.equal(new Set(handshakes).size, 1, handshakes.join('\n'));
    assert.match(handshakes[0]!, /^401 Bearer, Basic realm="core-rest" \{"ok":false,"code":"unauthorized"/);
    // The access log's reason is read from the header alone: the same for all five.
    assert.deepEqual(new Set(Object.values(kinds).map(authFailure)), new Set(['unknown']));
    client.close();
  });

  it('takes the same time for an unknown token and a wrong secret, within the noise', async (t) => {
    const client = new KeepAliveClient(rs.restPort);
    const kinds = Object.entries(refusals());
    const ROUNDS = 300;
    for (let i = 0; i < 50; i++) for (const [, a] of kinds) await client.request('GET', '/api/v1/status', { authorization: a }); // warm-up
    // Each round asks every kind once, in an order of its own; a kind's offset in a round is its time
    // minus the round's median, so that the drift of a loaded machine (slower for seconds at a time)
    // cancels out. A kind that takes longer shows as a median offset above zero.
    const offsets = new Map<string, number[]>(kinds.map(([k]) => [k, []]));
    const all: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const order = [...kinds].sort(() => Math.random() - 0.5);
      const took: Array<[string, number]> = [];
      for (const [kind, authorization] of order) {
        const a = await client.request('GET', '/api/v1/status', { authorization });
        assert.equal(a.status, 401);
        took.push([kind, a.ms]);
      }
      const mid = median(took.map(([, ms]) => ms));
      for (const [kind, ms] of took) offsets.get(kind)!.push(ms - mid);
      all.push(...took.map(([, ms]) => ms));
    }
    client.close();
    const pooled = median(all);
    const tolerance = Math.max(0.04, 0.1 * pooled);
    const shifts = Object.fromEntries([...offsets].map(([k, xs]) => [k, median(xs)]));
    const report = Object.entries(shifts)
      .map(([k, d]) => `${k}: ${d >= 0 ? '+' : ''}${(d * 1000).toFixed(1)} µs`)
      .join('; ');
    for (const [kind, d] of Object.entries(shifts)) {
      assert.ok(Math.abs(d) <= tolerance, `${kind} is ${(d * 1000).toFixed(0)} µs off the others (tolerance ${(tolerance * 1000).toFixed(0)} µs of ${(pooled * 1000).toFixed(0)} µs): ${report}`);
    }
    t.diagnostic(`each kind against the others, median of 300 rounds: ${report}; a request ${(pooled * 1000).toFixed(0)} µs (median), tolerance ${(tolerance * 1000).toFixed(0)} µs`);
  });

  it('stops a revoked token at once: its open stream closes with 1008, its next request on a kept connection and any new one get 401', async (t) => {
    const doomed = issued.doomed!;
    const kept = new KeepAliveClient(rs.restPort);
    assert.equal((await kept.get('/api/v1/status', doomed)).status, 200, 'the kept connection has proved the token');
    const stream = await connected(rs.restPort, doomed);
    const bystander = await connected(rs.restPort, issued.panel!);
    const typed = performance.now();
    const closed = stream.closed.then((c) => ({ ...c, ms: performance.now() - typed }));
    await rs.console('coreapi token revoke doomed', /Token doomed revoked/);
    const answers = [
      await kept.get('/api/v1/status', doomed),
      await http(rs.restPort, 'GET', '/api/v1/status', { token: doomed }),
      await http(rs.restPort, 'GET', '/api/v1/status', { headers: { authorization: basic('doomed', doomed) } }),
    ];
    assert.deepEqual(answers.map((a) => a.status), [401, 401, 401], 'the first requests after the revocation');
    const close = await closed;
    assert.equal(close.code, 1008);
    assert.equal(close.reason, 'token revoked');
    assert.ok(close.ms < 2000, `the stream closed ${close.ms.toFixed(0)} ms after the command was typed`);
    const again = new Client(rs.restPort, doomed);
    await assert.rejects(again.opened, (e: { status: number }) => e.status === 401);
    bystander.send({ subscribe: ['*'] });
    assert.equal((await bystander.next()).event, 'subscribed', 'the other token’s stream is untouched');
    bystander.ws.close();
    kept.close();
    t.diagnostic(`revocation: the stream closed ${close.ms.toFixed(0)} ms after the command was typed`);
  });

  it('writes no secret to any log and only digests to disk, whatever a client sends', async () => {
    const port = rs.restPort;
    const panel = issued.panel!;
    const w = wrong(2);
    sent.add(w);
    const calls: Array<[string, string, Record<string, string>, (string | undefined)?]> = [
      // Good credentials, both forms, and a body that holds a secret (as a value and as a field name).
      ['GET', '/api/v1/status', { authorization: `Bearer ${panel}` }],
      ['GET', '/api/v1/status', { authorization: basic('panel', panel) }],
      ['POST', `/api/v1/players/${ann.player.uuid}/balance/deposit`, { authorization: `Bearer ${panel}`, 'content-type': 'application/json' }, JSON.stringify({ amount: 1, [w]: panel })],
      // Wrong ones, and malformed ones.
      ['GET', '/api/v1/status', { authorization: `Bearer ${w}` }],
      ['GET', '/api/v1/status', { authorization: basic('panel', w) }],
      ['GET', '/api/v1/status', { authorization: `Token ${panel}` }],
      ['GET', '/api/v1/status', { authorization: panel }],
      ['GET', '/api/v1/status', { authorization: `Bearer ${panel} ${w}` }],
      ['GET', '/api/v1/status', { authorization: `Basic ${Buffer.from(panel).toString('base64')}` }],
      // A secret where none belongs: the query, the path, other headers.
      ['GET', `/api/v1/status?token=${panel}&access_token=${w}`, {}],
      ['GET', `/api/v1/status?token=${panel}`, { authorization: `Bearer ${panel}` }],
      ['GET', `/api/v1/${panel}`, { authorization: `Bearer ${panel}` }],
      ['GET', `/api/v1/${w}`, {}],
      ['GET', '/api/v1/status', { 'x-api-key': panel, cookie: `token=${panel}` }],
    ];
    const client = new KeepAliveClient(port);
    for (const [method, path, headers, body] of calls) await client.request(method, path, headers, body);
    client.close();
    sent.add(Buffer.from(panel).toString('base64'));
    // Event-stream handshakes: a wrong secret, a secret in the query, a good one.
    await assert.rejects(new Client(port, w).opened);
    const good = await connected(port, panel);
    good.ws.close();
    // The console: the list, the status, a reload of rest.conf.
    await rs.console('coreapi token list', /panel: active/);
    await rs.console('coreapi status', /connections open/);
    writeFileSync(join(rs.server.dataDir, 'core-rest', 'rest.conf'), 'enabled = true\nbind = "127.0.0.1"\nport = 0\nrequests-per-minute = 999999\nmax-subscribers = 8\n');
    await rs.console('core reload', /rest\.conf/);
    // A token issued in game (shown to the player only), then pasted into chat and into a command by mistake.
    await rs.console('perm grant Ann core.rest.admin', /core\.rest\.admin/);
    const shown = waitForMessage(ann, /Token ingame created/);
    ann.chat('/coreapi token create ingame read');
    issued.ingame = /Secret: (crs_[A-Za-z0-9_-]{43})/.exec(await shown)![1]!;
    ann.chat(`my key is ${issued.ingame}`);
    ann.chat(`/msg Ann ${issued.ingame}`);
    await rs.server.waitForLine(/issued server command: \/msg Ann/, { from: 0 });
    assert.equal((await rs.call('GET', '/status', issued.ingame)).status, 200);

    const stopped = await rs.server.stop('SIGTERM');
    assert.equal(stopped, 0);

    // Standard output: each secret issued at the console once, on its own reply; nothing else, anywhere.
    const output = rs.server.lines.join('\n');
    for (const [label, secret] of Object.entries(issued)) {
      const lines = rs.server.lines.filter((l) => l.includes(secret));
      if (label === 'ingame') assert.deepEqual(lines, [], 'a secret issued in game is never on the console');
      else {
        assert.equal(lines.length, 1, `${label}: ${lines.length} lines`);
        assert.match(lines[0]!, new RegExp(`INFO \\[game\\] Token ${label} created with scopes [a-z,]+\\. Secret: ${secret}$`));
      }
    }
    for (const secret of sent) assert.ok(!output.includes(secret), 'a secret the test sent is on the console');
    assert.match(output, /<Ann> my key is crs_…/, 'the chat line is logged, the secret masked');

    // Every file of the data folder, as bytes (the database, the logs and their archives, the configs, the world).
    const files = filesUnder(rs.server.dataDir);
    const logs = files.filter((f) => relative(rs.server.dataDir, f).startsWith('logs'));
    assert.ok(logs.some((f) => f.endsWith('latest.log')) && logs.some((f) => f.endsWith('access.log')), `logs: ${logs.join(', ')}`);
    const needles = [...Object.values(issued), ...sent];
    for (const file of files) {
      const bytes = readFileSync(file);
      const contents = [bytes, ...(file.endsWith('.gz') ? [gunzipSync(bytes)] : [])];
      for (const c of contents) {
        for (const needle of needles) assert.equal(c.indexOf(needle), -1, `${relative(rs.server.dataDir, file)} holds a secret`);
        assert.doesNotMatch(c.toString('latin1'), /crs_[A-Za-z0-9_-]{43}/, `${relative(rs.server.dataDir, file)} holds something shaped like a secret`);
      }
    }
    // The database holds each token's SHA-256 digest (hex), and nothing of the secret: the SQLite
    // files as bytes, or every row of the server's PostgreSQL schema.
    const url = databaseUrlOf(rs.server.dataDir);
    const database =
      url === undefined
        ? Buffer.concat(files.filter((f) => /core\.db/.test(f)).map((f) => readFileSync(f)))
        : Buffer.from(JSON.stringify([...(await readPostgresTables(url))]));
    if (url !== undefined) {
      for (const needle of needles) assert.equal(database.indexOf(needle), -1, 'the PostgreSQL schema holds a secret');
      assert.doesNotMatch(database.toString('latin1'), /crs_[A-Za-z0-9_-]{43}/, 'the PostgreSQL schema holds something shaped like a secret');
    }
    for (const [label, secret] of Object.entries(issued)) {
      assert.notEqual(database.indexOf(createHash('sha256').update(secret).digest('hex')), -1, `the digest of ${label} is stored`);
    }
    const access = readFileSync(logs.find((f) => f.endsWith('access.log'))!, 'utf8');
    assert.match(access, /"GET \/api\/v1\/crs_…" 404 /, 'a secret in the path is masked in the access log');
    assert.match(access, /"GET \/api\/v1\/status" 401 \d+ms "unknown token"/);
  });
});
