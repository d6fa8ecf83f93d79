import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Actor } from '../../core/kernel/actor.ts';
import { startTestKernel, type TestKernel } from '../../../test/support/test-kernel.ts';
import { value, declined, invalid } from '../../../test/support/results.ts';
import { withPostgres } from '../../../test/support/postgres.ts';
import { playerStateModule } from './index.ts';
import type { PlayerStateService } from './playerstate.service.ts';
import { AUDIT_TABLES } from '../../core/log/audit.ts';
import { PLAYERSTATE_TABLES } from './playerstate.store.ts';

const REST: Actor = { kind: 'rest', label: 'panel' };
const UNKNOWN = '00000000-0000-0000-0000-0000000000ab';

describe('player state', () => {
  let t: TestKernel;
  let ps: PlayerStateService;
  let alice: string;

  before(async () => {
    t = await startTestKernel({ modules: [playerStateModule] });
    ps = t.kernel.api.playerstate;
    alice = (await t.join('Alice')).uuid;
  });
  after(() => t.close());
  beforeEach(() => t.platform.clearMessages());

  const last = (name: Parameters<TestKernel['emittedNamed']>[0]) => t.emittedNamed(name).at(-1)?.data;

  describe('state', () => {
    it('answers god, fly, flight, game mode, speeds, health and food of an online player', async () => {
      assert.deepEqual(value(await ps.state(alice)), {
        god: false,
        fly: false,
        'flight-allowed': false,
        flying: false,
        'game-mode': 'survival',
        'walk-speed': 1,
        'fly-speed': 1,
        health: 20,
        food: 20,
      });
    });

    it('accepts the undashed upper-case uuid; refuses a malformed one naming uuid', async () => {
      value(await ps.state(alice.replaceAll('-', '').toUpperCase()));
      await assert.rejects(ps.state('nope'), invalid('uuid'));
    });

    it('declines with not-found for a player never seen and player-offline for one who left', async () => {
      declined(await ps.state(UNKNOWN), 'not-found');
      const gone = (await t.join('Gone')).uuid;
      t.platform.quit(gone);
      declined(await ps.state(gone), 'player-offline');
      declined(await ps.setGod(gone, true, REST), 'player-offline');
      declined(await ps.setFly(gone, true, REST), 'player-offline');
      declined(await ps.setGameMode(gone, 'creative', REST), 'player-offline');
      declined(await ps.setSpeed(gone, 'walk', 2, REST), 'player-offline');
      declined(await ps.heal(gone, REST), 'player-offline');
      declined(await ps.feed(gone, REST), 'player-offline');
      declined(await ps.heal(UNKNOWN, REST), 'not-found');
    });
  });

  describe('god', () => {
    it('makes the player invulnerable, cancels any damage, emits player-god-toggle, audits and tells the player', async () => {
      const s = value(await ps.setGod(alice, true, REST));
      assert.equal(s.god, true);
      assert.equal(t.platform.abilities(alice)?.invulnerable, true);
      assert.deepEqual(last('playerstate.player-god-toggle'), {
        'player-id': alice,
        'player-name': 'Alice',
        actor: 'core-rest/panel',
        enabled: true,
        'occurred-at': t.clock.now().toISOString(),
      });
      assert.ok(t.platform.messagesOf(alice).includes('God mode enabled.'));
      const rows = await AUDIT_TABLES.on(t.database.db).selectFrom('core_audit').select(['actor', 'action']).where('action', '=', 'playerstate.god').execute();
      assert.deepEqual({ ...rows.at(-1) }, { actor: 'core-rest/panel', action: 'playerstate.god' });
      // Even were the flag lost, the damage event is cancelled for a god.
      t.platform.setAbilities(alice, { invulnerable: false });
      assert.equal(t.platform.gameplay.damage(alice, 5, { cause: 'fall' }), true, 'cancelled');
      assert.equal(t.platform.vitals(alice)?.health, 20);
    });

    it('declines switching on again with already-in-state (no event)', async () => {
      const before = t.emittedNamed('playerstate.player-god-toggle').length;
      declined(await ps.setGod(alice, true, REST), 'already-in-state');
      assert.equal(t.emittedNamed('playerstate.player-god-toggle').length, before);
    });

    it('switched off, the player takes damage again', async () => {
      assert.equal(value(await ps.setGod(alice, false, REST)).god, false);
      assert.equal(last('playerstate.player-god-toggle')?.enabled, false);
      assert.equal(t.platform.abilities(alice)?.invulnerable, false);
      t.platform.gameplay.damage(alice, 5);
      assert.equal(t.platform.vitals(alice)?.health, 15);
      declined(await ps.setGod(alice, false, REST), 'already-in-state');
    });

    it('refuses enabled that is not a boolean naming enabled', async () => {
      await assert.rejects(ps.setGod(alice, 'yes' as unknown as boolean, REST), invalid('enabled'));
    });
  });

  describe('heal and feed', () => {
    it('heal restores health and food (player-heal with the previous values); always done, even at full health', async () => {
      t.platform.setHealth(alice, 7);
      t.platform.setFood(alice, 4, 0);
      const s = value(await ps.heal(alice, REST));
      assert.deepEqual([s.health, s.food], [20, 20]);
      assert.equal(t.platform.vitals(alice)?.saturation, 0, 'saturation is left to /feed, as EssentialsX');
      const e = last('playerstate.player-heal');
      assert.deepEqual([e?.health, e?.['previous-health'], e?.food, e?.['previous-food']], [20, 7, 20, 4]);
      assert.ok(t.platform.messagesOf(alice).includes('You have been healed.'));
      value(await ps.heal(alice, REST));
      assert.equal(last('playerstate.player-heal')?.['previous-health'], 20);
    });

    it('feed fills food to 20 and saturation to 10 (player-feed)', async () => {
      t.platform.setFood(alice, 3, 1);
      const s = value(await ps.feed(alice, REST));
      assert.equal(s.food, 20);
      assert.equal(t.platform.vitals(alice)?.saturation, 10);
      const e = last('playerstate.player-feed');
      assert.deepEqual([e?.food, e?.['previous-food'], e?.actor], [20, 3, 'core-rest/panel']);
    });

    it('refuses a dead player', async () => {
      const dead = (await t.join('Dead')).uuid;
      t.platform.gameplay.damage(dead, 30);
      declined(await ps.heal(dead, REST), 'refused');
      declined(await ps.feed(dead, REST), 'refused');
    });
  });

  describe('fly and game mode', () => {
    it('fly grants flight (player-fly-toggle); taking it away stops a flight', async () => {
      const s = value(await ps.setFly(alice, true, REST));
      assert.deepEqual([s.fly, s['flight-allowed'], s.flying], [true, true, false]);
      t.platform.setAbilities(alice, { flying: true }); // the player double-jumps
      assert.equal(value(await ps.state(alice)).flying, true);
      assert.equal(last('playerstate.player-fly-toggle')?.enabled, true);
      declined(await ps.setFly(alice, true, REST), 'already-in-state');
      const off = value(await ps.setFly(alice, false, REST));
      assert.deepEqual([off.fly, off['flight-allowed'], off.flying], [false, false, false]);
    });

    it('changes the game mode (player-game-mode-change) and declines the mode held with already-in-state', async () => {
      const s = value(await ps.setGameMode(alice, 'creative', REST));
      assert.deepEqual([s['game-mode'], s['flight-allowed']], ['creative', true]);
      const e = last('playerstate.player-game-mode-change');
      assert.deepEqual([e?.['game-mode'], e?.['previous-game-mode']], ['creative', 'survival']);
      declined(await ps.setGameMode(alice, 'creative', REST), 'already-in-state');
      await assert.rejects(ps.setGameMode(alice, 'hardcore' as never, REST), invalid('mode'));
      value(await ps.setGameMode(alice, 'survival', REST));
      assert.equal(t.platform.abilities(alice)?.allowFlight, false);
    });

    it('keeps god and fly through a game mode change (the game resets them)', async () => {
      value(await ps.setGod(alice, true, REST));
      value(await ps.setFly(alice, true, REST));
      value(await ps.setGameMode(alice, 'creative', REST));
      value(await ps.setGameMode(alice, 'adventure', REST));
      assert.deepEqual(
        { ...t.platform.abilities(alice) },
        { allowFlight: true, flying: false, invulnerable: true, walkSpeed: 1, flySpeed: 1 },
      );
      value(await ps.setGameMode(alice, 'survival', REST));
      value(await ps.setGod(alice, false, REST));
      value(await ps.setFly(alice, false, REST));
    });
  });

  describe('speeds', () => {
    it('sets walk and fly speed multipliers (player-speed-change) and declines the one held', async () => {
      const s = value(await ps.setSpeed(alice, 'walk', 2.5, REST));
      assert.equal(s['walk-speed'], 2.5);
      assert.equal(t.platform.abilities(alice)?.walkSpeed, 2.5);
      const e = last('playerstate.player-speed-change');
      assert.deepEqual([e?.kind, e?.multiplier, e?.['previous-multiplier']], ['walk', 2.5, 1]);
      value(await ps.setSpeed(alice, 'fly', 0, REST));
      assert.equal(t.platform.abilities(alice)?.flySpeed, 0);
      declined(await ps.setSpeed(alice, 'fly', 0, REST), 'already-in-state');
    });

    it('refuses a multiplier outside 0 to 10 or not a number, naming multiplier', async () => {
      for (const bad of [-0.5, 10.01, Number.NaN, Number.POSITIVE_INFINITY]) {
        await assert.rejects(ps.setSpeed(alice, 'walk', bad, REST), invalid('multiplier'), String(bad));
      }
      await assert.rejects(ps.setSpeed(alice, 'run' as never, 2, REST), invalid('kind'));
      value(await ps.setSpeed(alice, 'walk', 10, REST));
    });
  });

  describe('across a rejoin and a restart', () => {
    it('applies god, fly and the speeds again when the player rejoins', async () => {
      const bob = (await t.join('Bob')).uuid;
      value(await ps.setGod(bob, true, REST));
      value(await ps.setFly(bob, true, REST));
      value(await ps.setSpeed(bob, 'fly', 3, REST));
      t.platform.quit(bob);
      assert.equal(ps.isGod(bob), false, 'forgotten while offline');
      await t.join('Bob');
      assert.deepEqual({ ...t.platform.abilities(bob) }, { allowFlight: true, flying: false, invulnerable: true, walkSpeed: 1, flySpeed: 3 });
      assert.equal(ps.isGod(bob), true);
    });

    it('keeps them across a restart; a player back at the defaults leaves no row', async () => {
      const carl = (await t.join('Carl')).uuid;
      value(await ps.setGod(carl, true, REST));
      value(await ps.setSpeed(carl, 'walk', 4, REST));
      await t.restart();
      ps = t.kernel.api.playerstate;
      await t.join('Carl');
      const s = value(await ps.state(carl));
      assert.deepEqual([s.god, s.fly, s['walk-speed'], s['fly-speed']], [true, false, 4, 1]);
      assert.equal(t.platform.abilities(carl)?.walkSpeed, 4);
      value(await ps.setGod(carl, false, REST));
      value(await ps.setSpeed(carl, 'walk', 1, REST));
      const rows = await PLAYERSTATE_TABLES.on(t.database.db).selectFrom('player_state').select('uuid').where('uuid', '=', carl).execute();
      assert.equal(rows.length, 0);
      await t.join('Alice');
    });
  });

  it('keeps the state on PostgreSQL as on SQLite', async (ctx) => {
    await withPostgres(ctx, 'playerstate', async (openDb) => {
      const k = await startTestKernel({ modules: [playerStateModule], openDb });
      try {
        const ann = (await k.join('Ann')).uuid;
        value(await k.kernel.api.playerstate.setGod(ann, true, REST));
        value(await k.kernel.api.playerstate.setSpeed(ann, 'walk', 0.25, REST));
        await k.restart();
        await k.join('Ann');
        const s = value(await k.kernel.api.playerstate.state(ann));
        assert.deepEqual([s.god, s['walk-speed']], [true, 0.25]);
      } finally {
        await k.close();
      }
    });
  });
});
