// Bad input against the real server (docs/reliability.md, "Bad input"): the generator derived from
// the route table (test/support/bad-input.ts) sends over ten thousand malformed requests across
// every route over real HTTP, keep-alive and several at a time, with a player online so that the
// player routes reach a real one. Never a 5xx, never a crash, every answer the envelope with its
// code's status, and no refused request changes the database.
//
// Deterministic for a seed: BAD_INPUT_SEED=<n> runs another; a failure names the seed and the
// requests at fault.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { Agent } from 'node:http';
import { join } from 'node:path';
import { ROUTES } from '../support/published.ts';
import { describeCase, generate, type FuzzCase } from '../support/bad-input.ts';
import { answerFault, send, sendAll, type FuzzAnswer } from '../support/bad-input.send.ts';
import { describeDiff, postgresSnapshotReader, snapshotDiff, snapshotReader, type SnapshotReader, type TableChange } from '../support/db-snapshot.ts';
import { joinBot, quitAll, type Bot } from './support/bots.ts';
import { startRestServer, type RestServer } from './support/rest-server.ts';
import { databaseUrlOf, newDataDir } from './support/server-process.ts';

const SEED = Number(process.env.BAD_INPUT_SEED ?? 13013);
/** BAD_INPUT_ALL=1 sends every case the generator derives (about 28,000; minutes) instead of the sample. */
const ALL = process.env.BAD_INPUT_ALL === '1';
const CONCURRENCY = 12;

/** The first faults, each with the request that caused it, and how many there were (all of them in the file BAD_INPUT_REPORT names). */
function report(faults: string[]): string {
  if (process.env.BAD_INPUT_REPORT && faults.length > 0) writeFileSync(process.env.BAD_INPUT_REPORT, faults.join('\n') + '\n');
  return `seed ${SEED}: ${faults.length} answers at fault (BAD_INPUT_SEED=${SEED} replays them)\n${faults.slice(0, 15).join('\n')}`;
}

/** Waits until the server has committed nothing for `quietMs` (at most 5 s). */
async function settle(db: SnapshotReader, quietMs: number): Promise<void> {
  const deadline = performance.now() + 5000;
  let version = await db.version();
  let since = performance.now();
  while (performance.now() < deadline) {
    await new Promise((r) => setTimeout(r, 10));
    const now = await db.version();
    if (now !== version) [version, since] = [now, performance.now()];
    else if (performance.now() - since >= quietMs) return;
  }
}

/** Whether `diff` is exactly the audit entry of a declined call answered `a`: one core-rest.declined row with the answer's code. */
function declinedAuditOnly(diff: TableChange[], a: FuzzAnswer): boolean {
  let code: unknown;
  try {
    code = JSON.parse(a.body.toString('utf8')).code;
  } catch {
    return false;
  }
  const audit = diff.find((d) => d.table === 'core_audit');
  if (audit === undefined || audit.removed.length !== 0 || audit.added.length !== 1) return false;
  const row = JSON.parse(audit.added[0]!) as { action: string; details: string };
  if (row.action !== 'core-rest.declined' || (JSON.parse(row.details) as { code?: unknown }).code !== code) return false;
  // The audit table's AUTOINCREMENT counter (SQLite) is the only other row that may move.
  return diff.every((d) => d.table === 'core_audit' || (d.table === 'sqlite_sequence' && d.added.every((r) => r.includes('"core_audit"'))));
}

function isRefusal(a: FuzzAnswer): boolean {
  if (a.status !== 200) return true;
  try {
    return JSON.parse(a.body.toString('utf8')).ok === false;
  } catch {
    return true;
  }
}

