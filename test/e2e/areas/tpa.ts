// Teleport requests, /tp, /tphere and /back against the real game (the routes, commands and events,
// warm-ups and expiries included: src/modules/tpa/tpa.scene.test.ts): every command of the
// teleport area typed by a bot, what each bot reads, and where each bot stands after it.

import { after, it } from 'node:test';
import assert from 'node:assert/strict';
import { groundAt, waitFor, waitForMessage, type Bot } from '../support/bots.ts';
import type { AreaPart } from '../support/area-parts.ts';

interface Spot {
  x: number;
  z: number;
}

/** Horizontal distance from a bot to a point (a bot may fall after a teleport, never drift). */
const away = (bot: Bot, p: Spot) => Math.hypot(bot.entity.position.x - p.x, bot.entity.position.z - p.z);
const near = (bot: Bot, p: Spot) => away(bot, p) < 0.6;
const at = (bot: Bot): Spot => ({ x: bot.entity.position.x, z: bot.entity.position.z });

export const tpaPart: AreaPart = {
  name: 'tpa',
  tests(scene) {
    const grants: string[] = [];

    /** A point near the world spawn, on its ground (high above it when the bot has not got its chunk: it falls, never sideways). */
    const spotNear = (bot: Bot, dx: number, dz: number) => {
      const [x, z] = [Math.floor(bot.spawnPoint.x) + dx + 0.5, Math.floor(bot.spawnPoint.z) + dz + 0.5];
      return { world: 'world', x, y: groundAt(bot, x, z) ?? 85, z };
    };

    /** Moves a bot over HTTP to a spot near the world spawn. */
    async function place(bot: Bot, dx: number, dz: number): Promise<Spot> {
      const { rs, writer } = scene();
      const to = spotNear(bot, dx, dz);
      const r = await rs.call('POST', `/players/${bot.player.uuid}/teleport`, writer, { location: to });
      assert.equal(r.json.ok, true, JSON.stringify(r.json));
      await waitFor(() => near(bot, to), `${bot.username} to be moved over HTTP`);
      return to;
    }

    after(async () => {
      for (const node of grants) await scene().rs.console(`perm revoke Ben ${node}`, new RegExp(`Revoked ${node.replaceAll('.', '\\.')} from Ben`));
    });

    it('/tpa: Ben reads the request with its [Accept] [Deny] buttons; his /tpaccept brings Ann where he stands', async () => {
      const { events, ann, ben } = scene();
      const benAt = await place(ben, 12, 0);
      const seen = waitForMessage(ben, /^Ann asks to teleport to you\.$/);
      const buttons = waitForMessage(ben, /^\[Accept\] \[Deny\] \(click, or type \/tpaccept or \/tpdeny; it expires in \d+ (min|s)( \d+ s)?\)$/);
      const sent = waitForMessage(ann, /^You sent a teleport request to Ben; it expires in \d+ (min|s)/);
      ann.chat('/tpa Ben');
      await Promise.all([seen, buttons, sent]);
      const told = waitForMessage(ann, /^Ben accepted your teleport request\.$/);
      const arrived = waitForMessage(ben, /^Ann teleported to you\.$/);
      ben.chat('/tpaccept');
      await waitFor(() => near(ann, benAt), 'Ann to stand where Ben stands');
      await Promise.all([told, arrived]);
      await events.next('teleport.request-accept', (d) => d['player-id'] === ann.player.uuid && d.kind === 'tpa');
      await events.next('teleport.player-teleport', (d) => d['player-id'] === ann.player.uuid && d.cause === 'tpa');
    });

    it('/tpahere: Ben asks Ann to come; her /tpaccept Ben moves her, and Ben stays', async () => {
      const { events, ann, ben } = scene();
      await place(ann, -8, 6);
      const benAt = at(ben);
      const seen = waitForMessage(ann, /^Ben asks you to teleport to them\.$/);
      ben.chat('/tpahere Ann');
      await seen;
      ann.chat('/tpaccept Ben');
      await waitFor(() => near(ann, benAt), 'Ann to come to Ben');
      assert.ok(near(ben, benAt), 'Ben stayed');
      await events.next('teleport.player-teleport', (d) => d['player-id'] === ann.player.uuid && d.cause === 'tpahere');
    });

    it('/tpdeny and /tpacancel: both bots are told', async () => {
      const { events, ann, ben } = scene();
      let asked = waitForMessage(ben, /^Ann asks to teleport to you\.$/);
      ann.chat('/tpa Ben');
      await asked;
      const denied = waitForMessage(ann, /^Ben denied your teleport request\.$/);
      const reply = waitForMessage(ben, /^You denied the teleport request from Ann\.$/);
      ben.chat('/tpdeny Ann');
      await Promise.all([denied, reply]);
      await events.next('teleport.request-deny', (d) => d['player-id'] === ann.player.uuid);

      asked = waitForMessage(ben, /^Ann asks to teleport to you\.$/);
      ann.chat('/tpa Ben');
      await asked;
      const cancelled = waitForMessage(ben, /^Ann cancelled their teleport request to you\.$/);
      const own = waitForMessage(ann, /^You cancelled your teleport request to Ben\.$/);
      ann.chat('/tpacancel');
      await Promise.all([cancelled, own]);
      await events.next('teleport.request-cancel', (d) => d['player-id'] === ann.player.uuid && d.reason === 'cancelled');
    });

    it('/tp takes Ben to Ann, /tphere brings Ann to Ben, /back returns her, /tp x y z moves Ben to coordinates', async () => {
      const { rs, events, ann, ben } = scene();
      for (const node of ['core.teleport.tp', 'core.teleport.tphere', 'core.teleport.tppos']) {
        await rs.console(`perm grant Ben ${node}`, new RegExp(`Granted ${node.replaceAll('.', '\\.')} to Ben`));
        grants.push(node);
      }
      const annAt = await place(ann, 5, -9);
      const went = waitForMessage(ben, /^Teleported to Ann\.$/);
      ben.chat('/tp Ann');
      await waitFor(() => near(ben, annAt), 'Ben to be at Ann');
      await went;

      const annBefore = await place(ann, 20, 20);
      const benAt = await place(ben, -3, 10);
      const told = waitForMessage(ann, /^You were teleported to Ben\.$/);
      ben.chat('/tphere Ann');
      await waitFor(() => near(ann, benAt), 'Ann to be brought to Ben');
      await told;
      await events.next('teleport.player-teleport', (d) => d['player-id'] === ann.player.uuid && d.cause === 'tphere');

      const backed = waitForMessage(ann, /^Teleported back to world /);
      ann.chat('/back');
      await waitFor(() => near(ann, annBefore), 'Ann to be back where /tphere took her from');
      await backed;
      await events.next('teleport.player-teleport', (d) => d['player-id'] === ann.player.uuid && d.cause === 'back');

      const to = spotNear(ben, 3, -5);
      const moved = waitForMessage(ben, new RegExp(`^Teleported to world ${to.x}, ${to.y}, ${to.z}\\.$`));
      ben.chat(`/tp ${to.x} ${to.y} ${to.z}`);
      await waitFor(() => near(ben, to), 'Ben to be at the coordinates');
      await moved;
      // The next part finds them standing.
      await waitFor(() => ann.entity.onGround && ben.entity.onGround, 'Ann and Ben on the ground', 15000);
    });
  },
};
