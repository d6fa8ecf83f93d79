// What a client reads when its request is wrong, over real HTTP against the real modules (on the
// fake platform): the field at fault, a sentence ending in one period, and a typo named as the typo.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { TSchema } from '@sinclair/typebox';
import { createDispatcher } from '../core/kernel/dispatcher.ts';
import { ALL_MODULES } from '../modules/index.ts';
import { startTestKernel, type TestKernel } from '../../test/support/test-kernel.ts';
import { startRestAddon, type RestAddon } from './addon.ts';
import { API_PREFIX } from './route-table.ts';
import type { RouteDefinition } from '../core/kernel/routes.ts';
import { ROUTES } from '../../test/support/published.ts';
import { http, testCommands, tempDir, type HttpAnswer } from './test-support.ts';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const propsOf = (s: TSchema | undefined): Record<string, TSchema> => (s as { properties?: Record<string, TSchema> } | undefined)?.properties ?? {};
const requiredOf = (s: TSchema | undefined): string[] => (s as { required?: string[] } | undefined)?.required ?? [];

/** A message ending in `..` (or holding `..` that is not an ellipsis) is the defect. */
function assertOnePeriod(answer: HttpAnswer, what: string): void {
  const message: unknown = answer.json?.message;
  if (typeof message !== 'string') return;
  assert.doesNotMatch(message, /(?<!\.)\.\.(?!\.)/, `${what}: ${message}`);
}

