import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startTestKernel, type TestKernel } from '../../../test/support/test-kernel.ts';
import { value } from '../../../test/support/results.ts';
import type { Location } from '../../platform/platform.ts';
import { securityModule } from './index.ts';
import { base32Decode, hotp, stepOf } from './security.totp.ts';

describe('security factors', () => {
  let t: TestKernel;
  let ann: string;
  let secret: Buffer;
  let used = 0;
  const said = (uuid: string) => t.platform.messagesOf(uuid);
  const api = () => t.kernel.api.security;
  /** A code of a step not used yet (the step after the last one used, or now). */
  const nextCode = () => {
    used = Math.max(used + 1, stepOf(t.clock.now().getTime()));
    return hotp(secret, used);
  };
  const rejoin = (address = '10.0.0.2') => {
    if (t.platform.player(ann)) t.platform.quit(ann);
    return t.platform.join('Ann', { address });
  };

  before(async () => {
    t = await startTestKernel({
      modules: [securityModule],
      beforeStart: (dir) => writeFileSync(join(dir, 'security.conf'), 'attempts = 3\nlockout-seconds = 120\ntrusted-days = 10\n'),
    });
    ann = (await t.join('Ann')).uuid;
  });
  after(() => t.close());

  it('sets up: shows a copyable secret and otpauth link once, which confirm turns on', async () => {
    await t.platform.run(ann, '/2fa confirm 123456');
    assert.match(said(ann).at(-1)!, /start with \/2fa setup/);
    await t.platform.run(ann, '/2fa setup');
    const line = said(ann).find((m) => /Add this secret/.test(m))!;
    const word = /: ([A-Z2-7]{32})$/.exec(line)?.[1];
    assert.ok(word, line);
    secret = base32Decode(word)!;
    const sent = t.platform.messages.get(ann)!.find((m) => typeof m === 'object' && /otpauth link/.test(m.text));
    assert.match(JSON.stringify(sent), /otpauth:\/\/totp\/Core%3AAnn\?secret=/);
    assert.deepEqual(value(await api().status(ann)).factors, []);
    await t.platform.run(ann, '/2fa confirm 000000');
    assert.match(said(ann).at(-1)!, /not right/);
    await t.platform.run(ann, `/2fa confirm ${nextCode()}`);
    assert.match(said(ann).at(-1)!, /Two-factor authentication is on/);
    const s = value(await api().status(ann));
    assert.deepEqual([s.factors.length, s.factors[0]?.type, s['trusted-devices'], s['awaiting-verification']], [1, 'totp', 1, false]);
    assert.ok(!JSON.stringify(s).includes(word), 'no material in the answer');
    assert.ok(!t.log.lines.some((l) => l.includes(word)), 'no secret in the log');
    await t.platform.run(ann, '/2fa setup');
    assert.match(said(ann).at(-1)!, /already have two-factor/);
  });

  it('lets a trusted device in, and holds a player from a new one: moves, chat, commands and blocks refused', async () => {
    rejoin('127.0.0.1');
    assert.equal(api().held(ann), false);
    rejoin('10.0.0.2');
    assert.equal(api().held(ann), true);
    assert.match(said(ann).at(-1)!, /enter \/2fa <code>/);
    const here = t.platform.location(ann)!;
    const away: Location = { ...here, x: here.x + 3 };
    t.platform.move(ann, away);
    assert.equal(t.platform.location(ann)!.x, here.x, 'the move was cancelled');
    assert.equal(t.platform.chat(ann, 'hello'), false);
    await t.platform.run(ann, '/perm check Ann core.security.use');
    assert.match(said(ann).at(-1)!, /enter \/2fa <code>/);
    await t.platform.run(ann, '/2fa disable 123456');
    assert.match(said(ann).at(-1)!, /enter \/2fa <code>/);
    let cancelled = false;
    t.platform.emit('blockBreak', { player: t.platform.player(ann)!, block: { world: 'world', x: 0, y: 60, z: 0, material: 'stone' }, cancel: () => (cancelled = true), cancelled: false });
    assert.equal(cancelled, true);
    assert.equal(value(await api().status(ann))['awaiting-verification'], true);
  });

  it('counts wrong codes (verification-fail) into a lockout (lockout event, kick, login refused) that unlock ends', async () => {
    await t.platform.run(ann, '/2fa 12345');
    assert.match(said(ann).at(-1)!, /not a code/);
    await t.platform.run(ann, '/2fa 000000');
    assert.match(said(ann).at(-1)!, /2 attempts left/);
    await t.platform.run(ann, '/2fa 000001');
    await t.platform.run(ann, '/2fa 000002');
    assert.deepEqual(t.emittedNamed('security.verification-fail').map((e) => e.data['attempts-left']), [2, 1, 0]);
    const lock = t.emittedNamed('security.lockout').at(-1)!;
    assert.equal(lock.data['failed-attempts'], 3);
    assert.equal(t.platform.player(ann), undefined, 'kicked');
    assert.match(JSON.stringify(t.platform.kicks.at(-1)?.reason), /locked out for 2 more minutes/);
    assert.equal(t.platform.join('Ann', { address: '10.0.0.2' }), undefined, 'login refused');
    const s = value(await api().status(ann));
    assert.deepEqual([s.lockout['locked-out'], s.lockout['failed-attempts'], s.lockout.until], [true, 3, lock.data.until]);
    const u = value(await api().unlock(ann, { kind: 'console' }));
    assert.deepEqual([u.unlocked, u.security.lockout], [true, { 'locked-out': false, until: null, 'failed-attempts': 0 }]);
    assert.equal(value(await api().unlock(ann, { kind: 'console' })).unlocked, false);
  });

  it('a lockout ends by itself after lockout-seconds', async () => {
    rejoin('10.0.0.2');
    for (const c of ['000000', '000001', '000002']) await t.platform.run(ann, `/2fa ${c}`);
    assert.equal(api().lockedUntil(ann) !== undefined, true);
    await t.clock.advance(121);
    assert.equal(api().lockedUntil(ann), undefined);
    assert.equal(value(await api().status(ann)).lockout['failed-attempts'], 0);
  });

  it('a right code passes (verification-pass), trusts the device, and refuses a replayed code', async () => {
    rejoin('10.0.0.2');
    const c = nextCode();
    await t.platform.run(ann, `/2fa ${c}`);
    assert.match(said(ann).at(-1)!, /Code accepted/);
    const pass = t.emittedNamed('security.verification-pass').at(-1)!;
    assert.equal(pass.data['trusted-until'], new Date(t.clock.now().getTime() + 10 * 86_400_000).toISOString());
    assert.equal(api().held(ann), false);
    assert.equal(t.platform.chat(ann, 'hello'), true);
    rejoin('10.0.0.2');
    assert.equal(api().held(ann), false, 'trusted now');
    await t.platform.run(ann, `/2fa disable ${c}`);
    assert.match(said(ann).at(-1)!, /used already/);
  });

  it('force forgets trusted devices: the next join proves again; trust expires after trusted-days', async () => {
    const f = value(await api().force(ann, { kind: 'console' }));
    assert.deepEqual([f.forgotten, f.security['trusted-devices']], [2, 0]);
    assert.equal(api().held(ann), false, 'online now: keeps playing');
    rejoin('10.0.0.2');
    assert.equal(api().held(ann), true);
    await t.platform.run(ann, `/2fa ${nextCode()}`);
    await t.clock.advance(10 * 86_400 + 1);
    rejoin('10.0.0.2');
    assert.equal(api().held(ann), true, 'trust expired');
    await t.platform.run(ann, `/2fa ${nextCode()}`);
    assert.equal(api().held(ann), false);
  });

  it('disable with a right code turns it off; the routes decline an unknown player', async () => {
    await t.platform.run(ann, `/2fa disable ${nextCode()}`);
    assert.match(said(ann).at(-1)!, /is off/);
    const s = value(await api().status(ann));
    assert.deepEqual([s.factors, s['trusted-devices']], [[], 0]);
    rejoin('10.9.9.9');
    assert.equal(api().held(ann), false);
    const r = await api().status('00000000-0000-0000-0000-0000000000aa');
    assert.equal(r.ok === false && r.code, 'not-found');
  });

  it('/2fa reset <player> (admin) removes a factor and releases a held player; a held admin cannot reset themselves', async () => {
    await t.platform.run(ann, '/2fa setup');
    secret = base32Decode(/: ([A-Z2-7]{32})$/.exec(said(ann).findLast((m) => /Add this secret/.test(m))!)![1]!)!;
    used = 0;
    await t.platform.run(ann, `/2fa confirm ${nextCode()}`);
    rejoin('10.7.7.7');
    assert.equal(api().held(ann), true);
    await t.platform.run('console', 'perm grant Ann core.security.reset');
    await t.platform.run(ann, '/2fa reset Ann');
    assert.match(said(ann).at(-1)!, /enter \/2fa <code>/);
    await t.platform.run(ann, '/2fa setup');
    assert.match(said(ann).at(-1)!, /enter \/2fa <code>/);
    assert.equal(value(await api().status(ann)).factors.length, 1);
    await t.platform.run('console', '2fa reset Ann');
    assert.ok(t.platform.consoleText().some((m) => /Two-factor authentication of Ann removed/.test(m)));
    assert.equal(api().held(ann), false);
    assert.equal(t.platform.chat(ann, 'free'), true);
    assert.deepEqual(value(await api().status(ann)).factors, []);
    await t.platform.run('console', '2fa reset Ann');
    assert.ok(t.platform.consoleText().some((m) => /Ann has no two-factor authentication/.test(m)));
    await t.platform.run('console', '2fa 123456');
    assert.ok(t.platform.consoleText().some((m) => /Only a player can prove a code/.test(m)));
  });

  it('keeps factors, lockouts and trusted devices across a restart', async () => {
    await t.platform.run(ann, '/2fa setup');
    const line = said(ann).findLast((m) => /Add this secret/.test(m))!;
    secret = base32Decode(/: ([A-Z2-7]{32})$/.exec(line)![1]!)!;
    used = 0;
    await t.platform.run(ann, `/2fa confirm ${nextCode()}`);
    await t.restart();
    const s = value(await t.kernel.api.security.status(ann));
    assert.deepEqual([s.factors.length, s['trusted-devices']], [1, 1]);
  });

  it('audits every write with its actor, and never a secret or code', async () => {
    const rows = await t.kernel.api.audit.history(ann, 100);
    const actions = rows.map((r) => `${r.actor} ${r.action}`);
    for (const want of ['Ann security.setup', 'Ann security.enrol', 'Ann security.lockout', 'console security.unlock', 'console security.force', 'Ann security.verify', 'Ann security.disable', 'console security.reset']) {
      assert.ok(actions.includes(want), `${want} in ${actions.join(', ')}`);
    }
    assert.ok(!JSON.stringify(rows).match(/[A-Z2-7]{32}/), 'no secret in the audit');
  });
});
