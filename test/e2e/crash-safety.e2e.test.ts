// Crash safety on the real server (`node src/main.ts`, as an operator runs it): while a client
// sends deposits and transfers between four players over eight keep-alive connections, the server
// is killed with SIGKILL at a random moment, five times, and started again on its data folder.
// After each restart:
//   - every acknowledged write (HTTP 200, ok: true, a transaction id) is in the ledger, whole:
//     a deposit's row, a transfer's two rows (debit, then the credit the id names), and the audit
//     entries that commit with them;
//   - nothing else is: every row and audit entry of the client's belongs to a request that was
//     acknowledged, or was in flight when the server died (no answer); never to one answered as
//     declined, never half a transfer;
//   - each wallet the restarted server answers is the sum of its ledger rows, and the money of all
//     wallets and banks is the starting money plus the deposits in the ledger (transfers move it).
// Every request has an amount of its own (a count of cents), so each ledger row and audit entry
// names the request it belongs to. The kill moments (after how many answers) come from a seed
// printed at the start; CRASH_SEED=<n> replays them.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Agent, request } from 'node:http';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { joinBot, quit } from './support/bots.ts';
import { startRestServer, type RestServer } from './support/rest-server.ts';
import { newDataDir } from './support/server-process.ts';
import { seeded } from '../support/seeded.ts';

const ROUNDS = 5;
const CONNECTIONS = 8;
const PLAYERS = ['Ada', 'Bo', 'Cy', 'Di'];
/** Coins (two decimal places) each player starts with, in cents. */
const STARTING = 100_00;
const ACTOR = 'core-rest/writer';


/** One request of the client. `cents`, its amount, is unique over the whole test: it names the request. */
interface Write {
  kind: 'deposit' | 'transfer';
  cents: number;
  to: string;
  from?: string;
  /** acked: 200 ok with a transaction id; declined: any other answer; lost: sent, no answer. */
  outcome?: { kind: 'acked'; id: number } | { kind: 'declined'; why: string } | { kind: 'lost'; why: string };
}

/**
 * Sends writes from `CONNECTIONS` keep-alive connections until the server stops answering (it is
 * killed): each connection has one request in flight at a time, and stops at its first request
 * without an answer. `next` makes each request; `answered` hears each answer.
 */
async function load(port: number, token: string, next: () => Write, sent: Write[], answered: () => void): Promise<void> {
  const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const send = (w: Write) =>
    new Promise<void>((resolve) => {
      const path = w.kind === 'deposit' ? `/api/v1/players/${w.to}/balance/deposit` : '/api/v1/economy/transfer';
      const body = JSON.stringify(w.kind === 'deposit' ? { amount: w.cents / 100 } : { from: w.from, to: w.to, amount: w.cents / 100 });
      const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) };
      const req = request({ host: '127.0.0.1', port, method: 'POST', path, headers, agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let json: { ok?: boolean; code?: string; data?: { 'transaction-id'?: string } } = {};
          try {
            json = JSON.parse(text) as typeof json;
          } catch {
            // kept as a declined answer below
          }
          const id = json.data?.['transaction-id'];
          w.outcome =
            res.statusCode === 200 && json.ok === true && typeof id === 'string'
              ? { kind: 'acked', id: Number(id) }
              : { kind: 'declined', why: `HTTP ${res.statusCode} ${json.code ?? text.slice(0, 80)}` };
          answered();
          resolve();
        });
        res.on('error', (e) => {
          w.outcome = { kind: 'lost', why: e.message };
          resolve();
        });
      });
      req.on('error', (e) => {
        w.outcome ??= { kind: 'lost', why: (e as NodeJS.ErrnoException).code ?? e.message };
        resolve();
      });
      req.end(body);
    });
  const worker = async () => {
    for (;;) {
      const w = next();
      sent.push(w);
      await send(w);
      if (w.outcome?.kind === 'lost') return;
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, worker));
  agent.destroy();
}

interface LedgerRow {
  id: number;
  uuid: string;
  account: string;
  delta: number;
  kind: string;
}
interface AuditRow {
  action: string;
  target: string;
  details: string;
}

