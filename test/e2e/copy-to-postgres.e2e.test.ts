// Moving a real server from SQLite to PostgreSQL as docs/network.md tells it: a server on SQLite
// with a token and a warp, `core copy-to-postgres <url>` typed at its console, stop, network.conf
// naming that database, start again: the token still authenticates and the warp is there, read over
// the Remote Access Service. The URL's password never reaches the output or the log files.
// Needs the local PostgreSQL server (test/support/postgres.ts: skipped without one, except in CI).

import assert from 'node:assert/strict';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { gunzipSync } from 'node:zlib';
import { withPostgres } from '../support/postgres.ts';
import { startRestServer, type RestServer } from './support/rest-server.ts';

// Trust authentication ignores the password; it is there to prove it is never repeated.
const PASSWORD = 'pw-never-logged-9731';

describe('core copy-to-postgres on the real server', () => {
  it('copies a SQLite server into PostgreSQL at its console; restarted on that database, its data is there', (t) =>
    withPostgres(t, 'copye2e', async (_openDb, schema) => {
      const url = `postgres://postgres:${PASSWORD}@127.0.0.1:5432/test?options=-c%20search_path%3D${schema}`;
      const spot = { world: 'world', x: 12.5, y: 70, z: -3.25 };
      const seen: string[] = [];
      // On SQLite whichever pass this is: the copy starts from a server's own file.
      let rs: RestServer | undefined = await startRestServer({ network: { serverName: 'mover', database: 'sqlite' } });
      try {
        const dataDir = rs.server.dataDir;
        const token = await rs.token('mover', 'read,write');
        assert.equal((await rs.call('POST', '/warps/plaza/create', token, { location: spot })).status, 200);

        const mark = rs.server.lines.length;
        const done = await rs.console(`core copy-to-postgres ${url}`, /Copied \d+ rows of \d+ tables into PostgreSQL|Cannot connect|failed|already holds|not a PostgreSQL URL/);
        assert.match(done, /Copied \d+ rows of \d+ tables into PostgreSQL at postgres:\/\/127\.0\.0\.1:5432\/test in [\d.]+ s, every table's count checked: .*rest_tokens 1.*warps 1/);
        await rs.server.waitForLine(/stop the server, set database to that URL in core\/network\.conf \(and server-name, if it is empty\), and start it again/, { from: mark });
        assert.ok(rs.server.lines.slice(mark).some((l) => /warps: 1 rows copied\./.test(l)), 'progress is told table by table');
        seen.push(...rs.server.lines);
        await rs.stop();
        rs = undefined;

        const conf = join(dataDir, 'core', 'network.conf');
        writeFileSync(conf, readFileSync(conf, 'utf8').replace('database = "sqlite"', `database = "${url}"`));
        rs = await startRestServer({ dataDir });
        await rs.server.waitForLine(/data in PostgreSQL at postgres:\/\/127\.0\.0\.1:5432\/test/, { from: 0 });
        const warp = await rs.call('GET', '/warps/plaza', token);
        assert.equal(warp.status, 200, 'the token made on SQLite authenticates on PostgreSQL');
        assert.deepEqual(warp.json.data.location, { ...spot, yaw: 0, pitch: 0 });
        assert.equal((await rs.call('POST', '/warps/fountain/create', token, { location: spot })).status, 200, 'a new row after the copied ones');
        seen.push(...rs.server.lines);
        await rs.stop();
        rs = undefined;
        assert.deepEqual(seen.filter((l) => l.includes(PASSWORD)), [], 'the password is in no line of the output');
        for (const name of readdirSync(join(dataDir, 'logs'))) {
          const bytes = readFileSync(join(dataDir, 'logs', name));
          const text = (name.endsWith('.gz') ? gunzipSync(bytes) : bytes).toString('utf8');
          assert.ok(!text.includes(PASSWORD), `the password is not in logs/${name}`);
        }
      } finally {
        await rs?.stop();
      }
    }));
});
