// Poses against the real game (the commands and pose.pose on the stream: src/modules/pose/pose.scene.test.ts):
// Ann sits and lies down with /sit and /lay, Ben's client shows her riding a seat or lying, she gets
// up by sneaking, by running the command again or when Ben hits her, and stands where she sat.
// Ann is brought beside Ben first (wherever earlier parts left them); she ends standing and healed.

import { after, before, it } from 'node:test';
import assert from 'node:assert/strict';
import { nextEvent, waitFor, waitForMessage, type Bot } from '../support/bots.ts';
import type { AreaPart } from '../support/area-parts.ts';

export const posePart: AreaPart = {
  name: 'pose',
  tests(scene) {
    const annId = () => scene().ann.player.uuid;
    /** Ann as Ben's client shows her. */
    const annSeenByBen = () => Object.values(scene().ben.entities).find((e) => e.type === 'player' && e.username === 'Ann');
    /** Whether Ben's client shows Ann on a seat it still has (mineflayer keeps a vanished vehicle on the rider). */
    const benSeesAnnSitting = () => {
      const e = annSeenByBen();
      return e?.vehicle !== undefined && e.vehicle !== null && scene().ben.entities[e.vehicle.id] === e.vehicle;
    };
    const benSeesAnnLying = () => (annSeenByBen()?.metadata as unknown as Record<number, unknown> | undefined)?.[6] === 2;
    /** The first pose.pose of Ann received from `from` (a length of events.received) on that matches. */
    const annPose = async (from: number, match: (d: Record<string, unknown>) => boolean) => {
      const { events } = scene();
      return (await events.next('pose.pose', (d) => events.received.findIndex((x) => x.data === d) >= from && d['player-id'] === annId() && match(d))).data;
    };
    /** Ann runs a pose command and reads the answer. */
    const annRuns = async (line: string, reply: RegExp) => {
      const told = waitForMessage(scene().ann, reply);
      scene().ann.chat(line);
      await told;
    };

    before(async () => {
      await scene().rs.console('tp Ann Ben', /Teleported Ann to Ben\./);
      await waitFor(() => annSeenByBen() !== undefined, 'Ben to see Ann');
    });
    after(async () => {
      // Ben's hit hurt her: heal her for the parts that follow.
      const { rs, writer, ann } = scene();
      await rs.call('POST', `/players/${annId()}/state/heal`, writer);
      await waitFor(() => ann.health === 20, 'Ann healed');
    });

    it('sits Ann down with /sit: Ben sees her riding an invisible seat, her own client rides it, and pose.pose says where', async () => {
      const { ann, ben, events } = scene();
      const from = events.received.length;
      const passengers = nextEvent<{ entityId: number; passengers: number[] }>(ben._client, 'set_passengers');
      const mounted = nextEvent(ann, 'mount');
      await annRuns('/sit', /You are sitting now/);
      const packet = await passengers;
      assert.deepEqual(packet.passengers, [annSeenByBen()!.id]);
      const seat = ben.entities[packet.entityId];
      assert.equal(seat?.name, 'block_display', 'the seat is a block display (no block: invisible)');
      await waitFor(benSeesAnnSitting, 'Ben to see Ann seated');
      await mounted;
      assert.equal((ann as Bot & { vehicle?: { id: number } | null }).vehicle?.id, packet.entityId, "Ann's own client rides the seat");
      const e = await annPose(from, (d) => d.pose === 'sitting');
      assert.deepEqual([e['player-name'], e.previous, e.cause], ['Ann', 'standing', 'command']);
      const where = e.location as { world: string; x: number; z: number };
      assert.equal(where.world, 'world');
      assert.ok(Math.abs(where.x - ann.entity.position.x) < 1 && Math.abs(where.z - ann.entity.position.z) < 1, 'the seat is where Ann stood');
    });

    it('gets Ann up when she sneaks (pose.pose, cause sneak): Ben sees her standing again', async () => {
      const { ann, events } = scene();
      const from = events.received.length;
      ann.setControlState('sneak', true);
      try {
        const e = await annPose(from, (d) => d.pose === 'standing');
        assert.deepEqual([e.previous, e.cause], ['sitting', 'sneak']);
      } finally {
        ann.setControlState('sneak', false);
      }
      await waitFor(() => !benSeesAnnSitting(), 'Ben to see Ann off the seat');
    });

    it('lays Ann down with /lay (Ben sees her lying) and gets her up when she runs it again', async () => {
      const { events } = scene();
      const from = events.received.length;
      await annRuns('/lay', /You are laying now/);
      await waitFor(benSeesAnnLying, 'Ben to see Ann lying');
      const down = await annPose(from, (d) => d.pose === 'laying');
      assert.deepEqual([down.previous, down.cause], ['standing', 'command']);
      await annRuns('/lay', /You got up/);
      await waitFor(() => !benSeesAnnLying(), 'Ben to see Ann standing');
      const e = await annPose(from, (d) => d.pose === 'standing' && d.previous === 'laying');
      assert.equal(e.cause, 'command');
    });

    it('gets Ann up from /sit with /sit again, and she stands where she sat down', async () => {
      const { ann, events } = scene();
      const from = events.received.length;
      await annRuns('/sit', /You are sitting now/);
      await waitFor(benSeesAnnSitting, 'Ben to see Ann seated again');
      const sat = await annPose(from, (d) => d.pose === 'sitting');
      await annRuns('/sit', /You got up/);
      await waitFor(() => !benSeesAnnSitting(), 'Ben to see Ann off the seat');
      const where = sat.location as { x: number; y: number; z: number };
      await waitFor(
        () => Math.abs(ann.entity.position.x - where.x) < 0.01 && Math.abs(ann.entity.position.z - where.z) < 0.01 && Math.abs(ann.entity.position.y - where.y) < 0.01,
        'Ann to stand where she sat',
      );
    });

    it('gets Ann up when Ben hits her while she sits (pose.pose, cause damage)', async () => {
      const { ben, events } = scene();
      const from = events.received.length;
      await annRuns('/sit', /You are sitting now/);
      await waitFor(benSeesAnnSitting, 'Ben to see Ann seated');
      ben.attack(annSeenByBen()!);
      const e = await annPose(from, (d) => d.cause === 'damage');
      assert.deepEqual([e.pose, e.previous], ['standing', 'sitting']);
      await waitFor(() => !benSeesAnnSitting(), 'Ben to see Ann off the seat');
    });
  },
};
