// The walk over every write route of the route table (every POST row of ROUTES): for each, a call
// that succeeds and one that is declined, what each needs first, and the audit entries each must
// leave (docs/reliability.md, "Audit"). The same table runs on the kernel with every module
// (src/rest/audit-walk.test.ts: every route) and on the real server (test/e2e/audit-walk.e2e.test.ts:
// every route whose preparation the real server offers from outside).
//
// A success leaves exactly the entries listed, each by `core-rest/<label>`: one with the route's
// action, plus the economy's own entry when the call moves money (a prestige's cost, a vote's
// reward), and one per player for a transfer. A decline leaves exactly one `core-rest.declined`
// entry holding the route and the code.

import type { HttpAnswer } from '../../src/rest/test-support.ts';
import { DECLINED_ACTION } from '../../src/rest/audit-declined.ts';

/** The four players the walk acts on, all online at the start (Dan is kicked, Carl banned). */
export interface WalkPlayers {
  ann: string;
  ben: string;
  carl: string;
  dan: string;
}

/** What some routes need prepared outside the API; a route whose need is missing is skipped. */
export interface WalkSetups {
  defineJail?: (name: string) => Promise<unknown>;
  createWorld?: (name: string) => Promise<unknown>;
  linkAccount?: (uuid: string) => Promise<unknown>;
  /** Takes an inventory snapshot of the player and answers its id. */
  takeSnapshot?: (uuid: string) => Promise<number>;
  grant?: (uuid: string, node: string) => Promise<unknown>;
}

/** ranks.conf for the walk: a one-rung ladder and one prestige costing 1, so both can succeed. */
export const WALK_RANKS_CONF = 'prestige-cost = 1\nmax-prestige = 1\n\n[[rungs]]\nname = "member"\ngroup = "default"\ncost = 0\n';
/** The account the NPC skin step asks the (fake) account service for. */
export const WALK_SKIN_ACCOUNT = { name: 'Notch', id: '069a79f444e94726a5befca90e38aaf5', textureUrl: 'http://textures.minecraft.net/texture/notch' };

export const NEVER_SEEN = '00000000-0000-0000-0000-0000000000cd';
const at = (x: number, z = 0) => ({ world: 'world', x, y: 64, z });

/** One call of a write route. */
export interface Step {
  path: string;
  body?: object | (() => object);
  needs?: keyof WalkSetups;
  setup?: () => Promise<unknown>;
  /** The actions of the entries a success leaves, in order; omitted for a declined step. */
  actions?: string[];
  /** The code a declined step answers. */
  declined?: string;
}

export interface Entry {
  id: number;
  actor: string;
  action: string;
  target: string | null;
  details: Record<string, unknown>;
}

