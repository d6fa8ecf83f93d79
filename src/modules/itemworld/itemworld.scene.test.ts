// Items on the ground and mobs on the in-process scene (the whole plugin on the fake platform,
// test/support/scene.ts), with a real event stream: /purge removes what a player threw out; the
// spawn rules of itemworld.conf refuse a denied mob (for /spawnmob and spawn eggs alike) and stop at
// the world's cap; /mobrules; the automatic purge after `core reload`, with its warning, on the
// manual clock. What a player sees of it in the real game: test/e2e/areas/itemworld.ts.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startKernelScene, type KernelScene, type SceneRest, type ScenePlayer, type Subscription } from '../../../test/support/scene.ts';

const CONF = `purge-interval-seconds = 0
purge-warning-seconds = 0

[mobs]
deny = ["zombie"]

[mobs.world]
cap = 3
`;

describe('items on the ground and mobs (in process)', () => {
  let scene: KernelScene;
  let rs: SceneRest;
  let events: Subscription;
  let ann: ScenePlayer;

  const lying = () => scene.t.platform.worldEntities('world').filter((e) => e.kind === 'item');
  const mobs = (type: string) => scene.t.platform.worldEntities('world').filter((e) => e.kind === 'mob' && e.type === type);
  /** Ann throws out the whole stack of that material she carries (Ctrl+Q): it lies where she stands. */
  const throwOut = (material: string) => {
    const slots = [...scene.t.platform.inventory(ann.uuid)!];
    const slot = slots.findIndex((i) => i?.material === material);
    assert.ok(slot >= 0, `Ann carries ${material}`);
    scene.t.platform.worldEntityFake.drop(ann.uuid, material, slots[slot]!.count);
    slots[slot] = null;
    scene.t.platform.setInventory(ann.uuid, slots);
  };

  before(async () => {
    ({ rs, events, ann } = scene = await startKernelScene(['itemworld.*'], { config: { 'core/itemworld.conf': CONF } }));
    await rs.console('perm grant Ann core.itemworld.*', /core\.itemworld/);
  });
  after(() => scene?.close());

  it('/purge removes the items a player threw out: they are gone from the world, and entity-purge says what and who', async () => {
    await ann.run('/kit starter', /Starter/);
    throwOut('stone_sword');
    throwOut('bread');
    assert.deepEqual(
      lying().map((e) => [e.kind === 'item' && e.material, e.kind === 'item' && e.count]),
      [
        ['stone_sword', 1],
        ['bread', 16],
      ],
      'the sword and the bread lie on the ground',
    );

    await ann.run('/purge items world', /^Removed 2 item stacks \(17 items\) from world\./);
    assert.deepEqual(lying(), [], 'the items are gone');
    const e = await events.next('itemworld.entity-purge');
    assert.deepEqual(
      [e.data.what, e.data.world, e.data.items, e.data['item-count'], e.data.mobs, e.data.trigger, e.data.actor],
      ['items', 'world', 2, 17, 0, 'command', 'Ann'],
    );
  });

  it('/spawnmob: a denied type never appears (mob-spawn refused); an allowed one does, with mob-spawn allowed', async () => {
    await ann.run('/spawnmob zombie', /The spawn rules of world do not allow zombie\./);
    await scene.t.settle();
    assert.deepEqual(mobs('zombie'), [], 'no zombie');
    const no = await events.next('itemworld.mob-spawn', (d) => d.type === 'zombie');
    assert.deepEqual([no.data.allowed, no.data.refusal, no.data.cause, no.data['player-name']], [false, 'type-denied', 'command', 'Ann']);

    await ann.run('/spawnmob cow 2', /^Spawned 2 × cow\./);
    assert.equal(mobs('cow').length, 2, 'two cows');
    const yes = await events.next('itemworld.mob-spawn', (d) => d.type === 'cow');
    const at = ann.location();
    const where = yes.data.location as { world: string; x: number; z: number };
    assert.deepEqual([yes.data.allowed, yes.data.refusal, yes.data.cause, yes.data['player-id'], where.world], [true, null, 'command', ann.uuid, 'world']);
    assert.ok(Math.abs(where.x - at.x) < 2 && Math.abs(where.z - at.z) < 2, 'spawned where Ann stands');
    assert.deepEqual(
      mobs('cow').map((m) => m.location),
      [at, at],
    );
  });

  it('stops at the world\'s cap of 3 mobs and says so; /mobrules shows the rules', async () => {
    await ann.run('/spawnmob pig 4', /^Spawned 1 × pig\. world holds its cap of 3 mobs already\./);
    await scene.t.settle();
    assert.equal(mobs('pig').length, 1, 'one pig, no second');
    const capped = await events.next('itemworld.mob-spawn', (d) => d.type === 'pig' && d.allowed === false);
    assert.equal(capped.data.refusal, 'cap-reached');
    await ann.run('/mobrules', /^Mob rules of world: allowed: every type; denied: zombie; at most 3 \(3 now\)\./);
  });

  it('/purge mobs removes the mobs', async () => {
    await ann.run('/purge mobs', /^Removed 3 mobs from every world\./);
    assert.deepEqual([mobs('cow'), mobs('pig')], [[], []], 'the mobs are gone');
    const e = await events.next('itemworld.entity-purge', (d) => d.what === 'mobs');
    assert.deepEqual([e.data.world, e.data.mobs, e.data.items], [null, 3, 0]);
  });

  it('spawn eggs go through the same rules: a zombie egg spawns nothing, a sheep egg spawns a sheep', async () => {
    const zombie = scene.t.platform.worldEntityFake.useSpawnEgg(ann.uuid, 'zombie');
    assert.equal(zombie.ok, false, 'the zombie egg is refused');
    const no = await events.next('itemworld.mob-spawn', (d) => d.type === 'zombie' && d.cause === 'spawn-egg');
    assert.deepEqual([no.data.allowed, no.data.refusal, no.data['player-name']], [false, 'type-denied', 'Ann']);
    await scene.t.settle();
    assert.deepEqual(mobs('zombie'), [], 'no zombie');

    assert.equal(scene.t.platform.worldEntityFake.useSpawnEgg(ann.uuid, 'sheep').ok, true);
    const yes = await events.next('itemworld.mob-spawn', (d) => d.type === 'sheep');
    assert.deepEqual([yes.data.allowed, yes.data.cause, yes.data['player-id'], yes.data['player-name']], [true, 'spawn-egg', ann.uuid, 'Ann']);
    assert.equal(mobs('sheep').length, 1, 'the sheep');
  });

  it('after core reload, the automatic purge warns everyone, then removes the items on the ground', async () => {
    await rs.console('kit give Ann starter', /You gave the kit Starter to Ann/);
    throwOut('bread');
    assert.equal(lying().length, 1, 'the bread on the ground');

    writeFileSync(join(scene.t.configDir, 'itemworld.conf'), CONF.replace('purge-interval-seconds = 0', 'purge-interval-seconds = 10').replace('purge-warning-seconds = 0', 'purge-warning-seconds = 5'));
    await rs.console('core reload', /itemworld\.conf: changed/);
    const ben = scene.ben;
    // The once-a-second check after the reload finds the new interval: the purge falls due 10
    // seconds after it, the warning 5 seconds before that.
    let mark = ben.messages.length;
    await scene.t.clock.advance(5);
    await scene.t.settle();
    assert.deepEqual(ben.messages.slice(mark), [], 'no warning 6 seconds before');
    await scene.t.clock.advance(1);
    await scene.t.settle();
    assert.deepEqual(ben.messages.slice(mark), ['Items on the ground will be removed in 5 seconds.'], 'everyone is warned 5 seconds before');
    assert.match(ann.messages.at(-1)!, /^Items on the ground will be removed in 5 seconds\./);
    assert.equal(lying().length, 1, 'the bread still lies there after the warning');
    mark = ben.messages.length;
    await scene.t.clock.advance(4);
    await scene.t.settle();
    assert.deepEqual([ben.messages.slice(mark), lying().length], [[], 1], 'nothing removed a second early');
    await scene.t.clock.advance(1);
    await scene.t.settle();
    assert.deepEqual(ben.messages.slice(mark), ['Removed 1 item stack (16 items).']);
    assert.deepEqual(lying(), [], 'the bread is gone');
    const e = await events.next('itemworld.entity-purge', (d) => d.trigger === 'schedule');
    assert.deepEqual([e.data.what, e.data.world, e.data.items, e.data['item-count'], e.data.actor], ['items', null, 1, 16, null]);
  });
});
