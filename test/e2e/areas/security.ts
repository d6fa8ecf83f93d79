// Security factors against the real game (their routes, commands and events:
// src/modules/security/security.scene.test.ts), with a bot of the part's own, Secu, since it is held,
// kicked and locked out: it enrols a TOTP factor with /2fa setup and /2fa confirm, computing its
// codes itself (RFC 6238 below, on the real clock); a join from a device no longer trusted is held
// (its walk undone, its chat and commands refused) until /2fa <code>; wrong codes kick it and its
// joins are refused with the reason until the unlock route; the server's log shows /2fa without the
// code; Ben resets the factor with /2fa reset, and /2fa disable turns a new one off.

import { after, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { createBot, joinBot, kickReason, nextEvent, quit, recordMessages, waitFor, waitForMessage, type Bot } from '../support/bots.ts';
import type { AreaPart } from '../support/area-parts.ts';

const NAME = 'Secu';

/** The bot's own TOTP (RFC 6238, SHA-1, 30 s, 6 digits) from a base32 secret. */
function code(secretBase32: string, step: number): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const ch of secretBase32) bits += alphabet.indexOf(ch).toString(2).padStart(5, '0');
  const key = Buffer.from((bits.match(/.{8}/g) ?? []).map((b) => Number.parseInt(b, 2)));
  const msg = Buffer.alloc(8);
  msg.writeBigUInt64BE(BigInt(step));
  const mac = createHmac('sha1', key).update(msg).digest();
  const o = mac[19]! & 15;
  return String((mac.readUInt32BE(o) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}
const stepNow = () => Math.floor(Date.now() / 30_000);
const column = (bot: Bot) => `${Math.floor(bot.entity.position.x)},${Math.floor(bot.entity.position.z)}`;

/**
 * A fence on the bot's connection: two tab completions, the second asked once the first is
 * answered. Whatever the server did about a packet the bot sent before (a move it puts back) was
 * sent to the bot before the second answer.
 */
async function fence(bot: Bot): Promise<void> {
  await bot.tabComplete('/', false, false);
  await bot.tabComplete('/', false, false);
}

/**
 * Walks forward (no jump: a jump stays in the column) until the bot's client has it in another
 * block column, a quarter turn when stuck, then stops; whether it ever got there. The position
 * that took it there was sent to the server when the client said so ('move').
 */
async function walkForward(bot: Bot): Promise<boolean> {
  await waitFor(() => bot.entity.onGround, `${bot.username} to stand`);
  const start = column(bot);
  let left = false;
  const onMove = () => void (left ||= column(bot) !== start);
  bot.on('move', onMove);
  try {
    for (let turn = 0; turn < 4 && !left; turn++) {
      await bot.look(bot.entity.yaw + turn * (Math.PI / 2), 0, true);
      bot.setControlState('forward', true);
      await waitFor(() => left, 'the bot to step into the next column', 1500).catch(() => {});
      bot.clearControlStates();
    }
  } finally {
    bot.clearControlStates();
    bot.off('move', onMove);
  }
  return left;
}

export const securityPart: AreaPart = {
  name: 'security',
  config: { 'core/security.conf': 'attempts = 2\nlockout-seconds = 600\ntrusted-days = 30\n' },
  tests(scene) {
    let bot: Bot | undefined;
    let uuid = '';
    let secret = '';
    let used = 0;
    let benGranted = false;
    const security = (path = '') => `/players/${uuid}/security${path}`;
    const secu = (): Bot => {
      if (!bot) throw new Error(`${NAME} is not online`);
      return bot;
    };

    /**
     * A code of a step not used yet that the server takes whichever step it is in when the code
     * arrives (the step now or the next); waits for that window when it lies ahead.
     */
    async function nextCode(): Promise<string> {
      const step = Math.max(used + 1, stepNow());
      await waitFor(() => stepNow() + 1 >= step, `step ${step} to come within the window`, 35_000);
      used = step;
      return code(secret, step);
    }
    /** A code that is right for no step in the window. */
    function wrongCode(): string {
      const right = [-1, 0, 1, 2].map((d) => code(secret, stepNow() + d));
      return ['111111', '222222', '333333', '444444', '555555'].find((c) => !right.includes(c))!;
    }
    /** Secu joins again; `told` is a line it must read while joining (sent right at the join). */
    async function rejoin(told: RegExp): Promise<Bot> {
      if (bot) await quit(bot);
      const next = createBot(scene().rs.server.gamePort, NAME);
      const line = waitForMessage(next, told, 20_000);
      await nextEvent(next, 'spawn', 20_000);
      await line;
      bot = next;
      return next;
    }
    /** Sets up a new factor in game and turns it on; the secret shown. */
    async function enrol(): Promise<string> {
      const shown = waitForMessage(secu(), /Add this secret/);
      secu().chat('/2fa setup');
      secret = /: ([A-Z2-7]{32})$/.exec(await shown)![1]!;
      used = 0;
      const on = waitForMessage(secu(), /Two-factor authentication is on/);
      secu().chat(`/2fa confirm ${await nextCode()}`);
      await on;
      return secret;
    }

    after(async () => {
      if (bot) await quit(bot);
      if (benGranted) await scene().rs.console('perm revoke Ben core.security.reset', /Revoked core\.security\.reset from Ben/);
    });

    it('enrols in game: /2fa setup shows the bot a secret to copy and the otpauth link, /2fa confirm with its code turns it on', async () => {
      const { rs, reader } = scene();
      bot = await joinBot(rs.server.gamePort, NAME);
      uuid = bot.player.uuid;
      const raw: string[] = [];
      bot.on('message', (m: { json: unknown }) => void raw.push(JSON.stringify(m.json)));
      const shown = waitForMessage(bot, /Add this secret/);
      bot.chat('/2fa setup');
      secret = /: ([A-Z2-7]{32})$/.exec(await shown)![1]!;
      await waitFor(() => raw.some((j) => j.includes('otpauth://totp/')), 'the otpauth link');
      assert.ok(raw.some((j) => j.includes('copy_to_clipboard') && j.includes(secret)), 'the secret is copyable');
      const wrong = waitForMessage(bot, /not right/);
      bot.chat(`/2fa confirm ${wrongCode()}`);
      await wrong;
      const on = waitForMessage(bot, /Two-factor authentication is on/);
      bot.chat(`/2fa confirm ${await nextCode()}`);
      await on;
      const r = await rs.call('GET', security(), reader);
      assert.deepEqual([r.json.data.factors.length, r.json.data.factors[0].type, r.json.data['trusted-devices']], [1, 'totp', 1]);
    });

    it('holds the bot when it joins from a device no longer trusted: its walk is undone, its chat reaches nobody, its commands are refused', async () => {
      const { rs, writer, reader, ben } = scene();
      const f = await rs.call('POST', security('/force'), writer);
      assert.deepEqual([f.json.data.forgotten, f.json.data.security['trusted-devices']], [1, 0]);
      const held = await rejoin(/enter \/2fa <code>/);
      assert.equal((await rs.call('GET', security(), reader)).json.data['awaiting-verification'], true);

      await waitFor(() => held.entity.onGround, `${NAME} to stand`);
      const start = column(held);
      assert.ok(await walkForward(held), 'the bot tried to walk into another block');
      await waitFor(() => column(held) === start, `${NAME} to be put back`);

      const benLines = recordMessages(ben);
      const told = waitForMessage(held, /enter \/2fa <code>/);
      held.chat('held hello');
      await told;
      // Ben's connection: what the server sent him about the chat came before this answer.
      await ben.tabComplete('/', false, false);
      assert.deepEqual(
        benLines.filter((l) => l.includes('held hello')),
        [],
        'Ben reads nothing of a held player',
      );
      const refused = waitForMessage(held, /enter \/2fa <code>/);
      held.chat('/homes');
      await refused;
    });

    it('locks the bot out after wrong codes: kicked with the reason, its next join refused with it, until the unlock route', async () => {
      const { rs, writer, reader, events } = scene();
      const held = secu();
      const left = waitForMessage(held, /1 attempt left/);
      held.chat(`/2fa ${wrongCode()}`);
      await left;
      const fail = await events.next('security.verification-fail', (d) => d['player-id'] === uuid);
      assert.deepEqual([fail.data['failed-attempts'], fail.data['attempts-left']], [1, 1]);
      const kicked = kickReason(held);
      held.chat(`/2fa ${wrongCode()}`);
      assert.match(await kicked, /locked out for 10 more minutes/);
      bot = undefined;
      const lock = await events.next('security.lockout', (d) => d['player-id'] === uuid);
      assert.equal(lock.data['failed-attempts'], 2);
      const r = await rs.call('GET', security(), reader);
      assert.deepEqual(r.json.data.lockout, { 'locked-out': true, until: lock.data.until, 'failed-attempts': 2 });
      assert.match(await kickReason(createBot(rs.server.gamePort, NAME)), /locked out/);
      const u = await rs.call('POST', security('/unlock'), writer);
      assert.deepEqual([u.json.data.unlocked, u.json.data.security.lockout['locked-out']], [true, false]);
    });

    it('lets the bot play after the right code: /2fa <code> is accepted, its walk stands, and the server log shows the command without the code', async () => {
      const { rs, reader, events } = scene();
      const held = await rejoin(/enter \/2fa <code>/);
      const ok = waitForMessage(held, /Code accepted/);
      const typed = await nextCode();
      held.chat(`/2fa ${typed}`);
      await ok;
      const logged = rs.server.lines.filter((l) => l.includes(`${NAME} issued server command: /2fa`));
      assert.ok(logged.some((l) => l.endsWith('issued server command: /2fa …')), logged.join('\n'));
      assert.deepEqual(
        rs.server.lines.filter((l) => l.includes(typed)),
        [],
        'no line holds the code',
      );
      const pass = await events.next('security.verification-pass', (d) => d['player-id'] === uuid);
      assert.match(String(pass.data['trusted-until']), /^\d{4}-/);
      assert.ok(await walkForward(held), `${NAME} walks`);
      const walked = column(held);
      await fence(held);
      assert.equal(column(held), walked, `${NAME} is not put back`);
      const r = await rs.call('GET', security(), reader);
      assert.deepEqual([r.json.data['awaiting-verification'], r.json.data['trusted-devices']], [false, 1]);
    });

    it('/2fa reset <player> by Ben (granted core.security.reset) removes the factor; /2fa disable <code> turns a new one off', async () => {
      const { rs, reader, ben } = scene();
      const denied = waitForMessage(ben, /permission/i);
      ben.chat(`/2fa reset ${NAME}`);
      await denied;
      await rs.console('perm grant Ben core.security.reset', /Granted core\.security\.reset to Ben/);
      benGranted = true;
      const removed = waitForMessage(ben, new RegExp(`Two-factor authentication of ${NAME} removed`));
      ben.chat(`/2fa reset ${NAME}`);
      await removed;
      await rs.console('perm revoke Ben core.security.reset', /Revoked core\.security\.reset from Ben/);
      benGranted = false;
      assert.deepEqual((await rs.call('GET', security(), reader)).json.data.factors, []);

      await enrol();
      const off = waitForMessage(secu(), /is off/);
      secu().chat(`/2fa disable ${await nextCode()}`);
      await off;
      const r = await rs.call('GET', security(), reader);
      assert.deepEqual([r.json.data.factors, r.json.data['trusted-devices']], [[], 0]);
      await quit(secu());
      bot = undefined;
    });
  },
};
