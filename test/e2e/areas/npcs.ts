// NPCs against the real game (their routes, commands and events: src/modules/npcs/npcs.scene.test.ts):
// Ann makes, moves, renames, hides, reskins, binds and deletes an NPC with /npc, and Ben sees the
// player entity appear where she stands, move, change its name (a hidden one by a team whose name
// tags never show) and skin, and disappear; a right-click on it makes Ben run its command.

import { after, before, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Bot } from '../support/bots.ts';
import { waitFor, waitForMessage } from '../support/bots.ts';
import type { AreaPart } from '../support/area-parts.ts';
import { startFakeAccountService } from '../../support/fake-account-service.ts';

const NOTCH = { name: 'Notch', id: '069a79f444e94726a5befca90e38aaf5', textureUrl: 'http://textures.minecraft.net/texture/notch-npc' };
const NODES = ['create', 'manage', 'command'];
/** The NPC's id, with the area's prefix; its profile name when the name is hidden is `#` and the id. */
const GUIDE = 'npcs-guide';

// The game's account service, standing in on a local port: skins.conf names it, and the part's
// config is written before the server starts, so it listens from when the group file is loaded
// (unreferenced: should the shared scene fail to start, the part's after hook never runs).
const mojang = await startFakeAccountService([NOTCH]);
mojang.unref();

/** The player entity (an NPC or a player) a bot sees under that profile name. */
const entityNamed = (bot: Bot, username: string) => Object.values(bot.entities).find((e) => e.type === 'player' && e.username === username);
const near = (bot: Bot, username: string, at: { x: number; z: number }) => {
  const e = entityNamed(bot, username);
  return e !== undefined && Math.abs(e.position.x - at.x) < 0.01 && Math.abs(e.position.z - at.z) < 0.01;
};

