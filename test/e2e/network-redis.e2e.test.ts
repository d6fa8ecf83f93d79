// Network mode end to end, Redis's part (docs/network.md, "Redis: one event stream and one rate
// limit"): two real server processes, `alpha` and `beta`, on one PostgreSQL database and one
// redis-server of the test's own, each limiting a token to 20 requests a minute. A token called
// alternately on both, as fast as it can, gets at most 20 in all, then 429 on both. Then Redis is stopped: both servers
// keep serving and their own event streams keep working, each says so in one warning; Redis is
// started again on the same port: each says it is back by itself, and alpha's next event reaches
// beta's stream again. Tokens, money, events and bans: network.e2e.test.ts.

import assert from 'node:assert/strict';
import { after, before, describe, it, type TestContext } from 'node:test';
import { leaseSize } from '../../src/rest/rate-lease.ts';
import { freshMinute, startNetworkPair, within, type NetworkPair } from './support/network-pair.ts';
import type { HttpAnswer, RestServer } from './support/rest-server.ts';

/** rest.conf `requests-per-minute` on both servers. */
const LIMIT = 20;

describe('two servers sharing one Redis: one rate limit, and an outage of Redis', () => {
  let net: NetworkPair | undefined;
  let alpha: RestServer;
  let beta: RestServer;

  const skipped = (t: TestContext): boolean => {
    if (!net) t.skip('no PostgreSQL server at 127.0.0.1:5432');
    return !net;
  };
  /**
   * A token made at alpha's console, once beta knows it too. Beta re-reads the active tokens at each
   * signal of a change, and so knows every token made before one it knows: a second token made
   * after it is the one polled on beta, so that this one's rate budget stays whole.
   */
  async function tokenOnBoth(label: string, scopes: string): Promise<string> {
    const secret = await alpha.token(label, scopes);
    const probe = await alpha.token(`${label}-probe`, 'read');
    await within(5000, `beta to know the token ${label}`, async () => (await beta.call('GET', '/status', probe)).status === 200);
    return secret;
  }

  before(async () => {
    net = await startNetworkPair({ name: 'netredis', requestsPerMinute: LIMIT });
    if (net) ({ alpha, beta } = net);
  });
  after(async () => {
    await net?.close();
  });

  it(`a token limited to ${LIMIT} a minute, called alternately on alpha and beta as fast as it can, gets at most ${LIMIT} in all, then 429 on both`, async (t) => {
    if (skipped(t)) return;
    await freshMinute();
    const token = await tokenOnBoth('limited', 'read');
    const id = (await net!.query<{ id: number }>(`SELECT id FROM rest_tokens WHERE label = 'limited'`))[0]?.id;
    assert.ok(id !== undefined, 'the token is in the shared database');
    const minute = Math.floor(Date.now() / 60_000);
    let admitted = 0;
    const last: Record<'alpha' | 'beta', HttpAnswer[]> = { alpha: [], beta: [] };
    // Without a pause: each server serves from a lease it took from Redis, never past the limit.
    for (let i = 0; i < 3 * LIMIT; i++) {
      const name = i % 2 === 0 ? 'alpha' : 'beta';
      const r = await (name === 'alpha' ? alpha : beta).call('GET', '/status', token);
      assert.ok(r.status === 200 || r.status === 429, `call ${i + 1} on ${name}: ${r.status} ${r.text}`);
      if (r.status === 200) {
        assert.equal(last[name].at(-1)?.status ?? 200, 200, `${name} admitted again after refusing: ${r.text}`);
        admitted++;
      }
      last[name].push(r);
      if ([...last.alpha.slice(-2), ...last.beta.slice(-2)].filter((a) => a.status === 429).length === 4) break;
    }
    assert.equal(Math.floor(Date.now() / 60_000), minute, 'all in one clock minute');
    t.diagnostic(`admitted ${admitted} of a limit of ${LIMIT} across the two servers`);
    // docs/network.md: never past the limit while Redis answers; short of it by at most a lease left unused on a server.
    assert.ok(admitted <= LIMIT && admitted >= LIMIT - leaseSize(LIMIT, LIMIT), `at most ${LIMIT} in all, got ${admitted}`);
    for (const name of ['alpha', 'beta'] as const) {
      const r = last[name].at(-1)!;
      assert.deepEqual([r.status, r.json.code], [429, 'rate-limited'], `${name} refuses`);
      assert.ok(Number(r.headers['retry-after']) > 0, `${name}'s 429 says when to retry`);
    }
  });

  it('Redis stopped: both keep serving and their own streams keep working, one warning each; started again: each says so by itself and alpha’s events reach beta again', async (t) => {
    if (skipped(t)) return;
    const redis = net!.redis;
    // A fresh token: its own budget of the minute, whatever the test above spent.
    const watcher = await tokenOnBoth('watcher', 'read,write,events');
    const onAlpha = await alpha.subscribe(watcher, ['warp.*']);
    const onBeta = await beta.subscribe(watcher, ['warp.*']);
    /** A warp made through a server's REST: its `warp.create` is the event that server emits. */
    const warp = async (rs: RestServer, name: string) => {
      const r = await rs.call('POST', `/warps/${name}/create`, watcher, { location: { world: 'world', x: 0.5, y: 100, z: 0.5 } });
      assert.deepEqual([r.status, r.json.ok], [200, true], r.text);
    };
    const copies = (sub: typeof onAlpha, name: string) => sub.received.filter((e) => e.event === 'warp.create' && e.data.name === name);
    const named = (name: string) => (d: Record<string, unknown>) => d.name === name;

    // Up: alpha's event on beta's stream, once.
    await warp(alpha, 'before');
    assert.equal((await onBeta.next('warp.create', named('before'), 5000)).data.server, 'alpha');

    const where = redis.url.replace(/[.]/g, '\\.');
    const unreachable = new RegExp(
      `WARN.*Redis at ${where} is unreachable \\([^)]+\\): events of the other servers are not received on this server's event stream, and this server's events do not reach theirs, until it is back; reconnecting\\. The local event stream keeps working\\.`,
    );
    const rateFallback = new RegExp(`WARN.*Redis at ${where} is unreachable: the rate limit per token is counted through the database \\(shared every second\\) until it is back\\.`);
    const rateBack = new RegExp(`INFO.*Redis at ${where} is back: the rate limit per token is counted across the network there again\\.`);
    const back = new RegExp(`INFO.*Redis at ${where} is back: events of the other servers reach this server's event stream again`);
    const servers = [
      { name: 'alpha', rs: alpha, own: onAlpha, other: onBeta, mark: alpha.server.lines.length },
      { name: 'beta', rs: beta, own: onBeta, other: onAlpha, mark: beta.server.lines.length },
    ] as const;

    await redis.stopRefusing();
    const down = Date.now();
    for (const s of servers) await s.rs.server.waitForLine(unreachable, { from: s.mark, timeoutMs: 5000 });
    t.diagnostic(`both servers warned within ${Date.now() - down} ms of Redis stopping`);
    for (const s of servers) {
      // Still serving, and the server's own stream still gets its own events.
      assert.equal((await s.rs.call('GET', '/status', watcher)).status, 200, `${s.name} serves`);
      await warp(s.rs, `during-${s.name}`);
      assert.equal((await s.own.next('warp.create', named(`during-${s.name}`), 5000)).data.server, s.name);
    }
    // Several reconnection attempts later: still one warning per server, not one per attempt. Twelve
    // refused connections are about three attempts of each of the four connections (two a server).
    await redis.refused(12);
    for (const s of servers) {
      const said = s.rs.server.lines.slice(s.mark).filter((l) => l.includes('Redis at'));
      t.diagnostic(`${s.name} during the outage: ${said.join(' | ')}`);
      assert.equal(said.filter((l) => unreachable.test(l)).length, 1, `${s.name}: one warning for the event stream`);
      assert.equal(said.filter((l) => rateFallback.test(l)).length, 1, `${s.name}: one warning for the rate limit`);
      assert.equal(said.length, 2, `${s.name}: no other line about Redis`);
    }

    const restarted = servers.map((s) => s.rs.server.lines.length);
    await redis.start();
    const up = Date.now();
    for (const [i, s] of servers.entries()) {
      await s.rs.server.waitForLine(back, { from: restarted[i], timeoutMs: 10000 });
      await s.rs.server.waitForLine(rateBack, { from: restarted[i], timeoutMs: 10000 });
    }
    t.diagnostic(`both servers said Redis is back within ${Date.now() - up} ms`);
    await warp(alpha, 'after');
    assert.equal((await onBeta.next('warp.create', named('after'), 5000)).data.server, 'alpha');
    await warp(beta, 'after-beta');
    assert.equal((await onAlpha.next('warp.create', named('after-beta'), 5000)).data.server, 'beta');
    // A server's events reach a stream in the order it sent them: an event of the outage kept for
    // later would have come before these, and a second copy of one right after it. So once a later
    // event of each server has reached both streams, neither can come any more.
    await warp(alpha, 'fence-alpha');
    await warp(beta, 'fence-beta');
    for (const sub of [onAlpha, onBeta]) for (const name of ['fence-alpha', 'fence-beta']) await sub.next('warp.create', named(name), 5000);
    assert.deepEqual(
      servers.map((s) => copies(s.other, `during-${s.name}`).length),
      [0, 0],
      'events of the outage are not kept for later, on the other server’s stream',
    );
    assert.deepEqual([copies(onBeta, 'after'), copies(onAlpha, 'after-beta'), copies(onBeta, 'before')].map((c) => c.length), [1, 1, 1], 'each event arrives once');
    onAlpha.close();
    onBeta.close();
  });

  it('both servers stop cleanly (exit code 0), no secret in their output or log files', async (t) => {
    if (skipped(t)) return;
    assert.deepEqual(await net!.close(), [0, 0]);
  });
});
