import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CONSOLE, type Actor } from '../../core/kernel/actor.ts';
import { startTestKernel, type TestKernel } from '../../../test/support/test-kernel.ts';
import { regionsModule } from './index.ts';
import type { RegionsService } from './regions.service.ts';
import { value, declined, invalid } from '../../../test/support/results.ts';
import { withPostgres } from '../../../test/support/postgres.ts';
import { AUDIT_TABLES } from '../../core/log/audit.ts';

const REST: Actor = { kind: 'rest', label: 'panel' };
const at = (x: number, y: number, z: number) => ({ world: 'world', x, y, z, yaw: 0, pitch: 0 });

describe('regions', () => {
  let t: TestKernel;
  let regions: RegionsService;

  before(async () => {
    t = await startTestKernel({ modules: [regionsModule] });
    regions = t.kernel.api.regions;
  });
  after(() => t.close());

  it('defines a cuboid from two corners in any order, both blocks included, and reads it back', async () => {
    const r = value(await regions.define('world', 'Spawn', { x: 10.7, y: 80, z: -3.2 }, { x: -5, y: 60.5, z: 4 }, 5, CONSOLE));
    assert.deepEqual(r, {
      id: 'spawn',
      world: 'world',
      priority: 5,
      min: { x: -5, y: 60, z: -4 },
      max: { x: 10, y: 80, z: 4 },
      volume: 16 * 21 * 9,
      'created-at': t.clock.now().toISOString(),
    });
    assert.deepEqual(value(await regions.get('world', 'SPAWN')), r);
  });

  it('declines an id the world already has (any case) with already-exists', async () => {
    declined(await regions.define('world', 'spawn', { x: 0, y: 0, z: 0 }, { x: 1, y: 1, z: 1 }, 0, CONSOLE), 'already-exists');
    declined(await regions.define('world', 'SPAWN', { x: 0, y: 0, z: 0 }, { x: 1, y: 1, z: 1 }, 0, CONSOLE), 'already-exists');
  });

  it('refuses a bad id, a priority out of range and an unknown world, naming the field', async () => {
    const a = { x: 0, y: 0, z: 0 };
    await assert.rejects(regions.define('world', 'no spaces', a, a, 0, CONSOLE), invalid('id'));
    await assert.rejects(regions.define('world', 'x'.repeat(33), a, a, 0, CONSOLE), invalid('id'));
    await assert.rejects(regions.define('world', 'ok', a, a, 1_000_001, CONSOLE), invalid('priority'));
    await assert.rejects(regions.define('atlantis', 'ok', a, a, 0, CONSOLE), invalid('world'));
  });

  it('lists every region of a world highest priority first (equal priorities by id), or those covering a point', async () => {
    value(await regions.define('world', 'arena', { x: 0, y: 60, z: 0 }, { x: 4, y: 70, z: 4 }, 10, CONSOLE));
    value(await regions.define('world', 'market', { x: 100, y: 0, z: 100 }, { x: 120, y: 90, z: 120 }, 5, CONSOLE));
    value(await regions.define('world', 'low', { x: -100, y: 0, z: -100 }, { x: 100, y: 200, z: 100 }, -1, CONSOLE));
    const all = value(await regions.list('world'));
    assert.deepEqual(all.regions.map((r) => r.id), ['arena', 'market', 'spawn', 'low']);
    assert.deepEqual(value(await regions.list('world', { x: 4.9, y: 60, z: 0 })).regions.map((r) => r.id), ['arena', 'spawn', 'low']);
    // x 5 is past arena's last block (4); y 59.9 is in block 59, below arena's and spawn's first (60).
    assert.deepEqual(value(await regions.list('world', { x: 5, y: 65, z: 0 })).regions.map((r) => r.id), ['spawn', 'low']);
    assert.deepEqual(value(await regions.list('world', { x: 2, y: 59.9, z: 2 })).regions.map((r) => r.id), ['low']);
    assert.deepEqual(value(await regions.list('world', { x: 500, y: 0, z: 0 })).regions, []);
  });

  it('refuses a partial point naming the missing coordinate', async () => {
    await assert.rejects(regions.list('world', { x: 1, y: 2 }), invalid('z'));
    await assert.rejects(regions.list('world', { x: 1 }), invalid('y'));
    await assert.rejects(regions.list('world', { z: 1 }), invalid('x'));
  });

  it('declines a world the server does not have with not-found; a known world without regions answers an empty list', async () => {
    declined(await regions.list('atlantis'), 'not-found');
    assert.deepEqual(value(await regions.list('world', { x: 0, y: -500, z: 0 })), { world: 'world', regions: [] });
  });

  it('answers null for an id no region has, or one that cannot be an id', async () => {
    assert.equal(value(await regions.get('world', 'nowhere')), null);
    assert.equal(value(await regions.get('world', 'not an id')), null);
    assert.equal(value(await regions.get('atlantis', 'spawn')), null);
  });

  it('deletes a region (audited with its actor); deleting it again is not-found', async () => {
    value(await regions.define('world', 'gone', { x: 0, y: 0, z: 0 }, { x: 0, y: 0, z: 0 }, 0, REST));
    assert.equal(value(await regions.delete('world', 'GONE', REST)).id, 'gone');
    declined(await regions.delete('world', 'gone', REST), 'not-found');
    assert.equal(value(await regions.get('world', 'gone')), null);
    const history = await AUDIT_TABLES.on(t.database.db).selectFrom('core_audit').select(['actor', 'action']).where('action', 'like', 'region.%').execute();
    assert.ok(history.some((h) => h.actor === 'core-rest/panel' && h.action === 'region.delete'), JSON.stringify(history));
    assert.ok(history.some((h) => h.actor === 'console' && h.action === 'region.define'), JSON.stringify(history));
  });

  it('keeps regions over a restart', async () => {
    await t.restart();
    regions = t.kernel.api.regions;
    assert.equal(value(await regions.get('world', 'arena'))?.priority, 10);
  });
});

