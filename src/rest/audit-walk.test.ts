// Every write route of the route table (every POST row of ROUTES), called over real HTTP on the
// real kernel with every module (on the fake platform), by the walk of test/support/write-walk.ts:
// a success leaves exactly its audit entries, by `core-rest/<label>`, with the route's action; a
// declined call leaves exactly one `core-rest.declined` entry with its code; history leaves those
// out (docs/reliability.md, "Audit"). The real server walks the same table (test/e2e/audit-walk.e2e.test.ts).

import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { CONSOLE } from '../core/kernel/actor.ts';
import { sql } from '../core/storage/db.ts';
import { ALL_MODULES } from '../modules/index.ts';
import { startTestKernel, type TestKernel } from '../../test/support/test-kernel.ts';
import { startKernelAddon, type KernelAddon } from '../../test/support/rest-addon.ts';
import { startFakeAccountService, type FakeAccountService } from '../../test/support/fake-account-service.ts';
import { value } from '../../test/support/results.ts';
import { runWalk, WALK_RANKS_CONF, WALK_SKIN_ACCOUNT, writeWalk, type Entry, type WalkIo, type WalkSetups } from '../../test/support/write-walk.ts';
import { DECLINED_ACTION } from './audit-declined.ts';
import { ROUTES } from '../../test/support/published.ts';
import { http } from './test-support.ts';

const LABEL = 'walker';

describe('the audit log of every write route', () => {
  let t: TestKernel;
  let rest: KernelAddon;
  let token: string;
  let mojang: FakeAccountService;
  let io: WalkIo;

  before(async () => {
    mojang = await startFakeAccountService([WALK_SKIN_ACCOUNT]);
    t = await startTestKernel({
      modules: ALL_MODULES,
      beforeStart: (dir) => {
        writeFileSync(join(dir, 'skins.conf'), mojang.conf);
        writeFileSync(join(dir, 'ranks.conf'), WALK_RANKS_CONF);
      },
    });
    rest = await startKernelAddon(t, 'enabled = true\nport = 0\nrequests-per-minute = 10000\n');
    token = await rest.token(LABEL, 'read,write');
    io = {
      post: (path, body) => http(rest.port, 'POST', `/api/v1${path}`, { token, ...(body ? { body } : {}) }),
      async lastId() {
        return Number((await sql<{ n: number | null }>`select max(id) as n from core_audit`.execute(t.database.db)).rows[0]!.n ?? 0);
      },
      async entriesAfter(id) {
        const rows = await sql<Entry & { details: string }>`select id, actor, action, target, details from core_audit where id > ${id} order by id`.execute(t.database.db);
        return rows.rows.map((r) => ({ ...r, id: Number(r.id), details: JSON.parse(String(r.details)) as Record<string, unknown> }));
      },
    };
  });
  after(async () => {
    await rest?.stop();
    await t?.close();
    await mojang?.stop();
  });

  it('covers every write route: each success with its entries by core-rest/<label>, each decline with one entry holding its code', async () => {
    const players = { ann: (await t.join('Ann')).uuid, ben: (await t.join('Ben')).uuid, carl: (await t.join('Carl')).uuid, dan: (await t.join('Dan')).uuid };
    const api = t.kernel.api;
    const setups: WalkSetups = {
      defineJail: async (name) => value(await api.moderation.defineJail(name, { world: 'world', x: 8, y: 64, z: 0 }, CONSOLE)),
      createWorld: async (name) => value(await api.worlds.create(name, {}, CONSOLE)),
      linkAccount: async (uuid) => value(await api.extlink.redeem(value(await api.extlink.requestCode(uuid)).code, '123456789012345678', CONSOLE)),
      takeSnapshot: async (uuid) => value(await api.invrollback.take(uuid, CONSOLE)).id,
      grant: async (uuid, node) => value(await api.permissions.grant(uuid, node, CONSOLE)),
    };
    const table = writeWalk(players, setups);
    const writes = ROUTES.filter((r) => r.method === 'POST' || r.scope === 'write').map((r) => r.name);
    assert.deepEqual(Object.keys(table).sort(), [...writes].sort(), 'the walk holds every write route, and no other');
    const report = await runWalk(table, setups, io, `core-rest/${LABEL}`);
    assert.deepEqual(report.problems, []);
    assert.deepEqual(report.skipped, []);
    assert.equal(report.covered.length, writes.length);
  });

  it('leaves declined entries out of a player history', async () => {
    const who = await t.kernel.api.players.byName('Ben');
    assert.ok(who);
    const from = await io.lastId();
    const r = await io.post(`/players/${who.uuid}/balance/withdraw`, { amount: 999999 });
    assert.equal(r.json.code, 'insufficient-funds');
    const [entry] = await io.entriesAfter(from);
    assert.deepEqual([entry?.action, entry?.target, entry?.details.code], [DECLINED_ACTION, who.uuid, 'insufficient-funds']);
    const history = await http(rest.port, 'GET', `/api/v1/players/${who.uuid}/history?limit=100`, { token });
    assert.equal(history.status, 200);
    const actions: string[] = history.json.data.entries.map((e: { action: string }) => e.action);
    assert.ok(actions.length > 0);
    assert.ok(!actions.includes(DECLINED_ACTION), 'no declined entry in the history');
  });
});
