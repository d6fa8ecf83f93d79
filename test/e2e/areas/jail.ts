// Jails against the real game (their routes, commands and events: src/modules/moderation/jail.scene.test.ts).
// Ann (granted core.moderation.* for the part, taken back at its end) defines a jail where she
// stands on open ground and jails JailDan, a bot of the part's own: the real server moves him into
// it, holds him there when he walks, refuses his teleport and commands, puts him back when he joins
// again, and moves him out when Ann releases him. Ben reads the announcements.

import { after, before, it } from 'node:test';
import assert from 'node:assert/strict';
import { createBot, joinBot, nextEvent, quit, recordMessages, waitFor, waitForMessage, type Bot } from '../support/bots.ts';
import type { AreaPart } from '../support/area-parts.ts';

const RADIUS = 4;
const JAIL = 'jail-cell';
const SPARE = 'jail-spare';

type Point = { world: string; x: number; y: number; z: number };

const horizontal = (bot: Bot, p: { x: number; z: number }) => Math.hypot(bot.entity.position.x - p.x, bot.entity.position.z - p.z);
/** Whether the bot stands (horizontally) at a point: it may fall after a teleport, never drift. */
const standsAt = (bot: Bot, p: { x: number; z: number }) => horizontal(bot, p) < 0.01;

/**
 * Waits until the bot has the chunk it stands in (a bot does not move, not even fall, in a chunk it
 * has not received: after a teleport the server may still be sending it) and stands on the ground.
 */
async function grounded(bot: Bot): Promise<void> {
  await waitFor(() => bot.blockAt(bot.entity.position) !== null && bot.entity.onGround, `${bot.username} to stand on the ground`, 15000);
}

