// Items on the ground and mobs on the test kernel and the fake platform: purges by command and on
// the schedule (with the warning), the spawn rules of each world deciding every spawn (spawn eggs,
// /spawnmob, other code), the events and the commands' replies.

import { after, afterEach, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CONSOLE } from '../../core/kernel/actor.ts';
import { startTestKernel, type TestKernel } from '../../../test/support/test-kernel.ts';
import { declined, value } from '../../../test/support/results.ts';
import { plain } from '../../../test/support/fake-platform.ts';
import type { Location } from '../../platform/platform.ts';
import { itemworldModule } from './index.ts';
import type { ItemworldService } from './itemworld.service.ts';

const CONF = `purge-interval-seconds = 60
purge-warning-seconds = 10
purge-what = "items"

[mobs]
deny = ["creeper"]

[mobs.world]
cap = 3

[mobs.farm]
allow = ["cow", "pig"]
`;

/** A spawn that must have happened. */
function spawned(r: { ok: true; id: string } | { ok: false; message: string }): string {
  assert.ok(r.ok, r.ok ? '' : r.message);
  return r.id;
}

const at = (world: string, x = 0): Location => ({ world, x, y: 64, z: 0, yaw: 0, pitch: 0 });

describe('items on the ground and mobs', () => {
  let t: TestKernel;
  let itemworld: ItemworldService;
  let ann: string;
  let seen: number;

  const since = (name: 'itemworld.entity-purge' | 'itemworld.mob-spawn') => t.emitted.slice(seen).filter((e) => e.name === name).map((e) => e.data);
  const mobs = (world?: string) => t.platform.worldEntities(world).filter((e) => e.kind === 'mob').map((e) => (e.kind === 'mob' ? e.type : ''));
  const last = (uuid: string) => t.platform.messagesOf(uuid).at(-1);

  before(async () => {
    t = await startTestKernel({
      modules: [itemworldModule],
      beforeStart: (dir) => writeFileSync(join(dir, 'itemworld.conf'), CONF),
    });
    itemworld = t.kernel.api.itemworld;
    await t.platform.createWorld('farm', { generator: 'flat' });
    ann = (await t.join('Ann')).uuid;
    for (const node of ['purge', 'spawnmob', 'rules']) value(await t.kernel.api.permissions.grant(ann, `core.itemworld.${node}`, CONSOLE));
  });
  after(() => t.close());
  beforeEach(() => {
    for (const e of t.platform.worldEntities()) t.platform.removeWorldEntity(e.id);
    t.platform.clearMessages();
    seen = t.emitted.length;
  });
  afterEach(() => assert.deepEqual(t.events.problems, []));

  describe('purge', () => {
    it('/purge removes the items on the ground of every world and leaves the mobs; entity-purge says what and who', async () => {
      t.platform.worldEntityFake.drop(ann, 'bread', 5);
      t.platform.worldEntityFake.drop(ann, 'stone', 64);
      await t.platform.teleport(ann, at('farm'));
      t.platform.worldEntityFake.drop(ann, 'apple', 1);
      spawned(t.platform.spawnMob({ type: 'cow', location: at('farm') }));
      await t.platform.run(ann, '/purge');
      assert.equal(last(ann), 'Removed 3 item stacks (70 items) from every world.');
      assert.deepEqual(t.platform.worldEntities().map((e) => e.kind), ['mob']);
      assert.deepEqual(since('itemworld.entity-purge').map(({ 'occurred-at': _, ...d }) => d), [
        { what: 'items', world: null, items: 3, 'item-count': 70, mobs: 0, trigger: 'command', actor: 'Ann' },
      ]);
    });

    it('/purge mobs <world> removes only that world\'s mobs; all removes both; the console is the actor', async () => {
      await t.platform.teleport(ann, at('world'));
      spawned(t.platform.spawnMob({ type: 'cow', location: at('world') }));
      spawned(t.platform.spawnMob({ type: 'pig', location: at('farm') }));
      t.platform.worldEntityFake.drop(ann, 'bread', 2);
      await t.platform.run(ann, '/purge mobs farm');
      assert.equal(last(ann), 'Removed 1 mob from farm.');
      assert.deepEqual(mobs(), ['cow']);
      await t.platform.run('console', 'purge all world');
      assert.match(t.platform.consoleText().at(-1) ?? '', /Removed 1 item stack \(2 items\) and 1 mob from world\./);
      assert.deepEqual(t.platform.worldEntities(), []);
      assert.deepEqual(
        since('itemworld.entity-purge').map((d) => [d.what, d.world, d.items, d.mobs, d.actor]),
        [['mobs', 'farm', 0, 1, 'Ann'], ['all', 'world', 1, 1, 'console']],
      );
    });

    it('refuses an unknown world and a wrong word, naming them, and removes nothing', async () => {
      t.platform.worldEntityFake.drop(ann, 'bread', 2);
      await t.platform.run(ann, '/purge items atlantis');
      assert.match(last(ann) ?? '', /no world named "atlantis"/);
      await t.platform.run(ann, '/purge everything');
      assert.match(last(ann) ?? '', /"everything" is not one of items, mobs, all/);
      declined(itemworld.purge({ what: 'all', world: 'atlantis', trigger: 'command' }), 'not-found');
      assert.equal(t.platform.worldEntities().length, 1);
      assert.deepEqual(since('itemworld.entity-purge'), []);
    });

    it('is refused to a player without core.itemworld.purge', async () => {
      const ben = (await t.join('Ben')).uuid;
      t.platform.worldEntityFake.drop(ben, 'bread', 2);
      await t.platform.run(ben, '/purge');
      assert.match(t.platform.messagesOf(ben).at(-1) ?? '', /permission/i);
      assert.equal(t.platform.worldEntities().length, 1);
      t.platform.quit(ben);
    });

    it('runs on the schedule: everyone is warned 10 seconds before, then the items go with a broadcast and an event', async () => {
      const next = itemworld.nextPurgeAt();
      assert.ok(next, 'scheduled');
      await t.clock.set(new Date(next.getTime() - 12_000));
      t.platform.worldEntityFake.drop(ann, 'bread', 3);
      spawned(t.platform.spawnMob({ type: 'cow', location: at('world') }));
      t.platform.clearMessages();
      await t.clock.advance(3);
      assert.deepEqual(t.platform.broadcasts.map(plain), ['Items on the ground will be removed in 10 seconds.']);
      assert.equal(t.platform.worldEntities().length, 2, 'nothing removed by the warning');
      await t.clock.advance(10);
      assert.deepEqual(t.platform.broadcasts.map(plain).slice(1), ['Removed 1 item stack (3 items).']);
      assert.deepEqual(mobs(), ['cow']);
      assert.deepEqual(
        since('itemworld.entity-purge').map((d) => [d.trigger, d.actor, d.world, d.items, d['item-count']]),
        [['schedule', null, null, 1, 3]],
      );
      // The next one is an interval later.
      assert.equal(itemworld.nextPurgeAt()!.getTime() - t.clock.now().getTime() > 55_000, true);
    });
  });

  describe('mob spawn rules', () => {
    it('/spawnmob spawns an allowed type where the player stands, with mob-spawn allowed for each', async () => {
      await t.platform.teleport(ann, at('world', 7));
      await t.platform.run(ann, '/spawnmob cow 2');
      assert.equal(last(ann), 'Spawned 2 × cow.');
      assert.deepEqual(mobs('world'), ['cow', 'cow']);
      const events = since('itemworld.mob-spawn');
      assert.deepEqual(
        events.map(({ 'occurred-at': _, ...d }) => d),
        [1, 2].map(() => ({ type: 'cow', location: at('world', 7), cause: 'command', 'player-id': ann, 'player-name': 'Ann', allowed: true, refusal: null })),
      );
    });

    it('refuses a type the rules deny, in every world (creeper) and where only some are allowed (zombie on farm)', async () => {
      await t.platform.teleport(ann, at('world'));
      await t.platform.run(ann, '/spawnmob creeper');
      assert.equal(last(ann), 'The spawn rules of world do not allow creeper.');
      await t.platform.teleport(ann, at('farm'));
      await t.platform.run(ann, '/spawnmob zombie');
      assert.equal(last(ann), 'The spawn rules of farm do not allow zombie.');
      value(itemworld.spawnMobs('pig', 1, at('farm')));
      assert.deepEqual(mobs(), ['pig']);
      assert.deepEqual(
        since('itemworld.mob-spawn').map((d) => [d.type, (d.location as Location).world, d.allowed, d.refusal]),
        [['creeper', 'world', false, 'type-denied'], ['zombie', 'farm', false, 'type-denied'], ['pig', 'farm', true, null]],
      );
    });

    it('stops at the cap of the world: /spawnmob says how many came and why the rest did not', async () => {
      await t.platform.teleport(ann, at('world'));
      await t.platform.run(ann, '/spawnmob pig 5');
      assert.equal(last(ann), 'Spawned 3 × pig. world holds its cap of 3 mobs already.');
      assert.equal(mobs('world').length, 3);
      await t.platform.run(ann, '/spawnmob pig');
      assert.equal(last(ann), 'world holds its cap of 3 mobs already.');
      const refused = since('itemworld.mob-spawn').filter((d) => !d.allowed);
      assert.deepEqual(refused.map((d) => d.refusal), ['cap-reached', 'cap-reached']);
      await t.platform.run(ann, '/mobrules');
      assert.equal(last(ann), 'Mob rules of world: allowed: every type; denied: creeper; at most 3 (3 now).');
      await t.platform.run(ann, '/mobrules farm');
      assert.equal(last(ann), 'Mob rules of farm: allowed: cow, pig; denied: creeper; no cap (0 now).');
    });

    it('decides spawn eggs and other code alike: a denied egg spawns nothing, an allowed one names the player', async () => {
      await t.platform.teleport(ann, at('world'));
      const egg = t.platform.worldEntityFake.useSpawnEgg(ann, 'creeper');
      assert.deepEqual(egg.ok ? egg : egg.reason, 'cancelled');
      spawned(t.platform.worldEntityFake.useSpawnEgg(ann, 'sheep'));
      const other = t.platform.spawnMob({ type: 'creeper', location: at('farm') });
      assert.deepEqual(other.ok ? other : other.reason, 'cancelled');
      assert.deepEqual(mobs(), ['sheep']);
      assert.deepEqual(
        since('itemworld.mob-spawn').map((d) => [d.type, d.cause, d['player-name'], d.allowed]),
        [['creeper', 'spawn-egg', 'Ann', false], ['sheep', 'spawn-egg', 'Ann', true], ['creeper', 'plugin', null, false]],
      );
    });

    it('names a type that is no mob, and a count out of range', async () => {
      await t.platform.run(ann, '/spawnmob stone');
      assert.match(last(ann) ?? '', /"stone" is not a mob type/);
      await t.platform.run(ann, '/spawnmob cow 51');
      assert.match(last(ann) ?? '', /"51" is not a valid count/);
      declined(itemworld.spawnMobs('dirt', 1, at('world')), 'not-found');
      assert.deepEqual(mobs(), []);
      assert.deepEqual(t.platform.complete(ann, '/spawnmob iron_g'), ['iron_golem']);
    });

    it('/spawnmob is for players: the console is told so', async () => {
      await t.platform.run('console', 'spawnmob cow');
      assert.match(t.platform.consoleText().at(-1) ?? '', /player/i);
      assert.deepEqual(mobs(), []);
    });
  });

  it('core reload applies new rules and a new interval at once', async () => {
    writeFileSync(join(t.configDir, 'itemworld.conf'), 'purge-interval-seconds = 0\n[mobs]\ndeny = ["cow"]\n');
    const lines = t.kernel.configs.reloadAll();
    assert.ok(lines.some((l) => l.file.endsWith('itemworld.conf') && l.outcome === 'changed'), JSON.stringify(lines));
    await t.platform.teleport(ann, at('world'));
    declined(itemworld.spawnMobs('cow', 1, at('world')), 'refused');
    value(itemworld.spawnMobs('creeper', 1, at('world')));
    await t.clock.advance(1);
    assert.equal(itemworld.nextPurgeAt(), undefined);
    writeFileSync(join(t.configDir, 'itemworld.conf'), CONF);
    t.kernel.configs.reloadAll();
  });
});
