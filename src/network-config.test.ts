import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { describeUrl, loadNetworkConfig, NETWORK_FILE } from './network-config.ts';

/** A data folder's core/ folder; the data folder has the default name, `data`. */
function coreFolder(): string {
  const coreDir = join(mkdtempSync(join(tmpdir(), 'core-network-')), 'data', 'core');
  mkdirSync(coreDir, { recursive: true });
  return coreDir;
}

function withFile(text: string): () => ReturnType<typeof loadNetworkConfig> {
  const coreDir = coreFolder();
  writeFileSync(join(coreDir, NETWORK_FILE), text);
  return () => loadNetworkConfig(coreDir);
}

describe('network.conf', () => {
  it('is written on first start, off: SQLite, no Redis, and the server named "server" (not after its data folder, "data")', () => {
    const coreDir = coreFolder();
    assert.deepEqual(loadNetworkConfig(coreDir), { serverName: 'server', database: { kind: 'sqlite' }, redis: null });
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

  it('asks a server on a PostgreSQL database for a name of its own: the servers of a network must be told apart', () => {
    const postgres = 'database = "postgres://core:hunter2@db.example:5432/core"\n';
    for (const text of [postgres, `server-name = ""\n${postgres}`, `${postgres}redis = "redis://127.0.0.1:6379"\n`]) {
      assert.throws(
        withFile(text),
        (e: Error) => e.name === 'StartupError' && /network\.conf(?: line \d+)?, key "server-name": is empty: a server on a PostgreSQL database .* needs a name of its own, such as "lobby"/.test(e.message) && !e.message.includes('hunter2'),
        text,
      );
    }
    assert.equal(withFile(`server-name = "lobby"\n${postgres}`)().serverName, 'lobby');
  });

  it('describes a URL for the log without its user or password', () => {
    assert.equal(describeUrl('postgres://core:hunter2@db.example:5432/core'), 'postgres://db.example:5432/core');
    assert.equal(describeUrl('redis://:hunter2@127.0.0.1:6379'), 'redis://127.0.0.1:6379');
  });
});
