// Jails on the real server with real bots: Ann (a moderator) defines jails and jails Ben and Cat
// in game and over HTTP; Ben is moved into the jail, cannot walk out, teleport home or run a
// command outside the allow-list, is sent back after a rejoin and released at expiry; Ann sees
// the announcements, and none of the silent ones. Every jail route over HTTP, every jail event on
// the stream.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createBot, joinBot, never, nextEvent, quit, recordMessages, sleep, waitFor, waitForMessage, type Bot } from './support/bots.ts';
import { startScene, type RestServer, type Scene, type Subscription } from './support/rest-server.ts';
import { readServerData } from './support/server-data.ts';

const RADIUS = 4;

type Point = { world: string; x: number; y: number; z: number };

describe('jails', () => {
  let scene: Scene;
  let rs: RestServer;
  let writer: string;
  let reader: string;
  let events: Subscription;
  let ann: Bot;
  let ben: Bot;
  let annId: string;
  let benId: string;
  let cell: Point;
  let annLines: string[];

  const horizontal = (bot: Bot, p: { x: number; z: number }) => Math.hypot(bot.entity.position.x - p.x, bot.entity.position.z - p.z);
  /** Whether the bot stands (horizontally) at a point: it may fall after a teleport, never drift. */
  const standsAt = (bot: Bot, p: { x: number; z: number }) => horizontal(bot, p) < 0.01;

  /**
   * Waits until the bot has the chunk it stands in (a bot does not move, not even fall, in a chunk
   * it has not received: after a teleport the server may still be sending it) and has stood on one
   * block, on the ground, for a second.
   */
  async function settle(bot: Bot): Promise<void> {
    await waitFor(() => bot.blockAt(bot.entity.position) !== null, `${bot.username} to have the chunk it stands in`, 15000);
    let still = { at: Date.now(), block: '' };
    await waitFor(() => {
      const p = bot.entity.position;
      const block = `${Math.floor(p.x)},${Math.floor(p.y)},${Math.floor(p.z)}`;
      if (block !== still.block || !bot.entity.onGround) still = { at: Date.now(), block };
      return Date.now() - still.at >= 1000;
    }, `${bot.username} to stand still on the ground`, 15000);
  }

  /**
   * A place 12 to 40 blocks from the bot where a prisoner can walk: the world's terrain is random,
   * and a jail in a pit or among tree trunks would hold anyone without the jail's help. The middle
   * of an 11 by 11 patch of ground without trees or water, no step in it higher than a jump, as the
   * bot's client sees it; undefined while none is in sight (its chunks may still be arriving).
   */
  function openGround(bot: Bot): Point | undefined {
    const here = bot.entity.position.floored();
    const tops = new Map<string, number | undefined>();
    /** The height of the highest block `dx`, `dz` from the bot, when it is ground to stand on. */
    const top = (dx: number, dz: number): number | undefined => {
      const key = `${dx},${dz}`;
      if (tops.has(key)) return tops.get(key);
      let found: number | undefined;
      for (let y = 79; y > 0; y--) {
        const b = bot.blockAt(here.offset(dx, y - here.y, dz));
        if (!b || /water|lava/.test(b.name)) break;
        if (b.boundingBox === 'empty') continue; // air, grass, flowers: walked through
        if (!/leaves/.test(b.name)) found = y;
        break;
      }
      tops.set(key, found);
      return found;
    };
    const open = (dx: number, dz: number): boolean => {
      const y = top(dx, dz);
      if (y === undefined) return false;
      for (let i = -5; i <= 5; i++) {
        for (let j = -5; j <= 5; j++) {
          const t = top(dx + i, dz + j);
          if (t === undefined || Math.abs(t - y) > 1) return false;
        }
      }
      return true;
    };
    for (let r = 12; r <= 40; r++) {
      for (let k = -r; k <= r; k++) {
        for (const [dx, dz] of [[r, k], [-r, k], [k, r], [k, -r]] as const) {
          if (open(dx, dz)) return { world: 'world', x: here.x + dx + 0.5, y: top(dx, dz)! + 1, z: here.z + dz + 0.5 };
        }
      }
    }
    return undefined;
  }

  /** Moves a bot through one of its homes, set over HTTP `dx`, `dz` blocks from where it stands. */
  async function sendHome(bot: Bot, uuid: string, slot: number, dx: number, dz: number): Promise<Point> {
    const p = bot.entity.position;
    const location = { world: 'world', x: Math.floor(p.x) + dx + 0.5, y: Math.floor(p.y) + 1, z: Math.floor(p.z) + dz + 0.5 };
    const r = await rs.call('POST', `/players/${uuid}/homes/${slot}/set`, writer, { location });
    assert.equal(r.json.ok, true, JSON.stringify(r.json));
    return location;
  }

  before(async () => {
    ({ rs, writer, reader, events, ann, ben } = scene = await startScene(['moderation.*'], {
      // /home is allowed to prove that the teleport itself is refused (the command check comes first otherwise).
      config: { 'core/jail.conf': `radius = ${RADIUS}\nallowed-commands = ["msg", "home"]\nrelease-to = "previous"\n` },
    }));
    annId = ann.player.uuid;
    benId = ben.player.uuid;
    annLines = recordMessages(ann);
    await rs.console('perm grant Ann core.moderation.*', /core\.moderation/);
    await settle(ann);
    await settle(ben);
  });
  after(() => scene?.close());

  it('Ann defines jails with /setjail where she stands, lists them with /jails and removes one with /deljail', async () => {
    let found: Point | undefined;
    await waitFor(() => (found = openGround(ann)) !== undefined, 'open ground in sight of Ann', 15000);
    const away = found!;
    assert.equal((await rs.call('POST', `/players/${annId}/homes/1/set`, writer, { location: away })).json.ok, true);
    ann.chat('/home 1');
    await waitFor(() => standsAt(ann, away), 'Ann to stand on open ground away from the spawn');
    await settle(ann);
    const set = waitForMessage(ann, /^Jail cell set at world/);
    ann.chat('/setjail cell');
    await set;
    const define = await events.next('moderation.jail-location-define', (d) => d.jail === 'cell');
    assert.deepEqual([define.data.actor, define.data.replaced], ['Ann', false]);
    cell = define.data.location as Point;
    assert.ok(standsAt(ann, cell), JSON.stringify(cell));

    ann.chat('/setjail spare');
    await events.next('moderation.jail-location-define', (d) => d.jail === 'spare');
    const listed = waitForMessage(ann, /^spare: world/);
    ann.chat('/jails');
    await listed;
    assert.ok(annLines.some((l) => /^Jails \(2\):/.test(l)) && annLines.some((l) => /^cell: world/.test(l)), annLines.join('\n'));
    const removed = waitForMessage(ann, /^Jail spare removed\./);
    ann.chat('/deljail spare');
    await removed;
    const remove = await events.next('moderation.jail-location-remove', (d) => d.jail === 'spare');
    assert.equal(remove.data.actor, 'Ann');
    // Ann goes back, so that Ben's jail is 20 blocks from both of them.
    const back = await sendHome(ann, annId, 2, -20, 0);
    ann.chat('/home 2');
    await waitFor(() => standsAt(ann, back), 'Ann to walk back');
  });

  it('/jail moves Ben into the jail; Ben is told and Ann sees the announcement', async () => {
    const told = waitForMessage(ben, /^You have been jailed in cell by Ann permanently: being rude/);
    const announced = waitForMessage(ann, /^Ben was jailed in cell by Ann permanently: being rude/);
    ann.chat('/jail Ben cell being rude');
    await Promise.all([told, announced]);
    await waitFor(() => standsAt(ben, cell), 'Ben to stand in the jail');
    const e = await events.next('moderation.player-jail', (d) => d['player-id'] === benId);
    assert.deepEqual(
      [e.data.jail, e.data.actor, e.data.reason, e.data['duration-seconds'], e.data['expires-at'], e.data.silent],
      ['cell', 'Ann', 'being rude', null, null, false],
    );
    await settle(ben);
  });

  it('Ben cannot walk out of the jail: his position stays within the radius', async () => {
    const lines = recordMessages(ben);
    const told = () => lines.some((l) => /You are in jail \(cell\): you cannot leave it/.test(l));
    let farthest = 0;
    const watch = setInterval(() => (farthest = Math.max(farthest, horizontal(ben, cell))), 20);
    try {
      // Forward (jumping, to climb a step), a quarter turn at a time, until the jail stops him.
      for (let turn = 0; turn < 4 && !told(); turn++) {
        await ben.look(ben.entity.yaw + (turn * Math.PI) / 2, 0, true);
        ben.setControlState('forward', true);
        ben.setControlState('sprint', true);
        ben.setControlState('jump', true);
        await waitFor(told, 'Ben to be stopped', 2500).catch(() => {});
        ben.clearControlStates();
      }
      await new Promise((r) => setTimeout(r, 500));
    } finally {
      ben.clearControlStates();
      clearInterval(watch);
    }
    assert.ok(told(), `Ben was never told he cannot leave (he got ${farthest.toFixed(2)} blocks away)`);
    // The client may step a little beyond before the server puts it back; it never gets away.
    assert.ok(farthest < RADIUS + 1.5, `Ben got ${farthest.toFixed(2)} blocks from the jail`);
    await waitFor(() => horizontal(ben, cell) <= RADIUS + 0.01, 'Ben to be back within the radius');
  });

  it('Ben cannot teleport home, nor run a command outside the allow-list, and is told why', async () => {
    await sendHome(ben, benId, 1, 30, 30);
    const refused = waitForMessage(ben, /Ben is in jail \(cell\) and cannot teleport until released/);
    ben.chat('/home 1');
    await refused;
    assert.ok(horizontal(ben, cell) <= RADIUS + 0.01);
    const check = waitForMessage(ben, /^You are in jail \(cell\): you may only use \/msg, \/home\./);
    ben.chat('/homes');
    await check;
  });

  it('Ben is sent back to the jail when he joins again', async () => {
    await quit(ben);
    // Told at the join itself: listen before the bot has spawned.
    ben = createBot(rs.server.gamePort, 'Ben');
    const lines = recordMessages(ben);
    await nextEvent(ben, 'spawn', 20000);
    await waitFor(() => lines.some((l) => /^You are jailed in cell permanently: being rude/.test(l)), 'Ben to be told he is still jailed');
    await waitFor(() => standsAt(ben, cell), 'Ben to be back in the jail');
  });

  it('a silent unjail over HTTP frees Ben (back where he was), tells him, and is not announced', async () => {
    const freed = waitForMessage(ben, /^You have been released from jail by core-rest\/writer/);
    const r = await rs.call('POST', `/players/${benId}/unjail`, writer, { silent: true });
    assert.deepEqual([r.status, r.json.ok, r.json.data?.jail, r.json.data?.reason], [200, true, 'cell', 'being rude']);
    await freed;
    await waitFor(() => horizontal(ben, cell) > 10, 'Ben to leave the jail');
    const e = await events.next('moderation.player-unjail', (d) => d['player-id'] === benId && d.cause === 'lifted');
    assert.deepEqual([e.data.actor, e.data.jail], ['core-rest/writer', 'cell']);
    // Ann holds core.moderation.* (so the notify node): she reads it marked [silent], not the announcement.
    await waitFor(() => annLines.includes('[silent] Ben was released from jail by core-rest/writer.'), 'Ann to read the [silent] line');
    await never(() => annLines.some((l) => /^Ben was released/.test(l)), 'Ann to see a silent release announced');
  });

  it('a silent temporary jail over HTTP is not announced; Ben is released at expiry', async () => {
    const told = waitForMessage(ben, /^You have been jailed in cell by core-rest\/writer for 3 seconds/);
    const r = await rs.call('POST', `/players/${benId}/jail`, writer, { jail: 'cell', 'duration-seconds': 3, silent: true });
    assert.equal(r.json.ok, true, JSON.stringify(r.json));
    assert.deepEqual([r.json.data.jail, r.json.data['duration-seconds'], r.json.data.reason], ['cell', 3, null]);
    await told;
    await waitFor(() => standsAt(ben, cell), 'Ben to stand in the jail');
    const e = await events.next('moderation.player-jail', (d) => d['player-id'] === benId && d.silent === true);
    assert.equal(e.data['duration-seconds'], 3);
    assert.ok(!annLines.some((l) => /^Ben was jailed in cell by core-rest/.test(l)), 'Ann saw a silent jailing announced');
    // Ann's line may come after Ben's own message and the event: wait for it rather than read it at once.
    await waitFor(() => annLines.some((l) => /^\[silent\] Ben was jailed in cell by core-rest\/writer for 3 seconds/.test(l)), 'Ann to read the [silent] jailing');
    await waitForMessage(ben, /^Your jail sentence is over: you are free/, 10000);
    const end = await events.next('moderation.player-unjail', (d) => d['player-id'] === benId && d.cause === 'expired');
    assert.deepEqual([end.data.actor, end.data.jail], [null, 'cell']);
    await waitFor(() => horizontal(ben, cell) > 10, 'Ben to be moved out of the jail');
  });

  it('jails an offline player over HTTP: Cat is moved into the jail at her join; /unjail announces her release', async () => {
    let cat = await joinBot(rs.server.gamePort, 'Cat');
    const catId = cat.player.uuid;
    await quit(cat);
    const announced = waitForMessage(ann, /^Cat was jailed in cell by core-rest\/writer permanently: alt account/);
    const r = await rs.call('POST', `/players/${catId}/jail`, writer, { jail: 'cell', reason: 'alt account' });
    assert.equal(r.json.ok, true, JSON.stringify(r.json));
    await announced;
    await events.next('moderation.player-jail', (d) => d['player-id'] === catId);
    cat = await joinBot(rs.server.gamePort, 'Cat');
    try {
      await waitFor(() => standsAt(cat, cell), 'Cat to be moved into the jail');
      const benLines = recordMessages(ben);
      const catLines = recordMessages(cat);
      const annAt = annLines.length;
      await settle(cat);
      const released = waitForMessage(ben, /^Cat was released from jail by Ann\./, 20000).catch((e) => {
        throw new Error(`${e.message}; Ben read ${JSON.stringify(benLines)}; Ann read ${JSON.stringify(annLines.slice(annAt))}; Cat read ${JSON.stringify(catLines)}; ben connected ${String(ben.entity !== undefined)}`);
      });
      ann.chat('/unjail Cat');
      await released;
      await waitFor(() => horizontal(cat, cell) > 10, 'Cat to be moved out of the jail');
      await events.next('moderation.player-unjail', (d) => d['player-id'] === catId && d.actor === 'Ann');
    } finally {
      await quit(cat);
    }
  });

  it('declines over HTTP: an unknown jail or player (not-found), a second jailing or a free player’s unjail (already-in-state); 400 for bad bodies; 403 without write', async () => {
    const unknownJail = await rs.call('POST', `/players/${benId}/jail`, writer, { jail: 'nowhere' });
    assert.deepEqual([unknownJail.status, unknownJail.json.code], [200, 'not-found']);
    const unseen = await rs.call('POST', '/players/00000000-0000-0000-0000-0000000000aa/jail', writer, { jail: 'cell' });
    assert.deepEqual([unseen.status, unseen.json.code], [200, 'not-found']);
    const free = await rs.call('POST', `/players/${benId}/unjail`, writer);
    assert.deepEqual([free.status, free.json.code], [200, 'already-in-state']);
    for (const [body, field] of [
      [{}, 'jail'],
      [{ jail: 'Not A Name' }, 'jail'],
      [{ jail: 'cell', 'duration-seconds': 0 }, 'duration-seconds'],
      [{ jail: 'cell', reason: '' }, 'reason'],
      [{ jail: 'cell', silent: 'yes' }, 'silent'],
    ] as const) {
      const bad = await rs.call('POST', `/players/${benId}/jail`, writer, body);
      assert.deepEqual([bad.status, bad.json.field], [400, field], JSON.stringify(body));
    }
    const scope = await rs.call('POST', `/players/${benId}/jail`, reader, { jail: 'cell' });
    assert.deepEqual([scope.status, scope.json.scope], [403, 'write']);
    const once = await rs.call('POST', `/players/${benId}/jail`, writer, { jail: 'cell', silent: true });
    assert.equal(once.json.ok, true);
    const twice = await rs.call('POST', `/players/${benId}/jail`, writer, { jail: 'cell' });
    assert.deepEqual([twice.status, twice.json.code], [200, 'already-in-state']);
    assert.equal((await rs.call('POST', `/players/${benId}/unjail`, writer, { silent: true })).json.ok, true);
  });

  it('records the jail writes in the audit log with their actors', async () => {
    type Row = { actor: string; action: string };
    const rows = await readServerData<Row>(rs.server.dataDir, "SELECT actor, action FROM core_audit WHERE target = ? AND action LIKE 'moderation.%' ORDER BY id", benId);
    const defines = await readServerData<Row>(rs.server.dataDir, "SELECT actor, action FROM core_audit WHERE action LIKE 'moderation.jail-%' ORDER BY id");
    const seen = [...rows, ...defines].map((r) => `${r.actor} ${r.action}`);
    for (const want of ['Ann moderation.jail', 'core-rest/writer moderation.unjail', 'core-rest/writer moderation.jail', 'Ann moderation.jail-define', 'Ann moderation.jail-remove']) {
      assert.ok(seen.includes(want), `${want} in ${JSON.stringify(seen)}`);
    }
  });
  it('keeps Ben in jail across a restart, and ends a sentence that expired while the server was down', async () => {
    assert.equal((await rs.call('POST', `/players/${benId}/jail`, writer, { jail: 'cell', reason: 'still rude', silent: true })).json.ok, true);
    const catId = (await events.next('moderation.player-unjail', (d) => d['player-name'] === 'Cat')).data['player-id'] as string;
    assert.equal((await rs.call('POST', `/players/${catId}/jail`, writer, { jail: 'cell', 'duration-seconds': 2, silent: true })).json.ok, true);
    events.close();
    await quit(ann);
    await quit(ben);
    rs = await scene.restart(() => sleep(2500));
    writer = await rs.token('writer2', 'read,write,events');
    events = await rs.subscribe(writer, ['moderation.*']);
    const sanctions = async (uuid: string) => (await rs.call('GET', `/players/${uuid}/sanctions`, writer)).json.data;
    assert.equal((await sanctions(benId)).jail?.reason, 'still rude');
    assert.equal((await sanctions(catId)).jail, null);

    ben = createBot(rs.server.gamePort, 'Ben');
    const benLines = recordMessages(ben);
    await nextEvent(ben, 'spawn', 20000);
    await waitFor(() => benLines.some((l) => /^You are jailed in cell permanently: still rude/.test(l)), 'Ben to be told he is still jailed');
    await waitFor(() => standsAt(ben, cell), 'Ben to be in the jail after the restart');

    const catBot = createBot(rs.server.gamePort, 'Cat');
    const catLines = recordMessages(catBot);
    try {
      await nextEvent(catBot, 'spawn', 20000);
      await waitFor(() => catLines.some((l) => /^Your jail sentence ended while you were away: you are free/.test(l)), 'Cat to be told her sentence ended');
    } finally {
      await quit(catBot);
    }
  });
});
