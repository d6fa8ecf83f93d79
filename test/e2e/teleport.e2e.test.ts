// The teleport warm-up on the real server with a real bot: core.conf asks for a warm-up, /home
// tells the bot to stand still, moves it when it has, and the teleport events reach the event
// stream.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { joinBot, never, quit, recordMessages, waitFor, walkOneBlock, type Bot } from './support/bots.ts';
import { startRestServer, type RestServer, type Subscription } from './support/rest-server.ts';
import { newDataDir } from './support/server-process.ts';

const WARMUP = 4;

describe('teleport warm-up', () => {
  let dataDir: string;
  let rs: RestServer;
  let writer: string;
  let events: Subscription;
  let ann: Bot;
  let annId: string;

  /** Whether the bot stands (horizontally) at a point: it may fall after a teleport, never drift. */
  const standsAt = (bot: Bot, p: { x: number; z: number }) => Math.abs(bot.entity.position.x - p.x) < 0.01 && Math.abs(bot.entity.position.z - p.z) < 0.01;

  /** Sets one of Ann's homes a few blocks from where she stands. */
  async function homeNearby(slot: number, dx: number, dz: number): Promise<{ world: string; x: number; y: number; z: number }> {
    const p = ann.entity.position;
    const location = { world: 'world', x: Math.floor(p.x) + dx + 0.5, y: Math.floor(p.y) + 1, z: Math.floor(p.z) + dz + 0.5 };
    const r = await rs.call('POST', `/players/${annId}/homes/${slot}/set`, writer, { location });
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
    ann = await joinBot(rs.server.gamePort, 'Ann');
    annId = ann.player.uuid;
    // A bot that has just spawned may still drop onto the ground, and a fall to another block is a
    // move that cancels a warm-up: start once it has stood on one block for a second.
    let still = { at: Date.now(), block: '' };
    await waitFor(() => {
      const p = ann.entity.position;
      const block = `${Math.floor(p.x)},${Math.floor(p.y)},${Math.floor(p.z)}`;
      if (block !== still.block || !ann.entity.onGround) still = { at: Date.now(), block };
      return Date.now() - still.at >= 1000;
    }, 'Ann to stand still on the ground', 30000).catch((e: Error) => {
      const p = ann.entity.position;
      throw new Error(`${e.message}: she is at ${p}, on the ground: ${ann.entity.onGround}, in ${ann.blockAt(p)?.name ?? 'a chunk she has not got'}`);
    });
  });
  after(async () => {
    events?.close();
    if (ann) await quit(ann);
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
    const lines = recordMessages(ann);
    ann.chat('/home 2');
    await waitFor(() => lines.includes(`Teleporting in ${WARMUP} seconds, don't move.`), 'Ann to be told to stand still');
    // Forward, jumping up a step and turning when something stands in the way.
    await walkOneBlock(ann);
    await waitFor(() => lines.includes('Teleport cancelled: you moved.'), 'the teleport to be cancelled', 15000);
    const cancel = await events.next('teleport.warmup-cancel', (d) => d['player-id'] === annId);
    assert.deepEqual([cancel.data.cause, cancel.data.reason], ['home', 'moved']);
    await never(() => standsAt(ann, home), 'Ann to reach home 2 after all', (WARMUP + 1) * 1000);
  });
});
