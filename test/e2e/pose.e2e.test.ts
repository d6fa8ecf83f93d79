// Poses against the real server, with bots as the players: Ann sits and lies down with /sit and
// /lay, Ben's client shows her riding a seat or lying, she gets up by sneaking or by running the
// command again, and every change arrives on the event stream as pose.pose.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Bot } from './support/bots.ts';
import { nextEvent, sleep, waitFor, waitForMessage } from './support/bots.ts';
import { startScene, type Scene, type Subscription } from './support/rest-server.ts';

describe('poses in game and on the event stream', () => {
  let scene: Scene;
  let events: Subscription;
  let ann: Bot;
  let ben: Bot;
  let annId: string;

  /** Ann as Ben's client shows her. */
  const annSeenByBen = () => Object.values(ben.entities).find((e) => e.type === 'player' && e.username === 'Ann');
  /** Whether Ben's client shows Ann on a seat it still has (mineflayer keeps a vanished vehicle on the rider). */
  const benSeesAnnSitting = () => {
    const e = annSeenByBen();
    return e?.vehicle !== undefined && e.vehicle !== null && ben.entities[e.vehicle.id] === e.vehicle;
  };
  const benSeesAnnLying = () => (annSeenByBen()?.metadata as unknown as Record<number, unknown> | undefined)?.[6] === 2;

  before(async () => {
    ({ events, ann, ben } = scene = await startScene(['pose.*']));
    annId = ann.player.uuid;
    await waitFor(() => annSeenByBen() !== undefined, 'Ben to see Ann');
  });
  after(() => scene?.close());

  it('sits Ann down with /sit: Ben sees her riding an invisible seat, and pose.pose says where', async () => {
    const passengers = nextEvent<{ entityId: number; passengers: number[] }>(ben._client, 'set_passengers');
    const mounted = nextEvent(ann, 'mount');
    const told = waitForMessage(ann, /You are sitting now/);
    ann.chat('/sit');
    await told;
    const packet = await passengers;
    assert.deepEqual(packet.passengers, [annSeenByBen()!.id]);
    const seat = ben.entities[packet.entityId];
    assert.equal(seat?.name, 'block_display', 'the seat is a block display (no block: invisible)');
    await waitFor(benSeesAnnSitting, 'Ben to see Ann seated');
    await mounted;
    assert.equal((ann as Bot & { vehicle?: { id: number } | null }).vehicle?.id, packet.entityId, "Ann's own client rides the seat");
    const e = await events.next('pose.pose', (d) => d['player-id'] === annId && d.pose === 'sitting');
    assert.deepEqual([e.data['player-name'], e.data.previous, e.data.cause], ['Ann', 'standing', 'command']);
    const where = e.data.location as { world: string; x: number; z: number };
    assert.equal(where.world, 'world');
    assert.ok(Math.abs(where.x - ann.entity.position.x) < 1 && Math.abs(where.z - ann.entity.position.z) < 1, 'the seat is where Ann stood');
  });

  it('gets Ann up when she sneaks (pose.pose, cause sneak): Ben sees her standing again', async () => {
    ann.setControlState('sneak', true);
    await sleep(100);
    ann.setControlState('sneak', false);
    const e = await events.next('pose.pose', (d) => d['player-id'] === annId && d.pose === 'standing');
    assert.deepEqual([e.data.previous, e.data.cause], ['sitting', 'sneak']);
    await waitFor(() => !benSeesAnnSitting(), 'Ben to see Ann off the seat');
  });

  it('lays Ann down with /lay (Ben sees her lying) and gets her up when she runs it again', async () => {
    const told = waitForMessage(ann, /You are laying now/);
    ann.chat('/lay');
    await told;
    await waitFor(benSeesAnnLying, 'Ben to see Ann lying');
    const down = await events.next('pose.pose', (d) => d['player-id'] === annId && d.pose === 'laying');
    assert.deepEqual([down.data.previous, down.data.cause], ['standing', 'command']);
    const up = waitForMessage(ann, /You got up/);
    ann.chat('/lay');
    await up;
    await waitFor(() => !benSeesAnnLying(), 'Ben to see Ann standing');
    const e = await events.next('pose.pose', (d) => d['player-id'] === annId && d.pose === 'standing' && d.previous === 'laying');
    assert.equal(e.data.cause, 'command');
  });

  it('gets Ann up from /sit with /sit again, and she stands where she sat down', async () => {
    const from = events.received.length;
    const isNew = (d: Record<string, unknown>) => events.received.findIndex((x) => x.data === d) >= from;
    const told = waitForMessage(ann, /You are sitting now/);
    ann.chat('/sit');
    await told;
    await waitFor(benSeesAnnSitting, 'Ben to see Ann seated again');
    const sat = await events.next('pose.pose', (d) => isNew(d) && d['player-id'] === annId && d.pose === 'sitting');
    const up = waitForMessage(ann, /You got up/);
    ann.chat('/sit');
    await up;
    await waitFor(() => !benSeesAnnSitting(), 'Ben to see Ann off the seat');
    const where = sat.data.location as { x: number; y: number; z: number };
    await waitFor(() => Math.abs(ann.entity.position.x - where.x) < 0.01 && Math.abs(ann.entity.position.z - where.z) < 0.01 && Math.abs(ann.entity.position.y - where.y) < 0.01, 'Ann to stand where she sat');
  });

  it('gets Ann up when Ben hits her while she sits (pose.pose, cause damage)', async () => {
    const told = waitForMessage(ann, /You are sitting now/);
    ann.chat('/sit');
    await told;
    await waitFor(benSeesAnnSitting, 'Ben to see Ann seated');
    ben.attack(annSeenByBen()!);
    const e = await events.next('pose.pose', (d) => d['player-id'] === annId && d.cause === 'damage');
    assert.deepEqual([e.data.pose, e.data.previous], ['standing', 'sitting']);
    await waitFor(() => !benSeesAnnSitting(), 'Ben to see Ann off the seat');
  });
});
