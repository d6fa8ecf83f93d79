import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parseCli } from './cli.ts';

describe('parseCli', () => {
  it('uses the documented defaults with no flags', () => {
    assert.deepEqual(parseCli([]), { kind: 'run', options: { dataDir: './data', port: 25565, onlineMode: true, logFormat: 'text', debug: false } });
  });

  it('takes every flag in both the spaced and the = form', () => {
    assert.deepEqual(parseCli(['--data', '/tmp/x', '--port=0', '--online-mode', 'false', '--log-format=json', '--debug']), {
      kind: 'run',
      options: { dataDir: '/tmp/x', port: 0, onlineMode: false, logFormat: 'json', debug: true },
    });
  });

  it('answers help and version before anything else', () => {
    const help = parseCli(['--port', '1', '--help']);
    assert.equal(help.kind, 'help');
    assert.match(help.kind === 'help' ? help.text : '', /--online-mode/);
    assert.deepEqual(parseCli(['--version']), { kind: 'version' });
  });

  it('names the flag at fault', () => {
    for (const [argv, pattern] of [
      [['--port', '70000'], /--port must be a whole number/],
      [['--port', '-1'], /--port must be a whole number/],
      [['--online-mode', 'yes'], /--online-mode must be true or false/],
      [['--log-format', 'xml'], /--log-format must be text or json, not "xml"/],
      [['--data'], /--data needs a value/],
      [['--world', 'x'], /Unknown flag "--world"/],
    ] as const) {
      const outcome = parseCli(argv);
      assert.equal(outcome.kind, 'error', argv.join(' '));
      assert.match(outcome.kind === 'error' ? outcome.message : '', pattern);
    }
  });

  it('words the refusals as before, naming the word as typed', () => {
    const unknown = (raw: string) => ({ kind: 'error', message: `Unknown flag "${raw}". Run with --help to list the flags.` });
    assert.deepEqual(parseCli(['--world=x']), unknown('--world=x'));
    assert.deepEqual(parseCli(['-x']), unknown('-x'));
    assert.deepEqual(parseCli(['--debug=yes']), unknown('--debug=yes'));
    assert.deepEqual(parseCli(['--port', '1', 'world']), unknown('world'), 'the server takes no words besides its flags');
    assert.deepEqual(parseCli(['--', '--port', '1']), unknown('--'));
    assert.deepEqual(parseCli(['-']), unknown('-'));
    assert.deepEqual(parseCli(['--port=']), { kind: 'error', message: 'The flag --port needs a value.' });
    assert.deepEqual(parseCli(['--port', '1.5']), { kind: 'error', message: '--port must be a whole number from 0 to 65535, not "1.5".' });
    assert.deepEqual(parseCli(['--online-mode=yes']), { kind: 'error', message: '--online-mode must be true or false, not "yes".' });
  });

  it('reads the flags in order: the first word at fault is named, and a later --help does not hide it', () => {
    assert.deepEqual(parseCli(['--port', 'x', '--help']), { kind: 'error', message: '--port must be a whole number from 0 to 65535, not "x".' });
    assert.equal(parseCli(['-h', '--port', 'x']).kind, 'help');
    assert.deepEqual(parseCli(['-v']), { kind: 'version' });
    assert.deepEqual(parseCli(['--port', '1', '--port', '2']), { kind: 'run', options: { dataDir: './data', port: 2, onlineMode: true, logFormat: 'text', debug: false } });
  });
});
