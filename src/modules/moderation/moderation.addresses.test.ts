import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CONSOLE } from '../../core/kernel/actor.ts';
import { startTestKernel, type TestKernel } from '../../../test/support/test-kernel.ts';
import { plain } from '../../../test/support/fake-platform.ts';
import { teleportModule } from '../teleport/index.ts';
import { moderationModule } from './index.ts';
import { NOTIFY_NODE, type ModerationService } from './moderation.service.ts';
import { normalizeAddress } from './moderation.addresses.ts';
import { value, declined, invalid } from '../../../test/support/results.ts';
import type { Players } from '../../core/players/players.ts';

describe('moderation (address bans and alts)', () => {
  let t: TestKernel;
  let mod: ModerationService;
  let alice: string;
  let staff: string;

  async function join(name: string, address: string) {
    const p = t.platform.join(name, { address });
    await (t.kernel.api.players as Players).idle();
    await t.settle(20);
    return p;
  }
  const leave = (uuid: string) => {
    if (t.platform.player(uuid)) t.platform.quit(uuid);
  };

  before(async () => {
    t = await startTestKernel({ modules: [teleportModule, moderationModule] });
    mod = t.kernel.api.moderation;
    staff = (await join('Staff', '10.9.9.9'))!.uuid;
    value(await t.kernel.api.permissions.grant(staff, NOTIFY_NODE, CONSOLE));
    alice = (await join('Alice', '10.0.0.1'))!.uuid;
  });
  after(() => t.close());
  beforeEach(() => t.platform.clearMessages());

  it('writes an address one way: IPv4-mapped IPv6 as IPv4, IPv6 in lower case', () => {
    assert.equal(normalizeAddress('::ffff:10.0.0.1'), '10.0.0.1');
    assert.equal(normalizeAddress('2001:DB8::1'), '2001:db8::1');
  });

  describe('alt detection', () => {
    it('a join from an address another account was seen from emits alt-detected and tells staff holding the notify node', async () => {
      const before = t.emittedNamed('moderation.alt-detected').length;
      const carol = (await join('Carol', '10.0.0.1'))!.uuid;
      const e = t.emittedNamed('moderation.alt-detected');
      assert.equal(e.length, before + 1);
      assert.deepEqual(e.at(-1)!.data.alts, [{ 'player-id': alice, 'player-name': 'Alice' }]);
      assert.equal(e.at(-1)!.data['player-id'], carol);
      assert.ok(t.platform.messagesOf(staff).includes('Carol joined from an address also used by: Alice. (/alts Carol)'));
      assert.deepEqual(t.platform.messagesOf(alice).filter((l) => l.includes('also used by')), []);
    });

    it('a join from an address nobody else used emits nothing', async () => {
      const before = t.emittedNamed('moderation.alt-detected').length;
      await join('Dave', '10.0.0.4');
      assert.equal(t.emittedNamed('moderation.alt-detected').length, before);
    });

    it('alts lists the addresses of a player and the other accounts seen from them', async () => {
      const carol = t.platform.playerByName('Carol')!.uuid;
      leave(carol);
      await join('Carol', '10.0.0.7');
      const a = value(await mod.alts(carol));
      assert.deepEqual(a.addresses.sort(), ['10.0.0.1', '10.0.0.7']);
      assert.deepEqual(a.alts, [{ 'player-id': alice, 'player-name': 'Alice', addresses: ['10.0.0.1'] }]);
      assert.deepEqual(value(await mod.alts(t.platform.playerByName('Dave')!.uuid)).alts, []);
      declined(await mod.alts('00000000-0000-0000-0000-0000000000ab'), 'not-found');
    });
  });

  describe('address bans', () => {
    it('banIp by address kicks everyone online from it, refuses any account joining from it, and emits ip-ban with the accounts seen there', async () => {
      const b = value(await mod.banIp('10.0.0.1', { reason: 'ban evasion' }, CONSOLE));
      assert.equal(b.address, '10.0.0.1');
      assert.deepEqual(b.players.map((p) => p['player-name']).sort(), ['Alice', 'Carol']);
      assert.equal(t.platform.player(alice), undefined);
      assert.match(plain(t.platform.kicks.at(-1)!.reason), /Your address is banned.*Reason: ban evasion/s);
      assert.equal(await join('Newbie', '10.0.0.1'), undefined);
      assert.match(plain(t.platform.refusedLogins.at(-1)!.reason), /Your address is banned/);
      assert.ok(await join('Alice', '10.0.0.50'));
      const e = t.emittedNamed('moderation.ip-ban').at(-1)!;
      assert.equal(e.data.address, '10.0.0.1');
      assert.equal(e.data.silent, false);
      // The address is never shown to everyone; staff read it.
      assert.ok(!t.platform.broadcasts.map(plain).some((l) => l.includes('10.0.0.1')));
      assert.ok(t.platform.broadcasts.map(plain).includes('An address was banned by console permanently: ban evasion'));
      assert.ok(t.platform.messagesOf(staff).includes('The address banned is 10.0.0.1.'));
      declined(await mod.banIp('10.0.0.1', {}, CONSOLE), 'already-in-state');
    });

    it('unbanIp lifts it: accounts from the address may join again; a second unbanIp is already-in-state', async () => {
      value(await mod.unbanIp('10.0.0.1', {}, CONSOLE));
      assert.ok(await join('Newbie', '10.0.0.1'));
      declined(await mod.unbanIp('10.0.0.1', {}, CONSOLE), 'already-in-state');
    });

    it('banIp by player uuid bans the address they are on, names them in the announcement, audits it on them; temporary ones expire', async () => {
      const dave = t.platform.playerByName('Dave')!.uuid;
      const b = value(await mod.banIp(dave, { 'duration-seconds': 60, silent: true }, CONSOLE));
      assert.equal(b.address, '10.0.0.4');
      assert.deepEqual(t.platform.broadcasts, []);
      assert.ok(t.platform.messagesOf(staff).includes('[silent] Dave (by address) was banned by console for 1 minute'));
      assert.equal((await t.kernel.api.audit.history(dave, 1))[0]?.action, 'moderation.ip-ban');
      assert.equal(await join('Dave', '10.0.0.4'), undefined);
      await t.clock.advance(60);
      assert.ok(await join('Dave', '10.0.0.4'));
    });

    it('banIp by an offline player uses the address they joined from last; a target that is neither is refused', async () => {
      const dave = t.platform.playerByName('Dave')!.uuid;
      leave(dave);
      assert.equal(value(await mod.banIp(dave, {}, CONSOLE)).address, '10.0.0.4');
      assert.equal(value(await mod.unbanIp(dave, {}, CONSOLE)).address, '10.0.0.4');
      await assert.rejects(mod.banIp('not-an-address', {}, CONSOLE), invalid('target'));
      declined(await mod.banIp('00000000-0000-0000-0000-0000000000ab', {}, CONSOLE), 'not-found');
    });

    it('an address ban is still in force after a restart', async () => {
      value(await mod.banIp('10.0.0.66', { reason: 'kept' }, CONSOLE));
      await t.restart();
      mod = t.kernel.api.moderation;
      assert.equal(await join('Eve', '10.0.0.66'), undefined);
      assert.match(plain(t.platform.refusedLogins.at(-1)!.reason), /Reason: kept/);
    });
  });
});
