// The every-event test's game part (see part.ts): the announcer and /announcements, holograms, NPCs,
// items and mobs, poses, the sidebar, staff mode and staff chat, and managed worlds, each made to
// happen as a player (a bot running its command), an admin at the console or a program over HTTP
// would. Ann gets the admin nodes she needs for this part only; they are revoked at its end. Every
// world the part makes is deleted again.

import { cpSync } from 'node:fs';
import { join } from 'node:path';
import { waitFor, waitForMessage, type Bot } from '../support/bots.ts';
import type { Scene } from '../support/rest-server.ts';
import type { EventPart, EventStep } from './part.ts';

/** The nodes Ann holds for this part only (revoked by its last step). */
const ANN_NODES = ['core.staff.use', 'core.staff.chat', 'core.itemworld.spawnmob'];
/** The worlds the part makes (and deletes again). */
const MADE = 'evgame';
const COPIED = 'evgame-copy';

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Runs a command as a bot and waits for the reply it reads. */
async function run(bot: Bot, line: string, reply: RegExp, timeoutMs = 15000): Promise<string> {
  const answer = waitForMessage(bot, reply, timeoutMs);
  bot.chat(line);
  return answer;
}

/** Fails with the answer when a write route declined or refused it. */
async function write(scene: Scene, path: string, body?: object): Promise<Record<string, unknown>> {
  const r = await scene.rs.call('POST', path, scene.writer, body);
  if (r.status !== 200 || r.json.ok !== true) throw new Error(`POST ${path}: ${r.status} ${JSON.stringify(r.json)}`);
  return r.json.data as Record<string, unknown>;
}

/** A spot two blocks beside Ann in the default world, on her level. */
function besideAnn(scene: Scene): { world: string; x: number; y: number; z: number } {
  const p = scene.ann.entity.position;
  return { world: 'world', x: Math.floor(p.x) + 2.5, y: Math.floor(p.y), z: Math.floor(p.z) + 0.5 };
}

/** Whether a position is above or below that spot (to the hundredth of a block). */
const standsAt = (p: { x: number; z: number }, spot: { x: number; z: number }) => Math.abs(p.x - spot.x) < 0.01 && Math.abs(p.z - spot.z) < 0.01;

const seesPlayer = (bot: Bot, name: string) => bot.players[name]?.entity !== undefined;

