// Poses on the in-process scene (the whole plugin on the fake platform, test/support/scene.ts), with
// a real event stream: Ann sits and lies down with /sit and /lay, gets up by sneaking, by running the
// command again or when Ben hits her, and every change arrives on the stream as pose.pose. The area
// has no routes. What Ben's client shows of it in the real game (the seat, lying): test/e2e/areas/pose.ts.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startKernelScene, type KernelScene, type ScenePlayer, type Subscription } from '../../../test/support/scene.ts';

describe('poses in game and on the event stream (in process)', () => {
  let scene: KernelScene;
  let events: Subscription;
  let ann: ScenePlayer;
  let ben: ScenePlayer;
  let annId: string;

  const poseOfAnn = () => scene.t.platform.pose(annId);
  /** The first pose.pose of Ann received from `from` (a length of events.received) on that matches. */
  const annPose = async (from: number, match: (d: Record<string, unknown>) => boolean) =>
    (await events.next('pose.pose', (d) => events.received.findIndex((x) => x.data === d) >= from && d['player-id'] === annId && match(d))).data;

  before(async () => {
    ({ events, ann, ben } = scene = await startKernelScene(['pose.*']));
    annId = ann.uuid;
  });
  after(() => scene?.close());

  it('sits Ann down with /sit, and pose.pose says where', async () => {
    const from = events.received.length;
    const stood = ann.location();
    await ann.run('/sit', /You are sitting now\. Sneak, or run the command again, to get up\./);
    assert.equal(poseOfAnn(), 'sitting');
    const e = await annPose(from, (d) => d.pose === 'sitting');
    assert.deepEqual([e['player-name'], e.previous, e.cause], ['Ann', 'standing', 'command']);
    assert.deepEqual(e.location, stood, 'the seat is where Ann stood');
  });

  it('gets Ann up when she sneaks (pose.pose, cause sneak)', async () => {
    const from = events.received.length;
    scene.t.platform.poses.sneak(annId);
    const e = await annPose(from, (d) => d.pose === 'standing');
    assert.deepEqual([e.previous, e.cause], ['sitting', 'sneak']);
    assert.equal(poseOfAnn(), 'standing');
  });

  it('lays Ann down with /lay and gets her up when she runs it again', async () => {
    const from = events.received.length;
    await ann.run('/lay', /You are laying now/);
    assert.equal(poseOfAnn(), 'laying');
    const down = await annPose(from, (d) => d.pose === 'laying');
    assert.deepEqual([down.previous, down.cause], ['standing', 'command']);
    await ann.run('/lay', /You got up/);
    assert.equal(poseOfAnn(), 'standing');
    const e = await annPose(from, (d) => d.pose === 'standing' && d.previous === 'laying');
    assert.equal(e.cause, 'command');
  });

  it('gets Ann up from /sit with /sit again, and she stands where she sat down', async () => {
    const from = events.received.length;
    const away = ann.location();
    await ann.run('/sit', /You are sitting now/);
    const sat = await annPose(from, (d) => d.pose === 'sitting');
    // While she sits, something moves her body a little (the seat): she is put back where she sat.
    scene.t.platform.move(annId, { ...away, y: away.y + 0.4 });
    await ann.run('/sit', /You got up/);
    assert.equal(poseOfAnn(), 'standing');
    const up = await annPose(from, (d) => d.pose === 'standing');
    assert.deepEqual([up.previous, up.cause], ['sitting', 'command']);
    const where = sat.location as { x: number; y: number; z: number };
    const at = ann.location();
    assert.deepEqual([at.x, at.y, at.z], [where.x, where.y, where.z], 'Ann stands where she sat');
  });

  it('gets Ann up when Ben hits her while she sits (pose.pose, cause damage)', async () => {
    const from = events.received.length;
    await ann.run('/sit', /You are sitting now/);
    scene.t.platform.gameplay.damage(annId, 1, { attacker: ben.uuid });
    const e = await annPose(from, (d) => d.cause === 'damage');
    assert.deepEqual([e.pose, e.previous], ['standing', 'sitting']);
    assert.equal(poseOfAnn(), 'standing');
  });
});