/** The steps of every write route, by row name, in the order they run. */
export function writeWalk(players: WalkPlayers, s: WalkSetups): Record<string, Step[]> {
  const { ann, ben, carl, dan } = players;
  const p = (uuid: string) => `/players/${uuid}`;
  let snapshot = 0;
  return {
    'POST /players/:uuid/balance/deposit': [
      { path: `${p(ann)}/balance/deposit`, body: { amount: 50 }, actions: ['economy.deposit'] },
      { path: `${p(NEVER_SEEN)}/balance/deposit`, body: { amount: 5 }, declined: 'not-found' },
    ],
    'POST /players/:uuid/balance/withdraw': [
      { path: `${p(ann)}/balance/withdraw`, body: { amount: 1 }, actions: ['economy.withdraw'] },
      { path: `${p(ann)}/balance/withdraw`, body: { amount: 100000 }, declined: 'insufficient-funds' },
    ],
    'POST /players/:uuid/balance/set': [
      { path: `${p(ben)}/balance/set`, body: { amount: 200 }, actions: ['economy.set'] },
      { path: `${p(NEVER_SEEN)}/balance/set`, body: { amount: 1 }, declined: 'not-found' },
    ],
    'POST /economy/transfer': [
      { path: '/economy/transfer', body: { from: ben, to: ann, amount: 10 }, actions: ['economy.transfer', 'economy.transfer'] },
      { path: '/economy/transfer', body: { from: ann, to: ben, amount: 100000 }, declined: 'insufficient-funds' },
    ],
    'POST /players/:uuid/homes/:slot/set': [
      { path: `${p(ann)}/homes/1/set`, body: { location: at(1) }, actions: ['home.set'] },
      { path: `${p(NEVER_SEEN)}/homes/1/set`, body: { location: at(1) }, declined: 'not-found' },
    ],
    'POST /players/:uuid/homes/:slot/move': [
      { path: `${p(ann)}/homes/1/move`, body: { location: at(2) }, actions: ['home.move'] },
      { path: `${p(ann)}/homes/2/move`, body: { location: at(2) }, declined: 'not-found' },
    ],
    'POST /players/:uuid/homes/:slot/rename': [
      { path: `${p(ann)}/homes/1/rename`, body: { label: 'base' }, actions: ['home.rename'] },
      { path: `${p(ann)}/homes/2/rename`, body: { label: 'base' }, declined: 'not-found' },
    ],
    'POST /players/:uuid/homes/:slot/delete': [
      { path: `${p(ann)}/homes/1/delete`, actions: ['home.delete'] },
      { path: `${p(NEVER_SEEN)}/homes/1/delete`, declined: 'not-found' },
    ],
    'POST /warps/:name/create': [
      { path: '/warps/spawn/create', body: { location: at(3) }, actions: ['warp.create'] },
      { path: '/warps/spawn/create', body: { location: at(3) }, declined: 'already-exists' },
    ],
    'POST /warps/:name/move': [
      { path: '/warps/spawn/move', body: { location: at(4) }, actions: ['warp.move'] },
      { path: '/warps/nowhere/move', body: { location: at(4) }, declined: 'not-found' },
    ],
    'POST /warps/:name/delete': [
      { path: '/warps/spawn/delete', actions: ['warp.delete'] },
      { path: '/warps/spawn/delete', declined: 'not-found' },
    ],
    'POST /players/:uuid/playerwarps': [
      { path: `${p(ann)}/playerwarps`, body: { name: 'shop', location: at(5) }, actions: ['playerwarp.create'] },
      { path: `${p(ben)}/playerwarps`, body: { name: 'shop', location: at(5) }, declined: 'already-exists' },
    ],
    'POST /playerwarps/:name/relocate': [
      { path: '/playerwarps/shop/relocate', body: { actor: ann, location: at(6) }, actions: ['playerwarp.relocate'] },
      { path: '/playerwarps/nowhere/relocate', body: { actor: ann, location: at(6) }, declined: 'not-found' },
    ],
    'POST /playerwarps/:name/rename': [
      { path: '/playerwarps/shop/rename', body: { actor: ann, 'new-name': 'market' }, actions: ['playerwarp.rename'] },
      { path: '/playerwarps/nowhere/rename', body: { actor: ann, 'new-name': 'other' }, declined: 'not-found' },
    ],
    'POST /playerwarps/:name/archive': [
      { path: '/playerwarps/market/archive', body: { actor: ann }, actions: ['playerwarp.archive'] },
      { path: '/playerwarps/nowhere/archive', body: { actor: ann }, declined: 'not-found' },
    ],
    'POST /playerwarps/:name/restore': [
      { path: '/playerwarps/market/restore', body: { actor: ann }, actions: ['playerwarp.restore'] },
      { path: '/playerwarps/nowhere/restore', body: { actor: ann }, declined: 'not-found' },
    ],
    'POST /playerwarps/:name/delete': [
      { path: '/playerwarps/market/delete', body: { actor: ann }, actions: ['playerwarp.delete'] },
      { path: '/playerwarps/market/delete', body: { actor: ann }, declined: 'not-found' },
    ],
    'POST /players/:uuid/kits/:id/give': [
      { path: `${p(ann)}/kits/starter/give`, actions: ['kit.give'] },
      { path: `${p(NEVER_SEEN)}/kits/starter/give`, declined: 'not-found' },
    ],
    'POST /players/:uuid/kits/:id/claim': [
      { path: `${p(ben)}/kits/starter/claim`, actions: ['kit.claim'] },
      { path: `${p(ben)}/kits/starter/claim`, declined: 'refused' },
    ],
    'POST /players/:uuid/vaults/:index/open': [
      { path: `${p(ann)}/vaults/1/open`, actions: ['vault.open'] },
      { path: `${p(NEVER_SEEN)}/vaults/1/open`, declined: 'not-found' },
    ],
    'POST /players/:uuid/vaults/:index/label': [
      { path: `${p(ann)}/vaults/1/label`, body: { name: 'Ores' }, actions: ['vault.label'] },
      { path: `${p(ann)}/vaults/1/label`, body: { icon: 'no_such_thing' }, declined: 'refused' },
    ],
    'POST /players/:uuid/vaults/:index/delete': [
      { path: `${p(ann)}/vaults/1/delete`, actions: ['vault.delete'] },
      { path: `${p(ann)}/vaults/1/delete`, declined: 'not-found' },
    ],
    'POST /players/:uuid/vanish': [
      { path: `${p(carl)}/vanish`, body: { vanished: true }, actions: ['vanish.on'] },
      { path: `${p(carl)}/vanish`, body: { vanished: true }, declined: 'already-in-state' },
    ],
    'POST /players/:uuid/state/god': [
      { path: `${p(ann)}/state/god`, body: { enabled: true }, actions: ['playerstate.god'] },
      { path: `${p(ann)}/state/god`, body: { enabled: true }, declined: 'already-in-state' },
    ],
    'POST /players/:uuid/state/fly': [
      { path: `${p(ann)}/state/fly`, body: { enabled: true }, actions: ['playerstate.fly'] },
      { path: `${p(ann)}/state/fly`, body: { enabled: true }, declined: 'already-in-state' },
    ],
    'POST /players/:uuid/state/gamemode': [
      { path: `${p(ann)}/state/gamemode`, body: { mode: 'creative' }, actions: ['playerstate.gamemode'] },
      { path: `${p(ann)}/state/gamemode`, body: { mode: 'creative' }, declined: 'already-in-state' },
    ],
    'POST /players/:uuid/state/walk-speed': [
      { path: `${p(ann)}/state/walk-speed`, body: { multiplier: 2 }, actions: ['playerstate.speed'] },
      { path: `${p(ann)}/state/walk-speed`, body: { multiplier: 2 }, declined: 'already-in-state' },
    ],
    'POST /players/:uuid/state/fly-speed': [
      { path: `${p(ann)}/state/fly-speed`, body: { multiplier: 2 }, actions: ['playerstate.speed'] },
      { path: `${p(ann)}/state/fly-speed`, body: { multiplier: 2 }, declined: 'already-in-state' },
    ],
    'POST /players/:uuid/state/heal': [
      { path: `${p(ann)}/state/heal`, actions: ['playerstate.heal'] },
      { path: `${p(NEVER_SEEN)}/state/heal`, declined: 'not-found' },
    ],
    'POST /players/:uuid/state/feed': [
      { path: `${p(ann)}/state/feed`, actions: ['playerstate.feed'] },
      { path: `${p(NEVER_SEEN)}/state/feed`, declined: 'not-found' },
    ],
    'POST /players/:uuid/teleport': [
      { path: `${p(ben)}/teleport`, body: { location: at(7) }, actions: ['teleport'] },
      { path: `${p(NEVER_SEEN)}/teleport`, body: { location: at(7) }, declined: 'player-offline' },
    ],
    'POST /players/:uuid/back': [
      { path: `${p(ben)}/back`, actions: ['teleport'] },
      { path: `${p(carl)}/back`, declined: 'not-found' },
    ],
    'POST /players/:uuid/ban': [
      { path: `${p(carl)}/ban`, body: { reason: 'walk' }, actions: ['moderation.ban'] },
      { path: `${p(carl)}/ban`, body: { reason: 'walk' }, declined: 'already-in-state' },
    ],
    'POST /players/:uuid/unban': [
      { path: `${p(carl)}/unban`, actions: ['moderation.unban'] },
      { path: `${p(carl)}/unban`, declined: 'already-in-state' },
    ],
    'POST /players/:uuid/mute': [
      { path: `${p(ben)}/mute`, body: { reason: 'walk' }, actions: ['moderation.mute'] },
      { path: `${p(ben)}/mute`, body: { reason: 'walk' }, declined: 'already-in-state' },
    ],
    'POST /players/:uuid/unmute': [
      { path: `${p(ben)}/unmute`, actions: ['moderation.unmute'] },
      { path: `${p(ben)}/unmute`, declined: 'already-in-state' },
    ],
    'POST /players/:uuid/kick': [
      { path: `${p(dan)}/kick`, body: { reason: 'walk' }, actions: ['moderation.kick'] },
      { path: `${p(NEVER_SEEN)}/kick`, declined: 'not-found' },
    ],
    'POST /players/:uuid/warn': [
      { path: `${p(ben)}/warn`, body: { reason: 'walk' }, actions: ['moderation.warn'] },
      { path: `${p(NEVER_SEEN)}/warn`, body: { reason: 'walk' }, declined: 'not-found' },
    ],
    'POST /players/:uuid/jail': [
      { path: `${p(ben)}/jail`, body: { jail: 'cell' }, actions: ['moderation.jail'], needs: 'defineJail', setup: () => s.defineJail!('cell') },
      { path: `${p(ben)}/jail`, body: { jail: 'cell' }, declined: 'already-in-state', needs: 'defineJail' },
    ],
    'POST /players/:uuid/unjail': [
      { path: `${p(ben)}/unjail`, actions: ['moderation.unjail'], needs: 'defineJail' },
      { path: `${p(ben)}/unjail`, declined: 'already-in-state', needs: 'defineJail' },
    ],
    'POST /players/:uuid/presence/afk': [
      { path: `${p(ben)}/presence/afk`, body: { away: true }, actions: ['presence.afk'] },
      { path: `${p(ben)}/presence/afk`, body: { away: true }, declined: 'already-in-state' },
    ],
    'POST /worlds/:name/unload': [
      { path: '/worlds/walkland/unload', actions: ['world.unload'], needs: 'createWorld', setup: () => s.createWorld!('walkland') },
      { path: '/worlds/walkland/unload', declined: 'already-in-state', needs: 'createWorld' },
    ],
    'POST /worlds/:name/load': [
      { path: '/worlds/walkland/load', actions: ['world.load'], needs: 'createWorld' },
      { path: '/worlds/walkland/load', declined: 'already-in-state', needs: 'createWorld' },
    ],
    'POST /players/:uuid/extlink/unlink': [
      { path: `${p(ann)}/extlink/unlink`, actions: ['extlink.unlink'], needs: 'linkAccount', setup: () => s.linkAccount!(ann) },
      { path: `${p(ann)}/extlink/unlink`, declined: 'not-found', needs: 'linkAccount' },
    ],
    'POST /players/:uuid/snapshots/restore': [
      {
        path: `${p(ben)}/snapshots/restore`,
        body: () => ({ snapshot }),
        actions: ['invrollback.restore'],
        needs: 'takeSnapshot',
        setup: async () => (snapshot = await s.takeSnapshot!(ben)),
      },
      { path: `${p(ben)}/snapshots/restore`, body: { snapshot: 99999 }, declined: 'not-found', needs: 'takeSnapshot' },
    ],
    'POST /messaging/message': [
      { path: '/messaging/message', body: { from: ann, to: ben, body: 'hello' }, actions: ['messaging.message'] },
      { path: '/messaging/message', body: { from: ann, to: ann, body: 'hello' }, declined: 'refused' },
    ],
    'POST /players/:uuid/mail': [
      { path: `${p(ben)}/mail`, body: { body: 'hello' }, actions: ['messaging.mail-send'] },
      { path: `${p(NEVER_SEEN)}/mail`, body: { body: 'hello' }, declined: 'not-found' },
    ],
    'POST /players/:uuid/rank/rankup': [
      { path: `${p(ann)}/rank/rankup`, actions: ['rank.up'] },
      { path: `${p(ann)}/rank/rankup`, declined: 'refused' },
    ],
    'POST /players/:uuid/rank/prestige': [
      // The prestige costs 1 coin: the economy records the payment in its own entry.
      { path: `${p(ann)}/rank/prestige`, actions: ['economy.withdraw', 'rank.prestige'] },
      { path: `${p(ann)}/rank/prestige`, declined: 'refused' },
    ],
    'POST /players/:uuid/rank/set': [
      { path: `${p(ben)}/rank/set`, body: { rank: 'member' }, actions: ['rank.set'] },
      { path: `${p(ben)}/rank/set`, body: { rank: 'member' }, declined: 'already-in-state' },
    ],
    'POST /vote/party': [{ path: '/vote/party', body: { votes: 1 }, actions: ['vote.party-add'] }],
    'POST /players/:uuid/votes': [
      // Ann is online: the vote's reward is paid at once, and the economy records the deposit.
      { path: `${p(ann)}/votes`, body: { amount: 1 }, actions: ['vote.receive', 'economy.deposit'] },
      { path: `${p(NEVER_SEEN)}/votes`, body: { amount: 1 }, declined: 'not-found' },
    ],
    'POST /players/:uuid/security/unlock': [
      { path: `${p(ann)}/security/unlock`, actions: ['security.unlock'] },
      { path: `${p(NEVER_SEEN)}/security/unlock`, declined: 'not-found' },
    ],
    'POST /players/:uuid/security/force': [
      { path: `${p(ann)}/security/force`, actions: ['security.force'] },
      { path: `${p(NEVER_SEEN)}/security/force`, declined: 'not-found' },
    ],
    'POST /players/:uuid/scoreboard': [
      { path: `${p(ann)}/scoreboard`, body: { hidden: true }, actions: ['scoreboard.sidebar.hide'] },
      { path: `${p(ann)}/scoreboard`, body: { hidden: true }, declined: 'already-in-state' },
    ],
    'POST /players/:uuid/scoreboard/refresh': [
      { path: `${p(ben)}/scoreboard/refresh`, actions: ['scoreboard.sidebar.refresh'] },
      { path: `${p(NEVER_SEEN)}/scoreboard/refresh`, declined: 'not-found' },
    ],
    'POST /players/:uuid/tablist/refresh': [
      { path: `${p(ben)}/tablist/refresh`, actions: ['scoreboard.tablist.refresh'] },
      { path: `${p(NEVER_SEEN)}/tablist/refresh`, declined: 'not-found' },
    ],
    'POST /players/:uuid/nametag/refresh': [
      { path: `${p(ben)}/nametag/refresh`, actions: ['scoreboard.nametag.refresh'] },
      { path: `${p(NEVER_SEEN)}/nametag/refresh`, declined: 'not-found' },
    ],
    'POST /npcs': [
      { path: '/npcs', body: { actor: ann, name: 'guide', location: at(9) }, actions: ['npc.create'] },
      { path: '/npcs', body: { actor: ann, name: 'guide', location: at(9) }, declined: 'already-exists' },
    ],
    'POST /npcs/:name/move': [
      { path: '/npcs/guide/move', body: { actor: ann, location: at(10) }, actions: ['npc.move'] },
      { path: '/npcs/nobody/move', body: { actor: ann, location: at(10) }, declined: 'not-found' },
    ],
    'POST /npcs/:name/skin': [
      { path: '/npcs/guide/skin', body: { actor: ann, skin: 'Notch' }, actions: ['npc.skin'] },
      { path: '/npcs/nobody/skin', body: { actor: ann, skin: null }, declined: 'not-found' },
    ],
    'POST /npcs/:name/name': [
      { path: '/npcs/guide/name', body: { actor: ann, name: 'Guide' }, actions: ['npc.name'] },
      { path: '/npcs/nobody/name', body: { actor: ann, name: 'Guide' }, declined: 'not-found' },
    ],
    'POST /npcs/:name/command': [
      {
        path: '/npcs/guide/command',
        body: { actor: ann, command: 'spawn' },
        actions: ['npc.command'],
        needs: 'grant',
        setup: () => s.grant!(ann, 'core.npc.command'),
      },
      { path: '/npcs/nobody/command', body: { actor: ann, command: null }, declined: 'not-found' },
    ],
    'POST /npcs/:name/delete': [
      { path: '/npcs/guide/delete', body: { actor: ann }, actions: ['npc.delete'] },
      { path: '/npcs/guide/delete', body: { actor: ann }, declined: 'not-found' },
    ],
    'POST /holograms': [
      { path: '/holograms', body: { actor: ann, name: 'board', location: at(11), line: 'Welcome' }, actions: ['hologram.create'] },
      { path: '/holograms', body: { actor: ann, name: 'board', location: at(11), line: 'Welcome' }, declined: 'already-exists' },
    ],
    'POST /holograms/:name/move': [
      { path: '/holograms/board/move', body: { actor: ann, location: at(12) }, actions: ['hologram.move'] },
      { path: '/holograms/nothing/move', body: { actor: ann, location: at(12) }, declined: 'not-found' },
    ],
    'POST /holograms/:name/lines': [
      { path: '/holograms/board/lines', body: { actor: ann, text: 'Second' }, actions: ['hologram.line-add'] },
      { path: '/holograms/board/lines', body: { actor: ann, line: 9, text: 'Ninth' }, declined: 'not-found' },
    ],
    'POST /holograms/:name/command': [
      { path: '/holograms/board/command', body: { actor: ann, command: 'spawn' }, actions: ['hologram.command-bind'] },
      { path: '/holograms/board/command', body: { actor: ann, command: 'spawn' }, declined: 'already-in-state' },
    ],
    'POST /holograms/:name/delete': [
      { path: '/holograms/board/delete', body: { actor: ann }, actions: ['hologram.delete'] },
      { path: '/holograms/board/delete', body: { actor: ann }, declined: 'not-found' },
    ],
  };
}

