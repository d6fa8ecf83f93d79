// The packet shim (packet-shim.ts): each rewrite of what flying-squid writes, serialised with
// minecraft-protocol's 1.21.4 serializer and read back as the game client reads it.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as P from './packets.ts';
import { fixOutgoing } from './packet-shim.ts';
import { packetProblems } from './packet-check.ts';
import { clientReads, only, shimContext as ctx, uuidA } from './packet-test-support.ts';

describe('the shim over what flying-squid writes', () => {
  it('defect 1: completes entity_teleport, with byte angles made degrees', () => {
    const fromFs = { entityId: 7, x: 1, y: 2, z: 3, yaw: 64, pitch: 0, onGround: true };
    assert.notDeepEqual(packetProblems('entity_teleport', fromFs), []);
    const back = clientReads(only(fixOutgoing('entity_teleport', fromFs, ctx)));
    assert.equal(back.x, 1);
    assert.equal(back.yaw, 90);
    assert.equal(back.onGround, true);
  });

  it('defect 2: spawns players as entity type 147, other entities as they are', () => {
    const fromFs = { entityId: 7, playerUUID: uuidA, entityUUID: uuidA, objectUUID: uuidA, type: null, x: 0, y: 64, z: 0, yaw: 200, pitch: 0, currentItem: 0, velocity: { x: 0, y: 0, z: 0 }, metadata: undefined };
    const back = clientReads(only(fixOutgoing('spawn_entity', fromFs, ctx)));
    assert.equal(back.type, P.PLAYER_ENTITY_TYPE);
    assert.equal(back.objectUUID, uuidA);
    assert.equal(back.yaw, -56);
    const zombie = clientReads(only(fixOutgoing('spawn_entity', { ...fromFs, entityId: 8, type: 145 }, ctx)));
    assert.equal(zombie.type, 145);
    // A player spawned before its login set its uuid cannot be written: not sent (it disconnected the receiver).
    assert.deepEqual(fixOutgoing('spawn_entity', { ...fromFs, objectUUID: undefined, x: 0, y: 0, z: 0 }, ctx), []);
  });

  it('forgets a chunk with unload_chunk where flying-squid writes an empty map_chunk (a walking player was disconnected)', () => {
    const fromFs = { x: 5, z: -9, groundUp: true, bitMap: 0, chunkData: Buffer.alloc(0) };
    assert.notDeepEqual(packetProblems('map_chunk', fromFs), []);
    const p = only(fixOutgoing('map_chunk', fromFs, ctx));
    assert.equal(p.name, 'unload_chunk');
    assert.deepEqual(clientReads(p), { chunkX: 5, chunkZ: -9 });
  });

  it('defect 3: a leaving player is removed with player_remove', () => {
    const p = only(fixOutgoing('player_info', { action: { remove_player: true }, data: [{ uuid: uuidA }] }, ctx));
    assert.equal(p.name, 'player_remove');
    assert.deepEqual(clientReads(p).players, [uuidA]);
  });

  it('defect 4: added players are listed', () => {
    const fromFs = { action: { add_player: true }, data: [{ uuid: uuidA, player: { name: 'alice', properties: [] }, gamemode: 1, latency: 5 }] };
    const back = clientReads(only(fixOutgoing('player_info', fromFs, ctx))) as { data: Array<{ listed: number; gamemode: number }> };
    assert.equal(back.data[0]!.listed, 1);
    assert.equal(back.data[0]!.gamemode, 1);
    // The latency updates flying-squid sends every five seconds are already right.
    const latency = { action: { update_latency: true }, data: [{ uuid: uuidA, latency: 3 }] };
    assert.deepEqual(fixOutgoing('player_info', latency, ctx), [{ name: 'player_info', params: latency }]);
    clientReads({ name: 'player_info', params: latency });
  });

  it('defect 5: the login packet carries the player game mode', () => {
    const registryLogin = {
      entityId: 1,
      isHardcore: false,
      worldNames: ['minecraft:overworld', 'minecraft:nether'],
      maxPlayers: 20,
      viewDistance: 8,
      simulationDistance: 10,
      reducedDebugInfo: false,
      enableRespawnScreen: true,
      doLimitedCrafting: false,
      worldState: { dimension: 0, name: 'minecraft:overworld', hashedSeed: [1, 2], gamemode: 'survival', previousGamemode: 255, isDebug: false, isFlat: true, portalCooldown: 0, seaLevel: -63 },
      enforcesSecureChat: undefined,
      gameMode: 1,
    };
    const back = clientReads(only(fixOutgoing('login', registryLogin, ctx))) as { worldState: { gamemode: string; hashedSeed: unknown }; enforcesSecureChat: boolean };
    assert.equal(back.worldState.gamemode, 'creative');
    assert.equal(back.enforcesSecureChat, false);
  });

  it('defect 6: respawn gets its worldState; the nether is dimension type 3', () => {
    const fromFs = { previousGameMode: 0, dimension: 0, worldName: 'minecraft:nether', difficulty: 1, hashedSeed: [1, 2], gamemode: 2, levelType: 'default', isDebug: false, isFlat: false, copyMetadata: false, portalCooldown: 0 };
    assert.notDeepEqual(packetProblems('respawn', fromFs), []);
    const back = clientReads(only(fixOutgoing('respawn', fromFs, ctx))) as { worldState: { dimension: number; name: string; gamemode: string; previousGamemode: number } };
    assert.equal(back.worldState.dimension, P.DIMENSION_TYPE.the_nether);
    assert.equal(back.worldState.name, 'minecraft:nether');
    assert.equal(back.worldState.gamemode, 'adventure');
    assert.equal(back.worldState.previousGamemode, 0);
    const overworld = clientReads(fixOutgoing('respawn', { ...fromFs, worldName: 'minecraft:overworld', previousGameMode: 255 }, ctx)[0]!) as { worldState: { dimension: number; previousGamemode: number } };
    assert.equal(overworld.worldState.dimension, P.DIMENSION_TYPE.overworld);
    assert.equal(overworld.worldState.previousGamemode, 255);
    // A world created at run time is its own level of the overworld type, whatever its name.
    const created = clientReads(fixOutgoing('respawn', { ...fromFs, worldName: 'core:my_nether' }, ctx)[0]!) as { worldState: { dimension: number; name: string } };
    assert.deepEqual([created.worldState.dimension, created.worldState.name], [P.DIMENSION_TYPE.overworld, 'core:my_nether']);
  });

  it('defect 7: a sound by name is sent by id, or not at all when the name is unknown', () => {
    const fromFs = { sound: { data: { soundName: 'game.player.hurt' } }, soundCategory: 0, x: 1, y: 2, z: 3, volume: 1, pitch: 63, seed: 0 };
    const back = clientReads(only(fixOutgoing('sound_effect', fromFs, ctx))) as { sound: { soundId: number } };
    assert.equal(back.sound.soundId, 1234);
    assert.deepEqual(fixOutgoing('sound_effect', { ...fromFs, sound: { data: { soundName: 'no.such.sound' } } }, ctx), []);
  });

  it('completes the position, spawn position, health, difficulty, time, slot and look packets', () => {
    const cases: Array<[string, Record<string, unknown>]> = [
      ['position', { x: 1, y: 2, z: 3, yaw: 0, pitch: 0, flags: 0x00, teleportId: 1 }],
      ['spawn_position', { location: { x: 0, y: 64, z: 0 } }],
      ['update_health', { food: 20, health: 20 }],
      ['difficulty', { difficulty: undefined, difficultyLocked: false }],
      ['update_time', { age: [0, 0], time: [0, 6000] }],
      ['set_slot', { windowId: 0, slot: 36, item: { itemCount: 0 } }],
      ['entity_look', { entityId: 7, yaw: 10, pitch: 0, onGround: undefined }],
      ['rel_entity_move', { entityId: 7, dX: 1, dY: 0, dZ: 0, onGround: undefined }],
    ];
    for (const [name, fromFs] of cases) {
      assert.notDeepEqual(packetProblems(name, fromFs), [], `${name} as flying-squid writes it is malformed`);
      clientReads(only(fixOutgoing(name, fromFs, ctx)));
    }
  });

  it("drops flying-squid's own tab completion answer, which has no transaction id", () => {
    assert.deepEqual(fixOutgoing('tab_complete', { matches: ['/help'] }, ctx), []);
  });

  it('passes well-formed packets through unchanged', () => {
    const params = { entityIds: [1, 2] };
    assert.deepEqual(fixOutgoing('entity_destroy', params, ctx), [{ name: 'entity_destroy', params }]);
  });
});
