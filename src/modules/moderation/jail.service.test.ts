import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CONSOLE, type Actor } from '../../core/kernel/actor.ts';
import { command } from '../../core/commands/command-tree.ts';
import { defineModule } from '../../core/kernel/module.ts';
import { startTestKernel, type TestKernel } from '../../../test/support/test-kernel.ts';
import { plain } from '../../../test/support/fake/values.ts';
import { declined, invalid, value } from '../../../test/support/results.ts';
import { teleportModule } from '../teleport/index.ts';
import { moderationModule, type ModerationApi } from './index.ts';
import { withPostgres } from '../../../test/support/postgres.ts';

const REST: Actor = { kind: 'rest', label: 'panel' };
const UNKNOWN = '00000000-0000-0000-0000-0000000000ab';
const CELL = { world: 'world', x: 100.5, y: 64, z: 100.5, yaw: 0, pitch: 0 };
const OTHER = { world: 'world', x: -50.5, y: 64, z: 20.5, yaw: 90, pitch: 0 };
const START = { world: 'world', x: 10.5, y: 64, z: 10.5, yaw: 0, pitch: 0 };

/** Two harmless commands for the allow-list: `ping`, and `msg` (alias `tell`, listed in jail.conf). */
const commandsModule = defineModule({
  name: 'testcommands',
  dependsOn: [],
  migrations: [],
  createService: () => ({}),
  commands: () => [
    command({ name: 'ping', permission: null, description: 'Pong.', run: (c) => c.reply('pong') }),
    command({ name: 'msg', aliases: ['tell'], permission: null, description: 'Says.', run: (c) => c.reply('said') }),
  ],
});

