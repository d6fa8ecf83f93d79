// What each client is sent about the entities the platform spawns: who gets them, when, and that
// every packet is well-formed at 1.21.4.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { EntityManager, type EntityViewer } from './entities.ts';
import { packetProblems } from './packet-check.ts';
import type { Packet } from './packets.ts';
import type { Location } from '../platform.ts';

const here: Location = { world: 'world', x: 0.5, y: 65, z: 0.5, yaw: 0, pitch: 0 };
const ALICE = '11111111-1111-3111-8111-111111111111';
const BOB = '22222222-2222-3222-8222-222222222222';

interface TestViewer extends EntityViewer {
  at: string;
  packets: Packet[];
  /** Protocol entity ids the client has now, as a client keeps them. */
  has: Set<number>;
}

function setUp() {
  const online = new Map<string, TestViewer>();
  let nextId = 100;
  const manager = new EntityManager({ worlds: () => ['world', 'world_nether'], viewers: () => online.values(), nextEntityId: () => ++nextId });
  const join = (uuid: string, world = 'world'): TestViewer => {
    const v: TestViewer = {
      uuid,
      at: world,
      packets: [],
      has: new Set(),
      world: () => v.at,
      send: (p) => {
        assert.deepEqual(packetProblems(p.name, p.params), [], `${p.name} is well-formed`);
        v.packets.push(p);
        if (p.name === 'spawn_entity') v.has.add(p.params.entityId as number);
        if (p.name === 'entity_destroy') for (const id of p.params.entityIds as number[]) v.has.delete(id);
      },
    };
    online.set(uuid, v);
    manager.viewerEntered(v);
    return v;
  };
  /** The player goes to another world: the client forgets its entities. */
  const changeWorld = (v: TestViewer, world: string) => {
    v.at = world;
    manager.viewerEntered(v);
  };
  const leave = (v: TestViewer) => {
    online.delete(v.uuid);
    manager.viewerLeft(v.uuid);
  };
  return { manager, join, changeWorld, leave };
}

function spawned(result: { ok: boolean; id?: string; message?: string }): string {
  assert.ok(result.ok, result.message);
  return result.id!;
}

const names = (v: TestViewer) => v.packets.map((p) => p.name);

