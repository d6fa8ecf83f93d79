// Finding a player against the real game (every answer of the routes and the getting-started
// example: src/core/players/players.scene.test.ts): the players list shows the bots online in their world
// with the ping the server measured and their join time, drops a bot whose connection ended, and
// the name of a bot that left still finds it. A bot of its own, Pax, joins and quits.

import { it } from 'node:test';
import assert from 'node:assert/strict';
import { joinBot, quit, waitFor } from '../support/bots.ts';
import type { AreaPart } from '../support/area-parts.ts';

interface Online {
  uuid: string;
  name: string;
  world: string;
  ping: number;
  since: string;
}

export const playersPart: AreaPart = {
  name: 'players',
  tests(scene) {
    const online = async (): Promise<Online[]> => {
      const r = await scene().rs.call('GET', '/players', scene().reader);
      assert.equal(r.status, 200);
      assert.equal(r.json.data.count, r.json.data.players.length);
      return r.json.data.players;
    };

    it('lists the bots online, in their world, with a measured ping in milliseconds and the time they joined', async () => {
      const { ann, ben, rs } = scene();
      const before = Date.now();
      const pax = await joinBot(rs.server.gamePort, 'Pax');
      const joined = Date.now();
      try {
        const players = await online();
        const rows = new Map(players.map((p) => [p.name, p]));
        assert.deepEqual(
          ['Ann', 'Ben', 'Pax'].map((name) => [name, rows.get(name)?.uuid, rows.get(name)?.world]),
          [
            ['Ann', ann.player.uuid, 'world'],
            ['Ben', ben.player.uuid, 'world'],
            ['Pax', pax.player.uuid, 'world'],
          ],
        );
        for (const p of players) {
          assert.ok(Number.isInteger(p.ping) && p.ping >= 0, `ping ${p.ping}`);
          assert.match(p.since, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
          assert.ok(Date.parse(p.since) <= Date.now(), `since ${p.since}`);
        }
        const since = Date.parse(rows.get('Pax')!.since);
        assert.ok(since >= before - 1000 && since <= joined, `Pax since ${rows.get('Pax')!.since}, joined between ${new Date(before).toISOString()} and ${new Date(joined).toISOString()}`);
      } finally {
        await quit(pax);
      }
    });

    it('drops a bot whose connection ended, and still finds it by name in any case while offline', async () => {
      const { ann, reader, rs } = scene();
      const pax = (await rs.call('GET', '/players/by-name/Pax', reader)).json.data;
      // The server dropped Pax from the tab list when it saw the connection end: the list has done so by then.
      await waitFor(() => ann.players.Pax === undefined, 'Pax to leave Ann’s tab list');
      assert.ok(!(await online()).some((p) => p.name === 'Pax'), 'Pax is no longer listed');
      for (const name of ['Pax', 'pax', 'PAX']) {
        const r = await rs.call('GET', `/players/by-name/${name}`, reader);
        assert.equal(r.status, 200, name);
        assert.deepEqual([r.json.data.uuid, r.json.data.name, r.json.data.online], [pax.uuid, 'Pax', false], name);
      }
      const annNow = await rs.call('GET', '/players/by-name/aNN', reader);
      assert.deepEqual([annNow.json.data.uuid, annNow.json.data.online], [ann.player.uuid, true]);
    });
  },
};