describe('jails', () => {
  let t: TestKernel;
  let mod: ModerationApi;
  let ann: string;
  let ben: string;

  const broadcasts = () => t.platform.broadcasts.map(plain);
  const at = (uuid: string) => t.platform.location(uuid);
  /** A player joins standing at `where`; resolves once the join listeners have run. */
  async function joinAt(name: string, where = START): Promise<string> {
    const p = t.platform.join(name, { location: where });
    assert.ok(p);
    await t.settle(40);
    return p.uuid;
  }
  const boot = () => {
    mod = t.kernel.api.moderation;
  };

  before(async () => {
    t = await startTestKernel({ modules: [teleportModule, moderationModule, commandsModule] });
    boot();
    ann = (await t.join('Ann')).uuid;
    ben = (await t.join('Ben')).uuid;
  });
  after(() => t.close());

  beforeEach(async () => {
    // Nobody starts a test jailed, and everyone stands at START.
    for (const uuid of [ann, ben]) {
      if (await mod.currentJail(uuid)) value(await mod.unjail(uuid, { silent: true }, CONSOLE));
      if (t.platform.player(uuid)) await t.platform.teleport(uuid, START);
    }
    t.platform.clearMessages();
  });

  describe('jail points', () => {
    it('defines a jail (jail-location-define, replaced false), lists it, and audits it', async () => {
      const j = value(await mod.defineJail('cell', CELL, REST));
      assert.deepEqual([j.name, j.location], ['cell', CELL]);
      const e = t.emittedNamed('moderation.jail-location-define').at(-1)?.data;
      assert.deepEqual([e?.jail, e?.location, e?.actor, e?.replaced], ['cell', CELL, 'core-rest/panel', false]);
      assert.deepEqual(value(await mod.listJails()).map((x) => x.name), ['cell']);
    });

    it('moves a jail of the same name (replaced true), keeping created-at', async () => {
      value(await mod.defineJail('yard', OTHER, CONSOLE));
      await t.clock.advance(5);
      const moved = value(await mod.defineJail('YARD', { ...OTHER, x: -60.5 }, CONSOLE));
      assert.equal(moved.name, 'yard');
      assert.notEqual(moved['created-at'], moved['updated-at']);
      assert.equal(t.emittedNamed('moderation.jail-location-define').at(-1)?.data.replaced, true);
      value(await mod.defineJail('yard', OTHER, CONSOLE));
    });

    it('refuses a bad name (field jail) and a world not loaded (field location)', async () => {
      await assert.rejects(mod.defineJail('no spaces', CELL, CONSOLE), invalid('jail'));
      await assert.rejects(mod.defineJail('ok', { ...CELL, world: 'atlantis' }, CONSOLE), invalid('location'));
    });

    it('removes a jail (jail-location-remove); an unknown one is not-found', async () => {
      value(await mod.defineJail('temp', OTHER, CONSOLE));
      const r = value(await mod.removeJail('temp', REST));
      assert.equal(r.name, 'temp');
      const e = t.emittedNamed('moderation.jail-location-remove').at(-1)?.data;
      assert.deepEqual([e?.jail, e?.location, e?.actor], ['temp', OTHER, 'core-rest/panel']);
      declined(await mod.removeJail('temp', REST), 'not-found');
    });

    it('refuses to remove a jail that holds a prisoner', async () => {
      value(await mod.jail(ben, { jail: 'cell' }, CONSOLE));
      declined(await mod.removeJail('cell', CONSOLE), 'refused');
    });
  });

  describe('jail and unjail', () => {
    it('jails an online player: moved to the jail, told, announced, event, audit, and the sanctions read shows it', async () => {
      const j = value(await mod.jail(ann, { jail: 'cell', reason: 'griefing', durationSeconds: 3600 }, REST));
      const now = t.clock.now();
      assert.deepEqual(j, {
        jail: 'cell',
        reason: 'griefing',
        actor: 'core-rest/panel',
        'issued-at': now.toISOString(),
        'duration-seconds': 3600,
        'expires-at': new Date(now.getTime() + 3_600_000).toISOString(),
      });
      assert.deepEqual(at(ann), CELL);
      assert.ok(t.platform.messagesOf(ann).some((m) => /You have been jailed in cell .*1 hour: griefing/.test(m)));
      assert.ok(broadcasts().some((m) => /Ann was jailed in cell by core-rest\/panel/.test(m)));
      const e = t.emittedNamed('moderation.player-jail').at(-1)?.data;
      assert.deepEqual([e?.['player-id'], e?.jail, e?.silent, e?.['duration-seconds'], e?.actor], [ann, 'cell', false, 3600, 'core-rest/panel']);
      assert.deepEqual(await mod.currentJail(ann), j);
      assert.deepEqual(value(await mod.sanctions(ann)).jail, j);
      const audit = await t.kernel.api.audit.history(ann, 5);
      assert.ok(audit.some((a) => a.action === 'moderation.jail' && a.actor === 'core-rest/panel'));
    });

    it('refuses a player jailing one who holds core.moderation.exempt; the console and routes still can', async () => {
      value(await t.kernel.api.permissions.grant(ben, 'core.moderation.exempt', CONSOLE));
      const r = await mod.jail(ben, { jail: 'cell' }, { kind: 'player', uuid: ann, name: 'Ann' });
      declined(r, 'refused');
      assert.match(!r.ok ? r.message : '', /Ben cannot be jailed by a player/);
      value(await mod.jail(ben, { jail: 'cell', silent: true }, REST));
      value(await t.kernel.api.permissions.revoke(ben, 'core.moderation.exempt', CONSOLE));
    });

    it('declines jailing a jailed player with already-in-state', async () => {
      value(await mod.jail(ann, { jail: 'cell' }, CONSOLE));
      declined(await mod.jail(ann, { jail: 'yard' }, CONSOLE), 'already-in-state');
    });

    it('declines an unknown jail and an unknown player with not-found; refuses a bad duration (field duration-seconds)', async () => {
      declined(await mod.jail(ann, { jail: 'nowhere' }, CONSOLE), 'not-found');
      declined(await mod.jail(UNKNOWN, { jail: 'cell' }, CONSOLE), 'not-found');
      await assert.rejects(mod.jail(ann, { jail: 'cell', durationSeconds: 0 }, CONSOLE), invalid('duration-seconds'));
      await assert.rejects(mod.jail(ann, { jail: 'cell', durationSeconds: 1.5 }, CONSOLE), invalid('duration-seconds'));
      assert.equal(await mod.currentJail(ann), null);
    });

    it('a silent jailing is not announced (staff with core.moderation.notify read it marked [silent]), and the player is still told', async () => {
      value(await t.kernel.api.permissions.grant(ben, 'core.moderation.notify', CONSOLE));
      t.platform.clearMessages();
      value(await mod.jail(ann, { jail: 'cell', silent: true }, CONSOLE));
      assert.deepEqual(broadcasts(), []);
      assert.ok(t.platform.messagesOf(ben).includes('[silent] Ann was jailed in cell by console permanently.'), t.platform.messagesOf(ben).join('\n'));
      assert.ok(!t.platform.messagesOf(ann).some((m) => m.startsWith('[silent]')));
      value(await t.kernel.api.permissions.revoke(ben, 'core.moderation.notify', CONSOLE));
      assert.ok(t.platform.messagesOf(ann).some((m) => /You have been jailed in cell by console permanently/.test(m)));
      assert.equal(t.emittedNamed('moderation.player-jail').at(-1)?.data.silent, true);
    });

    it('unjail releases the player back where they were (lifted), announces it, and answers the sentence', async () => {
      value(await mod.jail(ann, { jail: 'cell' }, CONSOLE));
      assert.deepEqual(at(ann), CELL);
      const r = value(await mod.unjail(ann, {}, REST));
      assert.equal(r.jail, 'cell');
      assert.deepEqual(at(ann), START);
      const e = t.emittedNamed('moderation.player-unjail').at(-1)?.data;
      assert.deepEqual([e?.['player-id'], e?.cause, e?.actor, e?.jail], [ann, 'lifted', 'core-rest/panel', 'cell']);
      assert.ok(broadcasts().some((m) => /Ann was released from jail by core-rest\/panel/.test(m)));
      assert.equal(await mod.currentJail(ann), null);
    });

    it('a silent unjail is not announced; unjailing a free player is already-in-state', async () => {
      value(await mod.jail(ann, { jail: 'cell', silent: true }, CONSOLE));
      value(await mod.unjail(ann, { silent: true }, CONSOLE));
      assert.deepEqual(broadcasts(), []);
      assert.ok(t.platform.messagesOf(ann).some((m) => /released from jail/.test(m)));
      declined(await mod.unjail(ann, {}, CONSOLE), 'already-in-state');
      declined(await mod.unjail(UNKNOWN, {}, CONSOLE), 'not-found');
    });

    it('moving a jail takes its online prisoners along', async () => {
      value(await mod.jail(ann, { jail: 'yard' }, CONSOLE));
      assert.deepEqual(at(ann), OTHER);
      const moved = { ...OTHER, x: -70.5 };
      value(await mod.defineJail('yard', moved, CONSOLE));
      assert.deepEqual(at(ann), moved);
      value(await mod.unjail(ann, { silent: true }, CONSOLE));
      value(await mod.defineJail('yard', OTHER, CONSOLE));
    });
  });

  describe('enforcement', () => {
    it('cancels a move beyond the radius (5 blocks) and lets one within it go', async () => {
      value(await mod.jail(ann, { jail: 'cell' }, CONSOLE));
      assert.equal(t.platform.move(ann, { ...CELL, x: CELL.x + 3 }), false);
      assert.equal(t.platform.move(ann, { ...CELL, x: CELL.x + 7 }), true);
      assert.equal(at(ann)?.x, CELL.x + 3);
      assert.ok(t.platform.messagesOf(ann).some((m) => /You are in jail \(cell\): you cannot leave it/.test(m)));
      assert.equal(t.platform.move(ben, { ...START, x: START.x + 20 }), false, 'a free player walks anywhere');
    });

    it('refuses every teleport but the jail’s own, with a sentence', async () => {
      value(await mod.jail(ann, { jail: 'cell' }, CONSOLE));
      const r = await t.kernel.api.teleport.teleport(ann, START, { cause: 'home', warmupSeconds: 0 });
      declined(r, 'refused');
      assert.match(!r.ok ? r.message : '', /Ann is in jail \(cell\) and cannot teleport/);
      assert.deepEqual(at(ann), CELL);
      value(await t.kernel.api.teleport.teleport(ben, OTHER, { cause: 'home', warmupSeconds: 0 }));
    });

    it('refuses commands outside the allow-list (told why), runs listed ones and their aliases', async () => {
      value(await mod.jail(ann, { jail: 'cell' }, CONSOLE));
      await t.platform.run(ann, '/ping');
      assert.ok(t.platform.messagesOf(ann).some((m) => /You are in jail \(cell\): you may only use \/msg/.test(m)));
      assert.ok(!t.platform.messagesOf(ann).includes('pong'));
      await t.platform.run(ann, '/tell');
      await t.platform.run(ann, '/msg');
      assert.equal(t.platform.messagesOf(ann).filter((m) => m === 'said').length, 2);
      await t.platform.run(ben, '/ping');
      assert.ok(t.platform.messagesOf(ben).includes('pong'));
    });

    it('sends a prisoner who respawned (at the spawn) back to the jail', async () => {
      value(await mod.jail(ann, { jail: 'cell' }, CONSOLE));
      await t.platform.teleport(ann, START);
      const player = t.platform.player(ann)!;
      t.platform.emit('respawn', { player, location: START });
      await t.until(() => t.platform.location(ann)?.x === CELL.x, 'Ann to be back in jail');
    });

    it('cancels breaking and placing blocks', async () => {
      value(await mod.jail(ann, { jail: 'cell' }, CONSOLE));
      assert.equal(t.platform.gameplay.breakBlock(ann, { x: 100, y: 63, z: 100 }), true);
      t.platform.setInventory(ann, [{ material: 'stone', count: 4 }]);
      assert.equal(t.platform.gameplay.placeBlock(ann, { x: 101, y: 64, z: 100 }), true);
      assert.equal(t.platform.gameplay.blockAt({ world: 'world', x: 100, y: 63, z: 100 }), 'stone');
    });
  });

  describe('offline, rejoin, expiry and restart', () => {
    it('jails an offline player: moved into jail at their join (and told), and back into it after a rejoin', async () => {
      const cy = (await t.join('Cy')).uuid;
      t.platform.quit(cy);
      value(await mod.jail(cy, { jail: 'cell', reason: 'spam' }, CONSOLE));
      await joinAt('Cy');
      assert.deepEqual(at(cy), CELL);
      assert.ok(t.platform.messagesOf(cy).some((m) => /You are jailed in cell permanently: spam/.test(m)));
      t.platform.quit(cy);
      await joinAt('Cy', OTHER);
      assert.deepEqual(at(cy), CELL);
      // Released while away: moved out (to where the sentence found them: START) at the next join.
      t.platform.quit(cy);
      value(await mod.unjail(cy, {}, CONSOLE));
      await joinAt('Cy', CELL);
      assert.deepEqual(at(cy), START);
      assert.ok(t.platform.messagesOf(cy).some((m) => /released from jail while you were away/.test(m)));
      t.platform.quit(cy);
    });

    it('releases at expiry (cause expired, actor null), back where they were', async () => {
      value(await mod.jail(ann, { jail: 'cell', durationSeconds: 90 }, CONSOLE));
      await t.clock.advance(89);
      assert.deepEqual(at(ann), CELL);
      await t.clock.advance(1);
      await t.until(() => t.platform.location(ann)?.x === START.x, 'Ann to be released');
      const e = t.emittedNamed('moderation.player-unjail').at(-1)?.data;
      assert.deepEqual([e?.cause, e?.actor, e?.jail], ['expired', null, 'cell']);
      assert.ok(t.platform.messagesOf(ann).some((m) => /Your jail sentence is over/.test(m)));
      assert.equal(await mod.currentJail(ann), null);
    });

    it('keeps a sentence across a restart, and ends one that expired while the server was down', async () => {
      value(await mod.jail(ann, { jail: 'cell' }, CONSOLE));
      value(await mod.jail(ben, { jail: 'cell', durationSeconds: 60 }, CONSOLE));
      await t.restart();
      boot();
      assert.equal((await mod.currentJail(ann))?.jail, 'cell');
      await t.clock.advance(120);
      await t.settle(20);
      assert.equal(await mod.currentJail(ben), null);
      assert.ok(t.emittedNamed('moderation.player-unjail').some((e) => e.data['player-id'] === ben && e.data.cause === 'expired'));
      await joinAt('Ann');
      assert.deepEqual(at(ann), CELL);
      // Ben was released while offline: he goes back where he was when jailed, at his join.
      await joinAt('Ben', CELL);
      assert.deepEqual(at(ben), START);
      assert.ok(t.platform.messagesOf(ben).some((m) => /sentence ended while you were away/.test(m)));
    });
  });
});

