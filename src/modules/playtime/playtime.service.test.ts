import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startTestKernel, type TestKernel } from '../../../test/support/test-kernel.ts';
import { withPostgres } from '../../../test/support/postgres.ts';
import { declined, invalid, value } from '../../../test/support/results.ts';
import { presenceModule } from '../presence/index.ts';
import { playtimeModule } from './index.ts';
import { createPlaytimeStore } from './playtime.store.ts';

const UNKNOWN = '00000000-0000-0000-0000-0000000000ab';
const FLUSH = 10;

/** Waits (turns of the event loop) until a write started by a platform event shows. */
async function eventually(check: () => Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 1000; i++) {
    if (await check()) return;
    await new Promise((r) => setImmediate(r));
  }
  assert.fail(`waited in vain for ${what}`);
}

/** The row the database holds for a player (what a crash would leave). */
async function stored(t: TestKernel, uuid: string) {
  return createPlaytimeStore(t.database.db).get(uuid);
}

describe('playtime', () => {
  describe('counting (playtime on its own: all time is active)', () => {
    let t: TestKernel;
    before(async () => {
      t = await startTestKernel({
        modules: [playtimeModule],
        beforeStart: (dir) => writeFileSync(join(dir, 'playtime.conf'), `flush-seconds = ${FLUSH}\n`),
      });
    });
    after(() => t.close());

    it('counts the seconds a player is online, this session included', async () => {
      const ann = (await t.join('Ann')).uuid;
      const joined = t.clock.now().toISOString();
      await t.clock.advance(400);
      const p = value(await t.kernel.api.playtime.get(ann));
      assert.deepEqual(p, {
        'total-seconds': 400,
        'active-seconds': 400,
        'afk-seconds': 0,
        sessions: 1,
        online: true,
        'session-seconds': 400,
        'session-started-at': joined,
        'first-join': joined,
        'counted-since': joined,
      });
      t.platform.quit(ann);
    });

    it('writes online players’ time every flush-seconds, so a crash loses at most that much', async () => {
      const ben = (await t.join('Ben')).uuid;
      await t.clock.advance(FLUSH * 2 + 5);
      const row = await stored(t, ben);
      assert.equal(row?.activeMs, FLUSH * 2 * 1000, 'two writes, the last 5 s not yet');
      assert.equal(row?.sessions, 1);
      t.platform.quit(ben);
    });

    it('writes the time when a player leaves, and counts nothing while they are away', async () => {
      const cat = (await t.join('Cat')).uuid;
      await t.clock.advance(33);
      t.platform.quit(cat);
      await eventually(async () => (await stored(t, cat))?.activeMs === 33_000, 'the 33 s to be written');
      await t.clock.advance(100);
      const p = value(await t.kernel.api.playtime.get(cat));
      assert.deepEqual([p['total-seconds'], p.online, p['session-seconds'], p['session-started-at']], [33, false, null, null]);
    });

    it('keeps the totals across a restart and counts sessions', async () => {
      const dan = (await t.join('Dan')).uuid;
      await t.clock.advance(50);
      await t.restart();
      const p = value(await t.kernel.api.playtime.get(dan));
      assert.deepEqual([p['total-seconds'], p.sessions, p.online], [50, 1, false]);
      await t.join('Dan');
      await t.clock.advance(12);
      const q = value(await t.kernel.api.playtime.get(dan));
      assert.deepEqual([q['total-seconds'], q.sessions, q['session-seconds']], [62, 2, 12]);
    });

    it('declines with not-found for a player never seen and refuses a malformed uuid', async () => {
      declined(await t.kernel.api.playtime.get(UNKNOWN), 'not-found');
      await assert.rejects(t.kernel.api.playtime.get('x'), invalid('uuid'));
    });
  });

  describe('with presence: AFK time apart', () => {
    let t: TestKernel;
    before(async () => {
      t = await startTestKernel({
        modules: [presenceModule, playtimeModule],
        beforeStart: (dir) => writeFileSync(join(dir, 'presence.conf'), 'afk-after-seconds = 60\n'),
      });
    });
    after(() => t.close());

    it('reports the time spent away apart from the active time, across the flag’s changes and a restart', async () => {
      const ann = (await t.join('Ann')).uuid;
      await t.clock.advance(60);
      assert.equal(t.kernel.api.presence.isAway(ann), true);
      await t.clock.advance(40);
      let p = value(await t.kernel.api.playtime.get(ann));
      assert.deepEqual([p['total-seconds'], p['active-seconds'], p['afk-seconds']], [100, 60, 40]);
      const l = t.platform.location(ann)!;
      t.platform.move(ann, { ...l, x: l.x + 1 });
      await t.clock.advance(15);
      p = value(await t.kernel.api.playtime.get(ann));
      assert.deepEqual([p['total-seconds'], p['active-seconds'], p['afk-seconds']], [115, 75, 40]);
      // Away again by /afk, then leaves while away: the time up to the quit is AFK time.
      await t.platform.run(ann, 'afk');
      await t.clock.advance(20);
      t.platform.quit(ann);
      await t.restart();
      p = value(await t.kernel.api.playtime.get(ann));
      assert.deepEqual([p['total-seconds'], p['active-seconds'], p['afk-seconds']], [135, 75, 60]);
    });
  });

  describe('commands', () => {
    let t: TestKernel;
    before(async () => {
      t = await startTestKernel({ modules: [playtimeModule] });
    });
    after(() => t.close());

    it('/playtime tells a player their time; another’s needs core.playtime.others; the console names a player', async () => {
      const ann = (await t.join('Ann')).uuid;
      await t.clock.advance(3725);
      const ben = (await t.join('Ben')).uuid;
      await t.clock.advance(60);
      await t.platform.run(ann, 'playtime');
      assert.deepEqual(t.platform.messagesOf(ann), ['You have played 1 h 3 min 5 s: 1 h 3 min 5 s active, 0 s away (AFK), in 1 session.', 'You have been online for 1 h 3 min 5 s this session.']);
      await t.platform.run(ben, 'playtime Ann');
      assert.deepEqual(t.platform.messagesOf(ben), ['You may not see the playtime of other players (core.playtime.others).']);
      await t.platform.run('console', 'playtime Ben');
      assert.ok(t.platform.consoleText().includes('Ben has played 1 min: 1 min active, 0 s away (AFK), in 1 session.'), t.platform.consoleText().join('|'));
      await t.platform.run('console', 'playtime');
      assert.ok(t.platform.consoleText().includes('Name a player: the console has no playtime.'));
      t.platform.setLocale(ann, 'de_DE');
      await t.platform.run(ann, 'playtime');
      assert.deepEqual(t.platform.messagesOf(ann).slice(-2), [
        'Du hast 1 Std. 3 Min. 5 Sek. gespielt: 1 Std. 3 Min. 5 Sek. aktiv, 0 Sek. abwesend (AFK), in 1 Sitzung.',
        'Du bist in dieser Sitzung seit 1 Std. 3 Min. 5 Sek. online.',
      ]);
    });

    it('/playtimetop lists the most active first', async () => {
      t.platform.clearMessages();
      await t.platform.run('console', 'playtimetop');
      const lines = t.platform.consoleText();
      assert.deepEqual(lines.slice(1, 3), ['1. Ann: 1 h 3 min 5 s active (1 h 3 min 5 s in all)', '2. Ben: 1 min active (1 min in all)']);
    });
  });

  it('keeps the same totals on PostgreSQL', async (ctx) => {
    await withPostgres(ctx, 'playtime', async (openDb) => {
      const t = await startTestKernel({ modules: [playtimeModule], openDb });
      try {
        const ann = (await t.join('Ann')).uuid;
        await t.clock.advance(70);
        await t.restart();
        await t.join('Ann');
        await t.clock.advance(5);
        const p = value(await t.kernel.api.playtime.get(ann));
        assert.deepEqual([p['total-seconds'], p.sessions], [75, 2]);
        const top = value(await t.kernel.api.playtime.top(10));
        assert.deepEqual(top.map((r) => [r.name, r.activeSeconds]), [['Ann', 75]]);
      } finally {
        await t.close();
      }
    });
  });
});
