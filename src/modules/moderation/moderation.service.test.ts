import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CONSOLE, type Actor } from '../../core/kernel/actor.ts';
import { startTestKernel, type TestKernel } from '../../../test/support/test-kernel.ts';
import { plain } from '../../../test/support/fake-platform.ts';
import { teleportModule } from '../teleport/index.ts';
import { moderationModule } from './index.ts';
import { NOTIFY_NODE, type ModerationService } from './moderation.service.ts';
import { value, declined, invalid } from '../../../test/support/results.ts';
import type { Players } from '../../core/players/players.ts';

const REST: Actor = { kind: 'rest', label: 'panel' };
const UNKNOWN = '00000000-0000-0000-0000-0000000000ab';

describe('moderation (bans, mutes, kicks, warnings, history)', () => {
  let t: TestKernel;
  let mod: ModerationService;
  let alice: string;
  let bob: string;
  let staff: string;

  /** A player joins (once known, a refused join answers undefined). */
  async function join(name: string, address = '10.0.0.1') {
    const p = t.platform.join(name, { address });
    await (t.kernel.api.players as Players).idle();
    await t.settle(20);
    return p;
  }
  const online = (uuid: string) => t.platform.player(uuid) !== undefined;
  const leave = (uuid: string) => {
    if (online(uuid)) t.platform.quit(uuid);
  };
  const kickText = (uuid: string) => plain(t.platform.kicks.filter((k) => k.uuid === uuid).at(-1)?.reason ?? '');
  const refusal = (name: string) => plain(t.platform.refusedLogins.filter((k) => k.name === name).at(-1)?.reason ?? '');

  before(async () => {
    t = await startTestKernel({ modules: [teleportModule, moderationModule] });
    mod = t.kernel.api.moderation;
    alice = (await join('Alice', '10.0.0.1'))!.uuid;
    bob = (await join('Bob', '10.0.0.2'))!.uuid;
    staff = (await join('Staff', '10.0.0.3'))!.uuid;
    value(await t.kernel.api.permissions.grant(staff, NOTIFY_NODE, CONSOLE));
  });
  after(() => t.close());
  beforeEach(() => t.platform.clearMessages());

  describe('moderation.sanctions', () => {
    it('answers every field null for a player with no sanction', async () => {
      assert.deepEqual(value(await mod.sanctions(alice)), { ban: null, mute: null, jail: null, warnings: null });
    });

    it('declines with not-found for a player the server has never seen, and refuses a malformed uuid', async () => {
      declined(await mod.sanctions(UNKNOWN), 'not-found');
      await assert.rejects(mod.sanctions('nope'), invalid('uuid'));
    });
  });

  describe('moderation.ban', () => {
    it('bans permanently: kicks the online player with the reason and "never", announces it, audits it, emits player-tempban with nulls', async () => {
      const b = value(await mod.ban(bob, { reason: 'griefing' }, REST));
      assert.deepEqual(b, { reason: 'griefing', actor: 'core-rest/panel', 'issued-at': t.clock.now().toISOString(), 'duration-seconds': null, 'expires-at': null });
      assert.equal(online(bob), false);
      assert.match(kickText(bob), /banned.*\n\nReason: griefing\nExpires: never \(permanent ban\)/s);
      assert.ok(t.platform.broadcasts.map(plain).includes('Bob was banned by core-rest/panel permanently: griefing'));
      const [e] = t.emittedNamed('moderation.player-tempban').slice(-1);
      assert.deepEqual(e?.data, {
        'player-id': bob,
        'player-name': 'Bob',
        actor: 'core-rest/panel',
        reason: 'griefing',
        'duration-seconds': null,
        'expires-at': null,
        silent: false,
        'occurred-at': t.clock.now().toISOString(),
      });
      const [last] = await t.kernel.api.audit.history(bob, 1);
      assert.equal(last?.action, 'moderation.ban');
      assert.equal(last?.actor, 'core-rest/panel');
      assert.deepEqual(value(await mod.sanctions(bob)).ban, b);
    });

    it('refuses the banned player at the login gate with the reason', async () => {
      assert.equal(await join('Bob', '10.0.0.2'), undefined);
      assert.match(refusal('Bob'), /Reason: griefing/);
    });

    it('declines a second ban with already-in-state and leaves the first in force', async () => {
      declined(await mod.ban(bob, { reason: 'again', 'duration-seconds': 60 }, REST), 'already-in-state');
      assert.equal(value(await mod.sanctions(bob)).ban?.reason, 'griefing');
    });

    it('unban lifts it (answering the lifted ban), announces it, and the player may join again; a second unban is already-in-state', async () => {
      const lifted = value(await mod.unban(bob, {}, CONSOLE));
      assert.equal(lifted.reason, 'griefing');
      assert.ok(t.platform.broadcasts.map(plain).includes('Bob was unbanned by console.'));
      declined(await mod.unban(bob, {}, CONSOLE), 'already-in-state');
      assert.equal(value(await mod.sanctions(bob)).ban, null);
      assert.ok(await join('Bob', '10.0.0.2'));
      assert.equal((await t.kernel.api.audit.history(bob, 1))[0]?.action, 'moderation.unban');
    });

    it('a temporary ban shows its expiry, ends by itself at it (the player may join), and emits duration and expiry', async () => {
      const b = value(await mod.ban(bob, { reason: 'cool off', 'duration-seconds': 3600 }, CONSOLE));
      assert.equal(b['duration-seconds'], 3600);
      assert.equal(b['expires-at'], new Date(t.clock.now().getTime() + 3600_000).toISOString());
      assert.match(kickText(bob), /Expires: \d{4}-\d\d-\d\d \d\d:\d\d UTC \(in 1 hour\)/);
      const e = t.emittedNamed('moderation.player-tempban').at(-1)!;
      assert.equal(e.data['duration-seconds'], 3600);
      assert.equal(e.data['expires-at'], b['expires-at']);
      assert.ok(t.platform.broadcasts.map(plain).includes('Bob was banned by console for 1 hour: cool off'));
      await t.clock.advance(1800);
      assert.equal(await join('Bob', '10.0.0.2'), undefined);
      assert.match(refusal('Bob'), /in 30 minutes/);
      await t.clock.advance(1800);
      assert.equal(value(await mod.sanctions(bob)).ban, null);
      assert.ok(await join('Bob', '10.0.0.2'));
    });

    it('silent: no server-wide announcement; staff with the notify node read it; the player is still kicked with the reason; audited as silent', async () => {
      value(await mod.ban(bob, { reason: 'quiet one', silent: true }, CONSOLE));
      assert.deepEqual(t.platform.broadcasts, []);
      assert.ok(t.platform.messagesOf(staff).includes('[silent] Bob was banned by console permanently: quiet one'));
      assert.deepEqual(t.platform.messagesOf(alice), []);
      assert.match(kickText(bob), /Reason: quiet one/);
      assert.equal(t.emittedNamed('moderation.player-tempban').at(-1)?.data.silent, true);
      assert.equal((await t.kernel.api.audit.history(bob, 1))[0]?.details.silent, true);
      value(await mod.unban(bob, { silent: true }, CONSOLE));
      assert.deepEqual(t.platform.broadcasts, []);
    });

    it('refuses a reason over 256 characters and a duration out of range, naming the field', async () => {
      await assert.rejects(mod.ban(alice, { reason: 'x'.repeat(257) }, REST), invalid('reason'));
      await assert.rejects(mod.ban(alice, { 'duration-seconds': 0 }, REST), invalid('duration-seconds'));
      await assert.rejects(mod.ban(alice, { 'duration-seconds': 1.5 }, REST), invalid('duration-seconds'));
      await assert.rejects(mod.ban(alice, { 'duration-seconds': 315_360_001 }, REST), invalid('duration-seconds'));
      declined(await mod.ban(UNKNOWN, {}, REST), 'not-found');
      assert.equal(value(await mod.sanctions(alice)).ban, null);
    });

    it('a ban of an offline player applies at their next join', async () => {
      leave(alice);
      value(await mod.ban(alice, {}, CONSOLE));
      assert.equal(await join('Alice', '10.0.0.1'), undefined);
      assert.match(refusal('Alice'), /Reason: none given/);
      value(await mod.unban(alice, {}, CONSOLE));
      assert.ok(await join('Alice', '10.0.0.1'));
    });
  });

  describe('moderation.mute', () => {
    it('mutes: the player is told why and until when, the chat is blocked with the reason, player-mute emitted', async () => {
      if (!online(bob)) await join('Bob', '10.0.0.2');
      t.platform.clearMessages();
      const m = value(await mod.mute(bob, { reason: 'spam', 'duration-seconds': 600 }, REST));
      assert.equal(m['duration-seconds'], 600);
      assert.ok(t.platform.messagesOf(bob).some((l) => /You have been muted by core-rest\/panel for 10 minutes \(until .* UTC\)\. Reason: spam\./.test(l)));
      assert.ok(t.platform.broadcasts.map(plain).includes('Bob was muted by core-rest/panel for 10 minutes: spam'));
      assert.equal(t.platform.chat(bob, 'hello'), false);
      assert.match(t.platform.messagesOf(bob).at(-1)!, /You are muted until .* UTC: your message was not sent\. Reason: spam\./);
      assert.equal(t.platform.chat(alice, 'hello'), true);
      assert.equal(t.emittedNamed('moderation.player-mute').at(-1)?.data.reason, 'spam');
      declined(await mod.mute(bob, {}, REST), 'already-in-state');
      assert.equal(value(await mod.sanctions(bob)).mute?.reason, 'spam');
    });

    it('a temporary mute expires by itself: unmute with cause expired, the player told, chat open again', async () => {
      await t.clock.advance(600);
      const e = t.emittedNamed('moderation.player-unmute').at(-1)!;
      assert.deepEqual(e.data, { 'player-id': bob, 'player-name': 'Bob', actor: null, cause: 'expired', 'occurred-at': t.clock.now().toISOString() });
      assert.ok(t.platform.messagesOf(bob).includes('Your mute has expired: you may chat again.'));
      assert.equal(t.platform.chat(bob, 'back'), true);
      assert.equal(value(await mod.sanctions(bob)).mute, null);
    });

    it('unmute lifts a permanent mute (cause lifted, with the actor); unmute of a player not muted is already-in-state', async () => {
      value(await mod.mute(bob, { silent: true }, CONSOLE));
      assert.deepEqual(t.platform.broadcasts, []);
      assert.ok(t.platform.messagesOf(bob).some((l) => l.startsWith('You have been muted by console permanently')));
      const m = value(await mod.unmute(bob, {}, REST));
      assert.equal(m['expires-at'], null);
      assert.deepEqual(
        { actor: t.emittedNamed('moderation.player-unmute').at(-1)?.data.actor, cause: t.emittedNamed('moderation.player-unmute').at(-1)?.data.cause },
        { actor: 'core-rest/panel', cause: 'lifted' },
      );
      assert.ok(t.platform.messagesOf(bob).includes('You are no longer muted: you may chat again.'));
      declined(await mod.unmute(bob, {}, REST), 'already-in-state');
      assert.equal(t.platform.chat(bob, 'free'), true);
    });

    it('muteOf and banOf answer what is in force, synchronously, for the other modules', async () => {
      assert.equal(mod.muteOf(bob), null);
      value(await mod.mute(bob, { reason: 'r' }, CONSOLE));
      assert.equal(mod.muteOf(bob)?.reason, 'r');
      value(await mod.unmute(bob, {}, CONSOLE));
      assert.equal(mod.banOf(bob), null);
    });
  });

  describe('moderation.kick', () => {
    it('kicks an online player with the reason, announces it (not when silent) and audits it', async () => {
      const k = value(await mod.kick(bob, { reason: 'afk' }, REST));
      assert.deepEqual(k, { reason: 'afk', actor: 'core-rest/panel', 'kicked-at': t.clock.now().toISOString() });
      assert.equal(online(bob), false);
      assert.match(kickText(bob), /kicked.*Reason: afk\nKicked by: core-rest\/panel/s);
      assert.ok(t.platform.broadcasts.map(plain).includes('Bob was kicked by core-rest/panel: afk'));
      assert.equal((await t.kernel.api.audit.history(bob, 1))[0]?.action, 'moderation.kick');
      await join('Bob', '10.0.0.2');
      t.platform.clearMessages();
      value(await mod.kick(bob, { silent: true }, REST));
      assert.deepEqual(t.platform.broadcasts, []);
      assert.match(kickText(bob), /Reason: none given/);
    });

    it('declines with player-offline for a player not online', async () => {
      declined(await mod.kick(bob, {}, REST), 'player-offline');
      await join('Bob', '10.0.0.2');
    });
  });

  describe('moderation.warn', () => {
    it('warns with the reason: the player is told, counted, announced, emitted; the sanctions list them oldest first', async () => {
      const w1 = value(await mod.warn(bob, { reason: 'language' }, REST));
      assert.equal(w1.warnings, 1);
      assert.deepEqual(w1.warning, { id: w1.warning.id, reason: 'language', actor: 'core-rest/panel', 'issued-at': t.clock.now().toISOString() });
      assert.ok(t.platform.messagesOf(bob).includes('You have been warned by core-rest/panel: language (warning 1).'));
      assert.ok(t.platform.broadcasts.map(plain).includes('Bob was warned by core-rest/panel: language'));
      t.platform.clearMessages();
      const w2 = value(await mod.warn(bob, { reason: 'spam', silent: true }, CONSOLE));
      assert.equal(w2.warnings, 2);
      assert.deepEqual(t.platform.broadcasts, []);
      assert.ok(t.platform.messagesOf(bob).includes('You have been warned by console: spam (warning 2).'));
      const e = t.emittedNamed('moderation.player-warn').at(-1)!;
      assert.deepEqual(e.data, { 'player-id': bob, 'player-name': 'Bob', actor: 'console', reason: 'spam', silent: true, warnings: 2, 'occurred-at': t.clock.now().toISOString() });
      assert.deepEqual(value(await mod.sanctions(bob)).warnings?.map((w) => w.reason), ['language', 'spam']);
    });

    it('refuses a warning without a reason, naming the field', async () => {
      await assert.rejects(mod.warn(bob, { reason: '  ' }, REST), invalid('reason'));
      declined(await mod.warn(UNKNOWN, { reason: 'x' }, REST), 'not-found');
    });
  });

  describe('moderation.history', () => {
    it('answers the audited actions on the player, newest first, with the limit', async () => {
      const all = value(await mod.history(bob, 100)).entries;
      assert.ok(all.length >= 10);
      assert.deepEqual(all.slice(0, 2).map((e) => [e.action, e.details.reason]), [['moderation.warn', 'spam'], ['moderation.warn', 'language']]);
      assert.ok(all.every((e, i) => i === 0 || e.id < all[i - 1]!.id));
      assert.equal(value(await mod.history(bob)).entries.length, 10);
      assert.equal(value(await mod.history(bob, 1)).entries.length, 1);
    });

    it('refuses a limit outside 1 to 100 and declines a never-seen player', async () => {
      await assert.rejects(mod.history(bob, 0), invalid('limit'));
      await assert.rejects(mod.history(bob, 101), invalid('limit'));
      declined(await mod.history(UNKNOWN), 'not-found');
    });
  });

  describe('after a restart', () => {
    it('a ban and a mute are still in force, and each still ends at its expiry (the mute with cause expired)', async () => {
      value(await mod.ban(alice, { reason: 'stays', 'duration-seconds': 7200 }, CONSOLE));
      value(await mod.mute(bob, { reason: 'short', 'duration-seconds': 60 }, CONSOLE));
      await t.restart();
      mod = t.kernel.api.moderation;
      assert.equal(value(await mod.sanctions(alice)).ban?.reason, 'stays');
      assert.equal(await join('Alice', '10.0.0.1'), undefined);
      assert.ok(await join('Bob', '10.0.0.2'));
      assert.equal(t.platform.chat(bob, 'still muted?'), false);
      const before = t.emittedNamed('moderation.player-unmute').length;
      await t.clock.advance(61);
      assert.equal(t.emittedNamed('moderation.player-unmute').length, before + 1);
      assert.equal(t.platform.chat(bob, 'free now'), true);
      await t.clock.advance(7200);
      assert.ok(await join('Alice', '10.0.0.1'));
      assert.equal(value(await mod.sanctions(alice)).ban, null);
    });
  });
});

