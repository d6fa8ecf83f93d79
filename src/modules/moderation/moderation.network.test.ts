// Two servers on one PostgreSQL database (two kernels, two pools): a ban, mute or address ban made
// on one applies on the other at once: the player is kicked there with the reason, refused at the
// next join there, kept from chatting there; lifted, it is lifted there too.

import { describe, it, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { CONSOLE } from '../../core/kernel/actor.ts';
import { startTestKernel, type TestKernel } from '../../../test/support/test-kernel.ts';
import { withPostgres } from '../../../test/support/postgres.ts';
import { value } from '../../../test/support/results.ts';
import { within } from '../../../test/support/within.ts';
import { plain } from '../../../test/support/fake/values.ts';
import { teleportModule } from '../teleport/index.ts';
import { moderationModule } from './index.ts';

/** Two kernels on one PostgreSQL schema, as two servers of a network (lobby and survival), closed afterwards. */
function twoServers(ctx: TestContext, name: string, run: (lobby: TestKernel, survival: TestKernel) => Promise<void>): Promise<void> {
  return withPostgres(ctx, name, async (openDb) => {
    const kernels: TestKernel[] = [];
    try {
      kernels.push(await startTestKernel({ modules: [teleportModule, moderationModule], openDb, serverName: 'lobby' }));
      kernels.push(await startTestKernel({ modules: [teleportModule, moderationModule], openDb, serverName: 'survival' }));
      await run(kernels[0]!, kernels[1]!);
    } finally {
      for (const k of kernels) await k.close();
    }
  });
}

describe('moderation across servers sharing PostgreSQL', () => {
  it('a ban on the lobby kicks the player from the survival server with the reason and refuses their next join there; unbanned, they join', (ctx) =>
    twoServers(ctx, 'mod_net', async (lobby, survival) => {
      const ann = (await lobby.join('Ann')).uuid;
      lobby.platform.quit(ann);
      await survival.join('Ann');

      value(await lobby.kernel.api.moderation.ban(ann, { reason: 'griefing' }, CONSOLE));
      await within(1000, () => survival.platform.kicks.length === 1, 'the survival server kicks Ann');
      assert.match(plain(survival.platform.kicks[0]!.reason), /griefing/);
      assert.equal(survival.platform.join('Ann'), undefined, 'her next join on the survival server is refused');
      assert.match(plain(survival.platform.refusedLogins[0]!.reason), /griefing/);
      assert.equal(survival.kernel.api.moderation.banOf(ann)?.reason, 'griefing');

      value(await survival.kernel.api.moderation.unban(ann, {}, CONSOLE));
      await within(1000, () => lobby.kernel.api.moderation.banOf(ann) === null, 'the lobby lifts the ban');
      assert.ok(lobby.platform.join('Ann'), 'she joins the lobby again');
    }));

  it('a mute on one server keeps the player from chatting on the other, and tells them; an address ban kicks from the address there', (ctx) =>
    twoServers(ctx, 'mod_net2', async (lobby, survival) => {
      const bob = (await survival.join('Bob')).uuid;
      await lobby.join('Bob');
      lobby.platform.quit(bob);

      value(await lobby.kernel.api.moderation.mute(bob, { reason: 'spam' }, CONSOLE));
      await within(1000, () => survival.kernel.api.moderation.muteOf(bob) !== null, 'the survival server holds the mute');
      assert.equal(survival.platform.chat(bob, 'hello'), false, 'his chat is cancelled');
      assert.ok(survival.platform.messagesOf(bob).some((m) => /muted/i.test(m)), 'he is told he is muted');

      value(await lobby.kernel.api.moderation.banIp('127.0.0.1', { reason: 'alts' }, CONSOLE));
      await within(1000, () => survival.platform.kicks.some((k) => k.uuid === bob), 'the survival server kicks Bob (same address)');
      assert.equal(survival.platform.join('Cid'), undefined, 'a new account from the address is refused there');
    }));
});