const steps: EventStep[] = [
  {
    name: 'Ann is granted the staff and /spawnmob nodes at the console',
    events: [],
    async run(scene) {
      for (const node of ANN_NODES) await scene.rs.console(`perm grant Ann ${node}`, new RegExp(`Granted ${escape(node)} to Ann`));
    },
  },
  {
    name: 'core reload at the console reads announcer.conf again',
    events: ['communication.announcer-reload'],
    async run(scene) {
      await scene.rs.console('core reload', /announcer\.conf: (un)?changed/);
    },
  },
  {
    name: 'Ann hides announcements with /announcements off and shows them again with /announcements on',
    events: ['communication.broadcast-opt-out'],
    async run(scene) {
      await run(scene.ann, '/announcements off', /^Announcements hidden\./);
      await run(scene.ann, '/announcements on', /^Announcements shown again\.$/);
      await scene.events.next('communication.broadcast-opt-out', (d) => d['player-name'] === 'Ann' && d['opted-out'] === false);
    },
  },
  {
    name: 'a program creates a hologram beside Ann over HTTP (Ben sees it) and deletes it',
    events: ['hologram.create', 'hologram.delete'],
    async run(scene) {
      const actor = scene.ann.player.uuid;
      const spot = besideAnn(scene);
      await write(scene, '/holograms', { actor, name: 'evsign', location: spot, line: 'Every event' });
      const shown = () => Object.values(scene.ben.entities).some((e) => e.name === 'text_display' && standsAt(e.position, spot));
      await waitFor(shown, 'Ben to see the hologram');
      await write(scene, '/holograms/evsign/delete', { actor });
      await waitFor(() => !shown(), 'the hologram gone from Ben’s sight');
    },
  },
  {
    name: 'a program creates an NPC beside Ann over HTTP (Ben sees it), moves it and deletes it',
    events: ['npc.create', 'npc.move', 'npc.delete'],
    async run(scene) {
      const actor = scene.ann.player.uuid;
      const spot = { ...besideAnn(scene), yaw: 0, pitch: 0 };
      const npc = () => Object.values(scene.ben.entities).find((e) => e.type === 'player' && e.username === 'evguide');
      await write(scene, '/npcs', { actor, name: 'evguide', location: spot });
      await waitFor(() => npc() !== undefined, 'Ben to see the NPC');
      const to = { ...spot, z: spot.z + 2 };
      await write(scene, '/npcs/evguide/move', { actor, location: to });
      await waitFor(() => npc() !== undefined && standsAt(npc()!.position, to), 'Ben to see the NPC moved');
      await write(scene, '/npcs/evguide/delete', { actor });
      await waitFor(() => npc() === undefined, 'the NPC gone from Ben’s sight');
    },
  },
  {
    name: 'Ann spawns a cow with /spawnmob and the console purges the mobs',
    events: ['itemworld.mob-spawn', 'itemworld.entity-purge'],
    async run(scene) {
      const cows = () => Object.values(scene.ann.entities).filter((e) => e.name === 'cow').length;
      await run(scene.ann, '/spawnmob cow', /^Spawned 1 × cow\.$/);
      await waitFor(() => cows() === 1, 'Ann to see the cow');
      await scene.rs.console('purge mobs', /Removed .* from every world\./);
      await waitFor(() => cows() === 0, 'the cow gone from Ann’s sight');
    },
  },
  {
    name: 'Ann sits down with /sit and gets up with /sit again',
    events: ['pose.pose'],
    async run(scene) {
      await run(scene.ann, '/sit', /You are sitting now/);
      await run(scene.ann, '/sit', /You got up/);
      await scene.events.next('pose.pose', (d) => d['player-name'] === 'Ann' && d.pose === 'standing');
    },
  },
  {
    name: 'Ann hides her sidebar with /sidebar and a program shows it again over HTTP',
    events: ['scoreboard.visibility'],
    async run(scene) {
      await run(scene.ann, '/sidebar', /^Sidebar hidden\./);
      const data = await write(scene, `/players/${scene.ann.player.uuid}/scoreboard`, { hidden: false });
      if (data.hidden !== false) throw new Error(`the sidebar still hidden: ${JSON.stringify(data)}`);
    },
  },
  {
    name: 'Ann goes on staff duty with /staff, writes in staff chat with /sc, and leaves duty',
    events: ['staff.mode', 'staff.chat'],
    async run(scene) {
      const { ann, ben } = scene;
      await run(ann, '/staff', /You are on staff duty \(mod\)/);
      await waitFor(() => ann.game.gameMode === 'creative' && !seesPlayer(ben, 'Ann'), 'Ann in creative, gone from Ben’s sight');
      await run(ann, '/sc every event', /^\[Staff\] Ann: every event$/);
      ann.chat('/staff');
      await waitFor(() => ann.game.gameMode === 'survival' && seesPlayer(ben, 'Ann'), 'Ann back in survival, seen by Ben', 15000);
      await scene.events.next('staff.mode', (d) => d['player-name'] === 'Ann' && d['on-duty'] === false);
    },
  },
  {
    name: 'the console creates a flat world',
    events: ['world.create'],
    async run(scene) {
      await scene.rs.console(`world create ${MADE} flat 3`, new RegExp(`World ${MADE} created \\(flat, seed 3\\) and loaded\\.`));
    },
  },
  {
    name: 'the console closes the world; Ben is refused entry with /world go and stays',
    events: ['world.setting-change', 'world.entry-denied'],
    async run(scene) {
      await scene.rs.console(`world set ${MADE} entry closed`, new RegExp(`${MADE}: entry is now closed\\.`));
      const { ben } = scene;
      const at = ben.entity.position.clone();
      await run(ben, `/world go ${MADE}`, new RegExp(`^The world ${MADE} is closed: nobody may enter it\\.$`));
      if (!standsAt(ben.entity.position, at)) throw new Error('Ben was moved');
    },
  },
  {
    name: 'a program unloads the world over HTTP and loads it again',
    events: ['world.unload', 'world.load'],
    async run(scene) {
      const unloaded = await write(scene, `/worlds/${MADE}/unload`, {});
      if (unloaded.loaded !== false) throw new Error(`still loaded: ${JSON.stringify(unloaded)}`);
      const loaded = await write(scene, `/worlds/${MADE}/load`);
      if (loaded.loaded !== true) throw new Error(`not loaded: ${JSON.stringify(loaded)}`);
    },
  },
  {
    name: 'the admin copies the unloaded world’s folder and imports the copy at the console',
    events: ['world.import'],
    async run(scene) {
      await scene.rs.console(`world unload ${MADE}`, new RegExp(`World ${MADE} unloaded\\.`));
      // The list answers once the files of the worlds just unloaded are written.
      await scene.rs.console('world list', new RegExp(`${MADE} \\(not loaded`));
      cpSync(join(scene.dataDir, 'worlds', MADE), join(scene.dataDir, 'worlds', COPIED), { recursive: true });
      await scene.rs.console(`world import ${COPIED}`, new RegExp(`World ${COPIED} imported \\(flat, seed 3\\) and loaded\\.`));
    },
  },
  {
    name: 'the console unregisters the imported copy and adopts it again',
    events: ['world.unregister', 'world.adopt'],
    async run(scene) {
      await scene.rs.console(`world unregister ${COPIED}`, new RegExp(`World ${COPIED} is no longer managed; its files were kept\\.`));
      await scene.rs.console(`world adopt ${COPIED}`, new RegExp(`World ${COPIED} is now managed\\.`));
    },
  },
  {
    name: 'the console deletes both worlds, confirmed',
    events: ['world.delete'],
    async run(scene) {
      for (const name of [COPIED, MADE]) await scene.rs.console(`world delete ${name} confirm`, new RegExp(`World ${name} deleted\\.`));
    },
  },
  {
    name: 'Ann’s nodes of this part are revoked at the console',
    events: [],
    async run(scene) {
      for (const node of ANN_NODES) await scene.rs.console(`perm revoke Ann ${node}`, new RegExp(`Revoked ${escape(node)} from Ann`));
    },
  },
];

export const gamePart: EventPart = { steps };