describe('moderation (signs of a muted player)', () => {
  it('cancels a muted player’s sign edit (the sign stays blank) and tells them why; unmuted, the text is kept', async () => {
    const t = await startTestKernel({ modules: [teleportModule, moderationModule] });
    try {
      const mod = t.kernel.api.moderation;
      const bob = (await t.join('Bob')).uuid;
      const at = { x: 3, y: 64, z: 3 };
      t.platform.gameplay.setBlock(at, 'oak_sign');
      value(await mod.mute(bob, { reason: 'rude signs' }, CONSOLE));
      assert.equal(t.platform.gameplay.editSign(bob, at, ['bad', 'words', '', '']), 'cancelled');
      assert.deepEqual(t.platform.gameplay.signText(at), ['', '', '', '']);
      assert.match(t.platform.messagesOf(bob).at(-1)!, /You are muted permanently: what you wrote on the sign was not kept\. Reason: rude signs\./);
      value(await mod.unmute(bob, {}, CONSOLE));
      assert.equal(t.platform.gameplay.editSign(bob, at, ['hello', '', '', '']), 'written');
      assert.deepEqual(t.platform.gameplay.signText(at), ['hello', '', '', '']);
    } finally {
      await t.close();
    }
  });
});

describe('moderation.sanctions with a jail sentence', () => {
  it('answers the jail in force beside the ban, mute and warnings', async () => {
    const t = await startTestKernel({ modules: [teleportModule, moderationModule] });
    try {
      const mod = t.kernel.api.moderation;
      const bob = (await t.join('Bob')).uuid;
      value(await mod.defineJail('cell', { world: 'world', x: 5, y: 64, z: 5 }, CONSOLE));
      const j = value(await mod.jail(bob, { jail: 'cell', reason: 'spawn camping', durationSeconds: 600 }, CONSOLE));
      const s = value(await mod.sanctions(bob));
      assert.deepEqual(s.jail, j);
      assert.deepEqual([s.jail?.jail, s.jail?.reason, s.ban, s.mute, s.warnings], ['cell', 'spawn camping', null, null, null]);
    } finally {
      await t.close();
    }
  });
});

