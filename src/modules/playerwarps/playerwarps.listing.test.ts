// The public player-warp listing: its order, pages and total, its route's page and limit, and the
// same on PostgreSQL. That it reads through its index is SQLite's plan (playerwarps.plan.test.ts).

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Value } from '@sinclair/typebox/value';
import { CONSOLE, type Actor } from '../../core/kernel/actor.ts';
import { startTestKernel, type TestKernel } from '../../../test/support/test-kernel.ts';
import { teleportModule } from '../teleport/index.ts';
import { economyModule } from '../economy/index.ts';
import { playerWarpsModule } from './index.ts';
import { PLAYERWARPS_ROUTES } from './playerwarps.routes.ts';
import type { PlayerWarpsService } from './playerwarps.service.ts';
import { value } from '../../../test/support/results.ts';
import { withPostgres } from '../../../test/support/postgres.ts';

const REST: Actor = { kind: 'rest', label: 'panel' };
const at = (x: number, z = 0) => ({ world: 'world', x, y: 70, z });

describe('the player-warp listing', () => {
  let t: TestKernel;
  let pw: PlayerWarpsService;
  let owen: string;
  let vic: string;

  before(async () => {
    t = await startTestKernel({ modules: [teleportModule, economyModule, playerWarpsModule] });
    pw = t.kernel.api.playerwarps;
    owen = (await t.join('Owen')).uuid;
    vic = (await t.join('Vic')).uuid;
    value(await t.kernel.api.permissions.grant(owen, 'core.pwarp.limit.50', CONSOLE));
    // A private warp, which the listing leaves out.
    value(await pw.create(owen, 'club', at(1), REST));
    value(await pw.setPublic('club', owen, false, REST));
  });
  after(() => t.close());

describe('playerwarps.list', () => {
  it('pages the public active warps, most visited first then by name: page 2 holds the next limit rows', async () => {
    for (let i = 0; i < 12; i++) value(await pw.create(owen, `page-${String(i).padStart(2, '0')}`, at(100 + i), REST));
    value(await pw.setPublic('page-11', owen, false, REST));
    value(await pw.archive('page-10', owen, REST));
    for (let i = 0; i < 2; i++) value(await pw.visit('page-05', vic, REST));
    const all = value(await pw.list(1, 100));
    const names = all.warps.map((w) => w.name);
    assert.ok(!names.includes('page-11') && !names.includes('page-10') && !names.includes('club'));
    assert.equal(all.total, names.length);
    for (let i = 1; i < all.warps.length; i++) {
      const [a, b] = [all.warps[i - 1]!, all.warps[i]!];
      assert.ok(a.visits > b.visits || (a.visits === b.visits && a.name < b.name), `${a.name} before ${b.name}`);
    }
    const one = value(await pw.list(1, 4));
    const two = value(await pw.list(2, 4));
    assert.deepEqual([one.page, one.limit, one.total, two.page], [1, 4, all.total, 2]);
    assert.deepEqual(one.warps.map((w) => w.name), names.slice(0, 4));
    assert.deepEqual(two.warps.map((w) => w.name), names.slice(4, 8));
    assert.deepEqual(value(await pw.list(99, 4)).warps, []);
  });

  it('answers a page past the end of any table empty, however large its number', async () => {
    for (const page of [2 ** 53, 1e21, 1e30]) {
      const listed = value(await pw.list(page, 100));
      assert.deepEqual([listed.warps, listed.page], [[], page], `page ${page}`);
      assert.deepEqual(value(await pw.history('club', owen, page, 10)), [], `history page ${page}`);
    }
  });

  it('answers a total that follows each create, archive, restore, switch to private or public, and delete at once', async () => {
    const total = async () => value(await pw.list(1, 1)).total;
    const before = await total();
    value(await pw.create(owen, 'count-me', at(130), REST));
    assert.equal(await total(), before + 1);
    value(await pw.archive('count-me', owen, REST));
    assert.equal(await total(), before);
    value(await pw.restore('count-me', owen, REST));
    assert.equal(await total(), before + 1);
    value(await pw.setPublic('count-me', owen, false, REST));
    assert.equal(await total(), before);
    value(await pw.setPublic('count-me', owen, true, REST));
    assert.equal(await total(), before + 1);
    value(await pw.delete('count-me', owen, REST));
    assert.equal(await total(), before);
  });

  it('takes page from 1 and limit from 1 to 100 (default 10) through the route schema', () => {
    const row = PLAYERWARPS_ROUTES.find((r) => r.method === 'GET' && r.path === '/playerwarps')!;
    const read = (q: Record<string, string>) => Value.Default(row.query!, Value.Convert(row.query!, q));
    assert.deepEqual(read({}), { page: 1, limit: 10 });
    assert.ok(Value.Check(row.query!, read({ page: '2', limit: '100' })));
    for (const q of [{ limit: '0' }, { limit: '101' }, { page: '0' }, { limit: 'x' }] as Record<string, string>[]) assert.ok(!Value.Check(row.query!, read(q)), JSON.stringify(q));
  });
});
});

describe('playerwarps on PostgreSQL', () => {
  it('lists public active warps most visited first, then by name, with their total', async (ctx) => {
    await withPostgres(ctx, 'playerwarps', async (openDb) => {
      const t = await startTestKernel({ modules: [teleportModule, economyModule, playerWarpsModule], openDb });
      try {
        const pw = t.kernel.api.playerwarps;
        const owen = (await t.join('Owen')).uuid;
        const vic = (await t.join('Vic')).uuid;
        value(await t.kernel.api.permissions.grant(owen, 'core.pwarp.limit.10', CONSOLE));
        for (const name of ['bay', 'ant', 'cat', 'dim']) value(await pw.create(owen, name, at(1), REST));
        value(await pw.visit('cat', vic, REST));
        value(await pw.setPublic('dim', owen, false, REST));
        const listed = value(await pw.list(1, 10));
        assert.deepEqual([listed.warps.map((w) => w.name), listed.total], [['cat', 'ant', 'bay'], 3]);
        value(await pw.archive('ant', owen, REST));
        assert.deepEqual(value(await pw.list(1, 10)).total, 2);
      } finally {
        await t.close();
      }
    });
  });
});
