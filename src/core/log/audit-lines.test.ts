import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Actor } from '../kernel/actor.ts';
import { auditLineText, holdAuditLines, noteAuditedWrite, typesNoCommand } from './audit-lines.ts';
import type { Db } from '../storage/db.ts';
import { memoryLogger } from './log.ts';
import { transactionRetried } from '../storage/transaction-retry.ts';

const rest = (): Actor => ({ kind: 'rest', label: 'panel' });
const text = (t: string) => () => Promise.resolve(t);
/** Lets the lines' promises settle. */
const settle = () => new Promise((r) => setImmediate(r));
const messages = (log: ReturnType<typeof memoryLogger>) => log.lines.map((l) => l.replace(/^.* INFO /, ''));

describe('audit lines', () => {
  it('read actor, action, target and details, money as an amount, cut when long', () => {
    const panel = rest();
    assert.equal(
      auditLineText({ actor: panel, action: 'economy.deposit', target: '0b5c3c1e-0000-0000-0000-000000000001', details: { amount: { currency: 'coins', amount: 12.5 } } }, 'Steve'),
      'core-rest/panel economy.deposit Steve: amount=12.5 coins',
    );
    assert.equal(auditLineText({ actor: panel, action: 'warp.delete', target: null, details: { name: 'spawn2' } }, undefined), 'core-rest/panel warp.delete: name="spawn2"');
    assert.equal(auditLineText({ actor: panel, action: 'security.reset', target: 'u-1', details: {} }, undefined), 'core-rest/panel security.reset u-1', 'the uuid when the name is unknown');
    const long = auditLineText({ actor: panel, action: 'x', target: null, details: { text: 'a'.repeat(1000) } }, undefined);
    assert.ok(long.length < 450 && long.endsWith('…'));
    assert.equal(auditLineText({ actor: { kind: 'external', platform: 'discord', id: '42' }, action: 'extlink.link', target: null, details: {} }, undefined), 'discord/42 extlink.link');
  });

  it('are for the actors who type no command line', () => {
    assert.deepEqual(
      ([{ kind: 'console' }, { kind: 'player', uuid: 'u', name: 'Ann' }, rest(), { kind: 'external', platform: 'discord', id: '1' }] as Actor[]).map(typesNoCommand),
      [false, false, true, true],
    );
  });

  it('held by a call: written in order when it applied, none when it did not, once', async () => {
    const log = memoryLogger();
    const fallback = memoryLogger();
    const applied = rest();
    const held = holdAuditLines(applied, log);
    noteAuditedWrite(applied, text('first'), undefined, fallback);
    noteAuditedWrite(applied, () => new Promise((r) => setTimeout(() => r('second'), 5)), undefined, fallback);
    noteAuditedWrite(applied, text('third'), undefined, fallback);
    held.release(true);
    held.release(true);
    await new Promise((r) => setTimeout(r, 20));
    assert.deepEqual(messages(log), ['first', 'second', 'third']);

    const declined = rest();
    const dropped = holdAuditLines(declined, log);
    noteAuditedWrite(declined, text('never'), undefined, fallback);
    dropped.release(false);
    await settle();
    assert.deepEqual(messages(log), ['first', 'second', 'third']);
    assert.deepEqual(fallback.lines, []);
  });

  it('held by no call (or after it answered): written at once', async () => {
    const log = memoryLogger();
    const late = rest();
    holdAuditLines(late, memoryLogger()).release(true);
    noteAuditedWrite(late, text('after the answer'), undefined, log);
    noteAuditedWrite(rest(), text('no call'), undefined, log);
    await settle();
    assert.deepEqual(messages(log), ['after the answer', 'no call']);
  });

  it('leave out a write whose transaction was aborted and ran again: one line for the write that happened', async () => {
    const log = memoryLogger();
    const actor = rest();
    let attempts = 0;
    // A database whose first transaction PostgreSQL aborts for a conflict after the work ran.
    const db = {
      transaction: () => ({
        async execute<T>(work: (tx: Db) => Promise<T>): Promise<T> {
          const tx = {} as Db;
          const out = await work(tx);
          if (++attempts === 1) throw Object.assign(new Error('could not serialize access'), { code: '40001' });
          return out;
        },
      }),
    } as unknown as Db;
    const held = holdAuditLines(actor, log);
    await transactionRetried(db, async (tx) => noteAuditedWrite(actor, text(`deposit, attempt ${attempts + 1}`), tx, memoryLogger()));
    held.release(true);
    await settle();
    assert.equal(attempts, 2);
    assert.deepEqual(messages(log), ['deposit, attempt 2']);
  });
});