describe('regions on PostgreSQL', () => {
  it('migrates, defines, finds by point highest priority first, deletes, and keeps regions across a restart', (ctx) =>
    withPostgres(ctx, 'regions', async (openDb) => {
      const k = await startTestKernel({ modules: [regionsModule], openDb });
      try {
        let regions = k.kernel.api.regions;
        value(await regions.define('world', 'big', { x: -10, y: 0, z: -10 }, { x: 10, y: 100, z: 10 }, 1, CONSOLE));
        value(await regions.define('world', 'small', { x: 0, y: 60, z: 0 }, { x: 2, y: 62, z: 2 }, 9, CONSOLE));
        declined(await regions.define('world', 'Small', { x: 0, y: 0, z: 0 }, { x: 0, y: 0, z: 0 }, 0, CONSOLE), 'already-exists');
        assert.deepEqual(value(await regions.list('world', { x: 1, y: 61, z: 2.5 })).regions.map((r) => r.id), ['small', 'big']);
        assert.deepEqual(value(await regions.list('world', { x: 3, y: 61, z: 2 })).regions.map((r) => r.id), ['big']);
        value(await regions.delete('world', 'big', CONSOLE));
        await k.restart();
        regions = k.kernel.api.regions;
        assert.deepEqual(value(await regions.list('world')).regions.map((r) => [r.id, r.priority, r.volume]), [['small', 9, 27]]);
      } finally {
        await k.close();
      }
    }));
});

describe('/region commands', () => {
  let t: TestKernel;
  let ann: string;
  const said = (line: RegExp) => t.platform.messagesOf(ann).some((m) => line.test(m));

  before(async () => {
    t = await startTestKernel({ modules: [regionsModule] });
    ann = (await t.join('Ann')).uuid;
  });
  beforeEach(() => t.platform.clearMessages());
  after(() => t.close());

  it('refuses define to a player without core.region.define, and needs both corners first', async () => {
    await t.platform.run(ann, '/region pos1');
    assert.ok(said(/permission/i), JSON.stringify(t.platform.messagesOf(ann)));
    await t.platform.run('console', 'perm grant Ann core.region.define');
    await t.platform.run('console', 'perm grant Ann core.region.delete');
    t.platform.clearMessages();
    await t.platform.run(ann, '/region define base');
    assert.ok(said(/Set both corners first/), JSON.stringify(t.platform.messagesOf(ann)));
  });

  it('sets corners where the player stands and defines a region between them', async () => {
    t.platform.move(ann, at(1.5, 64, 2.5));
    await t.platform.run(ann, '/region pos1');
    assert.ok(said(/Corner 1 set at world 1, 64, 2/));
    t.platform.move(ann, at(-3.5, 70, 8.5));
    await t.platform.run(ann, '/region pos2');
    await t.platform.run(ann, '/region define Base 7');
    assert.ok(said(/Region base defined in world \(priority 7, 294 blocks\): -4, 64, 2 to 1, 70, 8/), JSON.stringify(t.platform.messagesOf(ann)));
    await t.platform.run(ann, '/region define base');
    assert.ok(said(/already has a region "base"/));
    await t.platform.run(ann, '/region define bad!id');
    assert.ok(said(/not a valid region id/), JSON.stringify(t.platform.messagesOf(ann)));
  });

  it('/region info names the regions where the player stands; /region list every region of the world', async () => {
    await t.platform.run(ann, '/region info');
    assert.ok(said(/base \(priority 7\)/));
    t.platform.move(ann, at(50, 64, 50));
    t.platform.clearMessages();
    await t.platform.run(ann, '/region info');
    assert.ok(said(/No region here/));
    await t.platform.run(ann, '/region list');
    assert.ok(said(/Regions in world \(1\)/) && said(/base \(priority 7\)/));
    await t.platform.run('console', 'region list');
    assert.match(t.platform.consoleText().join('\n'), /Name a world/);
    await t.platform.run('console', 'region list world');
    assert.match(t.platform.consoleText().join('\n'), /Regions in world \(1\)/);
  });

  it('/region delete removes it, and says so when there is none', async () => {
    await t.platform.run(ann, '/region delete base');
    assert.ok(said(/Region base deleted from world/));
    await t.platform.run(ann, '/region delete base');
    assert.ok(said(/has no region "base"/));
  });

  it('forgets the corners when the player leaves', async () => {
    await t.platform.run(ann, '/region pos1');
    await t.platform.run(ann, '/region pos2');
    t.platform.quit(ann);
    ann = (await t.join('Ann')).uuid;
    await t.platform.run(ann, '/region define again');
    assert.ok(said(/Set both corners first/));
  });
});

describe('GET /regions (the route row)', () => {
  it('answers installed: true with the regions module on, false with it off', async () => {
    const { REGIONS_ROUTES } = await import('./regions.routes.ts');
    const route = REGIONS_ROUTES.find((r) => r.path === '/regions')!;
    const input = { params: {}, query: {}, body: {}, actor: REST };
    for (const [modules, installed] of [[[regionsModule], true], [[], false]] as const) {
      const k = await startTestKernel({ modules });
      try {
        assert.deepEqual(value(await route.call(k.kernel.api, input)), { installed });
      } finally {
        await k.close();
      }
    }
  });
});
