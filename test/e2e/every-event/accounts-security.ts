// The security steps of the every-event test's accounts part (accounts.ts): Ann enrols a TOTP
// factor in game (the bot computes its codes from the secret it was shown), the force route forgets
// her device, she joins again and is held; wrong codes fail and lock her out (kicked); the unlock
// route lets her join again and the right code passes. The console's /2fa reset then removes her
// factor, so she ends as she began: online, no factor, not held.

import assert from 'node:assert/strict';
import { createBot, kickReason, nextEvent, quit, waitForMessage, type Bot } from '../support/bots.ts';
import type { Scene } from '../support/rest-server.ts';
import { base32Decode, hotp, stepOf } from '../../../src/modules/security/security.totp.ts';
import type { EventStep } from './part.ts';

/** Wrong codes in a row that lock a player out (security.conf's default). */
const ATTEMPTS = 5;

let secret: Buffer | undefined;
/** The last time step whose code was used: the service takes no step twice. */
let used = 0;

/** The code of a step not used yet and inside the service's window (one step either side of now). */
function nextCode(): string {
  const step = Math.max(used + 1, stepOf(Date.now()));
  used = step;
  return hotp(secret!, step);
}

/** A code that is right for no step in the window. */
function wrongCode(): string {
  const now = stepOf(Date.now());
  const right = [-1, 0, 1, 2].map((d) => hotp(secret!, now + d));
  return ['111111', '222222', '333333', '444444', '555555'].find((c) => !right.includes(c))!;
}

/** Ann joins again from a device no longer trusted: she is told to prove her factor. */
async function rejoinHeld(scene: Scene): Promise<Bot> {
  const bot = createBot(scene.rs.server.gamePort, 'Ann');
  const told = waitForMessage(bot, /enter \/2fa <code>/, 20000);
  await nextEvent(bot, 'spawn', 20000);
  await told;
  scene.ann = bot;
  return bot;
}

export const securitySteps: readonly EventStep[] = [
  {
    name: 'Ann enrols a factor (/2fa setup, /2fa confirm), the force route forgets her device, she joins again held and types wrong codes until she is locked out',
    events: ['security.verification-fail', 'security.lockout'],
    async run(scene) {
      const { rs, writer, events } = scene;
      const annId = scene.ann.player.uuid;
      const shown = waitForMessage(scene.ann, /Add this secret/);
      scene.ann.chat('/2fa setup');
      secret = base32Decode(/: ([A-Z2-7]{32})$/.exec(await shown)![1]!);
      used = 0;
      const on = waitForMessage(scene.ann, /Two-factor authentication is on/);
      scene.ann.chat(`/2fa confirm ${nextCode()}`);
      await on;

      const f = await rs.call('POST', `/players/${annId}/security/force`, writer);
      assert.equal(f.json.ok, true, JSON.stringify(f.json));
      await quit(scene.ann);
      const ann = await rejoinHeld(scene);

      for (let left = ATTEMPTS - 1; left > 0; left--) {
        const told = waitForMessage(ann, new RegExp(`${left} attempts? left`));
        ann.chat(`/2fa ${wrongCode()}`);
        await told;
      }
      await events.next('security.verification-fail', (d) => d['player-id'] === annId && d['failed-attempts'] === 1);
      const kicked = kickReason(ann);
      ann.chat(`/2fa ${wrongCode()}`);
      assert.match(await kicked, /locked out/);
      await events.next('security.lockout', (d) => d['player-id'] === annId && d['failed-attempts'] === ATTEMPTS);
    },
  },
  {
    name: 'the unlock route ends Ann’s lockout; she joins again, held, and /2fa with the right code lets her play; the console’s /2fa reset removes her factor',
    events: ['security.verification-pass'],
    async run(scene) {
      const { rs, writer, reader, events } = scene;
      const annId = scene.ann.player.uuid;
      const u = await rs.call('POST', `/players/${annId}/security/unlock`, writer);
      assert.equal(u.json.data?.unlocked, true, JSON.stringify(u.json));
      const ann = await rejoinHeld(scene);
      const ok = waitForMessage(ann, /Code accepted/);
      ann.chat(`/2fa ${nextCode()}`);
      await ok;
      await events.next('security.verification-pass', (d) => d['player-id'] === annId);
      await rs.console('2fa reset Ann', /Two-factor authentication of Ann removed/);
      const r = await rs.call('GET', `/players/${annId}/security`, reader);
      assert.deepEqual([r.json.data.factors, r.json.data['awaiting-verification'], r.json.data.lockout['locked-out']], [[], false, false]);
    },
  },
];
