import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { lockDataFolder, LOCK_FILE } from './data-folder.ts';
import { StartupError } from './startup-failure.ts';

const fresh = () => mkdtempSync(join(tmpdir(), 'core-lock-'));

/** A process that runs until killed, and its start time as the lock records it. */
async function otherProcess(): Promise<{ pid: number; startTicks: string; stop(): Promise<void> }> {
  const child = spawn('sleep', ['60'], { stdio: 'ignore' });
  await new Promise((r) => child.once('spawn', r));
  const stat = readFileSync(`/proc/${child.pid}/stat`, 'utf8');
  const startTicks = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]!;
  return {
    pid: child.pid!,
    startTicks,
    stop: () =>
      new Promise<void>((r) => {
        child.once('exit', () => r());
        child.kill('SIGKILL');
      }),
  };
}

describe('the data folder lock', () => {
  it('creates a missing folder and locks it with session.lock naming this process', () => {
    const dir = join(fresh(), 'new');
    const lock = lockDataFolder(dir);
    assert.equal(JSON.parse(readFileSync(join(dir, LOCK_FILE), 'utf8')).pid, process.pid);
    lock.release();
    assert.equal(existsSync(join(dir, LOCK_FILE)), false);
  });

  it('refuses a folder held by a running server, naming the folder and its process, and writes nothing', async () => {
    const dir = fresh();
    const other = await otherProcess();
    try {
      const held = JSON.stringify({ pid: other.pid, startTicks: other.startTicks, started: '2026-11-23T10:00:00.000Z' });
      writeFileSync(join(dir, LOCK_FILE), held);
      assert.throws(
        () => lockDataFolder(dir),
        (e: unknown) =>
          e instanceof StartupError &&
          e.message.includes(dir) &&
          e.message.includes(`process ${other.pid}`) &&
          !e.message.includes('\n'),
      );
      assert.deepEqual(readdirSync(dir), [LOCK_FILE]);
      assert.equal(readFileSync(join(dir, LOCK_FILE), 'utf8'), held);
    } finally {
      await other.stop();
    }
  });

  it('takes over the lock of a server that died (kill -9 leaves it behind)', async () => {
    const dir = fresh();
    const other = await otherProcess();
    await other.stop();
    writeFileSync(join(dir, LOCK_FILE), JSON.stringify({ pid: other.pid, startTicks: other.startTicks, started: 'x' }));
    const lock = lockDataFolder(dir);
    assert.equal(JSON.parse(readFileSync(join(dir, LOCK_FILE), 'utf8')).pid, process.pid);
    lock.release();
  });

  it('takes over a lock whose pid now belongs to another program', async () => {
    const dir = fresh();
    const other = await otherProcess();
    try {
      writeFileSync(join(dir, LOCK_FILE), JSON.stringify({ pid: other.pid, startTicks: '1', started: 'x' }));
      lockDataFolder(dir).release();
    } finally {
      await other.stop();
    }
  });

  it('takes over an unreadable lock unless it was written this instant', () => {
    const dir = fresh();
    writeFileSync(join(dir, LOCK_FILE), '');
    assert.throws(() => lockDataFolder(dir), StartupError);
    const old = new Date(Date.now() - 60_000);
    utimesSync(join(dir, LOCK_FILE), old, old);
    lockDataFolder(dir).release();
  });

  it('refuses a data folder that is a file, in one line', () => {
    const file = join(fresh(), 'data');
    writeFileSync(file, 'not a folder');
    assert.throws(() => lockDataFolder(file), /data folder .* is a file, not a folder/);
  });

  it('leaves a lock that another server took over in place when released', () => {
    const dir = fresh();
    const lock = lockDataFolder(dir);
    writeFileSync(join(dir, LOCK_FILE), JSON.stringify({ pid: 1, startTicks: null, started: 'x' }));
    lock.release();
    assert.equal(existsSync(join(dir, LOCK_FILE)), true);
  });
});
