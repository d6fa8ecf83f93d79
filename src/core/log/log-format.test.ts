import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createRenderer } from './log-format.ts';
import { isoLocal } from './log.ts';

const time = new Date('2026-11-23T17:43:58.042Z');

describe('json log lines', () => {
  const render = createRenderer('json');

  it('are one object a line with time (ISO with zone), level, logger name and message', () => {
    const line = render({ time, level: 'warn', name: 'core/economy', msg: 'a "quoted"\nmessage' });
    assert.doesNotMatch(line, /\n/);
    const o = JSON.parse(line) as Record<string, unknown>;
    assert.deepEqual(Object.keys(o).sort(), ['level', 'msg', 'name', 'time']);
    assert.equal(o.level, 'warn');
    assert.equal(o.name, 'core/economy');
    assert.equal(o.msg, 'a "quoted"\nmessage');
    assert.match(String(o.time), /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}[+-]\d\d:\d\d$/);
    assert.equal(new Date(String(o.time)).getTime(), time.getTime());
  });

  it('carry an error with its type, message and stack', () => {
    const o = JSON.parse(render({ time, level: 'error', name: '', msg: 'failed', err: new RangeError('too far') })) as {
      level: string;
      name?: string;
      err: { type: string; message: string; stack: string };
    };
    assert.equal(o.level, 'error');
    assert.equal(o.name, undefined, 'the root logger has no name');
    assert.equal(o.err.type, 'RangeError');
    assert.equal(o.err.message, 'too far');
    assert.match(o.err.stack, /^RangeError: too far\n {4}at /);
  });

  it('hold their fields in the order shippers read from pino: level, time, name, err, msg', () => {
    const at = isoLocal(time);
    assert.equal(render({ time, level: 'info', name: '', msg: 'hi' }), `{"level":"info","time":"${at}","msg":"hi"}`);
    const err = Object.assign(new Error('gone'), { stack: 'Error: gone' });
    assert.equal(
      render({ time, level: 'error', name: 'core', msg: 'failed', err }),
      `{"level":"error","time":"${at}","name":"core","err":{"type":"Error","message":"gone","stack":"Error: gone"},"msg":"failed"}`,
    );
  });

  it('carry the causes of an error in its message and stack, and its own fields after them', () => {
    const inner = new TypeError('socket closed');
    const outer = Object.assign(new Error('query failed', { cause: inner }), { code: 'ECONNRESET', errno: -104 });
    const o = JSON.parse(render({ time, level: 'error', name: '', msg: 'x', err: outer })) as { err: Record<string, unknown> };
    assert.deepEqual(Object.keys(o.err), ['type', 'message', 'stack', 'code', 'errno']);
    assert.equal(o.err.message, 'query failed: socket closed');
    assert.match(String(o.err.stack), /^Error: query failed\n[^]*\ncaused by: TypeError: socket closed\n/);
    const many = JSON.parse(render({ time, level: 'error', name: '', msg: 'x', err: new AggregateError([new RangeError('a')], 'both') })) as {
      err: { type: string; aggregateErrors: { type: string; message: string }[] };
    };
    assert.equal(many.err.type, 'AggregateError');
    assert.deepEqual(many.err.aggregateErrors.map((e) => [e.type, e.message]), [['RangeError', 'a']]);
  });

  it('are written for an error holding a cycle or a bigint, and for a thrown value that is no error', () => {
    const looped = Object.assign(new Error('looped'), { amount: 10n, self: {} as Record<string, unknown> });
    looped.self.back = looped;
    const o = JSON.parse(render({ time, level: 'error', name: '', msg: 'x', err: looped })) as { err: Record<string, unknown> };
    assert.equal(o.err.message, 'looped');
    assert.equal(o.err.amount, 10);
    assert.deepEqual(o.err.self, { back: { amount: 10, self: '[Circular]' } }, 'the error met again is written once more, up to the cycle');
    assert.equal((JSON.parse(render({ time, level: 'error', name: '', msg: 'x', err: 'a thrown text' })) as { err: unknown }).err, 'a thrown text');
    assert.equal((JSON.parse(render({ time, level: 'error', name: '', msg: 'x', err: null })) as { err: unknown }).err, null);
  });

  it('text is the default rendering', () => {
    assert.match(createRenderer('text')({ time, level: 'info', name: '', msg: 'hi' }), /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d [+-]\d{4} INFO hi$/);
  });
});

describe('text log lines', () => {
  const render = createRenderer('text');

  it('keep a message written on several lines on one line, the breaks shown as \\n', () => {
    const line = render({ time, level: 'info', name: 'core-rest', msg: 'core-rest/panel moderation.kick Ann: reason="spam\nand\r\nmore"' });
    assert.doesNotMatch(line, /[\n\r]/);
    assert.match(line, / INFO \[core-rest\] core-rest\/panel moderation\.kick Ann: reason="spam\\nand\\r\\nmore"$/);
  });

  it('show any other control character as an escape, so no text drives the terminal; a tab stays', () => {
    const line = render({ time, level: 'warn', name: '', msg: 'a\u001b[2Jb\u0007c\td\u2028e' });
    assert.match(line, / WARN a\\u001b\[2Jb\\u0007c\td\\u2028e$/);
  });

  it('carry an error stack on the lines below, as before', () => {
    const text = render({ time, level: 'error', name: 'core', msg: 'failed', err: new RangeError('too far') });
    assert.match(text, / ERROR \[core\] failed\nRangeError: too far\n {4}at /);
  });
});
