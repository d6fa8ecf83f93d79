import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { createServerLog } from './server-log.ts';

function streams() {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  const read = (s: PassThrough) => (s.read() as Buffer | null)?.toString('utf8') ?? '';
  return { stdout, stderr, out: () => read(stdout), err: () => read(stderr) };
}

describe('the server log', () => {
  it('writes every line to the console and to logs/latest.log, with the lines logged before the file opened first', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'core-serverlog-'));
    const s = streams();
    const serverLog = createServerLog({ format: 'text', stdout: s.stdout, stderr: s.stderr });
    serverLog.log.info('before the data folder was ours');
    serverLog.openFile(dataDir);
    serverLog.log.child('core').warn('after');
    serverLog.log.error('failed', new Error('why'));
    await serverLog.close();

    const file = readFileSync(join(dataDir, 'logs', 'latest.log'), 'utf8').split('\n');
    assert.match(file[0]!, /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d [+-]\d{4} INFO before the data folder was ours$/);
    assert.match(file[1]!, /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d [+-]\d{4} WARN \[core\] after$/);
    assert.match(file[2]!, / ERROR failed$/);
    assert.equal(file[3], 'Error: why');
    assert.match(s.out(), /INFO before the data folder was ours\n.*WARN \[core\] after\n$/);
    assert.match(s.err(), /ERROR failed\nError: why\n/);
  });

  it('writes json on the console and in the file with --log-format json', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'core-serverlog-'));
    const s = streams();
    const serverLog = createServerLog({ format: 'json', stdout: s.stdout, stderr: s.stderr });
    serverLog.openFile(dataDir);
    serverLog.log.child('game').info('listening');
    serverLog.log.error('boom', new Error('why'));
    await serverLog.close();

    const file = readFileSync(join(dataDir, 'logs', 'latest.log'), 'utf8').trim().split('\n');
    const onConsole = [...s.out().trim().split('\n'), ...s.err().trim().split('\n')];
    for (const lines of [file, onConsole]) {
      const objects = lines.map((l) => JSON.parse(l) as { level: string; name?: string; msg: string; err?: { stack: string } });
      assert.deepEqual(
        objects.map((o) => [o.level, o.name, o.msg]),
        [
          ['info', 'game', 'listening'],
          ['error', undefined, 'boom'],
        ],
      );
      assert.match(objects[1]!.err!.stack, /^Error: why/);
    }
  });

  it('shows a console-only line on the console and never in the file; masks anything shaped like a secret everywhere else', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'core-serverlog-'));
    const s = streams();
    const serverLog = createServerLog({ format: 'text', stdout: s.stdout, stderr: s.stderr });
    const secret = 'crs_' + 'A1b2-C3d4_'.repeat(4) + 'xyz';
    serverLog.openFile(dataDir);
    serverLog.log.child('game').consoleOnly(`Token panel created with scopes read,events. Secret: ${secret}`);
    serverLog.log.child('game').info(`<Ann> my token is ${secret}, and crs_short stays`);
    serverLog.log.error('a request failed', new Error(`Authorization: Bearer ${secret}`));
    await serverLog.close();

    const file = readFileSync(join(dataDir, 'logs', 'latest.log'), 'utf8');
    const out = s.out();
    const err = s.err();
    assert.equal(out.split(secret).length - 1, 1, 'the console shows the secret once, on the console-only line');
    assert.match(out, /INFO \[game\] Token panel created with scopes read,events\. Secret: crs_/);
    assert.match(out, /<Ann> my token is crs_…, and crs_short stays\n/);
    assert.match(err, /Authorization: Bearer crs_…\n/);
    assert.ok(!file.includes(secret) && !err.includes(secret), 'nowhere else');
    assert.doesNotMatch(file, /Token panel created/, 'the console-only line is not in the file');
    assert.match(file, /<Ann> my token is crs_…, and crs_short stays\n/);
  });

  it('names the folder when the log file cannot be opened', () => {
    const serverLog = createServerLog({ format: 'text', ...streams() });
    assert.throws(() => serverLog.openFile('/proc/version'), /^Error: cannot open the log file in \/proc\/version\/logs: /);
  });
});
