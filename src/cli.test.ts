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
});
