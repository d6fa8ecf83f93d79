// The teleport warm-up on the real server with real bots: core.conf asks for a warm-up, /home
// tells the bot to stand still, moves it when it has, and the teleport events reach the event
// stream.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fence, joinBot, loginSettled, quit, recordMessages, waitFor, walkOneBlock, type Bot } from './support/bots.ts';
import { startRestServer, type RestServer, type Subscription } from './support/rest-server.ts';
import { newDataDir } from './support/server-process.ts';

/** Seconds: time enough for a bot to walk off its block before it is up. */
const WARMUP = 3;

describe('teleport warm-up', () => {
  let dataDir: string;
  let rs: RestServer;
  let writer: string;
  let events: Subscription;
  let ann: Bot;
  let annId: string;
  /** Another player, who stands still throughout: their warm-up is the clock of the last test. */
  let ben: Bot;

  /** Whether a position is (horizontally) at a point: a bot may fall after a teleport, never drift. */
  const over = (at: { x: number; z: number }, p: { x: number; z: number }) => Math.abs(at.x - p.x) < 0.01 && Math.abs(at.z - p.z) < 0.01;
  const standsAt = (bot: Bot, p: { x: number; z: number }) => over(bot.entity.position, p);

  /** Sets one of a bot's homes a few blocks from where it stands. */
  async function homeNearby(slot: number, dx: number, dz: number, bot: Bot = ann): Promise<{ world: string; x: number; y: number; z: number }> {
    const p = bot.entity.position;
    const location = { world: 'world', x: Math.floor(p.x) + dx + 0.5, y: Math.floor(p.y) + 1, z: Math.floor(p.z) + dz + 0.5 };
    const r = await rs.call('POST', `/players/${bot.player.uuid}/homes/${slot}/set`, writer, { location });
    assert.equal(r.json.ok, true, JSON.stringify(r.json));
    return location;
  }

  before(async () => {
    dataDir = newDataDir();
    mkdirSync(join(dataDir, 'core'), { recursive: true });
    writeFileSync(join(dataDir, 'core', 'core.conf'), `teleport-warmup-seconds = ${WARMUP}\n`);
    rs = await startRestServer({ dataDir });
    writer = await rs.token('writer', 'read,write,events');
    events = await rs.subscribe(writer, ['teleport.*']);
    [ann, ben] = await Promise.all([joinBot(rs.server.gamePort, 'Ann'), joinBot(rs.server.gamePort, 'Ben')]);
    annId = ann.player.uuid;
    // A bot that has just spawned may still drop onto the ground (from where the server sends it
    // again once it has loaded), and a fall to another block is a move that cancels a warm-up:
    // start once each stands on the ground, and the server has taken the moves of its fall.
    for (const bot of [ann, ben]) {
      await loginSettled(bot);
      await waitFor(() => bot.entity.onGround, `${bot.username} to stand on the ground`, 30000).catch((e: Error) => {
        const p = bot.entity.position;
        throw new Error(`${e.message}: at ${p}, in ${bot.blockAt(p)?.name ?? 'a chunk it has not got'}`);
      });
      await fence(bot);
    }
  });
  after(async () => {
    events?.close();
    if (ann) await quit(ann);
    if (ben) await quit(ben);
    await rs?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('tells the bot to stand still, and moves it home once it has, capturing where it stood', async () => {
    const home = await homeNearby(1, 6, 3);
    const start = { ...ann.entity.position };
    const lines = recordMessages(ann);
    const sent = Date.now();
    ann.chat('/home 1');
    await waitFor(() => lines.includes(`Teleporting in ${WARMUP} seconds, don't move.`), 'Ann to be told to stand still');
    assert.equal(standsAt(ann, home), false, 'not moved during the warm-up');
    await waitFor(() => standsAt(ann, home), 'Ann to stand at home 1', 15000);
    assert.ok(Date.now() - sent >= WARMUP * 1000 - 250, `moved only after the warm-up (${Date.now() - sent} ms)`);

    const warmup = await events.next('teleport.warmup-start', (d) => d['player-id'] === annId);
    assert.deepEqual([warmup.data.cause, warmup.data.seconds], ['home', WARMUP]);
    const moved = await events.next('teleport.player-teleport', (d) => d['player-id'] === annId);
    assert.deepEqual(moved.data.to, { ...home, yaw: 0, pitch: 0 });
    const back = await events.next('teleport.back-location-capture', (d) => d['player-id'] === annId);
    const left = back.data.location as { x: number; z: number };
    assert.ok(Math.abs(left.x - start.x) < 1 && Math.abs(left.z - start.z) < 1, `captured ${JSON.stringify(left)}, stood at ${JSON.stringify(start)}`);
    await waitFor(() => lines.includes('Welcome home: 1.'), 'Ann to be welcomed home');
  });

  it('cancels the teleport when the bot walks off its block, and does not move it afterwards', async () => {
    const home = await homeNearby(2, -5, 4);
    const benHome = await homeNearby(1, 2, 0, ben);
    const lines = recordMessages(ann);
    const benLines = recordMessages(ben);
    /** Where the server put Ann from now on. */
    const sentTo: Array<{ x: number; z: number }> = [];
    const onForcedMove = () => {
      sentTo.push({ x: ann.entity.position.x, z: ann.entity.position.z });
    };
    ann.on('forcedMove', onForcedMove);
    ann.chat('/home 2');
    await waitFor(() => lines.includes(`Teleporting in ${WARMUP} seconds, don't move.`), 'Ann to be told to stand still');
    // Forward, jumping up a step and turning when something stands in the way.
    await walkOneBlock(ann);
    await waitFor(() => lines.includes('Teleport cancelled: you moved.'), 'the teleport to be cancelled', 15000);
    const cancel = await events.next('teleport.warmup-cancel', (d) => d['player-id'] === annId);
    assert.deepEqual([cancel.data.cause, cancel.data.reason], ['home', 'moved']);
    // Time is the subject: a teleport that must not come. Ben's warm-up, as long as Ann's and begun
    // after it, ends after hers would have (the server runs timers in the order they fall due), and
    // whatever the server sent Ann by then has come once it answers her.
    ben.chat('/home 1');
    await waitFor(() => benLines.includes('Welcome home: 1.'), 'Ben to be welcomed home', 15000);
    assert.ok(standsAt(ben, benHome), 'Ben stands at his home');
    await fence(ann);
    ann.off('forcedMove', onForcedMove);
    assert.ok(!standsAt(ann, home), 'Ann is not at home 2');
    assert.deepEqual(sentTo.filter((p) => over(p, home)), [], 'Ann was never sent to home 2');
    assert.ok(!events.received.some((e) => e.event === 'teleport.player-teleport' && e.data['player-id'] === annId && (e.data.to as { x: number }).x === home.x), 'no teleport event moved Ann to home 2');
  });
});
