import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CONSOLE } from '../../core/kernel/actor.ts';
import { startTestKernel } from '../../../test/support/test-kernel.ts';
import { withPostgres } from '../../../test/support/postgres.ts';
import { value, declined } from '../../../test/support/results.ts';
import type { Players } from '../../core/players/players.ts';
import { teleportModule } from '../teleport/index.ts';
import { moderationModule } from './index.ts';

describe('moderation on PostgreSQL', () => {
  it('migrates; bans, mutes, warns, bans an address, remembers addresses; keeps them across a restart; lifts them', (ctx) =>
    withPostgres(ctx, 'moderation', async (openDb) => {
      const k = await startTestKernel({ modules: [teleportModule, moderationModule], openDb });
      const join = async (name: string, address: string) => {
        const p = k.platform.join(name, { address });
        await (k.kernel.api.players as Players).idle();
        for (let i = 0; i < 20; i++) await new Promise((r) => setImmediate(r));
        return p;
      };
      try {
        const ann = (await join('Ann', '10.0.0.1'))!.uuid;
        const bob = (await join('Bob', '10.0.0.1'))!.uuid;
        let mod = k.kernel.api.moderation;
        value(await mod.ban(ann, { reason: 'r', 'duration-seconds': 3600 }, CONSOLE));
        value(await mod.mute(bob, { reason: 'm' }, CONSOLE));
        value(await mod.warn(bob, { reason: 'w1' }, CONSOLE));
        assert.equal(value(await mod.warn(bob, { reason: 'w2' }, CONSOLE)).warnings, 2);
        value(await mod.banIp('10.0.0.9', {}, CONSOLE));
        assert.deepEqual(value(await mod.alts(bob)).alts.map((a) => a['player-name']), ['Ann']);
        await k.restart();
        mod = k.kernel.api.moderation;
        const s = value(await mod.sanctions(bob));
        assert.deepEqual([s.mute?.reason, s.warnings?.map((w) => w.reason)], ['m', ['w1', 'w2']]);
        assert.equal(value(await mod.sanctions(ann)).ban?.['duration-seconds'], 3600);
        assert.equal(await join('Ann', '10.0.0.1'), undefined);
        assert.equal(await join('Eve', '10.0.0.9'), undefined);
        value(await mod.unban(ann, {}, CONSOLE));
        value(await mod.unmute(bob, {}, CONSOLE));
        value(await mod.unbanIp('10.0.0.9', {}, CONSOLE));
        declined(await mod.unban(ann, {}, CONSOLE), 'already-in-state');
        assert.ok(await join('Eve', '10.0.0.9'));
        assert.equal(value(await mod.history(ann, 2)).entries[0]?.action, 'moderation.unban');
      } finally {
        await k.close();
      }
    }));
});