/** What the data folder holds, read through a connection of the test's own while the server runs. */
function readStore(dataDir: string): { ledger: LedgerRow[]; audit: AuditRow[]; wallets: Map<string, number>; money: number } {
  const db = new DatabaseSync(join(dataDir, 'core', 'core.db'), { readOnly: true });
  try {
    const ledger = db.prepare('select id, uuid, account, delta, kind, actor from economy_ledger order by id').all() as unknown as (LedgerRow & { actor: string })[];
    const audit = db.prepare(`select action, target, details from core_audit where actor = ? and action like 'economy.%'`).all(ACTOR) as unknown as AuditRow[];
    const wallets = new Map(
      (db.prepare(`select uuid, balance from economy_wallets where currency = 'coins'`).all() as { uuid: string; balance: number }[]).map((r) => [r.uuid, Number(r.balance)]),
    );
    const sum = (table: string) => Number((db.prepare(`select coalesce(sum(balance), 0) as s from ${table} where currency = 'coins'`).get() as { s: number }).s);
    return { ledger: ledger.map((r) => ({ ...r, id: Number(r.id), delta: Number(r.delta) })), audit, wallets, money: sum('economy_wallets') + sum('economy_banks') };
  } finally {
    db.close();
  }
}

describe('crash safety: the server killed with SIGKILL while deposits and transfers arrive', () => {
  it(`keeps every acknowledged write whole, applies nothing declined, and the money adds up, over ${ROUNDS} kills`, { timeout: 120_000 }, async (t) => {
    const seed = Number(process.env.CRASH_SEED ?? Math.floor(Math.random() * 2 ** 31));
    t.diagnostic(`seed ${seed} (CRASH_SEED=${seed} replays the kill moments and the requests)`);
    const rnd = seeded(seed);
    const dataDir = newDataDir();
    let rs: RestServer | undefined;
    try {
      rs = await startRestServer({ dataDir });
      const token = await rs.token('writer', 'read,write');
      const uuids: string[] = [];
      for (const name of PLAYERS) {
        const bot = await joinBot(rs.server.gamePort, name, { viewDistance: 2 });
        uuids.push(bot.player.uuid);
        await quit(bot);
      }
      // Each wallet opened with its starting balance: the money before any write.
      for (const uuid of uuids) assert.equal((await rs.call('GET', `/players/${uuid}/balance`, token)).json.data.amount, STARTING / 100);

      const all: Write[] = [];
      let cents = 0;
      const pick = () => uuids[Math.floor(rnd() * uuids.length)]!;
      // Half deposits, half transfers; one transfer in five is of more than anyone holds (a
      // million coins and more), declined with insufficient-funds.
      const next = (): Write => {
        cents++;
        if (rnd() < 0.5) return { kind: 'deposit', cents, to: pick() };
        const from = pick();
        let to = pick();
        while (to === from) to = pick();
        return { kind: 'transfer', cents: rnd() < 0.2 ? 100_000_000 + cents : cents, from, to };
      };

      for (let round = 1; round <= ROUNDS; round++) {
        // The kill comes after a number of answers drawn from the seed (not a time: a slow machine
        // answers fewer in a given time), once at least one write was acknowledged and one declined.
        const killAfter = 50 + Math.floor(rnd() * 350);
        const sent: Write[] = [];
        const count = (kind: string) => sent.filter((w) => w.outcome?.kind === kind).length;
        let due = () => {};
        const killTime = new Promise<void>((resolve) => (due = resolve));
        const running = load(rs.restPort, token, next, sent, () => {
          if (count('acked') + count('declined') >= killAfter && count('acked') > 0 && count('declined') > 0) due();
        });
        await killTime;
        const server = rs;
        await server.server.stop('SIGKILL');
        await running;
        all.push(...sent);

        rs = await startRestServer({ dataDir });
        const store = readStore(dataDir);
        t.diagnostic(
          `round ${round}: killed after ${killAfter} answers; ${sent.length} sent: ${count('acked')} acknowledged, ${count('declined')} declined, ${count('lost')} without an answer`,
        );
        assert.ok(count('acked') > 0, `round ${round}: the load was acknowledged before the kill`);
        assert.ok(count('declined') > 0, `round ${round}: some transfers were declined`);

        // Every row of the client's, by the request it belongs to.
        const byCents = new Map(all.map((w) => [w.cents, w]));
        const rows = store.ledger.filter((r) => r.kind !== 'starting-balance');
        const problems: string[] = [];
        const applied = new Set<number>();
        for (const r of rows) {
          const w = byCents.get(Math.abs(r.delta));
          if (w === undefined) {
            problems.push(`ledger row ${r.id} (${r.kind} ${r.delta}) belongs to no request`);
            continue;
          }
          if (w.outcome?.kind === 'declined') problems.push(`ledger row ${r.id} belongs to a ${w.kind} answered ${w.outcome.why}`);
          if (w.kind === 'deposit') {
            if (r.kind !== 'deposit' || r.uuid !== w.to || r.delta !== w.cents) problems.push(`ledger row ${r.id} is not the deposit of ${w.cents} to ${w.to}`);
            if (w.outcome?.kind === 'acked' && w.outcome.id !== r.id) problems.push(`deposit ${w.cents} was acknowledged as ${w.outcome.id} but is row ${r.id}`);
            if (applied.has(w.cents)) problems.push(`deposit ${w.cents} is in the ledger twice`);
            applied.add(w.cents);
          } else if (r.kind === 'transfer-out') {
            // A transfer is its debit and, the next row, its credit: both or neither.
            const credit = store.ledger.find((x) => x.id === r.id + 1);
            if (r.uuid !== w.from || r.delta !== -w.cents) problems.push(`ledger row ${r.id} is not the debit of transfer ${w.cents} from ${w.from}`);
            if (credit === undefined || credit.kind !== 'transfer-in' || credit.uuid !== w.to || credit.delta !== w.cents) {
              problems.push(`transfer ${w.cents}: its debit (row ${r.id}) without its credit`);
            }
            if (w.outcome?.kind === 'acked' && w.outcome.id !== r.id + 1) problems.push(`transfer ${w.cents} was acknowledged as ${w.outcome.id} but its credit is row ${r.id + 1}`);
            if (applied.has(w.cents)) problems.push(`transfer ${w.cents} is in the ledger twice`);
            applied.add(w.cents);
          } else if (r.kind === 'transfer-in') {
            const debit = store.ledger.find((x) => x.id === r.id - 1);
            if (debit === undefined || debit.kind !== 'transfer-out' || debit.delta !== -w.cents) problems.push(`transfer ${w.cents}: its credit (row ${r.id}) without its debit`);
          } else problems.push(`ledger row ${r.id} has kind ${r.kind}`);
        }
        // The only declines are the transfers of more than the sender holds.
        for (const w of sent) {
          if (w.outcome?.kind === 'declined' && !(w.cents > 100_000_000 && w.outcome.why === 'HTTP 200 insufficient-funds')) {
            problems.push(`${w.kind} ${w.cents} was answered ${w.outcome.why}`);
          }
        }
        // Every acknowledged write is there.
        for (const w of all) {
          if (w.outcome?.kind === 'acked' && !applied.has(w.cents)) problems.push(`the acknowledged ${w.kind} ${w.cents} (transaction ${w.outcome.id}) is not in the ledger`);
        }
        // The audit entries committed with the writes: one a deposit, two a transfer, for exactly the applied writes.
        const audited = new Map<number, number>();
        for (const a of store.audit) {
          const amount = (JSON.parse(a.details) as { amount?: { amount: number } }).amount?.amount;
          const key = Math.round((amount ?? 0) * 100);
          audited.set(key, (audited.get(key) ?? 0) + 1);
        }
        for (const w of all) {
          const want = applied.has(w.cents) ? (w.kind === 'deposit' ? 1 : 2) : 0;
          const got = audited.get(w.cents) ?? 0;
          if (got !== want) problems.push(`${w.kind} ${w.cents} (${w.outcome?.kind}) has ${got} audit entries, ${want} expected`);
        }
        assert.deepEqual(problems.slice(0, 20), [], `round ${round} (seed ${seed}): ${problems.length} problems`);

        // Balances: each wallet is the sum of its ledger rows, as the restarted server answers it;
        // all the money is the starting money plus the deposits in the ledger.
        for (const uuid of uuids) {
          const fromLedger = store.ledger.filter((r) => r.uuid === uuid && r.account === 'wallet').reduce((s, r) => s + r.delta, 0);
          assert.equal(store.wallets.get(uuid), fromLedger, `round ${round}: the wallet of ${uuid} in the database is the sum of its ledger rows`);
          const answered = await rs.call('GET', `/players/${uuid}/balance`, token);
          assert.equal(Math.round(answered.json.data.amount * 100), fromLedger, `round ${round}: the restarted server answers the wallet of ${uuid} as its ledger sums`);
        }
        const deposited = all.filter((w) => w.kind === 'deposit' && applied.has(w.cents)).reduce((s, w) => s + w.cents, 0);
        assert.equal(store.money, uuids.length * STARTING + deposited, `round ${round}: all money = starting money + deposits in the ledger`);

        const inFlight = sent.filter((w) => w.outcome?.kind === 'lost' && applied.has(w.cents));
        t.diagnostic(
          `round ${round}: every acknowledged write present; ${inFlight.length} in flight at the kill applied without an answer (${inFlight.map((w) => `${w.kind} ${w.cents}`).join(', ') || 'none'}); money ${store.money} cents`,
        );
        assert.ok(inFlight.length <= CONNECTIONS, 'at most one write in flight a connection');
      }
    } finally {
      await rs?.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