export const npcsPart: AreaPart = {
  name: 'npcs',
  config: { 'core/skins.conf': mojang.conf },
  tests(scene) {
    before(async () => {
      for (const node of NODES) await scene().rs.console(`perm grant Ann core.npc.${node}`, new RegExp(`Granted core\\.npc\\.${node} to Ann`));
    });
    after(async () => {
      try {
        for (const node of NODES) await scene().rs.console(`perm revoke Ann core.npc.${node}`, new RegExp(`Revoked core\\.npc\\.${node} from Ann`));
      } finally {
        await mojang.stop();
      }
    });

    it('/npc create: Ben sees a player entity named by the id where Ann stands; /npc move moves it where she then stands', async () => {
      const { rs, writer, events, ann, ben } = scene();
      const at = ann.entity.position.clone();
      const told = waitForMessage(ann, new RegExp(`Created the NPC ${GUIDE} where you stand`));
      ann.chat(`/npc create ${GUIDE}`);
      await told;
      await waitFor(() => near(ben, GUIDE, at), `Ben to see the NPC ${GUIDE} where Ann stands`);
      const e = await events.next('npc.create', (d) => d.name === GUIDE);
      assert.deepEqual([e.data['owner-id'], e.data.actor], [ann.player.uuid, 'Ann']);

      const there = { world: 'world', x: Math.floor(at.x) + 0.5 - 3, y: Math.floor(at.y), z: Math.floor(at.z) + 0.5 - 2 };
      assert.equal((await rs.call('POST', `/players/${ann.player.uuid}/teleport`, writer, { location: there })).json.ok, true);
      await waitFor(() => Math.abs(ann.entity.position.x - there.x) < 0.01 && Math.abs(ann.entity.position.z - there.z) < 0.01, 'Ann to stand there');
      const moved = waitForMessage(ann, new RegExp(`Moved the NPC ${GUIDE}`));
      ann.chat(`/npc move ${GUIDE}`);
      await moved;
      await waitFor(() => near(ben, GUIDE, there), `Ben to see ${GUIDE} where Ann now stands`);
      await events.next('npc.move', (d) => d.name === GUIDE && d.actor === 'Ann');
    });

    it('changes the name Ben sees: a chosen one, none (a team whose name tags never show), and the id again', async () => {
      const { rs, writer, ann, ben } = scene();
      const named = await rs.call('POST', `/npcs/${GUIDE}/name`, writer, { actor: ann.player.uuid, name: 'Tour Guide' });
      assert.equal(named.json.data['shown-name'], 'Tour Guide');
      await waitFor(() => entityNamed(ben, 'Tour Guide') !== undefined && entityNamed(ben, GUIDE) === undefined, 'Ben to see the NPC named Tour Guide');

      const hidden = waitForMessage(ann, /shows no name now/);
      ann.chat(`/npc hidename ${GUIDE}`);
      await hidden;
      const team = () => Object.values(ben.teams).find((t) => t.members.includes(`#${GUIDE}`));
      await waitFor(() => entityNamed(ben, `#${GUIDE}`) !== undefined && team()?.nameTagVisibility === 'never', `Ben to see ${GUIDE} without a name`);
      assert.equal(entityNamed(ben, 'Tour Guide'), undefined);

      const shown = waitForMessage(ann, new RegExp(`shows the name ${GUIDE}`));
      ann.chat(`/npc rename ${GUIDE}`);
      await shown;
      await waitFor(() => entityNamed(ben, GUIDE) !== undefined && entityNamed(ben, `#${GUIDE}`) === undefined && team() === undefined, `Ben to see ${GUIDE} named by its id again`);
    });

    it('puts an account’s skin on the NPC over REST, and /npc skin takes it off: Ben sees both', async () => {
      const { rs, writer, ann, ben } = scene();
      const skin = () => (ben.players[GUIDE] as { skinData?: { url?: string } } | undefined)?.skinData?.url;
      const r = await rs.call('POST', `/npcs/${GUIDE}/skin`, writer, { actor: ann.player.uuid, skin: 'notch' });
      assert.equal(r.json.data.skin, 'Notch');
      await waitFor(() => skin() === NOTCH.textureUrl, `Ben to see ${GUIDE} in Notch’s skin`);
      const told = waitForMessage(ann, /wears the default skin/);
      ann.chat(`/npc skin ${GUIDE}`);
      await told;
      await waitFor(() => ben.players[GUIDE] !== undefined && skin() === undefined, `Ben to see ${GUIDE} in the default skin`);
    });

    it('a right-click on the NPC makes Ben run its bound command as himself, {player} filled in; /npc command unbinds it', async () => {
      const { rs, writer, reader, ann, ben } = scene();
      const bound = await rs.call('POST', `/npcs/${GUIDE}/command`, writer, { actor: ann.player.uuid, command: '/npc list {player}' });
      assert.equal(bound.json.data.command, 'npc list {player}');
      // Ben's own list ("Your NPCs"), not Ann's: {player} is the one who clicks.
      const ran = waitForMessage(ben, /^Your NPCs \(\d+ of at most \d+\):/);
      await ben.activateEntity(entityNamed(ben, GUIDE)!);
      await ran;
      const unbound = waitForMessage(ann, /runs no command now/);
      ann.chat(`/npc command ${GUIDE}`);
      await unbound;
      assert.equal((await rs.call('GET', `/npcs/${GUIDE}`, reader)).json.data.command, null);
    });

    it('/npc manager add and remove, /npc list and /npc info answer the bots; /npc delete takes the NPC out of Ben’s sight', async () => {
      const { rs, reader, events, ann, ben } = scene();
      let told = waitForMessage(ann, new RegExp(`Ben is a manager of the NPC ${GUIDE}`));
      ann.chat(`/npc manager add ${GUIDE} Ben`);
      await told;
      told = waitForMessage(ann, new RegExp(`Ben is no longer a manager of the NPC ${GUIDE}`));
      ann.chat(`/npc manager remove ${GUIDE} Ben`);
      await told;
      told = waitForMessage(ann, new RegExp(`^${GUIDE}: world .*, shows the name ${GUIDE}$`));
      ann.chat('/npc list');
      await told;
      told = waitForMessage(ben, /^Skin: default; command: none$/);
      ben.chat(`/npc info ${GUIDE}`);
      await told;

      told = waitForMessage(ann, new RegExp(`Deleted the NPC ${GUIDE}`));
      ann.chat(`/npc delete ${GUIDE}`);
      await told;
      await waitFor(() => entityNamed(ben, GUIDE) === undefined, `${GUIDE} to disappear for Ben`);
      await events.next('npc.delete', (d) => d.name === GUIDE && d.actor === 'Ann');
      assert.equal((await rs.call('GET', `/npcs/${GUIDE}`, reader)).status, 404);
    });
  },
};
