// The API reference on the real server: /api/v1/openapi.json is docs/openapi.json byte for byte,
// /api/v1/docs is the page with every path, both without a token; `reference = false` in rest.conf,
// applied by `core reload` at the console, makes both answer 404 in the envelope.

import assert from 'node:assert/strict';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { http } from '../../src/rest/test-support.ts';
import { ROUTES } from '../../src/rest/routes.ts';
import { startRestServer, type RestServer } from './support/rest-server.ts';
import { newDataDir } from './support/server-process.ts';

const DOCS = join(import.meta.dirname, '..', '..', 'docs');

describe('the API reference on the real server', () => {
  const dataDir = newDataDir();
  let rs: RestServer;
  before(async () => {
    rs = await startRestServer({ dataDir });
  });
  after(async () => {
    try {
      await rs?.stop();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('serves docs/openapi.json at /api/v1/openapi.json, without a token', async () => {
    const a = await http(rs.restPort, 'GET', '/api/v1/openapi.json');
    assert.equal(a.status, 200);
    assert.equal(a.headers['content-type'], 'application/json; charset=utf-8');
    assert.ok(a.text === readFileSync(join(DOCS, 'openapi.json'), 'utf8'), 'the served document is the committed one');
  });

  it('serves the reference page at /api/v1/docs with every path, without a token', async () => {
    const a = await http(rs.restPort, 'GET', '/api/v1/docs');
    assert.equal(a.status, 200);
    assert.equal(a.headers['content-type'], 'text/html; charset=utf-8');
    assert.ok(a.text === readFileSync(join(DOCS, 'reference.html'), 'utf8'), 'the page is docs/reference.html');
    for (const row of ROUTES) {
      const path = '/api/v1' + row.path.replace(/:([A-Za-z0-9_-]+)/g, '{$1}');
      assert.ok(a.text.includes(`<code>${path}</code>`), `${row.name} is on the page`);
    }
    assert.ok(a.text.includes('<code>/api/v1/events</code>'));
  });

  it('answers 404 in the envelope on both paths once reference = false is reloaded', async () => {
    const token = await rs.token('panel', 'read');
    const file = join(dataDir, 'core-rest', 'rest.conf');
    writeFileSync(file, readFileSync(file, 'utf8') + 'reference = false\n');
    await rs.console('core reload', /rest\.conf: changed; applied now: reference/);
    for (const path of ['/api/v1/openapi.json', '/api/v1/docs']) {
      const a = await http(rs.restPort, 'GET', path, { token });
      assert.equal(a.status, 404, path);
      assert.deepEqual(a.json, { ok: false, code: 'not-found', message: 'There is no route at this path.' });
      assert.equal((await http(rs.restPort, 'GET', path)).status, 401, `${path} is an unknown path: a token first`);
    }
    assert.equal((await http(rs.restPort, 'GET', '/api/v1/status', { token })).status, 200, 'the rest of the API is unchanged');
  });
});
