// Security factors against the real server, with bots as the players: the bot enrols a TOTP factor
// with /2fa setup and /2fa confirm, computing its codes itself (its own RFC 6238 code below); a join
// from a device no longer trusted is held (no walking, chat or commands) until /2fa <code>; wrong
// codes lock it out (kicked, joins refused) until the unlock route; every route and every event.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import type { Bot } from './support/bots.ts';
import { createBot, kickReason, nextEvent, never, quit, recordMessages, sleep, waitFor, waitForMessage } from './support/bots.ts';
import { startScene, type RestServer, type Scene, type Subscription } from './support/rest-server.ts';
import { readServerData } from './support/server-data.ts';

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

describe('security factors over the Remote Access Service', () => {
  let scene: Scene;
  let rs: RestServer;
  let writer: string;
  let reader: string;
  let events: Subscription;
  let ann: Bot;
  let ben: Bot;
  let annId: string;
  let secret: string;
  let used = 0;
  const security = (path = '') => `/players/${annId}/security${path}`;

  /** A code of a step not used yet; waits for that step's window when it lies ahead. */
  async function nextCode(): Promise<string> {
    const step = Math.max(used + 1, stepNow());
    await waitFor(() => stepNow() + 1 >= step, `step ${step} to come within the window`, 35_000);
    used = step;
    return code(secret, step);
  }
  /** A code that is right for no step in the window. */
  function wrongCode(): string {
    const right = [-1, 0, 1].map((d) => code(secret, stepNow() + d));
    return ['111111', '222222', '333333', '444444'].find((c) => !right.includes(c))!;
  }
  /** Ann joins again; `told` is a line she must read while joining (sent right at the join). */
  async function rejoin(told?: RegExp): Promise<Bot> {
    await quit(ann);
    const bot = createBot(rs.server.gamePort, 'Ann');
    const line = told && waitForMessage(bot, told, 20_000);
    await nextEvent(bot, 'spawn', 20_000);
    await line;
    ann = bot;
    return bot;
  }
  /**
   * Walks forward (no jump: a jump stays in the column) until the bot enters another block column,
   * a quarter turn when stuck; whether it ever did (a server that cancels the move puts it back).
   */
  async function walkForward(bot: Bot): Promise<boolean> {
    const start = column(bot);
    let left = false;
    const onMove = () => void (left ||= column(bot) !== start);
    bot.on('move', onMove);
    try {
      for (let turn = 0; turn < 4 && !left; turn++) {
        await bot.look(bot.entity.yaw + turn * (Math.PI / 2), 0, true);
        bot.setControlState('forward', true);
        await waitFor(() => left, 'the bot to step into the next column', 1500).catch(() => {});
        await sleep(300);
        bot.clearControlStates();
      }
    } finally {
      bot.clearControlStates();
      bot.off('move', onMove);
    }
    return left;
  }
  const column = (bot: Bot) => `${Math.floor(bot.entity.position.x)},${Math.floor(bot.entity.position.z)}`;

  before(async () => {
    ({ rs, writer, reader, events, ann, ben } = scene = await startScene(['security.*'], {
      config: { 'core/security.conf': 'attempts = 2\nlockout-seconds = 600\ntrusted-days = 30\n' },
    }));
    annId = ann.player.uuid;
  });
  after(() => scene?.close());

  it('reads no factor for a new player; not-found for an unknown one and 400 naming uuid for a bad one', async () => {
    const r = await rs.call('GET', security(), reader);
    assert.deepEqual(r.json, {
      ok: true,
      data: { factors: [], 'trusted-devices': 0, 'awaiting-verification': false, lockout: { 'locked-out': false, until: null, 'failed-attempts': 0 } },
    });
    const unknown = await rs.call('GET', '/players/00000000-0000-0000-0000-0000000000aa/security', reader);
    assert.deepEqual([unknown.status, unknown.json.code], [200, 'not-found']);
    const bad = await rs.call('POST', '/players/nope/security/unlock', writer);
    assert.deepEqual([bad.status, bad.json.field], [400, 'uuid']);
  });

  it('enrols in game: /2fa setup shows a copyable secret once, /2fa confirm with the bot’s code turns it on', async () => {
    const raw: string[] = [];
    ann.on('message', (m: { json: unknown }) => void raw.push(JSON.stringify(m.json)));
    const shown = waitForMessage(ann, /Add this secret/);
    ann.chat('/2fa setup');
    secret = /: ([A-Z2-7]{32})$/.exec(await shown)![1]!;
    await waitFor(() => raw.some((j) => j.includes('otpauth://totp/')), 'the otpauth link');
    assert.ok(raw.some((j) => j.includes('copy_to_clipboard') && j.includes(secret)), 'the secret is copyable');
    const wrong = waitForMessage(ann, /not right/);
    ann.chat(`/2fa confirm ${wrongCode()}`);
    await wrong;
    const on = waitForMessage(ann, /Two-factor authentication is on/);
    ann.chat(`/2fa confirm ${await nextCode()}`);
    await on;
    const r = await rs.call('GET', security(), reader);
    assert.deepEqual([r.json.data.factors.length, r.json.data.factors[0].type, r.json.data['trusted-devices']], [1, 'totp', 1]);
    assert.ok(!JSON.stringify(r.json).includes(secret), 'no material in the answer');
  });

  it('lets Ann in from her trusted device; after force (trusted devices forgotten) the join holds her', async () => {
    await rejoin();
    const lines = recordMessages(ben);
    ann.chat('trusted hello');
    await waitFor(() => lines.some((l) => l.includes('trusted hello')), 'Ben to read Ann');
    const f = await rs.call('POST', security('/force'), writer);
    assert.deepEqual([f.json.data.forgotten, f.json.data.security['trusted-devices']], [1, 0]);
    await rejoin(/enter \/2fa <code>/);
    const r = await rs.call('GET', security(), reader);
    assert.equal(r.json.data['awaiting-verification'], true);
  });

  it('holds her: walking is undone, chat and commands are refused', async () => {
    await waitFor(() => ann.entity.onGround, 'Ann to stand');
    const start = column(ann);
    const left = await walkForward(ann);
    assert.ok(left, 'the bot tried to walk into another block');
    await waitFor(() => column(ann) === start, 'Ann to be put back');
    const benLines = recordMessages(ben);
    const told = waitForMessage(ann, /enter \/2fa <code>/);
    ann.chat('held hello');
    await told;
    await never(() => benLines.some((l) => l.includes('held hello')), 'Ben reads a held player');
    const refused = waitForMessage(ann, /enter \/2fa <code>/);
    ann.chat('/homes');
    await refused;
  });

  it('wrong codes: verification-fail, then lockout: kicked, joins refused; unlock ends it', async () => {
    const left = waitForMessage(ann, /1 attempt left/);
    ann.chat(`/2fa ${wrongCode()}`);
    await left;
    const fail = await events.next('security.verification-fail', (d) => d['player-id'] === annId);
    assert.deepEqual([fail.data['failed-attempts'], fail.data['attempts-left']], [1, 1]);
    const kicked = kickReason(ann);
    ann.chat(`/2fa ${wrongCode()}`);
    assert.match(await kicked, /locked out for 10 more minutes/);
    const lock = await events.next('security.lockout', (d) => d['player-id'] === annId);
    assert.equal(lock.data['failed-attempts'], 2);
    const r = await rs.call('GET', security(), reader);
    assert.deepEqual(r.json.data.lockout, { 'locked-out': true, until: lock.data.until, 'failed-attempts': 2 });
    assert.match(await kickReason(createBot(rs.server.gamePort, 'Ann')), /locked out/);
    const u = await rs.call('POST', security('/unlock'), writer);
    assert.deepEqual([u.json.data.unlocked, u.json.data.security.lockout['locked-out']], [true, false]);
    const again = await rs.call('POST', security('/unlock'), writer);
    assert.equal(again.json.data.unlocked, false);
  });

  it('the right code passes (verification-pass): Ann walks, and the device is trusted again', async () => {
    await rejoin(/enter \/2fa <code>/);
    const ok = waitForMessage(ann, /Code accepted/);
    const typed = await nextCode();
    ann.chat(`/2fa ${typed}`);
    await ok;
    // The code is a secret for its 30 seconds: the server's log shows the command without it.
    const logged = rs.server.lines.filter((l) => l.includes('issued server command: /2fa'));
    assert.ok(logged.some((l) => l.endsWith('issued server command: /2fa …')), logged.join('\n'));
    assert.deepEqual(rs.server.lines.filter((l) => l.includes(typed)), [], 'no line holds the code');
    const pass = await events.next('security.verification-pass', (d) => d['player-id'] === annId);
    assert.match(String(pass.data['trusted-until']), /^\d{4}-/);
    await waitFor(() => ann.entity.onGround, 'Ann to stand');
    const start = column(ann);
    assert.ok(await walkForward(ann), 'Ann walks');
    await sleep(500);
    assert.notEqual(column(ann), start, 'Ann is not put back');
    const r = await rs.call('GET', security(), reader);
    assert.deepEqual([r.json.data['awaiting-verification'], r.json.data['trusted-devices']], [false, 1]);
  });

  it('/2fa disable with a code turns it off', async () => {
    const off = waitForMessage(ann, /is off/, 40_000);
    ann.chat(`/2fa disable ${await nextCode()}`);
    await off;
    const r = await rs.call('GET', security(), reader);
    assert.deepEqual([r.json.data.factors, r.json.data['trusted-devices']], [[], 0]);
  });

  it('/2fa reset <player>: Ben (granted core.security.reset) removes Ann’s factor', async () => {
    const shown = waitForMessage(ann, /Add this secret/);
    ann.chat('/2fa setup');
    secret = /: ([A-Z2-7]{32})$/.exec(await shown)![1]!;
    used = 0;
    const on = waitForMessage(ann, /Two-factor authentication is on/);
    ann.chat(`/2fa confirm ${await nextCode()}`);
    await on;
    const denied = waitForMessage(ben, /permission/i);
    ben.chat('/2fa reset Ann');
    await denied;
    await rs.console('perm grant Ben core.security.reset', /core\.security\.reset/);
    const removed = waitForMessage(ben, /Two-factor authentication of Ann removed/);
    ben.chat('/2fa reset Ann');
    await removed;
    const r = await rs.call('GET', security(), reader);
    assert.deepEqual([r.json.data.factors, r.json.data['trusted-devices']], [[], 0]);
  });

  it('needs the write scope for unlock and force, and audits the writes with their actors, never a secret', async () => {
    const r = await rs.call('POST', security('/force'), reader);
    assert.deepEqual([r.status, r.json.scope], [403, 'write']);
    const rows = await readServerData<{ actor: string; action: string; details: string }>(rs.server.dataDir, "SELECT actor, action, details FROM core_audit WHERE target = ? AND action LIKE 'security.%' ORDER BY id", annId);
    const seen = rows.map((x) => `${x.actor} ${x.action}`);
    for (const want of ['Ann security.setup', 'Ann security.enrol', 'core-rest/writer security.force', 'Ann security.lockout', 'core-rest/writer security.unlock', 'Ann security.verify', 'Ann security.disable', 'Ben security.reset']) {
      assert.ok(seen.includes(want), `${want} in ${JSON.stringify(seen)}`);
    }
    assert.ok(!JSON.stringify(rows).includes(secret));
  });
});
