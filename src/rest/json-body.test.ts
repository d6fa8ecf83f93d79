import assert from 'node:assert/strict';
import { request } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { gzipSync } from 'node:zlib';
import { startHarness, type Harness } from './test-support.ts';
import { testRoutes, UUID } from './server.fixtures.ts';

describe('request bodies', () => {
  let h: Harness;
  let writer: string;
  const url = `/api/v1/test/players/${UUID}/note`;

  before(async () => {
    h = await startHarness({ routes: testRoutes() });
    writer = await h.token('writer', 'read,write');
  });
  after(() => h.close());

  /** A POST of these exact bytes. */
  function post(body: Buffer, headers: Record<string, string> = {}): Promise<{ status: number; json: { ok: boolean; field?: string; data?: { noted: string } } }> {
    return new Promise((resolve, reject) => {
      const req = request(
        { host: '127.0.0.1', port: h.port, method: 'POST', path: url, agent: false, headers: { authorization: `Bearer ${writer}`, 'content-type': 'application/json', ...headers } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, json: JSON.parse(Buffer.concat(chunks).toString('utf8')) }));
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  }
  const note = (bytes: number[]) => Buffer.concat([Buffer.from('{"text":"caf'), Buffer.from(bytes), Buffer.from('"}')]);

  it('refuses a body that is not UTF-8 with 400 naming body, and records nothing', async () => {
    const before = h.api.audited.length;
    for (const [what, bytes] of [
      ['a Latin-1 é', [0xe9]],
      ['0xFF', [0xff]],
      ['an overlong slash', [0xc0, 0xaf]],
      ['an encoded surrogate', [0xed, 0xa0, 0x80]],
      ['a cut sequence', [0xc3]],
    ] as [string, number[]][]) {
      for (const type of ['application/json', 'application/json; charset=latin1']) {
        const r = await post(note(bytes), { 'content-type': type });
        assert.deepEqual([r.status, r.json.field], [400, 'body'], `${what} as ${type}`);
      }
    }
    assert.equal(h.api.audited.length, before, 'no refused body reached the call');
  });

  it('reads UTF-8 text as it was sent', async () => {
    const r = await post(Buffer.from('{"text":"café 🙂 e\u0301"}'));
    assert.equal(r.status, 200);
    assert.equal(r.json.data?.noted, 'café 🙂 e\u0301');
  });

  it('refuses a body with a Content-Encoding with 400 naming body, whether or not it is really coded', async () => {
    const plain = Buffer.from('{"text":"a"}');
    for (const [coding, body] of [
      ['gzip', gzipSync(plain)],
      ['gzip', plain],
      ['br', plain],
      ['x-fuzz', plain],
    ] as [string, Buffer][]) {
      const r = await post(body, { 'content-encoding': coding });
      assert.deepEqual([r.status, r.json.field], [400, 'body'], coding);
    }
    const identity = await post(plain, { 'content-encoding': 'identity' });
    assert.equal(identity.status, 200);
  });
});