describe('messages of refused requests, across the real routes', () => {
  let k: TestKernel;
  let addon: RestAddon;
  let dir: string;
  let port: number;
  let secret: string;
  let alice: string;
  const seen: { what: string; answer: HttpAnswer }[] = [];

  before(async () => {
    k = await startTestKernel({ modules: ALL_MODULES });
    alice = (await k.join('Alice')).uuid;
    dir = tempDir();
    mkdirSync(join(dir, 'core-rest'));
    writeFileSync(join(dir, 'core-rest', 'rest.conf'), 'enabled = true\nport = 0\nrequests-per-minute = 100000\n');
    const commands = testCommands();
    addon = await startRestAddon({
      configDir: join(dir, 'core-rest'),
      database: k.database,
      api: k.kernel.api,
      modules: k.kernel.modules,
      events: k.events,
      commands,
      clock: k.clock,
      log: k.log,
      version: '0.0.0-test',
      serverName: 'test',
      dispatcher: createDispatcher({ timeoutMs: 3000 }),
    });
    port = addon.listening?.port ?? 0;
    const line = String((await commands.run('coreapi token create sweep read,write'))[0]);
    secret = /Secret: (crs_\S+)$/.exec(line)?.[1] ?? '';
  });
  after(async () => {
    await addon.stop();
    await k.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function call(method: string, path: string, body?: unknown): Promise<HttpAnswer> {
    const answer = await http(port, method, API_PREFIX + path, { token: secret, ...(body === undefined ? {} : { body: body as object }) });
    seen.push({ what: `${method} ${path} ${JSON.stringify(body ?? null)}`, answer });
    return answer;
  }

  /** The row's path with plausible values in its parameters. */
  function pathOf(row: RouteDefinition): string {
    const values: Record<string, string> = { uuid: alice, slot: '1', index: '1', name: 'spawn', id: 'starter' };
    return row.path.replace(/:([A-Za-z0-9_-]+)/g, (_m, p: string) => values[p] ?? 'x');
  }

  it('answers a negative amount with one period: "amount: the amount must not be negative."', async () => {
    const r = await call('POST', `/players/${alice}/balance/deposit`, { amount: -5 });
    assert.equal(r.status, 400);
    assert.deepEqual(r.json, { ok: false, code: 'bad-request', field: 'amount', message: 'amount: the amount must not be negative.' });
    const currency = await call('GET', `/players/${alice}/balance?currency=rubies`);
    assert.equal(currency.json.field, 'currency');
    assert.match(currency.json.message, /^currency: there is no currency "rubies"; the currencies are [^.]+\.$/);
  });

  it('names a misspelt body field as unexpected, not the field it was meant to be', async () => {
    const r = await call('POST', `/players/${alice}/balance/deposit`, { ammount: 25 });
    assert.equal(r.status, 400);
    assert.equal(r.json.field, 'ammount');
    assert.equal(r.json.message, 'ammount: unexpected property (did you mean amount?); expected amount, currency.');
    // Beside a wrong value of a known field too, the unknown one is named first.
    const both = await call('POST', `/players/${alice}/balance/deposit`, { amount: 'lots', currencyy: 'coins' });
    assert.equal(both.json.field, 'currencyy');
  });

  it('names a misspelt nested field with its dotted path', async () => {
    const r = await call('POST', `/players/${alice}/homes/1/set`, { location: { world: 'world', x: 1, y: 2, zz: 3 } });
    assert.equal(r.status, 400);
    assert.equal(r.json.field, 'location.zz');
    assert.match(r.json.message, /^location\.zz: unexpected property \(did you mean z\?\); expected world, x, y, z, yaw, pitch\.$/);
  });

  it('names a misspelt query parameter as unexpected, on routes with and without query parameters', async () => {
    const r = await call('GET', '/economy/top?limt=5');
    assert.equal(r.status, 400);
    assert.equal(r.json.field, 'limt');
    assert.equal(r.json.message, 'limt: unexpected query parameter (did you mean limit?); expected limit, currency.');
    const none = await call('GET', '/status?verbose=1');
    assert.equal(none.json.field, 'verbose');
    assert.equal(none.json.message, 'verbose: unexpected query parameter; this route takes no query parameters.');
    const noBody = await call('POST', `/players/${alice}/homes/1/delete`, { force: true });
    assert.equal(noBody.json.field, 'force');
    assert.equal(noBody.json.message, 'force: unexpected property; this route takes no body.');
  });

  it('refuses bad input on every route with 400, the field named first in a one-period sentence', async () => {
    let checked = 0;
    for (const row of ROUTES) {
      const path = pathOf(row);
      const attempts: { path: string; body?: unknown; field?: string }[] = [];
      if (row.path.includes(':uuid')) attempts.push({ path: path.replace(alice, 'not-a-uuid'), field: 'uuid' });
      if (row.method === 'GET') {
        attempts.push({ path: `${path}?zzz=1`, field: 'zzz' });
        // A query value is text: only a number or a yes/no parameter can be of the wrong type.
        for (const [q, schema] of Object.entries(propsOf(row.query))) {
          if ((schema as { type?: string }).type !== 'string') attempts.push({ path: `${path}?${q}=%7B%7D` });
        }
      } else {
        const props = propsOf(row.body);
        attempts.push({ path, body: { zzz: 1 }, field: 'zzz' });
        if (requiredOf(row.body).length > 0) attempts.push({ path, body: {}, field: requiredOf(row.body)[0] as string });
        for (const p of Object.keys(props)) {
          const typo = p + p.slice(-1);
          attempts.push({ path, body: { [typo]: 1 }, field: typo });
          attempts.push({ path, body: { [p]: { wrong: [] } } });
        }
        attempts.push({ path, body: [1, 2], field: 'body' });
      }
      for (const a of attempts) {
        const r = await call(row.method, a.path, a.body);
        const what = `${row.method} ${a.path} ${JSON.stringify(a.body ?? null)}`;
        assert.equal(r.status, 400, `${what}: ${r.text}`);
        assert.equal(r.json.code, 'bad-request', what);
        if (a.field !== undefined) assert.equal(r.json.field, a.field, `${what}: ${r.text}`);
        assert.ok(r.json.message.startsWith(`${r.json.field}: `), `${what}: ${r.json.message}`);
        assert.match(r.json.message, /[.?]$/, what);
        checked++;
      }
    }
    assert.ok(checked > 150, `only ${checked} bad requests were tried`);
  });

  it('ends no message of any answer (declined, validation, HTTP-level) in a double period', async () => {
    // Declined operations and the service's own refusals, beside every answer the sweep above read.
    await call('POST', `/players/${alice}/balance/withdraw`, { amount: 1_000_000 });
    await call('POST', `/players/${alice}/balance/deposit`, { amount: 1.23456 });
    await call('POST', '/economy/transfer', { from: alice, to: alice, amount: 1 });
    await call('POST', `/players/${alice}/homes/7/move`, { location: { world: 'world', x: 0, y: 64, z: 0 } });
    await call('POST', `/players/${alice}/homes/1/set`, { location: { world: 'nowhere', x: 0, y: 64, z: 0 } });
    await call('GET', '/kits/nope');
    await call('GET', `/players/${alice}/vaults/0`);
    await call('POST', '/nowhere');
    await call('POST', '/status', {});
    await call('POST', `/players/${alice}/balance/deposit`, '{"amount": ');
    assert.ok(seen.length > 150, `only ${seen.length} answers were read`);
    for (const { what, answer } of seen) assertOnePeriod(answer, what);
  });
});
