// Floods against the real server (`node src/main.ts`), all at once in one test, for as long as the
// 15-second request deadline takes: slow clients (a slowloris, a silent connection, a slow body),
// a handshake flood on the event stream beyond max-subscribers, a token guesser beyond the failed-
// authentication limit, and a connection flood beyond max-connections. Meanwhile a reader polls,
// a writer deposits to a player in game and a subscriber receives every deposit's event; the game's
// own tick counter (`tps`) and the player's time of day (20 a second, sent every 20 ticks) show that the game kept ticking.
// rest.conf: the default requests-per-minute (120), max-subscribers 8, max-connections 60 (the
// handshake flood stays under it; the connection flood goes 10 beyond it).

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Client, type Msg } from '../../src/rest/event-stream.clients.ts';
import { every, KeepAliveClient, openRaw, slowBody, slowHeaders, type Answer } from '../../src/rest/flood.clients.ts';
import { WebSocket } from 'ws';
import { joinBot, quit, sleep, waitFor, withTimeout, type Bot } from './support/bots.ts';
import { startRestServer, type RestServer } from './support/rest-server.ts';

const MAX_CONNECTIONS = 60;
const MAX_SUBSCRIBERS = 8;
const REQUESTS_PER_MINUTE = 120;
const DEADLINE_S = 15;
const TPS = /TPS ([\d.]+) over the last (\d+) s \((\d+) ticks\); tick interval p50 ([\d.]+) ms, p99 ([\d.]+) ms, max ([\d.]+) ms/;

