import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { decodeMessage, encodeMessage, lineSplitter, MAX_SOCKET_PATH_BYTES, socketPathProblem, type ServerMessage } from './console-protocol.ts';

function split(max: number, chunks: string[], end = true): { lines: string[]; tooLong: number } {
  const lines: string[] = [];
  let tooLong = 0;
  const s = lineSplitter(max, (l) => lines.push(l), () => tooLong++);
  for (const c of chunks) s.push(c);
  if (end) s.end();
  return { lines, tooLong };
}

describe('the console socket framing', () => {
  it('cuts lines wherever the chunks break, with \\n or \\r\\n, and keeps empty lines', () => {
    assert.deepEqual(split(100, ['coreapi tok', 'en list\nhe', 'lp\r', '\n\nstop\n']).lines, ['coreapi token list', 'help', '', 'stop']);
  });

  it('takes a last line without its newline at the end of the input, and only then', () => {
    assert.deepEqual(split(100, ['help\nstop'], false).lines, ['help']);
    assert.deepEqual(split(100, ['help\nstop']).lines, ['help', 'stop']);
  });

  it('refuses a line longer than the limit once, whether it has ended or not, and takes nothing after', () => {
    assert.deepEqual(split(5, ['12345\n123456\nhelp\n']), { lines: ['12345'], tooLong: 1 });
    assert.deepEqual(split(5, ['1234', '56', '7', '\nhelp\n']), { lines: [], tooLong: 1 });
  });

  it('reads back every message it writes, one a line, and nothing else', () => {
    const messages: ServerMessage[] = [
      { kind: 'line', level: 'info', text: 'Token panel created with scopes read. Secret: crs_x' },
      { kind: 'line', level: 'error', text: 'two\nlines' },
      { kind: 'done' },
      { kind: 'stopping', text: 'The server is stopping.' },
      { kind: 'refused', text: 'Too long.' },
    ];
    for (const m of messages) {
      const encoded = encodeMessage(m);
      assert.equal(encoded.indexOf('\n'), encoded.length - 1, 'one line');
      assert.deepEqual(decodeMessage(encoded.trimEnd()), m);
    }
    for (const bad of ['', 'help', '[]', 'null', '{"kind":"line","level":"debug","text":"x"}', '{"kind":"line","level":"info"}', '{"kind":"stopping"}', '{"kind":"other"}']) {
      assert.equal(decodeMessage(bad), undefined, bad);
    }
  });

  it('names a socket path too long for a Unix socket, with its length and the limit', () => {
    assert.equal(socketPathProblem('/srv/core/console.sock'), undefined);
    const long = `/${'d'.repeat(MAX_SOCKET_PATH_BYTES - 13)}/console.sock`;
    assert.equal(Buffer.byteLength(long), MAX_SOCKET_PATH_BYTES + 1);
    assert.match(socketPathProblem(long) ?? '', new RegExp(`is ${MAX_SOCKET_PATH_BYTES + 1} bytes long.*at most ${MAX_SOCKET_PATH_BYTES}: choose a data folder with a shorter path`));
    assert.equal(socketPathProblem(long.slice(1)), undefined, 'one byte less is fine');
  });
});