describe('moderation exemption', () => {
  it('a player holding core.moderation.exempt cannot be banned, muted, kicked or warned by a player; the console and routes still can', async () => {
    const t = await startTestKernel({ modules: [teleportModule, moderationModule] });
    try {
      const mod = t.kernel.api.moderation;
      const mo = await t.join('Mo');
      const boss = (await t.join('Boss')).uuid;
      value(await t.kernel.api.permissions.grant(boss, 'core.moderation.exempt', CONSOLE));
      const asMo: Actor = { kind: 'player', uuid: mo.uuid, name: 'Mo' };
      for (const r of [
        await mod.ban(boss, {}, asMo),
        await mod.mute(boss, {}, asMo),
        await mod.kick(boss, {}, asMo),
        await mod.warn(boss, { reason: 'x' }, asMo),
      ]) {
        declined(r, 'refused');
        assert.match(r.ok ? '' : r.message, /^Boss cannot be (banned|muted|kicked|warned) by a player \(core\.moderation\.exempt\)\.$/);
      }
      assert.deepEqual(value(await mod.sanctions(boss)), { ban: null, mute: null, jail: null, warnings: null });
      value(await mod.mute(boss, {}, REST));
      value(await mod.ban(boss, {}, CONSOLE));
    } finally {
      await t.close();
    }
  });
});
