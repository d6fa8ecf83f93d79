// Teleport requests on the test kernel and the fake platform: sending, accepting (with the warm-up
// of the player who moves), denying, cancelling, expiry on a manual clock, players leaving, and the
// commands' replies.

import { after, afterEach, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { EventName } from '../../core/kernel/events.ts';
import { startTestKernel, type TestKernel } from '../../../test/support/test-kernel.ts';
import { declined, invalid, value } from '../../../test/support/results.ts';
import type { Location, TextComponent } from '../../platform/platform.ts';
import { teleportModule } from '../teleport/index.ts';
import { tpaModule } from './index.ts';
import type { TpaService } from './tpa.service.ts';

const spot = (x: number, y = 64, z = 0): Location => ({ world: 'world', x, y, z, yaw: 0, pitch: 0 });
const NEVER_SEEN = '00000000-0000-0000-0000-0000000000ab';
const EXPIRY = 60;
const WARMUP = 3;

describe('teleport requests', () => {
  let t: TestKernel;
  let tpa: TpaService;
  let seen: number;
  let ann: string;
  let ben: string;

  const named = (name: EventName) => t.emitted.slice(seen).filter((e) => e.name === name);
  const lastOf = (uuid: string) => t.platform.messagesOf(uuid).at(-1);
  const said = (uuid: string, line: string) => t.platform.messagesOf(uuid).includes(line);

  before(async () => {
    t = await startTestKernel({
      modules: [teleportModule, tpaModule],
      beforeStart: (dir) => {
        writeFileSync(join(dir, 'tpa.conf'), `request-expiry-seconds = ${EXPIRY}\n`);
        writeFileSync(join(dir, 'core.conf'), `teleport-warmup-seconds = ${WARMUP}\n`);
      },
    });
    tpa = t.kernel.api.tpa;
  });
  after(() => t.close());
  afterEach(() => {
    for (const p of t.platform.onlinePlayers()) t.platform.quit(p.uuid);
  });

  async function joinAt(name: string, at: Location): Promise<string> {
    const uuid = (await t.join(name)).uuid;
    await t.platform.teleport(uuid, at);
    return uuid;
  }
  async function pair(): Promise<void> {
    ann = await joinAt('Ann', spot(0.5, 64, 0.5));
    ben = await joinAt('Ben', spot(100.5, 70, 100.5));
    t.platform.clearMessages();
    seen = t.emitted.length;
  }

  it('/tpa tells the target with clickable accept and deny, answers the sender, and emits request-send', async () => {
    await pair();
    await t.platform.run(ann, '/tpa Ben');
    assert.equal(lastOf(ann), 'You sent a teleport request to Ben; it expires in 1 min. Cancel it with /tpacancel.');
    assert.ok(said(ben, 'Ann asks to teleport to you.'));
    const buttons = (t.platform.messages.get(ben)?.at(-1) as TextComponent).extra as TextComponent[];
    assert.deepEqual(buttons[0]?.clickEvent, { action: 'run_command', value: '/tpaccept Ann' });
    assert.deepEqual(buttons[2]?.clickEvent, { action: 'run_command', value: '/tpdeny Ann' });
    const sent = named('teleport.request-send');
    assert.deepEqual(
      sent.map((e) => [e.data['player-name'], e.data['target-name'], e.data.kind, e.data['expires-at']]),
      [['Ann', 'Ben', 'tpa', new Date(t.clock.now().getTime() + EXPIRY * 1000).toISOString()]],
    );
    const list = value(await tpa.requests(ben));
    assert.deepEqual([list.incoming.length, list.outgoing.length, list.incoming[0]?.['sender-name']], [1, 0, 'Ann']);
    assert.deepEqual(value(await tpa.requests(ann)).outgoing.map((r) => r['target-name']), ['Ben']);
    t.platform.setLocale(ben, 'de_DE');
    await t.platform.run(ann, '/tpahere Ben');
    assert.deepEqual(t.platform.messagesOf(ben).slice(-2), [
      'Ann möchte dich zu sich teleportieren.',
      '[Annehmen] [Ablehnen] (klicke, oder tippe /tpaccept oder /tpdeny; läuft in 1 Min. ab)',
    ]);
  });

  it('/tpaccept moves the sender of a /tpa to the target after the warm-up; both are told', async () => {
    await pair();
    await t.platform.run(ann, '/tpa Ben');
    const accepting = t.platform.run(ben, '/tpaccept');
    await t.until(() => t.kernel.api.teleport.warmingUp(ann), 'Ann’s warm-up');
    assert.equal(lastOf(ben), 'You accepted the teleport request from Ann.');
    assert.ok(said(ann, 'Ben accepted your teleport request.'));
    assert.equal(lastOf(ann), `Teleporting in ${WARMUP} seconds, don't move.`);
    assert.deepEqual(t.platform.location(ann), spot(0.5, 64, 0.5));
    await t.clock.advance(WARMUP);
    await accepting;
    assert.deepEqual(t.platform.location(ann), spot(100.5, 70, 100.5));
    assert.equal(lastOf(ann), 'You teleported to Ben.');
    assert.equal(lastOf(ben), 'Ann teleported to you.');
    assert.equal(named('teleport.request-accept').length, 1);
    assert.equal(named('teleport.player-teleport')[0]?.data.cause, 'tpa');
    assert.deepEqual(value(await tpa.requests(ben)).incoming, [], 'the request is gone');
  });

  it('/tpahere moves the target (who warms up) to the sender', async () => {
    await pair();
    await t.platform.run(ann, '/tpahere Ben');
    assert.ok(said(ben, 'Ann asks you to teleport to them.'));
    const accepting = t.platform.run(ben, '/tpaccept Ann');
    await t.until(() => t.kernel.api.teleport.warmingUp(ben), 'Ben’s warm-up');
    await t.clock.advance(WARMUP);
    await accepting;
    assert.deepEqual(t.platform.location(ben), spot(0.5, 64, 0.5));
    assert.deepEqual(t.platform.location(ann), spot(0.5, 64, 0.5));
    assert.equal(named('teleport.player-teleport')[0]?.data.cause, 'tpahere');
  });

  it('a mover who walks off during the warm-up is not moved; both are told', async () => {
    await pair();
    await t.platform.run(ann, '/tpa Ben');
    const accepting = t.platform.run(ben, '/tpaccept');
    await t.until(() => t.kernel.api.teleport.warmingUp(ann), 'Ann’s warm-up');
    t.platform.move(ann, spot(3.5, 64, 0.5));
    await accepting;
    assert.equal(lastOf(ann), 'Teleport cancelled: you moved.');
    assert.equal(lastOf(ben), 'Ann was not teleported to you.');
    await t.clock.advance(WARMUP);
    assert.deepEqual(t.platform.location(ann), spot(3.5, 64, 0.5));
  });

  it('/tpdeny ends the request and tells the sender', async () => {
    await pair();
    await t.platform.run(ann, '/tpa Ben');
    await t.platform.run(ben, '/tpdeny ann');
    assert.equal(lastOf(ben), 'You denied the teleport request from Ann.');
    assert.equal(lastOf(ann), 'Ben denied your teleport request.');
    assert.equal(named('teleport.request-deny').length, 1);
    await t.platform.run(ben, '/tpaccept');
    assert.equal(lastOf(ben), 'You have no pending teleport request to answer.');
  });

  it('/tpacancel ends the sender’s requests (one or all) and tells the targets', async () => {
    await pair();
    const cy = await joinAt('Cy', spot(50));
    await t.platform.run(ann, '/tpa Ben');
    await t.platform.run(ann, '/tpahere Cy');
    await t.platform.run(ann, '/tpacancel Ben');
    assert.equal(lastOf(ann), 'You cancelled your teleport request to Ben.');
    assert.equal(lastOf(ben), 'Ann cancelled their teleport request to you.');
    assert.deepEqual(value(await tpa.requests(ann)).outgoing.map((r) => r['target-name']), ['Cy']);
    await t.platform.run(ann, '/tpacancel');
    assert.equal(lastOf(ann), 'You cancelled your teleport request to Cy.');
    assert.equal(lastOf(cy), 'Ann cancelled their teleport request to you.');
    assert.deepEqual(named('teleport.request-cancel').map((e) => [e.data['target-name'], e.data.reason]), [['Ben', 'cancelled'], ['Cy', 'cancelled']]);
    await t.platform.run(ann, '/tpacancel');
    assert.equal(lastOf(ann), 'You have no pending teleport request. Send one with /tpa <player>.');
  });

  it('expires after request-expiry-seconds, telling both; accepting afterwards finds nothing', async () => {
    await pair();
    await t.platform.run(ann, '/tpa Ben');
    await t.clock.advance(EXPIRY - 1);
    assert.equal(named('teleport.request-expire').length, 0);
    await t.clock.advance(1);
    assert.equal(named('teleport.request-expire').length, 1);
    assert.equal(lastOf(ann), 'Your teleport request to Ben has expired. Send another if you still want to.');
    assert.equal(lastOf(ben), 'The teleport request from Ann has expired.');
    await t.platform.run(ben, '/tpaccept Ann');
    assert.equal(lastOf(ben), 'You have no pending teleport request from Ann.');
  });

  it('a new request to the same player replaces the old (request-cancel replaced, a fresh expiry)', async () => {
    await pair();
    await t.platform.run(ann, '/tpa Ben');
    await t.clock.advance(EXPIRY / 2);
    await t.platform.run(ann, '/tpahere Ben');
    assert.deepEqual(named('teleport.request-cancel').map((e) => [e.data.kind, e.data.reason]), [['tpa', 'replaced']]);
    const list = value(await tpa.requests(ben));
    assert.deepEqual(list.incoming.map((r) => r.kind), ['tpahere']);
    await t.clock.advance(EXPIRY / 2);
    assert.equal(named('teleport.request-expire').length, 0, 'the first one’s expiry does not end the second');
    await t.clock.advance(EXPIRY / 2);
    assert.deepEqual(named('teleport.request-expire').map((e) => e.data.kind), ['tpahere']);
  });

  it('keeps requests from several players apart; /tpaccept alone takes the newest', async () => {
    await pair();
    const cy = await joinAt('Cy', spot(50.5, 64, 0.5));
    await t.platform.run(ann, '/tpahere Ben');
    await t.clock.advance(1);
    await t.platform.run(cy, '/tpahere Ben');
    assert.deepEqual(value(await tpa.requests(ben)).incoming.map((r) => r['sender-name']), ['Cy', 'Ann']);
    const accepting = t.platform.run(ben, '/tpaccept');
    await t.until(() => t.kernel.api.teleport.warmingUp(ben), 'Ben’s warm-up');
    await t.clock.advance(WARMUP);
    await accepting;
    assert.deepEqual(t.platform.location(ben), spot(50.5, 64, 0.5));
    assert.deepEqual(value(await tpa.requests(ben)).incoming.map((r) => r['sender-name']), ['Ann']);
  });

  it('a player leaving drops their requests, sent and received, telling the other', async () => {
    await pair();
    const cy = await joinAt('Cy', spot(50));
    await t.platform.run(ann, '/tpa Ben');
    await t.platform.run(cy, '/tpa Ann');
    t.platform.quit(ann);
    assert.equal(lastOf(ben), 'Ann left the game, so their teleport request to you was dropped.');
    assert.equal(lastOf(cy), 'Ann left the game, so your teleport request to them was dropped.');
    assert.deepEqual(named('teleport.request-cancel').map((e) => [e.data['player-name'], e.data.reason]), [['Ann', 'quit'], ['Cy', 'quit']]);
    assert.deepEqual(value(await tpa.requests(ben)).incoming, []);
    await t.clock.advance(EXPIRY);
    assert.equal(named('teleport.request-expire').length, 0);
  });

  it('declines requests to oneself or an offline player; bad input names the field', async () => {
    await pair();
    await t.platform.run(ann, '/tpa Ann');
    assert.equal(lastOf(ann), 'You cannot send a teleport request to yourself: name another player.');
    await t.platform.run(ann, '/tpa Nobody');
    assert.equal(lastOf(ann), 'No player named Nobody is online.');
    declined(tpa.send(ann, NEVER_SEEN, 'tpa'), 'player-offline');
    assert.throws(() => tpa.send(ann, 'x', 'tpa'), invalid('target'));
    declined(await tpa.requests(NEVER_SEEN), 'not-found');
    await assert.rejects(tpa.requests('nope'), invalid('uuid'));
    await t.platform.run('console', 'tpa Ann');
    assert.equal(named('teleport.request-send').length, 0);
  });

  it('the commands are every player’s, unless withheld', async () => {
    await pair();
    for (const node of ['core.teleport.tpa', 'core.teleport.tpahere', 'core.teleport.tpaccept', 'core.teleport.tpdeny', 'core.teleport.tpacancel', 'core.teleport.back']) {
      assert.equal(t.kernel.api.permissions.playerHas(ann, node), true, node);
    }
    assert.equal(t.kernel.api.permissions.playerHas(ann, 'core.teleport.tp'), false);
  });
});
