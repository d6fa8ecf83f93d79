import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join as joinPath } from 'node:path';
import { CONSOLE } from '../../core/kernel/actor.ts';
import { defineModule } from '../../core/kernel/module.ts';
import { startTestKernel, type TestKernel } from '../../../test/support/test-kernel.ts';
import { plain } from '../../../test/support/fake-platform.ts';
import { teleportModule } from '../teleport/index.ts';
import { moderationModule } from './index.ts';
import { MODERATION_NODES } from './moderation.commands.ts';
import type { ModerationService } from './moderation.service.ts';
import { value } from '../../../test/support/results.ts';

/** A stand-in for the private messages of a later module: /msg (alias /tell) and /wave. */
const chatty = defineModule({
  name: 'chatty',
  dependsOn: [],
  migrations: [],
  createService: () => ({}),
  commands: () => [
    { name: 'msg', aliases: ['tell'], permission: null, description: 'Messages.', usage: 'msg <text>', run: (c) => c.reply('Message sent.') },
    { name: 'wave', permission: null, description: 'Waves.', usage: 'wave', run: (c) => c.reply('You wave.') },
    { name: 'whisper', permission: null, description: 'Whispers.', usage: 'whisper', run: (c) => c.reply('Whispered.') },
  ],
});

describe('moderation commands', () => {
  let t: TestKernel;
  let mod: ModerationService;
  let mo: string;
  let bob: string;
  let carl: string;

  const said = (uuid: string) => t.platform.messagesOf(uuid);
  const last = (uuid: string) => said(uuid).at(-1) ?? '';
  const run = (uuid: string, line: string) => t.platform.run(uuid, line);

  before(async () => {
    t = await startTestKernel({
      modules: [teleportModule, moderationModule, chatty],
      // The blocked list of moderation.conf, with /tell named by its alias only.
      beforeStart: (dir) => writeFileSync(joinPath(dir, 'moderation.conf'), 'mute-blocked-commands = ["tell", "whisper"]\n'),
    });
    mod = t.kernel.api.moderation;
    mo = (await t.join('Mo')).uuid;
    bob = (await t.join('Bob')).uuid;
    carl = (await t.join('Carl')).uuid;
    for (const node of Object.values(MODERATION_NODES)) value(await t.kernel.api.permissions.grant(mo, node, CONSOLE));
  });
  after(() => t.close());
  beforeEach(() => t.platform.clearMessages());

  it('refuses a player without the node, naming it', async () => {
    await run(carl, 'ban Bob');
    assert.match(last(carl), /You do not have permission \(core\.moderation\.ban\)/);
    assert.equal(mod.banOf(bob), null);
  });

  it('/tempban with a duration and -s: banned for that time, silently, the reason without the flag', async () => {
    await run(mo, 'tempban Bob 1d2h30m -s griefing at spawn');
    assert.match(last(mo), /^Banned Bob for 1 day 2 hours 30 minutes \(until .* UTC\): griefing at spawn \(silently\)\.$/);
    const ban = mod.banOf(bob);
    assert.equal(ban?.['duration-seconds'], 95_400);
    assert.equal(ban?.reason, 'griefing at spawn');
    assert.equal(ban?.actor, 'Mo');
    assert.deepEqual(t.platform.broadcasts, []);
    assert.equal(t.platform.player(bob), undefined);
  });

  it('/tempban with a bad duration says what a duration is', async () => {
    await run(mo, 'tempban Carl soon griefing');
    assert.match(last(mo), /"soon" is not a duration: write e\.g\. 90s/);
    assert.equal(mod.banOf(carl), null);
  });

  it('/unban, then /ban announces to everyone; /ban again says already banned', async () => {
    await run(mo, 'unban Bob');
    assert.equal(last(mo), 'Unbanned Bob.');
    await run(mo, 'ban Bob spamming');
    assert.equal(last(mo), 'Banned Bob permanently: spamming.');
    assert.ok(said(carl).includes('Bob was banned by Mo permanently: spamming'));
    await run(mo, 'ban Bob again');
    assert.match(last(mo), /Bob is already banned permanently; lift it first/);
    await run(mo, 'unban Bob -s');
    assert.equal(last(mo), 'Unbanned Bob (silently).');
    await t.join('Bob');
  });

  it('/sanctions (alias /checkban) shows ban, mute, jail and warnings', async () => {
    await run(mo, 'checkban Bob');
    assert.deepEqual(said(mo).slice(-3), ['Bob: not banned; not muted.', 'Not jailed.', 'Warnings: 0.']);
  });

  it('/mute and /tempmute: the muted player cannot chat nor run a blocked command (an alias in the list blocks the command), other commands run', async () => {
    await run(mo, 'tempmute Bob 30m flooding');
    assert.match(last(mo), /^Muted Bob for 30 minutes \(until .*\): flooding\.$/);
    assert.equal(t.platform.chat(bob, 'hi'), false);
    assert.match(last(bob), /You are muted until .*: your message was not sent\. Reason: flooding\./);
    await run(bob, 'msg Carl hi');
    assert.match(last(bob), /You are muted until .*: \/msg is blocked\. Reason: flooding\./);
    await run(bob, 'tell Carl hi');
    assert.match(last(bob), /\/msg is blocked/);
    await run(bob, 'whisper Carl hi');
    assert.match(last(bob), /\/whisper is blocked/);
    await run(bob, 'wave');
    assert.equal(last(bob), 'You wave.');
    await run(mo, 'mute Bob');
    assert.match(last(mo), /Bob is already muted until/);
    await run(mo, 'unmute Bob');
    assert.equal(last(mo), 'Unmuted Bob.');
    await run(bob, 'msg Carl hi');
    assert.equal(last(bob), 'Message sent.');
    await run(mo, 'mute Bob -s');
    assert.equal(last(mo), 'Muted Bob permanently (silently).');
    await run(mo, 'unmute Bob -s');
  });

  it('/warn needs a reason; /warnings shows one’s own to a player and another’s to staff only', async () => {
    await run(mo, 'warn Bob -s');
    assert.equal(last(mo), 'A warning needs a reason: /warn <player> <reason> [-s]');
    await run(mo, 'warn Bob no caps please');
    assert.equal(last(mo), 'Warned Bob: no caps please (warning 1).');
    assert.equal(last(bob), 'You have been warned by Mo: no caps please (warning 1).');
    await run(bob, 'warnings');
    assert.equal(said(bob).at(-2), 'You have 1 warning:');
    assert.match(last(bob), /^#\d+ .* UTC by Mo: no caps please$/);
    await run(carl, 'warnings Bob');
    assert.match(last(carl), /You do not have permission \(core\.moderation\.warnings\.others\)/);
    await run(mo, 'warnings Bob');
    assert.match(said(mo).at(-2)!, /^Bob has 1 warning:$/);
    await run(carl, 'warnings');
    assert.equal(last(carl), 'You have 0 warnings.');
  });

  it('/history lists the actions on a player, newest first, with the limit', async () => {
    await run(mo, 'history Bob 2');
    assert.equal(said(mo).at(-3), 'History of Bob (newest first, 2 shown):');
    assert.match(said(mo).at(-2)!, /moderation\.warn by Mo: no caps please$/);
    assert.match(last(mo), /moderation\.unmute by Mo$/);
    await run(mo, 'history Bob 0');
    assert.match(last(mo), /"0" is not a valid limit/);
  });

  it('/kick kicks with the reason; an offline player is declined', async () => {
    await run(mo, 'kick Bob go away');
    assert.equal(last(mo), 'Kicked Bob: go away.');
    assert.match(plain(t.platform.kicks.at(-1)!.reason), /Reason: go away/);
    await run(mo, 'kick Bob');
    assert.equal(last(mo), 'Bob is not online.');
    await t.join('Bob');
  });

  it('/alts lists the accounts seen from the same addresses', async () => {
    await run(mo, 'alts Carl');
    assert.match(last(mo), /^Alts of Carl: .*Bob \[127\.0\.0\.1\]/);
  });

  it('/banip with a player, a duration and a reason; /unbanip by address; a bad target is explained', async () => {
    // Everyone here joined from 127.0.0.1: the console bans it, and every one of them is kicked.
    await run('console', 'banip Carl 2h alt of a griefer');
    assert.match(t.platform.consoleText().at(-1)!, /^Banned the address 127\.0\.0\.1 for 2 hours \(until .*\): alt of a griefer\. Accounts seen from it: (Mo|Bob|Carl)/);
    assert.equal(t.platform.player(carl), undefined);
    assert.equal(t.platform.player(mo), undefined);
    await run('console', 'unbanip 127.0.0.1');
    assert.equal(t.platform.consoleText().at(-1), 'Unbanned the address 127.0.0.1.');
    await run('console', 'banip nobody-here');
    assert.match(t.platform.consoleText().at(-1)!, /"nobody-here" is neither an IP address nor a player/);
  });
});
