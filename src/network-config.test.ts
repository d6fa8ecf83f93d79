import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { describeUrl, loadNetworkConfig, NETWORK_FILE } from './network-config.ts';

function folder(name = 'lobby'): { dataDir: string; coreDir: string } {
  const dataDir = join(mkdtempSync(join(tmpdir(), 'core-network-')), name);
  const coreDir = join(dataDir, 'core');
  mkdirSync(coreDir, { recursive: true });
  return { dataDir, coreDir };
}

function withFile(text: string, name?: string): () => ReturnType<typeof loadNetworkConfig> {
  const { dataDir, coreDir } = folder(name);
  writeFileSync(join(coreDir, NETWORK_FILE), text);
  return () => loadNetworkConfig(coreDir, dataDir);
}

describe('network.conf', () => {
  it('is written on first start, off: SQLite, no Redis, the data folder\'s name', () => {
    const { dataDir, coreDir } = folder('survival-1');
    assert.deepEqual(loadNetworkConfig(coreDir, dataDir), { serverName: 'survival-1', database: { kind: 'sqlite' }, redis: null });
    const text = readFileSync(join(coreDir, NETWORK_FILE), 'utf8');
    for (const key of ['server-name', 'database', 'redis']) assert.match(text, new RegExp(`^# [^\\n]*\\n(?:# [^\\n]*\\n)*${key} = `, 'm'), `a comment before ${key}`);
  });

  it('reads a name, a PostgreSQL URL and a Redis URL', () => {
    const read = withFile('server-name = "lobby-2"\ndatabase = "postgres://core:pw@db.example:5432/core"\nredis = "redis://127.0.0.1:6379"\n');
    assert.deepEqual(read(), { serverName: 'lobby-2', database: { kind: 'postgres', url: 'postgres://core:pw@db.example:5432/core' }, redis: 'redis://127.0.0.1:6379' });
  });

  it('names the file, the line and the key of a bad value, and never repeats a value (it may hold a password)', () => {
    const cases: [string, string, RegExp][] = [
      ['server-name = "a b"\n', 'server-name', /line 1, key "server-name": must be 1 to 32 letters/],
      ['\ndatabase = "mysql://u:hunter2@h/db"\n', 'database', /line 2, key "database": must be "sqlite" or a URL starting postgres:\/\//],
      ['redis = "http://u:hunter2@h"\n', 'redis', /line 1, key "redis": must be "" \(off\) or a URL starting redis:\/\//],
      ['redis = 6379\n', 'redis', /key "redis": must be a URL in quotes/],
      ['databse = "sqlite"\n', 'databse', /key "databse": is not a key of this file/],
    ];
    for (const [text, key, message] of cases) {
      assert.throws(withFile(text), (e: Error) => e.name === 'StartupError' && e.message.includes(NETWORK_FILE) && message.test(e.message) && !e.message.includes('hunter2'), key);
    }
  });

  it('asks for a name when the data folder\'s name cannot be one', () => {
    assert.throws(withFile('', 'x'.repeat(40)), /key "server-name": is empty and the data folder's name is not 1 to 32/);
  });

  it('describes a URL for the log without its user or password', () => {
    assert.equal(describeUrl('postgres://core:hunter2@db.example:5432/core'), 'postgres://db.example:5432/core');
    assert.equal(describeUrl('redis://:hunter2@127.0.0.1:6379'), 'redis://127.0.0.1:6379');
  });
});
