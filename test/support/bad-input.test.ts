// The bad-input generator itself (./bad-input.ts): deterministic for a seed, covering every row of
// the route table, and judging each case by the row's schemas. The requests are sent by
// test/e2e/bad-input.e2e.test.ts.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ROUTES } from './published.ts';
import { describeCase, generate, type FuzzCase, type GenerateOptions } from './bad-input.ts';

const UUID = '5627dd98-e6be-3c21-b8a8-e92344183641';
const options: GenerateOptions = {
  seed: 7,
  hints: { player: UUID, world: 'world', currency: 'coins' },
  tokens: { all: `crs_${'a'.repeat(43)}`, label: 'fuzz', read: `crs_${'b'.repeat(43)}`, events: `crs_${'c'.repeat(43)}` },
};
const some = ['GET /status', 'POST /players/:uuid/balance/deposit', 'POST /players/:uuid/homes/:slot/set'].map((n) => ROUTES.find((r) => r.name === n)!);

describe('the bad-input generator', () => {
  it('derives the same cases from a seed, in the same order, and another order from another seed', () => {
    const a = generate({ ...options, routes: some }).map(describeCase);
    const b = generate({ ...options, routes: some }).map(describeCase);
    const c = generate({ ...options, routes: some, seed: 8 }).map(describeCase);
    assert.deepEqual(a, b);
    assert.notDeepEqual(a, c);
  });

  it('covers every row of the table, every part of each, with at least 10,000 malformed requests', () => {
    const all = generate(options);
    const malformed = all.filter((c) => c.expect === 'refused');
    assert.ok(malformed.length >= 10_000, `${malformed.length} malformed`);
    const covered = new Set(all.map((c) => c.route));
    assert.deepEqual(ROUTES.map((r) => r.name).filter((n) => !covered.has(n)), []);
    for (const r of ROUTES) {
      const groups = new Set(all.filter((c) => c.route === r.name).map((c) => c.group));
      for (const g of ['token', 'method', 'path', 'protocol', r.method === 'POST' ? 'scope' : 'body on a GET']) assert.ok(groups.has(g), `${r.name}: ${g}`);
      for (const p of Object.keys((r.params as { properties?: object } | undefined)?.properties ?? {})) assert.ok(groups.has(`path ${p}`), `${r.name}: path ${p}`);
      for (const f of Object.keys((r.body as { properties?: object } | undefined)?.properties ?? {})) assert.ok(groups.has(`body ${f}`), `${r.name}: body ${f}`);
      if (r.method === 'POST') for (const g of ['not JSON', 'deep', 'size', 'media type', 'content coding', 'not UTF-8']) assert.ok(groups.has(g), `${r.name}: ${g}`);
    }
  });

  it('lets the schemas judge: what they refuse must be refused, what they allow is left open', () => {
    const all = generate({ ...options, routes: some, perRoute: Infinity, maybePerRoute: Infinity });
    const find = (route: string, what: string): FuzzCase => {
      const c = all.find((x) => x.route === route && x.what === what);
      assert.ok(c, `no case "${what}" for ${route}`);
      return c;
    };
    const deposit = 'POST /players/:uuid/balance/deposit';
    const home = 'POST /players/:uuid/homes/:slot/set';
    const refused: [string, string, number][] = [
      [deposit, 'body amount = "NaN"', 400],
      [deposit, 'body amount = 1e400', 400],
      [deposit, 'body amount = NaN', 400],
      [deposit, 'body amount left out', 400],
      [deposit, 'body fuzz unknown', 400],
      [deposit, 'path uuid = "fuzz"', 400],
      [deposit, 'a string holding 0xFF', 400],
      [deposit, 'the body as text/plain', 400],
      [deposit, 'a body labelled gzip', 400],
      [deposit, 'deep arrays (10,000 levels)', 400],
      [deposit, 'a body one byte over the limit', 413],
      [deposit, 'authorization absent', 401],
      [deposit, 'a token with read only', 403],
      [deposit, 'method PATCH', 405],
      [home, 'body location with only x', 400],
      [home, 'body location.y = 30000001', 400],
      [home, 'path slot = "1.5"', 400],
      ['GET /status', 'query unknown fuzz', 400],
      ['GET /status', 'path with no prefix', 404],
    ];
    for (const [route, what, status] of refused) assert.deepEqual([find(route, what).expect, find(route, what).status], ['refused', status], `${route}: ${what}`);
    for (const [route, what] of [
      [deposit, `path uuid = "${UUID.toUpperCase()}"`],
      [deposit, 'body amount = 1e+21'],
      [deposit, 'body currency = "NaN"'],
      [home, 'body location.x = -30000000'],
    ]) assert.equal(find(route!, what!).expect, 'maybe', `${route}: ${what}`);
  });
});
