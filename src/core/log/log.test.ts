import { afterEach, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createLogger, isoLocal, memoryLogger, renderText, textTimestamp, type LogRecord } from './log.ts';
import { fromDatabase } from '../storage/storage-errors.ts';

// Node reads TZ again whenever it is set, so a test can put the process in another zone.
let savedZone: string | undefined;
beforeEach(() => {
  savedZone = process.env.TZ;
});
afterEach(() => {
  if (savedZone === undefined) delete process.env.TZ;
  else process.env.TZ = savedZone;
});

const at = new Date('2026-11-23T17:43:58.042Z');

describe('text log lines', () => {
  it('start with the local date, time and zone, then the level, the logger and the message', () => {
    process.env.TZ = 'UTC';
    assert.equal(renderText({ time: at, level: 'info', name: 'core', msg: 'hello' }), '2026-11-23 17:43:58 +0000 INFO [core] hello');
    process.env.TZ = 'Asia/Kolkata';
    assert.equal(textTimestamp(at), '2026-11-23 23:13:58 +0530');
    process.env.TZ = 'America/New_York';
    assert.equal(textTimestamp(at), '2026-11-23 12:43:58 -0500');
    assert.equal(isoLocal(at), '2026-11-23T12:43:58.042-05:00');
  });

  it('name child loggers by their path and carry an error stack on the lines below', () => {
    process.env.TZ = 'UTC';
    const records: LogRecord[] = [];
    const log = createLogger({ write: (r) => records.push(r) }, '', () => at);
    log.child('core').child('economy').warn('low');
    log.error('failed', new Error('disk full'));
    assert.equal(renderText(records[0]!), '2026-11-23 17:43:58 +0000 WARN [core/economy] low');
    const [head, stack] = renderText(records[1]!).split('\n');
    assert.equal(head, '2026-11-23 17:43:58 +0000 ERROR failed');
    assert.equal(stack, 'Error: disk full');
  });

  it('give a fault of the storage (a locked file, a full disk) one line naming the database and the cause, without a stack', () => {
    process.env.TZ = 'UTC';
    const records: LogRecord[] = [];
    const log = createLogger({ write: (r) => records.push(r) }, '', () => at).child('core-rest');
    const locked = fromDatabase(Object.assign(new Error('database is locked'), { code: 'ERR_SQLITE_ERROR', errcode: 5 }), '/srv/data/core/core.db', 5012);
    log.error('could not record when a token was last used', locked);
    assert.equal(
      renderText(records[0]!),
      '2026-11-23 17:43:58 +0000 ERROR [core-rest] could not record when a token was last used: the database /srv/data/core/core.db is locked by another program (database is locked; waited 5.0 s for its write lock)',
    );
    assert.equal(records[0]!.err, undefined);
  });

  it('are what memoryLogger keeps, each with its date, time and zone', () => {
    const log = memoryLogger();
    log.child('core').info('started');
    assert.match(log.lines[0] ?? '', /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d [+-]\d{4} INFO \[core\] started$/);
  });
});