/** How the walk reaches a server: a POST, the newest audit id, the entries after an id. */
export interface WalkIo {
  post(path: string, body: object | undefined): Promise<HttpAnswer>;
  lastId(): Promise<number>;
  entriesAfter(id: number): Promise<Entry[]>;
}

export interface WalkReport {
  problems: string[];
  /** The routes walked, and those skipped for a missing preparation (with it). */
  covered: string[];
  skipped: string[];
}

/** Runs every step; each departure from the table is one line in `problems`. */
export async function runWalk(table: Record<string, Step[]>, setups: WalkSetups, io: WalkIo, actor: string): Promise<WalkReport> {
  const report: WalkReport = { problems: [], covered: [], skipped: [] };
  for (const [route, list] of Object.entries(table)) {
    const missing = list.find((step) => step.needs !== undefined && setups[step.needs] === undefined)?.needs;
    if (missing !== undefined) {
      report.skipped.push(`${route} (needs ${missing})`);
      continue;
    }
    report.covered.push(route);
    for (const step of list) {
      await step.setup?.();
      const from = await io.lastId();
      const r = await io.post(step.path, typeof step.body === 'function' ? step.body() : step.body);
      const entries = await io.entriesAfter(from);
      const seen = `${r.status} ${r.text.slice(0, 160)}; entries ${JSON.stringify(entries.map((e) => [e.actor, e.action, e.details.code ?? '']))}`;
      if (step.declined === undefined) {
        const expected = step.actions ?? [];
        if (r.status !== 200 || r.json?.ok !== true) report.problems.push(`${route} ${step.path}: expected success, got ${seen}`);
        else if (entries.length !== expected.length || entries.some((e, i) => e.actor !== actor || e.action !== expected[i])) {
          report.problems.push(`${route}: expected ${JSON.stringify(expected)} by ${actor}, got ${seen}`);
        }
        continue;
      }
      const declined = r.json?.ok === false && r.json.code === step.declined && (r.status === 200 || r.status === 404);
      const e = entries[0];
      if (!declined) report.problems.push(`${route} ${step.path}: expected declined ${step.declined}, got ${seen}`);
      else if (entries.length !== 1 || e?.actor !== actor || e.action !== DECLINED_ACTION || e.details.code !== step.declined || e.details.route !== route) {
        report.problems.push(`${route}: expected one ${DECLINED_ACTION} entry with code ${step.declined}, got ${seen}`);
      }
    }
  }
  return report;
}
