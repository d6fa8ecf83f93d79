import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startTestKernel, type TestKernel } from '../../../test/support/test-kernel.ts';
import { offlineUuid } from '../../../test/support/fake-platform.ts';
import { withPostgres } from '../../../test/support/postgres.ts';
import { sql } from '../storage/db.ts';

describe('players', () => {
  let t: TestKernel;
  before(async () => {
    t = await startTestKernel();
  });
  after(() => t.close());

  it('records a joining player with first and last seen set to the join time', async () => {
    const joined = t.clock.now().toISOString();
    const p = t.platform.join('Alice')!;
    const known = await t.kernel.api.players.get(p.uuid);
    assert.deepEqual(known, { uuid: p.uuid, name: 'Alice', firstSeen: joined, lastSeen: joined, online: true });
  });

  it('moves last seen to the quit time and answers offline after a quit', async () => {
    const uuid = offlineUuid('Alice');
    t.clock.advance(60);
    t.platform.quit(uuid);
    const known = await t.kernel.api.players.get(uuid);
    assert.equal(known?.lastSeen, t.clock.now().toISOString());
    assert.equal(known?.online, false);
    assert.equal(t.kernel.api.players.isOnline(uuid), false);
  });

  it('keeps first seen when the player joins again', async () => {
    const uuid = offlineUuid('Alice');
    const before = await t.kernel.api.players.get(uuid);
    t.clock.advance(3600);
    t.platform.join('Alice');
    const known = await t.kernel.api.players.get(uuid);
    assert.equal(known?.firstSeen, before?.firstSeen);
    assert.equal(known?.lastSeen, t.clock.now().toISOString());
    assert.equal(t.kernel.api.players.isOnline(uuid), true);
    t.platform.quit(uuid);
  });

  it('tells a first join from a later one, and forgets it once the player left', async () => {
    const p = t.platform.join('Newcomer')!;
    assert.equal(await t.kernel.api.players.firstJoin(p.uuid), true);
    t.platform.quit(p.uuid);
    assert.equal(await t.kernel.api.players.firstJoin(p.uuid), false);
    t.platform.join('Newcomer');
    assert.equal(await t.kernel.api.players.firstJoin(p.uuid), false, 'the second join is not the first');
    t.platform.quit(p.uuid);
    assert.equal(await t.kernel.api.players.firstJoin('not-a-uuid'), false);
  });

  it('takes the new name of a player who joins renamed, keeping the uuid', async () => {
    const uuid = '11111111-2222-3333-4444-555555555555';
    t.platform.join('OldName', { uuid });
    t.platform.quit(uuid);
    t.clock.advance(10);
    t.platform.join('NewName', { uuid });
    assert.equal((await t.kernel.api.players.get(uuid))?.name, 'NewName');
    assert.equal((await t.kernel.api.players.byName('newname'))?.uuid, uuid);
    assert.equal(await t.kernel.api.players.byName('OldName'), undefined);
    t.platform.quit(uuid);
  });

  it('answers the new name and last seen of a player read just before they joined again renamed', async () => {
    const uuid = '22222222-3333-4444-5555-666666666666';
    t.platform.join('Before', { uuid });
    t.platform.quit(uuid);
    assert.equal((await t.kernel.api.players.get(uuid))?.name, 'Before');
    assert.equal((await t.kernel.api.players.get(uuid))?.name, 'Before');
    t.clock.advance(30);
    t.platform.join('After', { uuid });
    const known = await t.kernel.api.players.get(uuid);
    assert.deepEqual([known?.name, known?.lastSeen, known?.online], ['After', t.clock.now().toISOString(), true]);
    t.platform.quit(uuid);
  });

  it('finds a player by uuid in any case, dashed or not', async () => {
    const uuid = offlineUuid('Alice');
    for (const form of [uuid, uuid.toUpperCase(), uuid.replaceAll('-', ''), uuid.replaceAll('-', '').toUpperCase()]) {
      assert.equal((await t.kernel.api.players.get(form))?.name, 'Alice', form);
    }
    assert.equal(await t.kernel.api.players.get('not-a-uuid'), undefined);
  });

  it('finds a player by name whatever the case, the most recent holder of the name first', async () => {
    assert.equal((await t.kernel.api.players.byName('ALICE'))?.uuid, offlineUuid('Alice'));
    const other = '99999999-2222-3333-4444-555555555555';
    t.clock.advance(10);
    t.platform.join('alice', { uuid: other });
    assert.equal((await t.kernel.api.players.byName('Alice'))?.uuid, other);
    t.platform.quit(other);
  });

  it('answers undefined for a player the server has never seen', async () => {
    assert.equal(await t.kernel.api.players.get('00000000-0000-0000-0000-000000000000'), undefined);
    assert.equal(await t.kernel.api.players.byName('Nobody'), undefined);
  });

  it('finds the player a command argument names: online name, uuid or known name', async () => {
    const bob = t.platform.join('Bob')!;
    assert.equal((await t.kernel.api.players.find('bob'))?.uuid, bob.uuid);
    assert.equal((await t.kernel.api.players.find(bob.uuid.replaceAll('-', '')))?.name, 'Bob');
    t.platform.quit(bob.uuid);
    assert.equal((await t.kernel.api.players.find('BOB'))?.uuid, bob.uuid);
  });

  it('refuses a name lookup that no account can have, naming the field, to in-process callers too', async () => {
    for (const name of ['', 'a b', 'x'.repeat(17), 'Zoë']) {
      await assert.rejects(t.kernel.api.players.lookupName(name), (e: Error & { field?: string }) => e.name === 'InvalidInput' && e.field === 'name', JSON.stringify(name));
    }
    assert.deepEqual(await t.kernel.api.players.lookupName('Nobody'), { ok: false, code: 'not-found', message: 'No player named Nobody has ever joined this server.' });
  });

  it('records players still online as seen when the kernel stops', async () => {
    const carol = t.platform.join('Carol')!;
    t.clock.advance(500);
    await t.restart();
    assert.equal((await t.kernel.api.players.get(carol.uuid))?.lastSeen, t.clock.now().toISOString());
  });
});

describe('players on PostgreSQL', () => {
  it('reads the shared table at each lookup: a name another server recorded is answered at once', (ctx) =>
    withPostgres(ctx, 'players', async (openDb) => {
      const t = await startTestKernel({ openDb });
      try {
        const ann = (await t.join('Ann')).uuid;
        assert.equal((await t.kernel.api.players.get(ann))?.name, 'Ann');
        // Another server sharing the database records Ann's join under a new name.
        await sql`UPDATE core_players SET name = 'Annie', name_lower = 'annie' WHERE uuid = ${ann}`.execute(t.database.db);
        assert.equal((await t.kernel.api.players.get(ann))?.name, 'Annie');
      } finally {
        await t.close();
      }
    }));
});