describe('bad input over real HTTP', () => {
  let rs: RestServer;
  let bot: Bot;
  let db: SnapshotReader;
  let cases: FuzzCase[];
  let firstLine = 0;
  let token = '';
  let botLeft = false;

  before(async () => {
    // Ann's time online is written every 60 s by default: a write of no request's, which a test
    // running longer on a busy machine would see as a change. Written once an hour here.
    const dataDir = newDataDir();
    mkdirSync(join(dataDir, 'core'), { recursive: true });
    writeFileSync(join(dataDir, 'core', 'playtime.conf'), 'flush-seconds = 3600\n');
    rs = await startRestServer({ dataDir });
    const all = (token = await rs.token('fuzz', 'read,write,events'));
    const read = await rs.token('reader');
    const events = await rs.token('watcher', 'events');
    bot = await joinBot(rs.server.gamePort, 'Ann', { viewDistance: 2 });
    bot.once('end', () => {
      botLeft = true;
    });
    cases = generate({ seed: SEED, hints: { player: bot.player.uuid, world: 'world', currency: 'coins' }, tokens: { all, label: 'fuzz', read, events }, ...(ALL ? { perRoute: Infinity, maybePerRoute: Infinity } : {}) });
    // A token's last use is written once a minute whatever the request, and on PostgreSQL the rate
    // limit shared by the servers counts every request in rest_rate_windows: bookkeeping, not state.
    const ignore = ['rest_tokens.last_used_at', 'rest_rate_windows'];
    const url = databaseUrlOf(rs.server.dataDir);
    db = url === undefined ? snapshotReader(join(rs.server.dataDir, 'core', 'core.db'), ignore) : await postgresSnapshotReader(url, ignore);
    firstLine = rs.server.lines.length;
  });
  after(async () => {
    await db?.close();
    await quitAll();
    await rs?.stop();
    if (rs) rmSync(rs.server.dataDir, { recursive: true, force: true });
  });

  it('covers every route of the table, each module switched on', async () => {
    const covered = new Set(cases.map((c) => c.route));
    assert.deepEqual(ROUTES.map((r) => r.name).filter((n) => !covered.has(n)), []);
    const on = new Set((await rs.call('GET', '/status', token)).json.data['modules-on'] as string[]);
    assert.deepEqual([...new Set(ROUTES.map((r) => r.module))].filter((m) => m !== null && !on.has(m)), [], 'a module off answers 503');
  });

  it('refuses every malformed request with the envelope and a 4xx, answers the rest, and changes nothing', async (t) => {
    const batch = cases.filter((c) => c.expect === 'refused' || c.method === 'GET');
    const before = await db.read();
    const faults: string[] = [];
    const statuses = new Map<number, number>();
    const started = performance.now();
    await sendAll(batch, rs.restPort, CONCURRENCY, (c, a) => {
      statuses.set(a.status, (statuses.get(a.status) ?? 0) + 1);
      const fault = answerFault(c, a);
      if (fault !== undefined) faults.push(`${fault}\n    ${describeCase(c)}`);
    });
    const seconds = (performance.now() - started) / 1000;
    const malformed = batch.filter((c) => c.expect === 'refused').length;
    t.diagnostic(`seed ${SEED}: ${batch.length} requests (${malformed} malformed) in ${seconds.toFixed(1)} s; statuses ${JSON.stringify(Object.fromEntries(statuses))}`);
    const changed = describeDiff(snapshotDiff(before, await db.read()));
    if (changed) faults.push(`the database changed:\n${changed}`);
    assert.equal(faults.length, 0, report(faults));
    assert.ok(malformed >= 10_000, `${malformed} malformed requests, fewer than the 10,000 promised`);
  });

  it('answers the odd writes the schemas allow one at a time: never a 5xx, and a refused one changes nothing', async (t) => {
    // Writes that kick the player go last, so that the others reach a player who is online.
    const kicks = (c: FuzzCase) => (/\/(kick|ban)$/.test(c.route) ? 1 : 0);
    const writes = cases.filter((c) => c.expect === 'maybe' && c.method !== 'GET').sort((x, y) => kicks(x) - kicks(y));
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const faults: string[] = [];
    let state = await db.read();
    let accepted = 0;
    let audited = 0;
    let leftSettled = false;
    try {
      for (const c of writes) {
        const version = await db.version();
        const a = await send(c, rs.restPort, agent);
        const fault = answerFault(c, a);
        if (fault !== undefined) faults.push(`${fault}\n    ${describeCase(c)}`);
        if (!isRefusal(a)) {
          // What a write does after its answer (a kicked player's quit, written as they leave) is
          // its own: let it land before the next request is judged.
          accepted++;
          await settle(db, 50);
          if (botLeft && !leftSettled) {
            leftSettled = true;
            await settle(db, 1000);
          }
          state = await db.read();
          continue;
        }
        if ((await db.version()) === version) continue;
        const now = await db.read();
        const diff = snapshotDiff(state, now);
        // A declined call (200, ok:false) leaves its one core-rest.declined audit entry with its code
        // (and the audit table's id counter moves); nothing else, and a 4xx nothing at all.
        const auditOnly = a.status === 200 && declinedAuditOnly(diff, a);
        if (auditOnly) audited++;
        else if (diff.length > 0) faults.push(`refused with ${a.status} ${a.body.toString('utf8').slice(0, 200)} but changed:\n${describeDiff(diff)}\n    ${describeCase(c)}`);
        state = now;
      }
    } finally {
      agent.destroy();
    }
    t.diagnostic(`${writes.length} odd writes the schemas allow: ${accepted} done, ${writes.length - accepted} refused or declined (${audited} audit entries of declined ones)`);
    assert.equal(faults.length, 0, report(faults));
  });

  it('still runs: answers, logged no error, and the process is alive', async () => {
    let exited = false;
    void rs.server.exited.then(() => (exited = true));
    assert.equal((await rs.call('GET', '/status', token)).status, 200);
    // Had it exited, Node would have said so (a settled promise) before the answer's turn.
    assert.equal(exited, false, 'the server process exited');
    const errors = rs.server.lines.slice(firstLine).filter((l) => / ERROR /.test(l));
    assert.deepEqual(errors.slice(0, 10), [], `${errors.length} error lines in the server log`);
  });
});
