// Security factors over real HTTP and a real event stream, on the in-process scene (the whole plugin
// on the fake platform, test/support/scene.ts): Ann enrols a TOTP factor with /2fa setup and /2fa
// confirm, the test computing her codes from the scene's manual clock (moved on 30 s when a fresh
// step is needed, where the real game waits for one); a join from a device no longer trusted is held
// (no walking, chat or commands) until /2fa <code>; wrong codes lock her out (kicked, joins refused)
// until the unlock route; every route and every event. What a player sees of it in the real game
// (the walk undone, the kick reason, the log line without the code): test/e2e/areas/security.ts.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startKernelScene, type KernelScene, type SceneRest, type ScenePlayer, type Subscription } from '../../../test/support/scene.ts';
import { plain } from '../../../test/support/fake-platform.ts';
import { base32Decode, hotp, stepOf } from './security.totp.ts';

describe('security factors over the Remote Access Service (in process)', () => {
  let scene: KernelScene;
  let rs: SceneRest;
  let writer: string;
  let reader: string;
  let events: Subscription;
  let ann: ScenePlayer;
  let ben: ScenePlayer;
  let annId: string;
  let secret: string;
  let used = 0;
  const security = (path = '') => `/players/${annId}/security${path}`;
  const stepNow = () => stepOf(scene.t.clock.now().getTime());

  /** A code of a step not used yet; moves the clock on to that step's window when it lies ahead. */
  async function nextCode(): Promise<string> {
    const step = Math.max(used + 1, stepNow());
    while (stepNow() + 1 < step) await scene.t.clock.advance(30);
    used = step;
    return hotp(base32Decode(secret)!, step);
  }
  /** A code that is right for no step in the window. */
  function wrongCode(): string {
    const right = [-1, 0, 1].map((d) => hotp(base32Decode(secret)!, stepNow() + d));
    return ['111111', '222222', '333333', '444444'].find((c) => !right.includes(c))!;
  }
  /** Ann joins again (from the same address); `told` is a line she must read at the join. */
  async function rejoin(told?: RegExp): Promise<ScenePlayer> {
    if (scene.t.platform.player(annId)) ann.quit();
    const mark = scene.t.platform.messagesOf(annId).length;
    ann = await scene.join('Ann');
    if (told) {
      const read = scene.t.platform.messagesOf(annId).slice(mark);
      assert.ok(read.some((l) => told.test(l)), `Ann read ${JSON.stringify(read)} at the join, nothing matching ${told}`);
    }
    return ann;
  }
  /** Ann walks three blocks east; whether the move went through (a held player's is cancelled). */
  function walkEast(): boolean {
    const here = ann.location();
    const cancelled = scene.t.platform.move(annId, { ...here, x: here.x + 3 });
    return !cancelled;
  }
  /** The chat lines Ben has seen from other players. */
  const benSaw = () => scene.t.platform.display.chatSeen.get(ben.uuid) ?? [];
  /** The text (with its click events) of Ann's newest message containing `part`. */
  const annRaw = (part: string) => JSON.stringify(scene.t.platform.messages.get(annId)!.findLast((m) => plain(m).includes(part)));

  before(async () => {
    ({ rs, writer, reader, events, ann, ben } = scene = await startKernelScene(['security.*'], {
      config: { 'core/security.conf': 'attempts = 2\nlockout-seconds = 600\ntrusted-days = 30\n' },
    }));
    annId = ann.uuid;
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

  it('enrols in game: /2fa setup shows a copyable secret once, /2fa confirm with her code turns it on', async () => {
    const shown = await ann.run('/2fa setup', /Add this secret/);
    secret = /: ([A-Z2-7]{32})$/.exec(shown)![1]!;
    assert.match(annRaw('Copy the otpauth link'), /otpauth:\/\/totp\//);
    const raw = annRaw('Add this secret');
    assert.ok(raw.includes('copy_to_clipboard') && raw.includes(secret), `the secret is copyable: ${raw}`);
    await ann.run(`/2fa confirm ${wrongCode()}`, /not right/);
    await ann.run(`/2fa confirm ${await nextCode()}`, /Two-factor authentication is on/);
    const r = await rs.call('GET', security(), reader);
    assert.deepEqual([r.json.data.factors.length, r.json.data.factors[0].type, r.json.data['trusted-devices']], [1, 'totp', 1]);
    assert.ok(!JSON.stringify(r.json).includes(secret), 'no material in the answer');
  });

  it('lets Ann in from her trusted device; after force (trusted devices forgotten) the join holds her', async () => {
    await rejoin();
    await ann.chat('trusted hello');
    assert.ok(benSaw().includes('<Ann> trusted hello'), JSON.stringify(benSaw()));
    const f = await rs.call('POST', security('/force'), writer);
    assert.deepEqual([f.json.data.forgotten, f.json.data.security['trusted-devices']], [1, 0]);
    await rejoin(/enter \/2fa <code>/);
    const r = await rs.call('GET', security(), reader);
    assert.equal(r.json.data['awaiting-verification'], true);
  });

  it('holds her: walking is undone, chat and commands are refused', async () => {
    const start = ann.location();
    assert.equal(walkEast(), false, 'the move is cancelled');
    assert.deepEqual(ann.location(), start, 'Ann stays where she was');
    await ann.chat('held hello');
    assert.match(ann.messages.at(-1)!, /enter \/2fa <code>/);
    await scene.t.settle();
    assert.ok(!benSaw().some((l) => l.includes('held hello')), 'Ben reads nothing of a held player');
    await ann.run('/homes', /enter \/2fa <code>/);
  });

  it('wrong codes: verification-fail, then lockout: kicked, joins refused; unlock ends it', async () => {
    await ann.run(`/2fa ${wrongCode()}`, /1 attempt left/);
    const fail = await events.next('security.verification-fail', (d) => d['player-id'] === annId);
    assert.deepEqual([fail.data['failed-attempts'], fail.data['attempts-left']], [1, 1]);
    await ann.chat(`/2fa ${wrongCode()}`);
    assert.equal(scene.t.platform.player(annId), undefined, 'kicked');
    const kick = scene.t.platform.kicks.at(-1)!;
    assert.equal(kick.uuid, annId);
    assert.match(plain(kick.reason), /locked out for 10 more minutes/);
    const lock = await events.next('security.lockout', (d) => d['player-id'] === annId);
    assert.equal(lock.data['failed-attempts'], 2);
    const r = await rs.call('GET', security(), reader);
    assert.deepEqual(r.json.data.lockout, { 'locked-out': true, until: lock.data.until, 'failed-attempts': 2 });
    await assert.rejects(scene.join('Ann'), /could not join/);
    const refused = scene.t.platform.refusedLogins.at(-1)!;
    assert.deepEqual([refused.uuid, /locked out/.test(plain(refused.reason))], [annId, true]);
    const u = await rs.call('POST', security('/unlock'), writer);
    assert.deepEqual([u.json.data.unlocked, u.json.data.security.lockout['locked-out']], [true, false]);
    const again = await rs.call('POST', security('/unlock'), writer);
    assert.equal(again.json.data.unlocked, false);
  });

  it('the right code passes (verification-pass): Ann walks, and the device is trusted again; the log leaves the code out', async () => {
    await rejoin(/enter \/2fa <code>/);
    const typed = await nextCode();
    await ann.run(`/2fa ${typed}`, /Code accepted/);
    // The code is a secret for its 30 seconds: what the server logs of the command leaves it out.
    assert.equal(scene.t.platform.handler!.loggable!(`2fa ${typed}`), '2fa …');
    assert.deepEqual(scene.t.log.lines.filter((l) => l.includes(typed)), [], 'no line holds the code');
    const pass = await events.next('security.verification-pass', (d) => d['player-id'] === annId);
    assert.match(String(pass.data['trusted-until']), /^\d{4}-/);
    const start = ann.location();
    assert.equal(walkEast(), true, 'Ann walks');
    assert.notDeepEqual(ann.location(), start, 'Ann is not put back');
    const r = await rs.call('GET', security(), reader);
    assert.deepEqual([r.json.data['awaiting-verification'], r.json.data['trusted-devices']], [false, 1]);
  });

  it('/2fa disable with a code turns it off', async () => {
    await ann.run(`/2fa disable ${await nextCode()}`, /is off/);
    const r = await rs.call('GET', security(), reader);
    assert.deepEqual([r.json.data.factors, r.json.data['trusted-devices']], [[], 0]);
  });

  it('/2fa reset <player>: Ben (granted core.security.reset) removes Ann’s factor', async () => {
    const shown = await ann.run('/2fa setup', /Add this secret/);
    secret = /: ([A-Z2-7]{32})$/.exec(shown)![1]!;
    used = 0;
    await ann.run(`/2fa confirm ${await nextCode()}`, /Two-factor authentication is on/);
    await ben.run('/2fa reset Ann', /permission/i);
    await rs.console('perm grant Ben core.security.reset', /core\.security\.reset/);
    await ben.run('/2fa reset Ann', /Two-factor authentication of Ann removed/);
    const r = await rs.call('GET', security(), reader);
    assert.deepEqual([r.json.data.factors, r.json.data['trusted-devices']], [[], 0]);
  });

  it('needs the write scope for unlock and force, and audits the writes with their actors, never a secret', async () => {
    const r = await rs.call('POST', security('/force'), reader);
    assert.deepEqual([r.status, r.json.scope], [403, 'write']);
    const rows = await scene.query<{ actor: string; action: string; details: string }>("SELECT actor, action, details FROM core_audit WHERE target = ? AND action LIKE 'security.%' ORDER BY id", annId);
    const seen = rows.map((x) => `${x.actor} ${x.action}`);
    for (const want of ['Ann security.setup', 'Ann security.enrol', 'core-rest/writer security.force', 'Ann security.lockout', 'core-rest/writer security.unlock', 'Ann security.verify', 'Ann security.disable', 'Ben security.reset']) {
      assert.ok(seen.includes(want), `${want} in ${JSON.stringify(seen)}`);
    }
    assert.ok(!JSON.stringify(rows).includes(secret));
  });
});