describe('a join whose jail work fails', () => {
  it('is logged, not left unhandled: the database gone under a join (as at a stop) does not bring the server down', async () => {
    const k = await startTestKernel({ modules: [teleportModule, moderationModule] });
    try {
      await k.database.close();
      const unhandled: unknown[] = [];
      const onUnhandled = (e: unknown) => unhandled.push(e);
      process.on('unhandledRejection', onUnhandled);
      try {
        assert.ok(k.platform.join('Ben', { location: CELL }));
        for (let i = 0; i < 50; i++) await new Promise((r) => setImmediate(r));
      } finally {
        process.off('unhandledRejection', onUnhandled);
      }
      assert.deepEqual(unhandled.map(String), []);
    } finally {
      await k.close();
    }
  });
});

describe('jails on PostgreSQL', () => {
  it('stores jails, sentences and releases waiting for a join, across a restart', (ctx) =>
    withPostgres(ctx, 'jails', async (openDb) => {
      const k = await startTestKernel({ modules: [teleportModule, moderationModule], openDb });
      try {
        const mod = () => k.kernel.api.moderation;
        const ann = (await k.join('Ann')).uuid;
        const ben = (await k.join('Ben')).uuid;
        value(await mod().defineJail('cell', CELL, CONSOLE));
        value(await mod().defineJail('cell', { ...CELL, yaw: 45.5 }, CONSOLE));
        const j = value(await mod().jail(ann, { jail: 'cell', reason: 'x', durationSeconds: 600 }, CONSOLE));
        value(await mod().jail(ben, { jail: 'cell' }, CONSOLE));
        k.platform.quit(ben);
        value(await mod().unjail(ben, {}, CONSOLE));
        await k.restart();
        assert.deepEqual(await mod().currentJail(ann), j);
        assert.deepEqual(value(await mod().listJails())[0]?.location, { ...CELL, yaw: 45.5 });
        assert.ok(k.platform.join('Ben', { location: CELL }));
        // PostgreSQL answers over the network: wait in real time.
        for (let i = 0; i < 200 && k.platform.location(ben)?.x !== 0.5; i++) await new Promise((r) => setTimeout(r, 10));
        assert.equal(k.platform.location(ben)?.x, 0.5, 'Ben moved out at his join');
        declined(await mod().removeJail('cell', CONSOLE), 'refused');
      } finally {
        await k.close();
      }
    }));
});