describe('EntityManager', () => {
  it("spawns an NPC for everyone in its world with its profile first, and for those who come later", () => {
    const { manager, join, changeWorld } = setUp();
    const alice = join(ALICE);
    const bob = join(BOB, 'world_nether');
    spawned(manager.spawnNpc({ name: 'Guide', location: here }));
    assert.deepEqual(names(alice), ['player_info', 'spawn_entity', 'entity_metadata', 'entity_head_rotation']);
    assert.equal((alice.packets[0]!.params.data as Array<{ player: { name: string } }>)[0]!.player.name, 'Guide');
    assert.deepEqual(bob.packets, []);
    changeWorld(bob, 'world');
    assert.equal(bob.has.size, 1);
    bob.packets.length = 0;
    changeWorld(bob, 'world_nether');
    assert.deepEqual(names(bob), ['entity_destroy', 'player_remove'], "Bob's client drops the NPC and its profile");
    const carol = join('33333333-3333-3333-8333-333333333333');
    assert.equal(carol.has.size, 1);
  });

  it('shows an entity spawned for one viewer to that viewer only, and hides it again', () => {
    const { manager, join } = setUp();
    const alice = join(ALICE);
    const bob = join(BOB);
    const id = spawned(manager.spawnTextDisplay({ lines: ['For Alice'], location: here, viewers: [ALICE] }));
    assert.equal(alice.has.size, 1);
    assert.equal(bob.has.size, 0);
    assert.deepEqual(manager.setEntityVisible(id, BOB, true), { ok: true });
    assert.equal(bob.has.size, 1);
    manager.setEntityVisible(id, ALICE, false);
    assert.equal(alice.has.size, 0);
    assert.equal(bob.has.size, 1);
  });

  it('sends new lines only to the clients that have the text display', () => {
    const { manager, join } = setUp();
    const alice = join(ALICE);
    const bob = join(BOB, 'world_nether');
    const id = spawned(manager.spawnTextDisplay({ lines: ['One'], location: here }));
    alice.packets.length = 0;
    assert.deepEqual(manager.setTextLines(id, ['Two', 'Three']), { ok: true });
    assert.deepEqual(names(alice), ['entity_metadata']);
    assert.deepEqual(bob.packets, []);
  });

  it('moves an entity within its world by teleport, and into another world by despawning and spawning', () => {
    const { manager, join } = setUp();
    const alice = join(ALICE);
    const bob = join(BOB, 'world_nether');
    const id = spawned(manager.spawnNpc({ name: 'Walker', location: here }));
    alice.packets.length = 0;
    manager.moveEntity(id, { ...here, x: 5, yaw: 90 });
    assert.deepEqual(names(alice), ['entity_teleport', 'entity_head_rotation']);
    assert.equal(alice.packets[0]!.params.x, 5);
    manager.moveEntity(id, { ...here, world: 'world_nether' });
    assert.equal(alice.has.size, 0);
    assert.ok(names(alice).includes('player_remove'));
    assert.equal(bob.has.size, 1);
    assert.equal(manager.spawnedEntity(id)?.location.world, 'world_nether');
  });

  it("respawns an NPC with its new profile when its skin changes", () => {
    const { manager, join } = setUp();
    const alice = join(ALICE);
    const id = spawned(manager.spawnNpc({ name: 'Model', location: here }));
    alice.packets.length = 0;
    const value = Buffer.from(JSON.stringify({ textures: { SKIN: { url: 'http://textures.minecraft.net/texture/new' } } })).toString('base64');
    assert.deepEqual(manager.setNpcSkin(id, { value, signature: 'c2ln' }), { ok: true });
    assert.deepEqual(names(alice), ['entity_destroy', 'player_remove', 'player_info', 'spawn_entity', 'entity_metadata', 'entity_head_rotation']);
    const profile = (alice.packets[2]!.params.data as Array<{ player: { properties: Array<{ value: string }> } }>)[0]!;
    assert.equal(profile.player.properties[0]!.value, value);
    assert.equal(alice.has.size, 1);
  });

  it('removes an entity from every client that has it and forgets it', () => {
    const { manager, join, leave } = setUp();
    const alice = join(ALICE);
    const bob = join(BOB);
    const id = spawned(manager.spawnNpc({ name: 'Gone', location: here }));
    leave(bob);
    bob.packets.length = 0;
    assert.equal(manager.removeEntity(id), true);
    assert.equal(alice.has.size, 0);
    assert.deepEqual(bob.packets, []);
    assert.equal(manager.removeEntity(id), false);
    assert.deepEqual(manager.spawnedEntities(), []);
  });

  it('counts a click on an NPC only from a client that has it and is within reach', () => {
    const { manager, join } = setUp();
    join(ALICE);
    const id = spawned(manager.spawnNpc({ name: 'Clerk', location: here, viewers: [ALICE] }));
    const entityId = 101; // the first id the host hands out
    assert.equal(manager.owns(entityId), true);
    const eyes = { world: 'world', x: 3, y: 66.6, z: 0.5 };
    assert.equal(manager.clicked(entityId, ALICE, eyes), id);
    assert.equal(manager.clicked(entityId, BOB, eyes), undefined, 'Bob does not see it');
    assert.equal(manager.clicked(entityId, ALICE, { ...eyes, x: 10 }), undefined, 'out of reach');
    assert.equal(manager.clicked(entityId + 1, ALICE, eyes), undefined, 'not one of ours');
  });

  it('gives a clickable text display an interaction box that follows it, grows with its lines, and goes with it', () => {
    const { manager, join } = setUp();
    const alice = join(ALICE);
    const id = spawned(manager.spawnTextDisplay({ lines: ['Shop'], location: here, clickable: true }));
    const [text, box] = [101, 102];
    assert.deepEqual([...alice.has], [text, box]);
    const spawnedBox = alice.packets.find((p) => p.name === 'spawn_entity' && p.params.entityId === box)!;
    assert.equal(spawnedBox.params.type, 66); // interaction
    alice.packets.length = 0;
    assert.deepEqual(manager.setTextLines(id, ['Shop', 'Open']), { ok: true });
    const size = alice.packets.find((p) => p.name === 'entity_metadata' && p.params.entityId === box);
    assert.deepEqual((size?.params.metadata as Array<{ value: unknown }>).map((m) => m.value), [0.6, 0.55, true]);
    assert.deepEqual(manager.moveEntity(id, { ...here, x: 4.5 }), { ok: true });
    assert.deepEqual(
      alice.packets.filter((p) => p.name === 'entity_teleport').map((p) => [p.params.entityId, p.params.x]),
      [
        [text, 4.5],
        [box, 4.5],
      ],
    );
    assert.equal(manager.removeEntity(id), true);
    assert.equal(alice.has.size, 0);
  });

  it('counts a click on a clickable text display, by its text or its box, only within reach; not on one that is not clickable', () => {
    const { manager, join } = setUp();
    join(ALICE);
    const id = spawned(manager.spawnTextDisplay({ lines: ['Click me'], location: here, clickable: true }));
    const plain = spawned(manager.spawnTextDisplay({ lines: ['Just text'], location: here }));
    const eyes = { world: 'world', x: 5, y: 66.6, z: 0.5 };
    assert.equal(manager.clicked(102, ALICE, eyes), id, 'its box');
    assert.equal(manager.clicked(101, ALICE, eyes), id, 'its text');
    assert.equal(manager.clicked(102, ALICE, { ...eyes, x: 8 }), undefined, 'out of reach');
    assert.equal(manager.owns(103), true);
    assert.equal(manager.clicked(103, ALICE, eyes), undefined, `${plain} is not clickable`);
  });

  it('hands out copies, so a caller cannot change an entity behind the viewers', () => {
    const { manager } = setUp();
    const id = spawned(manager.spawnTextDisplay({ lines: ['Keep'], location: here }));
    const copy = manager.spawnedEntity(id)!;
    copy.location.x = 99;
    assert.equal(manager.spawnedEntity(id)!.location.x, here.x);
  });
});