const median = (xs: readonly number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
/** The connections a keep-alive client holds open (busy or idle). */
const socketsOf = (c: KeepAliveClient) => [...Object.values(c.agent.sockets), ...Object.values(c.agent.freeSockets)].flat().length;

/** Opens a handshake and resolves with its outcome: the client (opened), the refusal's status and code, or a connection closed unanswered. */
function handshake(port: number, secret: string): Promise<{ opened: Client } | { status: number; code: string }> {
  const c = new Client(port, secret);
  return Promise.race([
    c.opened.then(
      () => ({ opened: c }),
      (e: { status: number; body: Msg }) => ({ status: e.status, code: e.body?.code }),
    ),
    c.closed.then(() => ({ status: 0, code: 'closed unanswered' })),
  ]);
}

describe('floods on the real server', () => {
  let rs: RestServer;
  let ann: Bot;
  const secrets: Record<string, string> = {};

  before(async () => {
    rs = await startRestServer({ requestsPerMinute: REQUESTS_PER_MINUTE, maxConnections: MAX_CONNECTIONS });
    for (const [label, scopes] of [
      ['reader', 'read'],
      ['writer', 'read,write,events'],
      ['watcher', 'events'],
      ['crowd', 'read'],
      ['remote', 'read'],
    ] as const) {
      secrets[label] = await rs.token(label, scopes);
    }
    ann = await joinBot(rs.server.gamePort, 'Ann', { viewDistance: 2 });
  });
  after(async () => {
    if (ann) await quit(ann);
    await rs?.stop();
  });

  it('cuts off slow clients, refuses what is beyond each cap, throttles a guesser, and serves everyone else while the game ticks', async (t) => {
    const port = rs.restPort;
    const annId = ann.player.uuid;
    const started = performance.now();
    const timeBefore = ann.time.timeOfDay;
    const deposit = `/api/v1/players/${annId}/balance/deposit`;
    // Whatever fails, nothing keeps polling or holding a connection after the test.
    const cleanup: Array<() => unknown> = [];
    try {
      // The served: a subscriber on economy.*, a reader polling, a writer depositing (one event each).
      const subscriber = await rs.subscribe(secrets.writer!, ['economy.*']);
      const reader = new KeepAliveClient(port);
      const polls = every(250, () => reader.get('/api/v1/status', secrets.reader));
      const writer = new KeepAliveClient(port);
      const deposits = every(300, () =>
        writer.request('POST', deposit, { authorization: `Bearer ${secrets.writer}`, 'content-type': 'application/json' }, '{"amount":1}'),
      );
      cleanup.push(() => polls.stop(), () => deposits.stop(), () => reader.close(), () => writer.close(), () => subscriber.close());

      // The slow: each on a connection of its own, from the start.
      const slow = {
        slowloris: slowHeaders(port, 250),
        silent: openRaw(port),
        'slow body': slowBody(port, deposit, secrets.writer!, { amount: 1000 }, 250),
      };
      for (const c of Object.values(slow)) cleanup.push(() => c.close());

      // A handshake flood: 40 at once, with one subscriber already there.
      const outcomes = await Promise.all(Array.from({ length: 40 }, () => handshake(port, secrets.watcher!)));
      const opened = outcomes.flatMap((o) => ('opened' in o ? [o.opened] : []));
      for (const c of opened) cleanup.push(() => c.ws.close());
      const refused = outcomes.filter((o) => !('opened' in o));
      assert.equal(opened.length, MAX_SUBSCRIBERS - 1, 'the handshakes up to max-subscribers open');
      assert.deepEqual(new Set(refused.map((o) => JSON.stringify(o))), new Set([JSON.stringify({ status: 503, code: 'too-many-subscribers' })]));

      // A guesser on 127.0.0.1 until it is throttled; a real token from 127.0.0.2 is served meanwhile,
      // and a wrong one from there is refused as wrong, not throttled (the limit is per address).
      const guesser = new KeepAliveClient(port);
      cleanup.push(() => guesser.close());
      let guess: Answer | undefined;
      let guesses = 0;
      for (; guesses < 3 * REQUESTS_PER_MINUTE; guesses++) {
        guess = await guesser.get('/api/v1/status', `crs_guess${guesses}`.padEnd(47, 'x'));
        if (guess.status !== 401) break;
      }
      assert.equal(guess?.status, 429, `the guesser is throttled (after ${guesses} guesses)`);
      assert.match(String(guess?.headers['retry-after']), /^\d+$/);
      assert.equal(JSON.parse(guess!.text).code, 'rate-limited');
      const remote = new KeepAliveClient(port, { from: '127.0.0.2' });
      cleanup.push(() => remote.close());
      const remoteServed = await remote.get('/api/v1/status', secrets.remote);
      const remoteWrong = await remote.get('/api/v1/status', 'crs_wrongfromtheotheraddressxxxxxxxxxxxxxxxxxxxxx');
      const stillThrottled = await guesser.get('/api/v1/status', 'crs_oneguessmore');
      const realFromGuesser = await guesser.get('/api/v1/status', secrets.reader);
      assert.deepEqual(
        [remoteServed.status, remoteWrong.status, stillThrottled.status, realFromGuesser.status],
        [200, 401, 429, 200],
        '127.0.0.2 served and refused as wrong; 127.0.0.1 throttled for guesses, its real token served',
      );

      // A connection flood: as many as the cap leaves, and 10 more, at once. First the server is to
      // count open just the connections held here: the refused handshakes' have closed on its side too.
      const held = () =>
        1 + // the subscriber
        socketsOf(reader) +
        socketsOf(writer) +
        Object.values(slow).filter((c) => !c.isClosed()).length +
        opened.filter((c) => c.ws.readyState === WebSocket.OPEN).length +
        socketsOf(guesser) +
        socketsOf(remote);
      const countedOpen = async () => Number(/connections open: (\d+) of/.exec(await rs.console('coreapi status', /connections open: \d+ of \d+\./))![1]);
      let open = await countedOpen();
      for (const end = Date.now() + 10000; open !== held(); open = await countedOpen()) {
        if (Date.now() > end) assert.fail(`the server counts ${open} connections open, ${held()} are held here`);
        await sleep(25);
      }
      const room = MAX_CONNECTIONS - open;
      const crowd = Array.from({ length: room + 10 }, () => openRaw(port));
      cleanup.push(() => crowd.forEach((c) => c.close()));
      await withTimeout(
        Promise.all(crowd.map((c) => new Promise((r) => (c.isClosed() ? r(null) : c.socket.once('connect', r).once('close', r))))),
        5000,
        'the crowd to connect',
      ).catch(() => {});
      for (const c of crowd) if (!c.isClosed()) c.socket.write(`GET /api/v1/status HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${secrets.crowd}\r\n\r\n`);
      // Each is answered (and kept open, as keep-alive) or closed unanswered.
      await waitFor(() => crowd.every((c) => c.isClosed() || c.received().includes('\r\n\r\n')), 'every connection of the crowd answered or closed', 5000).catch(() => {});
      const answered = crowd.filter((c) => c.received().startsWith('HTTP/1.1 200 '));
      const cut = crowd.filter((c) => c.isClosed() && c.received() === '');
      assert.equal(answered.length, room, `the ${room} connections the cap leaves (${open} of ${MAX_CONNECTIONS} were open) are served`);
      assert.equal(cut.length, 10, 'the 10 beyond the cap are closed without an answer');
      for (const c of crowd) c.close();

      // The slow clients are cut off at the deadline, unanswered.
      const closedAt = await Promise.all(Object.values(slow).map((c) => c.closed));
      const cutAfter = Object.keys(slow).map((name, i) => `${name} ${(closedAt[i]! / 1000).toFixed(1)} s`).join(', ');
      for (const [i, name] of Object.keys(slow).entries()) {
        const s = closedAt[i]! / 1000;
        assert.ok(s >= DEADLINE_S - 0.5 && s < DEADLINE_S + 3, `${name} closed after ${s.toFixed(1)} s`);
        assert.equal(Object.values(slow)[i]!.received(), '', `${name} got no answer`);
      }

      await polls.stop();
      await deposits.stop();
      const elapsed = (performance.now() - started) / 1000;

      // Everyone else was served throughout, and every deposit's event reached the subscriber.
      assert.deepEqual([polls.errors, deposits.errors], [[], []]);
      assert.ok(polls.results.every((r) => r.status === 200), `reader: ${polls.results.map((r) => r.status).join(',')}`);
      assert.ok(deposits.results.every((r) => r.status === 200 && JSON.parse(r.text).ok === true), 'every deposit applied');
      assert.ok(polls.results.length >= 40 && deposits.results.length >= 30, `${polls.results.length} reads, ${deposits.results.length} deposits`);
      const credited = () => subscriber.received.filter((e) => e.event === 'economy.wallet-credit').length;
      await waitFor(() => credited() >= deposits.results.length, 'an event for every deposit', 5000).catch(() => {});
      assert.equal(credited(), deposits.results.length, 'an event for every deposit');
      const last = JSON.parse(deposits.results.at(-1)!.text).data.balance;
      assert.deepEqual(last, { currency: 'coins', amount: 100 + deposits.results.length }, 'each deposit applied once, the cut-off one not at all');

      // The game ticked throughout: the server's own count over the flood, and the player's world time.
      const window = Math.floor(elapsed);
      const m = TPS.exec(await rs.console(`tps ${window}`, TPS))!;
      const [tps, , ticks, p50, p99, max] = m.slice(1).map(Number) as [number, number, number, number, number, number];
      // The day advances 20 a second, one update_time each 20 ticks (it wraps at 24000).
      const dayGained = (ann.time.timeOfDay - timeBefore + 24000) % 24000;
      const figures = `${elapsed.toFixed(1)} s: TPS ${tps} (${ticks} ticks, interval p50 ${p50} ms, p99 ${p99} ms, max ${max} ms); time of day +${dayGained}; reads p50 ${median(polls.results.map((r) => r.ms)).toFixed(1)} ms, max ${Math.max(...polls.results.map((r) => r.ms)).toFixed(1)} ms; deposits p50 ${median(deposits.results.map((r) => r.ms)).toFixed(1)} ms; ${guesses} guesses before 429; cut off: ${cutAfter}`;
      t.diagnostic(figures);
      assert.ok(tps >= 18, `the game kept ticking: ${figures}`);
      assert.ok(dayGained >= 20 * (Math.floor(elapsed) - 2), `the player saw the day advance: ${figures}`);

    } finally {
      for (const f of cleanup.reverse()) await f();
    }
  });
});
