// Network mode end to end (docs/network.md): two real server processes, `alpha` and `beta`, on one
// PostgreSQL database and one Redis. A token made on one works on the other within a second and a
// revoke stops it there as fast; money moved from both servers at once is conserved; an event of
// one server reaches the other's event stream once, naming its server; a ban through one kicks the
// player off the other at once and refuses them on both; the player lookup names the server a
// player is on. The rate limit and a Redis outage: network-redis.e2e.test.ts.

import assert from 'node:assert/strict';
import { after, before, describe, it, type TestContext } from 'node:test';
import { createBot, joinBot, kickReason, quit, type Bot } from './support/bots.ts';
import { keepAliveClient, startNetworkPair, within, type NetworkPair } from './support/network-pair.ts';
import type { RestServer, Subscription } from './support/rest-server.ts';

describe('two servers on one PostgreSQL database and one Redis', () => {
  let net: NetworkPair | undefined;
  let alpha: RestServer;
  let beta: RestServer;
  /** read, write and events; made at alpha's console. */
  let admin: string;
  let onAlpha: Subscription;
  let onBeta: Subscription;
  let ann: Bot;
  let ben: Bot;
  let annId: string;
  let benId: string;

  const skipped = (t: TestContext): boolean => {
    if (!net) t.skip('no PostgreSQL server at 127.0.0.1:5432');
    return !net;
  };
  const works = async (rs: RestServer, token: string) => (await rs.call('GET', '/status', token)).status === 200;

  before(async () => {
    net = await startNetworkPair({ name: 'net' });
    if (!net) return;
    ({ alpha, beta } = net);
    admin = await alpha.token('admin', 'read,write,events');
    await within(1500, 'the admin token to work on beta', () => works(beta, admin));
    onAlpha = await alpha.subscribe(admin, ['economy.*']);
    onBeta = await beta.subscribe(admin, ['economy.*']);
    // Ann plays on alpha, Ben on beta: both are known to the whole network.
    ann = await joinBot(alpha.server.gamePort, 'Ann', { viewDistance: 2 });
    ben = await joinBot(beta.server.gamePort, 'Ben', { viewDistance: 2 });
    annId = ann.player.uuid;
    benId = ben.player.uuid;
  });
  after(async () => {
    await net?.close();
  });

  it('a token made at alpha’s console works on beta within a second; revoked at beta’s console, it stops on alpha as fast', async (t) => {
    if (skipped(t)) return;
    const roamer = await alpha.token('roamer', 'read');
    assert.equal(await works(alpha, roamer), true);
    const took = await within(1500, 'the new token to work on beta', () => works(beta, roamer));
    t.diagnostic(`the token worked on beta after ${took} ms`);
    await beta.console('coreapi token revoke roamer', /Token roamer revoked/);
    assert.equal((await beta.call('GET', '/status', roamer)).status, 401, 'revoked where it was revoked: at once');
    const stopped = await within(1500, 'the revoked token to stop on alpha', async () => (await alpha.call('GET', '/status', roamer)).status === 401);
    t.diagnostic(`the token stopped on alpha after ${stopped} ms`);
  });

  it('an event of alpha reaches beta’s stream once, with server "alpha"; beta’s own arrives once with "beta"; alpha’s stream sees beta’s', async (t) => {
    if (skipped(t)) return;
    const byAmount = (amount: number) => (d: Record<string, unknown>) => (d.amount as { amount: number }).amount === amount;
    assert.equal((await alpha.call('POST', `/players/${annId}/balance/deposit`, admin, { amount: 7.25 })).json.ok, true);
    assert.equal((await beta.call('POST', `/players/${benId}/balance/deposit`, admin, { amount: 3.5 })).json.ok, true);
    for (const [sub, amount, server, who] of [
      [onBeta, 7.25, 'alpha', 'Ann'],
      [onAlpha, 7.25, 'alpha', 'Ann'],
      [onBeta, 3.5, 'beta', 'Ben'],
      [onAlpha, 3.5, 'beta', 'Ben'],
    ] as const) {
      const e = await sub.next('economy.wallet-credit', byAmount(amount), 5000);
      assert.deepEqual([e.data.server, e.data['player-name']], [server, who]);
    }
    // Once: a server's events reach a stream in the order it sent them, so a second copy would come
    // before a later event of the same server. A withdrawal each server declines (nothing changes)
    // sends one: once both have reached both streams, no copy can come any more.
    for (const [rs, uuid] of [[alpha, annId], [beta, benId]] as const) {
      const declined = await rs.call('POST', `/players/${uuid}/balance/withdraw`, admin, { amount: 1_000_000 });
      assert.deepEqual([declined.json.ok, declined.json.code], [false, 'insufficient-funds'], declined.text);
    }
    for (const sub of [onAlpha, onBeta]) {
      for (const [server, who] of [['alpha', 'Ann'], ['beta', 'Ben']] as const) {
        await sub.next('economy.wallet-reject', (d) => d.server === server && d['player-name'] === who, 5000);
      }
    }
    for (const sub of [onAlpha, onBeta]) {
      for (const amount of [7.25, 3.5]) {
        assert.equal(sub.received.filter((e) => e.event === 'economy.wallet-credit' && byAmount(amount)(e.data)).length, 1, `the credit of ${amount} arrives once`);
      }
    }
  });

  it('money moved from both servers at once, in opposing directions, is conserved, never negative, read alike on both, each wallet equal to its ledger', async (t) => {
    if (skipped(t)) return;
    const balanceOn = async (rs: RestServer, uuid: string) => {
      const r = await rs.call('GET', `/players/${uuid}/balance`, admin);
      assert.equal(r.json.ok, true, JSON.stringify(r.json));
      return r.json.data.amount as number;
    };
    const before = (await balanceOn(alpha, annId)) + (await balanceOn(alpha, benId));
    const clients = [keepAliveClient(alpha), keepAliveClient(beta)];
    let deposited = 0;
    let withdrawn = 0;
    const outcomes = new Map<string, number>();
    try {
      // 240 operations, interleaved between the servers, fired at once: transfers both ways between
      // Ann and Ben large enough that some find too little, and deposits and withdrawals.
      const ops = Array.from({ length: 240 }, (_, i) => {
        const client = clients[i % 2]!;
        const [from, to] = (i >> 1) % 2 === 0 ? [annId, benId] : [benId, annId];
        const amount = 5 + ((i * 37) % 56);
        return async () => {
          const kind = ['transfer', 'transfer', 'transfer', 'deposit', 'withdraw'][i % 5]!;
          const r =
            kind === 'transfer'
              ? await client.call('POST', '/economy/transfer', admin, { from, to, amount })
              : await client.call('POST', `/players/${from}/balance/${kind}`, admin, { amount });
          assert.equal(r.status, 200, `${kind} ${i}: ${r.text}`);
          const outcome = r.json.ok ? `${kind} done` : `${kind} ${r.json.code}`;
          outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
          if (r.json.ok && kind === 'deposit') deposited += amount;
          if (r.json.ok && kind === 'withdraw') withdrawn += amount;
        };
      });
      await Promise.all(ops.map((op) => op()));
    } finally {
      for (const c of clients) c.close();
    }
    t.diagnostic(`outcomes: ${JSON.stringify(Object.fromEntries(outcomes))}`);
    for (const o of outcomes.keys()) assert.match(o, /^(transfer|deposit|withdraw) (done|insufficient-funds)$/);
    assert.ok((outcomes.get('transfer done') ?? 0) > 50, 'most transfers went through');

    const annA = await balanceOn(alpha, annId);
    const benA = await balanceOn(alpha, benId);
    assert.deepEqual([await balanceOn(beta, annId), await balanceOn(beta, benId)], [annA, benA], 'both servers read the same balances');
    assert.ok(annA >= 0 && benA >= 0, `no balance below zero: ${annA}, ${benA}`);
    assert.equal(Math.round((annA + benA) * 100), Math.round((before + deposited - withdrawn) * 100), 'the network total is what was there, plus deposits, less withdrawals');
    const rows = await net!.query<{ uuid: string; balance: string; ledger: string | null }>(
      `SELECT w.uuid, w.balance, (SELECT sum(delta) FROM economy_ledger l WHERE l.uuid = w.uuid AND l.currency = w.currency AND l.account = 'wallet') AS ledger
       FROM economy_wallets w WHERE w.uuid = ANY($1)`,
      [[annId, benId]],
    );
    assert.ok(rows.length >= 2);
    for (const r of rows) assert.equal(Number(r.ledger ?? 0), Number(r.balance), `the ledger of ${r.uuid} adds up to its wallet`);
  });

  it('presence: while Cal plays on beta, alpha’s lookup says "beta"; a ban through alpha kicks Cal off beta at once, and both servers refuse the next join', async (t) => {
    if (skipped(t)) return;
    const lookup = async () => (await alpha.call('GET', '/players/by-name/Cal', admin)).json;
    let cal = await joinBot(beta.server.gamePort, 'Cal', { viewDistance: 2 });
    const calId = cal.player.uuid;
    await within(1500, 'alpha to see Cal online', async () => (await lookup()).data?.online === true);
    const seen = await lookup();
    assert.deepEqual([seen.ok, seen.data.uuid, seen.data.online, seen.data.server], [true, calId, true, 'beta']);
    const presence = await alpha.call('GET', `/players/${calId}/presence`, admin);
    assert.equal(presence.json.data.server, 'beta');

    const screen = kickReason(cal, 5000);
    const r = await alpha.call('POST', `/players/${calId}/ban`, admin, { reason: 'griefing on beta' });
    assert.deepEqual([r.status, r.json.ok], [200, true], JSON.stringify(r.json));
    const banned = Date.now();
    assert.match(await screen, /You are banned from this server\.[\s\S]*Reason: griefing on beta/);
    const took = Date.now() - banned;
    t.diagnostic(`Cal was kicked from beta ${took} ms after alpha's answer`);
    assert.ok(took < 1500, `kicked at once, not after ${took} ms`);
    await quit(cal);
    await within(3000, 'the network to see Cal gone', async () => (await lookup()).data?.online === false);
    assert.equal((await lookup()).data.server, null);

    for (const rs of [beta, alpha]) {
      cal = createBot(rs.server.gamePort, 'Cal');
      assert.match(await kickReason(cal), /You are banned from this server\.[\s\S]*Reason: griefing on beta/, `refused by ${rs === beta ? 'beta' : 'alpha'}`);
      await quit(cal);
    }
    // A bot left connected would keep a socket open on the game port: quit them before the last test.
    await Promise.all([quit(ann), quit(ben)]);
  });

  it('both servers stop cleanly (exit code 0), no secret in their output or log files', async (t) => {
    if (skipped(t)) return;
    onAlpha.close();
    onBeta.close();
    // close() stops each server with SIGTERM; a server's stop throws when its logs hold a secret.
    assert.deepEqual(await net!.close(), [0, 0]);
  });
});
