import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { manualClock } from '../kernel/clock.ts';
import { openRollingLogFile } from './log-file.ts';
import { localDate } from './log.ts';

function logsDir(): string {
  return join(mkdtempSync(join(tmpdir(), 'core-logs-')), 'logs');
}

const open = (dir: string, now?: () => Date) =>
  openRollingLogFile({ dir, fileName: 'latest.log', archivePrefix: '', now, onError: (m, e) => assert.fail(`${m}: ${String(e)}`) });

const gunzipped = (path: string) => gunzipSync(readFileSync(path)).toString('utf8');

describe('logs/latest.log', () => {
  it('archives the file of an earlier day at start as YYYY-MM-DD-1.log.gz, whole after gunzip', async () => {
    const dir = logsDir();
    mkdirSync(dir);
    const yesterday = new Date(Date.now() - 24 * 3600_000);
    const old = Array.from({ length: 5000 }, (_, i) => `old line ${i}`).join('\n') + '\n';
    writeFileSync(join(dir, 'latest.log'), old);
    utimesSync(join(dir, 'latest.log'), yesterday, yesterday);

    const file = open(dir);
    file.write('new line');
    await file.close();

    const archive = join(dir, `${localDate(yesterday)}-1.log.gz`);
    assert.deepEqual(readdirSync(dir).sort(), [`${localDate(yesterday)}-1.log.gz`, 'latest.log']);
    assert.equal(gunzipped(archive), old);
    assert.equal(readFileSync(join(dir, 'latest.log'), 'utf8'), 'new line\n');
  });

  it('numbers the archives of one date from 1 and keeps an empty file as it is', async () => {
    const dir = logsDir();
    mkdirSync(dir);
    const day = new Date(2026, 10, 20, 12);
    writeFileSync(join(dir, '2026-11-20-1.log.gz'), gzipSync('first run\n'));
    writeFileSync(join(dir, 'latest.log'), 'second run\n');
    utimesSync(join(dir, 'latest.log'), day, day);

    await open(dir).close();
    assert.equal(gunzipped(join(dir, '2026-11-20-2.log.gz')), 'second run\n');
    assert.equal(gunzipped(join(dir, '2026-11-20-1.log.gz')), 'first run\n', 'an earlier archive is left alone');

    await open(dir).close();
    assert.deepEqual(readdirSync(dir).sort(), ['2026-11-20-1.log.gz', '2026-11-20-2.log.gz', 'latest.log'], 'an empty latest.log is not archived');
  });

  it('rolls at the first line after local midnight, naming the archive by the day that ended', async () => {
    const dir = logsDir();
    const clock = manualClock(new Date(2026, 10, 23, 23, 59, 58));
    const file = open(dir, () => clock.now());
    file.write('before midnight 1');
    await file.flush();
    file.write('before midnight 2');
    clock.set(new Date(2026, 10, 24, 0, 0, 1));
    file.write('after midnight');
    await file.flush();
    assert.equal(gunzipped(join(dir, '2026-11-23-1.log.gz')), 'before midnight 1\nbefore midnight 2\n');
    assert.equal(readFileSync(join(dir, 'latest.log'), 'utf8'), 'after midnight\n');

    // A quiet day or two later, the next line rolls the file again, named by the date of its lines.
    file.write('two days on', new Date(2026, 10, 26, 9));
    await file.close();
    assert.equal(gunzipped(join(dir, '2026-11-24-1.log.gz')), 'after midnight\n');
    assert.equal(readFileSync(join(dir, 'latest.log'), 'utf8'), 'two days on\n');
  });

  it('writes every line queued before close, in order, in few writes', async () => {
    const dir = logsDir();
    const file = open(dir);
    const lines = Array.from({ length: 20_000 }, (_, i) => `line ${i}`);
    for (const l of lines) file.write(l);
    assert.equal(readFileSync(file.path, 'utf8'), '', 'nothing is written synchronously');
    await file.close();
    assert.equal(readFileSync(file.path, 'utf8'), lines.join('\n') + '\n');
    file.write('after close');
    assert.doesNotMatch(readFileSync(file.path, 'utf8'), /after close/);
  });

  it('flushSync writes what is queued at once, for an exit without close', () => {
    const dir = logsDir();
    const file = open(dir);
    file.write('the last words');
    file.flushSync();
    assert.equal(readFileSync(file.path, 'utf8'), 'the last words\n');
  });

  it('finishes at start an archive whose compression was cut short', async () => {
    const dir = logsDir();
    mkdirSync(dir);
    writeFileSync(join(dir, '2026-11-20-1.log'), 'renamed, never gzipped\n');
    writeFileSync(join(dir, '2026-11-20-1.log.gz'), 'half a gzip');
    await open(dir).close();
    assert.equal(existsSync(join(dir, '2026-11-20-1.log')), false);
    assert.equal(gunzipped(join(dir, '2026-11-20-1.log.gz')), 'renamed, never gzipped\n');
  });
});

describe('a log file written in gathered batches (batchMs)', () => {
  it('holds its lines back until the batch time is up, and writes them at once on flush', async () => {
    const dir = logsDir();
    const file = openRollingLogFile({ dir, fileName: 'access.log', archivePrefix: 'access-', batchMs: 60_000, onError: (m, e) => assert.fail(`${m}: ${String(e)}`) });
    file.write('first');
    file.write('second');
    for (let i = 0; i < 5; i++) await new Promise((r) => setImmediate(r));
    assert.equal(readFileSync(join(dir, 'access.log'), 'utf8'), '', 'nothing is written in the next turns of the loop');
    const started = Date.now();
    await file.flush();
    assert.ok(Date.now() - started < 5_000, 'flush does not wait for the batch time');
    assert.equal(readFileSync(join(dir, 'access.log'), 'utf8'), 'first\nsecond\n');
    file.write('third');
    await file.close();
    assert.equal(readFileSync(join(dir, 'access.log'), 'utf8'), 'first\nsecond\nthird\n');
  });

  it('writes when the batch time is up without a flush', async () => {
    const dir = logsDir();
    const file = openRollingLogFile({ dir, fileName: 'access.log', archivePrefix: 'access-', batchMs: 20, onError: (m, e) => assert.fail(`${m}: ${String(e)}`) });
    file.write('line');
    const end = Date.now() + 5_000;
    while (readFileSync(join(dir, 'access.log'), 'utf8') === '' && Date.now() < end) await new Promise((r) => setTimeout(r, 10));
    assert.equal(readFileSync(join(dir, 'access.log'), 'utf8'), 'line\n');
    await file.close();
  });
});