/**
 * A place 12 to 40 blocks from the bot where a prisoner can walk: the world's terrain is random, and
 * a jail in a pit or among tree trunks would hold anyone without the jail's help. The middle of an
 * 11 by 11 patch of ground without trees or water, no step in it higher than a jump, as the bot's
 * client sees it; undefined while none is in sight (its chunks may still be arriving).
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
      for (const [dx, dz] of [
        [r, k],
        [-r, k],
        [k, r],
        [k, -r],
      ] as const) {
        if (open(dx, dz)) return { world: 'world', x: here.x + dx + 0.5, y: top(dx, dz)! + 1, z: here.z + dz + 0.5 };
      }
    }
  }
  return undefined;
}

export const jailPart: AreaPart = {
  name: 'jail',
  // /home is allowed to prove that the teleport itself is refused (the command check comes first otherwise).
  config: { 'core/jail.conf': `radius = ${RADIUS}\nallowed-commands = ["msg", "home"]\nrelease-to = "previous"\n` },
  tests(scene) {
    let dan: Bot;
    let danId: string;
    let cell: Point;
    /** Where Ann stood before the part moved her. */
    let annWasAt: Point;

    /** Moves a bot at once over REST (no warm-up), and waits until its client stands there. */
    const teleport = async (bot: Bot, to: Point) => {
      const { rs, writer } = scene();
      const r = await rs.call('POST', `/players/${bot.player.uuid}/teleport`, writer, { location: to });
      assert.equal(r.json.ok, true, JSON.stringify(r.json));
      await waitFor(() => standsAt(bot, to), `${bot.username} to stand at ${JSON.stringify(to)}`);
    };

    before(async () => {
      const { rs, ann } = scene();
      await rs.console('perm grant Ann core.moderation.*', /Granted core\.moderation\.\* to Ann/);
      const p = ann.entity.position;
      annWasAt = { world: 'world', x: p.x, y: p.y, z: p.z };
      dan = await joinBot(rs.server.gamePort, 'JailDan');
      danId = dan.player.uuid;
    });
    after(async () => {
      await quit(dan);
      const { rs, writer, ann } = scene();
      // Whatever a failed test left: the sentence, the jails, Ann's place and her grant.
      await rs.call('POST', `/players/${danId}/unjail`, writer, { silent: true });
      for (const jail of [SPARE, JAIL]) await rs.console(`deljail ${jail}`, new RegExp(jail));
      if (!standsAt(ann, annWasAt)) await teleport(ann, annWasAt);
      await rs.console('perm revoke Ann core.moderation.*', /Revoked core\.moderation\.\* from Ann/);
    });

    it('lets Ann define a jail with /setjail where she stands, list the jails with /jails and remove one with /deljail', async () => {
      const { events, ann } = scene();
      let found: Point | undefined;
      await waitFor(() => (found = openGround(ann)) !== undefined, 'open ground in sight of Ann', 15000);
      await teleport(ann, found!);
      await grounded(ann);
      const set = waitForMessage(ann, new RegExp(`^Jail ${JAIL} set at world`));
      ann.chat(`/setjail ${JAIL}`);
      await set;
      const define = await events.next('moderation.jail-location-define', (d) => d.jail === JAIL);
      assert.deepEqual([define.data.actor, define.data.replaced], ['Ann', false]);
      cell = define.data.location as Point;
      assert.ok(standsAt(ann, cell), JSON.stringify(cell));

      const spare = waitForMessage(ann, new RegExp(`^Jail ${SPARE} set at world`));
      ann.chat(`/setjail ${SPARE}`);
      await spare;
      const annLines = recordMessages(ann);
      const listed = waitForMessage(ann, new RegExp(`^${SPARE}: world`));
      ann.chat('/jails');
      await listed;
      assert.ok(annLines.some((l) => /^Jails \(\d+\):/.test(l)) && annLines.some((l) => l.startsWith(`${JAIL}: world`)), annLines.join('\n'));
      const removed = waitForMessage(ann, new RegExp(`^Jail ${SPARE} removed\\.`));
      ann.chat(`/deljail ${SPARE}`);
      await removed;
      const remove = await events.next('moderation.jail-location-remove', (d) => d.jail === SPARE);
      assert.equal(remove.data.actor, 'Ann');
      // Ann goes back: the jail is 12 to 40 blocks from where JailDan and she stand.
      await teleport(ann, annWasAt);
      assert.ok(horizontal(dan, cell) > 10, `JailDan is ${horizontal(dan, cell).toFixed(2)} blocks from the jail`);
    });

    it('/jail moves JailDan into the jail, where he cannot walk out, teleport home or run a command outside the allow-list', async () => {
      const { rs, writer, events, ann, ben } = scene();
      const told = waitForMessage(dan, new RegExp(`^You have been jailed in ${JAIL} by Ann permanently: being rude`));
      const announced = waitForMessage(ben, new RegExp(`^JailDan was jailed in ${JAIL} by Ann permanently: being rude`));
      ann.chat(`/jail JailDan ${JAIL} being rude`);
      await Promise.all([told, announced]);
      await waitFor(() => standsAt(dan, cell), 'JailDan to stand in the jail');
      const e = await events.next('moderation.player-jail', (d) => d['player-id'] === danId);
      assert.deepEqual([e.data.jail, e.data.actor, e.data.reason], [JAIL, 'Ann', 'being rude']);
      await grounded(dan);

      // Forward (sprinting, jumping to climb a step), a quarter turn at a time, until the jail stops him.
      const lines = recordMessages(dan);
      const stopped = () => lines.some((l) => new RegExp(`You are in jail \\(${JAIL}\\): you cannot leave it`).test(l));
      let farthest = 0;
      const watch = () => {
        farthest = Math.max(farthest, horizontal(dan, cell));
      };
      dan.on('move', watch);
      try {
        for (let turn = 0; turn < 4 && !stopped(); turn++) {
          await dan.look(dan.entity.yaw + (turn * Math.PI) / 2, 0, true);
          dan.setControlState('forward', true);
          dan.setControlState('sprint', true);
          dan.setControlState('jump', true);
          await waitFor(stopped, 'JailDan to be stopped', 2500).catch(() => {});
          dan.clearControlStates();
        }
        assert.ok(stopped(), `JailDan was never told he cannot leave (he got ${farthest.toFixed(2)} blocks away)`);
        // Every move he sent before this answer has been judged, and any correction of it has arrived.
        await dan.tabComplete('/', false, false);
        await waitFor(() => horizontal(dan, cell) <= RADIUS + 0.01, 'JailDan to be back within the radius');
      } finally {
        dan.clearControlStates();
        dan.off('move', watch);
      }
      // The client may step a little beyond before the server puts it back; it never gets away.
      assert.ok(farthest < RADIUS + 1.5, `JailDan got ${farthest.toFixed(2)} blocks from the jail`);

      const p = dan.entity.position;
      const home = { world: 'world', x: Math.floor(p.x) + 30.5, y: Math.floor(p.y) + 1, z: Math.floor(p.z) + 30.5 };
      assert.equal((await rs.call('POST', `/players/${danId}/homes/1/set`, writer, { location: home })).json.ok, true);
      const refused = waitForMessage(dan, new RegExp(`JailDan is in jail \\(${JAIL}\\) and cannot teleport until released`));
      dan.chat('/home 1');
      await refused;
      assert.ok(horizontal(dan, cell) <= RADIUS + 0.01);
      const check = waitForMessage(dan, new RegExp(`^You are in jail \\(${JAIL}\\): you may only use /msg, /home\\.`));
      dan.chat('/homes');
      await check;
    });

    it('sends JailDan back to the jail when he joins again, and /unjail moves him out, announced to all', async () => {
      const { rs, events, ann, ben } = scene();
      await quit(dan);
      // Told at the join itself: listen before the bot has spawned.
      dan = createBot(rs.server.gamePort, 'JailDan');
      const lines = recordMessages(dan);
      await nextEvent(dan, 'spawn', 20000);
      await waitFor(() => lines.some((l) => new RegExp(`^You are jailed in ${JAIL} permanently: being rude`).test(l)), 'JailDan to be told he is still jailed');
      await waitFor(() => standsAt(dan, cell), 'JailDan to be back in the jail');

      const freed = waitForMessage(dan, /^You have been released from jail by Ann/);
      const announced = waitForMessage(ben, /^JailDan was released from jail by Ann\./);
      ann.chat('/unjail JailDan');
      await Promise.all([freed, announced]);
      await waitFor(() => horizontal(dan, cell) > 10, 'JailDan to be moved out of the jail');
      const e = await events.next('moderation.player-unjail', (d) => d['player-id'] === danId && d.cause === 'lifted');
      assert.deepEqual([e.data.actor, e.data.jail], ['Ann', JAIL]);
    });
  },
};
