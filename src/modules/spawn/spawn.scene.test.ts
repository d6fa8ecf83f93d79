// The spawn as players and the console use it, on the in-process scene (the whole plugin on the
// fake platform, test/support/scene.ts): /spawn, /setspawn, /delspawn with their refusals and
// completions, respawns at the spawn, and the first-join spawn. What a player sees of it in the real
// game: test/e2e/areas/spawn.ts.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startKernelScene, type KernelScene, type ScenePlayer } from '../../../test/support/scene.ts';
import type { Location } from '../../platform/platform.ts';

describe('the spawn in game and at the console (in process)', () => {
  let scene: KernelScene;
  let ann: ScenePlayer;
  let ben: ScenePlayer;
  /** Where the world's own spawn point is. */
  let own: Location;
  /** The spawn Ben sets. */
  let place: Location;

  const near = (a: Location, b: Location) => a.world === b.world && Math.abs(a.x - b.x) < 0.01 && Math.abs(a.y - b.y) < 0.01 && Math.abs(a.z - b.z) < 0.01;
  const moveTo = (p: ScenePlayer, dx: number, dz: number) => {
    const at = own;
    scene.t.platform.gameplay.move(p.uuid, { ...at, x: at.x + dx, z: at.z + dz });
  };
  const die = async (p: ScenePlayer) => {
    const { gameplay } = scene.t.platform;
    gameplay.damage(p.uuid, scene.t.platform.vitals(p.uuid)!.health, { cause: 'command' });
    assert.equal(await gameplay.respawn(p.uuid), true);
    await scene.t.settle();
  };

  before(async () => {
    ({ ann, ben } = scene = await startKernelScene([]));
    own = scene.t.platform.spawnLocation('world');
  });
  after(() => scene?.close());

  it('takes a player to the world’s own spawn point while no spawn is set', async () => {
    moveTo(ann, 20, 5);
    await ann.run('/spawn', /^Welcome to the spawn of world\.$/);
    assert.ok(near(ann.location(), own), JSON.stringify(ann.location()));
  });

  it('respawns a player who died at the world’s own spawn point while no spawn is set', async () => {
    moveTo(ann, 12, 0);
    await die(ann);
    assert.ok(near(ann.location(), own));
  });

  it('refuses /setspawn and /delspawn without core.spawn.set, and /setspawn at the console', async () => {
    await ann.run('/setspawn', /^You do not have permission \(core\.spawn\.set\)\.$/);
    await ann.run('/delspawn', /^You do not have permission \(core\.spawn\.set\)\.$/);
    await scene.rs.console('setspawn', /Only a player can use "setspawn"/);
  });

  it('sets the spawn of the world where a staff member stands (audited), and /spawn and a respawn lead there', async () => {
    await scene.rs.console('perm grant Ben core.spawn.set', /Granted core\.spawn\.set to Ben/);
    moveTo(ben, 8, -4);
    place = ben.location();
    await ben.run('/setspawn', /^You set the spawn of world at world [-\d.]+, [-\d.]+, [-\d.]+: \/spawn leads there, and players who die in world respawn there\.$/);
    const rows = await scene.query<{ actor: string; details: string }>("SELECT actor, details FROM core_audit WHERE action = 'spawn.set'");
    assert.equal(rows.length, 1);
    assert.equal(rows[0]!.actor, 'Ben');
    assert.deepEqual(JSON.parse(rows[0]!.details), { spawn: 'world', location: place });
    moveTo(ann, -10, 3);
    await ann.run('/spawn', /^Welcome to the spawn of world\.$/);
    assert.ok(near(ann.location(), place));
    moveTo(ann, 15, 15);
    await die(ann);
    assert.ok(near(ann.location(), place), 'respawned at the spawn set');
    // /back after a death still leads to where the player died.
    await ann.run('/back', /./);
    assert.ok(near(ann.location(), { ...own, x: own.x + 15, z: own.z + 15 }), JSON.stringify(ann.location()));
  });

  it('refuses /spawn <player> without core.spawn.others, and sends another player there with it, telling them who did', async () => {
    await ann.run('/spawn Ben', /^You may not send other players to the spawn \(core\.spawn\.others\)\.$/);
    await scene.rs.console('perm grant Ben core.spawn.others', /Granted core\.spawn\.others to Ben/);
    moveTo(ann, 30, 30);
    const told = ann.waitForMessage(/^Ben sent you to the spawn of world\.$/);
    await ben.run('/spawn Ann', /^You sent Ann to the spawn of world\.$/);
    await told;
    assert.ok(near(ann.location(), place));
    await ben.run('/spawn Nobody', /^No player named Nobody is online\.$/);
  });

  it('sends a player to the spawn from the console, and asks the console to name one', async () => {
    moveTo(ann, -30, 30);
    const told = ann.waitForMessage(/^You were sent to the spawn of world\.$/);
    await scene.rs.console('spawn Ann', /^You sent Ann to the spawn of world\.$/);
    await told;
    assert.ok(near(ann.location(), place));
    await scene.rs.console('spawn', /^Name a player: the console has no place to leave\. Type \/spawn <player>\.$/);
  });

  it('sets the first-join spawn: a player new to the server starts there, and not when they come back', async () => {
    moveTo(ben, -6, 9);
    const start = ben.location();
    await ben.run('/setspawn first-join', /^You set the first-join spawn at world [-\d.]+, [-\d.]+, [-\d.]+: players new to the server start there\.$/);
    const cat = await scene.join('Cat');
    await scene.t.until(() => near(cat.location(), start), 'Cat to be at the first-join spawn');
    moveTo(cat, 40, 0);
    cat.quit();
    const again = await scene.join('Cat');
    await scene.t.settle();
    assert.ok(!near(again.location(), start), 'a player who comes back is not moved');
    again.quit();
  });

  it('completes the spawn words and the players', async () => {
    assert.deepEqual(scene.t.platform.complete(ben.uuid, '/setspawn '), ['first-join']);
    scene.t.platform.complete(ben.uuid, '/delspawn ');
    await scene.t.settle();
    assert.deepEqual(scene.t.platform.complete(ben.uuid, '/delspawn '), ['world', 'first-join']);
    assert.ok(scene.t.platform.complete(ben.uuid, '/spawn ').includes('Ann'));
  });

  it('removes the first-join spawn and a world’s spawn, and says when there is none', async () => {
    await ben.run('/delspawn first-join', /^You removed the first-join spawn: new players start at the spawn of world\.$/);
    await ben.run('/delspawn first-join', /^No first-join spawn is set, so nothing was removed\.$/);
    await ben.run('/delspawn', /^You removed the spawn of world: the world's own spawn point is its spawn again\.$/);
    await ben.run('/delspawn', /^The world world has no spawn set, so nothing was removed\.$/);
    await ben.run('/delspawn nowhere', /^The world nowhere has no spawn set, so nothing was removed\.$/);
    await scene.rs.console('delspawn', /^Name the world whose spawn to remove, or first-join: \/delspawn <world\|first-join>\.$/);
    const rows = await scene.query<{ actor: string }>("SELECT actor FROM core_audit WHERE action = 'spawn.delete'");
    assert.equal(rows.length, 2);
    moveTo(ann, 3, 3);
    await ann.run('/spawn', /^Welcome to the spawn of world\.$/);
    assert.ok(near(ann.location(), own), 'back at the world’s own spawn point');
  });

  it('uses the worlds module’s spawn setting of a world without a spawn set', async () => {
    await scene.rs.console('perm grant Ben core.worlds.set', /Granted core\.worlds\.set to Ben/);
    moveTo(ben, 4, 4);
    await ben.run('/world set world spawn here', /spawn/);
    const setting = ben.location();
    moveTo(ann, -3, -3);
    await ann.run('/spawn', /^Welcome to the spawn of world\.$/);
    assert.ok(near(ann.location(), setting));
    await scene.rs.console('world set world spawn default', /./);
  });

  it('sends a jailed player who died back to jail, not to the spawn, and /spawn keeps them in', async () => {
    await scene.rs.console('perm grant Ben core.moderation.setjail', /Granted/);
    moveTo(ben, -12, -12);
    const cell = ben.location();
    await ben.run('/setjail spawncell', /^Jail spawncell set at world/);
    await ben.run('/setspawn', /^You set the spawn of world/);
    await scene.rs.console('jail Ann spawncell', /Ann jailed in spawncell/);
    await scene.t.until(() => near(ann.location(), cell), 'Ann in jail');
    await die(ann);
    await scene.t.until(() => near(ann.location(), cell), 'Ann back in jail after the respawn');
    await ann.run('/spawn', /in jail/);
    assert.ok(near(ann.location(), cell));
    await scene.rs.console('unjail Ann', /Ann/);
    await ben.run('/delspawn', /^You removed the spawn of world/);
  });

  it('answers in German to a player whose game is set to German', async () => {
    scene.t.platform.setLocale(ann.uuid, 'de_DE');
    await ann.run('/spawn', /^Willkommen am Spawn von world\.$/);
    await ann.run('/spawn Ben', /^Du darfst andere Spieler nicht zum Spawn schicken \(core\.spawn\.others\)\.$/);
    scene.t.platform.setLocale(ann.uuid, 'en_US');
  });
});
