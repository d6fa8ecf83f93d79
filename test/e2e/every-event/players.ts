// The every-event test's players part (see part.ts): moderation, jails, the player state, presence,
// vanish and messaging. Its own player, Pia, joins (an alt of Ann and Ben: every bot plays from
// 127.0.0.1) and is the one sanctioned, jailed, changed, hidden and written to; Ann moderates with
// core.moderation.* and reads the help requests. Each step checks what the players read and that
// the event names Pia (or the jail, or the address). At the end Pia is banned (and kicked), then
// unbanned, and every node the part granted is revoked: the scene is left as found.

import assert from 'node:assert/strict';
import { joinBot, kickReason, quit, sleep, waitFor, waitForMessage, type Bot } from '../support/bots.ts';
import type { Scene } from '../support/rest-server.ts';
import type { EventName } from '../../../src/core/kernel/events.ts';
import type { EventPart } from './part.ts';

const JAIL = 'evcell';
const ADDRESS = '10.20.30.40';
/** Nodes granted at the console for this part, revoked in its last step. */
const GRANTS: ReadonlyArray<[string, string]> = [
  ['Ann', 'core.moderation.*'],
  ['Ann', 'core.messaging.helpop.receive'],
  ['Pia', 'core.playerstate.*'],
  ['Pia', 'core.vanish.use'],
];

let pia: Bot;
let piaId: string;

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The event of that name about Pia (player-id), matching the rest; checked against its schema by the stream. */
const aboutPia = (scene: Scene, name: EventName, match: (d: Record<string, unknown>) => boolean = () => true) =>
  scene.events.next(name, (d) => d['player-id'] === piaId && match(d), 15000);
/** Runs a command as a bot and waits for the line the bot (or another) reads. */
async function says(bot: Bot, line: string, reader: Bot, reply: RegExp): Promise<string> {
  const read = waitForMessage(reader, reply, 15000);
  bot.chat(line);
  return read;
}
/** A POST over HTTP as the writer that must succeed; its data. */
async function post(scene: Scene, path: string, body?: unknown): Promise<Record<string, unknown>> {
  const r = await scene.rs.call('POST', path, scene.writer, body);
  assert.equal(r.json.ok, true, `${path}: ${JSON.stringify(r.json)}`);
  return r.json.data as Record<string, unknown>;
}

export const playersPart: EventPart = {
  steps: [
    {
      name: 'Pia joins from the address Ann and Ben play from; Ann (and Pia) are granted what the part needs',
      events: ['moderation.alt-detected'],
      async run(scene) {
        pia = await joinBot(scene.rs.server.gamePort, 'Pia');
        piaId = pia.player.uuid;
        const e = await aboutPia(scene, 'moderation.alt-detected');
        const alts = (e.data.alts as Array<{ 'player-name': string }>).map((a) => a['player-name']);
        assert.ok(alts.includes('Ann') && alts.includes('Ben'), JSON.stringify(alts));
        for (const [who, node] of GRANTS) await scene.rs.console(`perm grant ${who} ${node}`, new RegExp(`Granted ${escape(node)} to ${who}`));
      },
    },
    {
      name: 'Ann mutes Pia with /mute and lifts it with /unmute; Pia is told each time',
      events: ['moderation.player-mute', 'moderation.player-unmute'],
      async run(scene) {
        await says(scene.ann, '/mute Pia flooding', pia, /^You have been muted by Ann permanently\. Reason: flooding\.$/);
        const mute = await aboutPia(scene, 'moderation.player-mute');
        assert.deepEqual([mute.data.actor, mute.data.reason, mute.data['duration-seconds'], mute.data.silent], ['Ann', 'flooding', null, false]);
        await says(scene.ann, '/unmute Pia', pia, /^You are no longer muted/);
        const unmute = await aboutPia(scene, 'moderation.player-unmute');
        assert.deepEqual([unmute.data.actor, unmute.data.cause], ['Ann', 'lifted']);
      },
    },
    {
      name: 'a warning over HTTP: Pia is told and Ben reads the announcement',
      events: ['moderation.player-warn'],
      async run(scene) {
        const told = waitForMessage(pia, /^You have been warned by core-rest\/writer: language \(warning 1\)\.$/, 15000);
        const announced = waitForMessage(scene.ben, /^Pia was warned by core-rest\/writer: language$/, 15000);
        const data = await post(scene, `/players/${piaId}/warn`, { reason: 'language' });
        assert.equal(data.warnings, 1);
        await Promise.all([told, announced]);
        const e = await aboutPia(scene, 'moderation.player-warn');
        assert.deepEqual([e.data.warnings, e.data.actor, e.data.reason], [1, 'core-rest/writer', 'language']);
      },
    },
    {
      name: 'Ann defines a jail with /setjail, Pia is jailed in it over HTTP and moved there, /unjail frees her, /deljail removes it',
      events: ['moderation.jail-location-define', 'moderation.player-jail', 'moderation.player-unjail', 'moderation.jail-location-remove'],
      async run(scene) {
        await says(scene.ann, `/setjail ${JAIL}`, scene.ann, new RegExp(`^Jail ${JAIL} set at `));
        const define = await scene.events.next('moderation.jail-location-define', (d) => d.jail === JAIL, 15000);
        assert.deepEqual([define.data.actor, define.data.replaced], ['Ann', false]);
        const cell = define.data.location as { x: number; z: number };

        const jailed = waitForMessage(pia, new RegExp(`^You have been jailed in ${JAIL} by core-rest/writer permanently`), 15000);
        await post(scene, `/players/${piaId}/jail`, { jail: JAIL, reason: 'griefing' });
        await jailed;
        const near = () => Math.hypot(pia.entity.position.x - cell.x, pia.entity.position.z - cell.z) < 0.01;
        await waitFor(near, 'Pia to stand in the jail', 15000);
        const jail = await aboutPia(scene, 'moderation.player-jail');
        assert.deepEqual([jail.data.jail, jail.data.actor, jail.data.reason], [JAIL, 'core-rest/writer', 'griefing']);

        await says(scene.ann, '/unjail Pia', pia, /^You have been released from jail by Ann\./);
        const unjail = await aboutPia(scene, 'moderation.player-unjail');
        assert.deepEqual([unjail.data.jail, unjail.data.actor, unjail.data.cause], [JAIL, 'Ann', 'lifted']);

        await says(scene.ann, `/deljail ${JAIL}`, scene.ann, new RegExp(`^Jail ${JAIL} removed\\.`));
        const remove = await scene.events.next('moderation.jail-location-remove', (d) => d.jail === JAIL, 15000);
        assert.equal(remove.data.actor, 'Ann');
      },
    },
    {
      name: 'Pia switches god mode on and off with /god',
      events: ['playerstate.player-god-toggle'],
      async run(scene) {
        await says(pia, '/god', pia, /^God mode enabled\.$/);
        await aboutPia(scene, 'playerstate.player-god-toggle', (d) => d.enabled === true && d.actor === 'Pia');
        await says(pia, '/god', pia, /^God mode disabled\.$/);
        await aboutPia(scene, 'playerstate.player-god-toggle', (d) => d.enabled === false);
      },
    },
    {
      name: 'flight is granted to Pia over HTTP and she gives it up with /fly',
      events: ['playerstate.player-fly-toggle'],
      async run(scene) {
        const on = waitForMessage(pia, /^Flight enabled\.$/, 15000);
        await post(scene, `/players/${piaId}/state/fly`, { enabled: true });
        await on;
        await aboutPia(scene, 'playerstate.player-fly-toggle', (d) => d.enabled === true && d.actor === 'core-rest/writer');
        await says(pia, '/fly', pia, /^Flight disabled\.$/);
        await aboutPia(scene, 'playerstate.player-fly-toggle', (d) => d.enabled === false && d.actor === 'Pia');
      },
    },
    {
      name: 'Pia goes creative with /gmc and is put back in survival over HTTP; her client sees both',
      events: ['playerstate.player-game-mode-change'],
      async run(scene) {
        pia.chat('/gmc');
        await waitFor(() => pia.game.gameMode === 'creative', 'Pia in creative', 15000);
        const e = await aboutPia(scene, 'playerstate.player-game-mode-change', (d) => d['game-mode'] === 'creative');
        assert.deepEqual([e.data['previous-game-mode'], e.data.actor], ['survival', 'Pia']);
        await post(scene, `/players/${piaId}/state/gamemode`, { mode: 'survival' });
        await waitFor(() => pia.game.gameMode === 'survival', 'Pia back in survival', 15000);
        await aboutPia(scene, 'playerstate.player-game-mode-change', (d) => d['game-mode'] === 'survival');
      },
    },
    {
      name: 'Pia doubles her walking speed with /speed walk 2; it is set back to 1 over HTTP',
      events: ['playerstate.player-speed-change'],
      async run(scene) {
        await says(pia, '/speed walk 2', pia, /^Your walking speed is now 2\.$/);
        const e = await aboutPia(scene, 'playerstate.player-speed-change', (d) => d.kind === 'walk' && d.multiplier === 2);
        assert.equal(e.data['previous-multiplier'], 1);
        const back = waitForMessage(pia, /^Your walking speed is now 1\.$/, 15000);
        await post(scene, `/players/${piaId}/state/walk-speed`, { multiplier: 1 });
        await back;
      },
    },
    {
      name: 'Pia heals herself with /heal and is fed over HTTP',
      events: ['playerstate.player-heal', 'playerstate.player-feed'],
      async run(scene) {
        await says(pia, '/heal', pia, /^You have been healed\.$/);
        await aboutPia(scene, 'playerstate.player-heal', (d) => d.actor === 'Pia' && d.health === 20);
        const fed = waitForMessage(pia, /^Your appetite was sated\.$/, 15000);
        await post(scene, `/players/${piaId}/state/feed`);
        await fed;
        await aboutPia(scene, 'playerstate.player-feed', (d) => d.actor === 'core-rest/writer');
      },
    },
    {
      name: 'Pia goes away with /afk and comes back with /afk; Ben reads both',
      events: ['presence.afk'],
      async run(scene) {
        const away = waitForMessage(scene.ben, /^Pia is now AFK \(brb\)\.$/, 15000);
        await says(pia, '/afk brb', pia, /^You are now AFK \(brb\)\. Move or type \/afk to come back\.$/);
        await away;
        await aboutPia(scene, 'presence.afk', (d) => d.away === true && d.cause === 'afk-command' && d.reason === 'brb');
        const back = waitForMessage(scene.ben, /^Pia is no longer AFK\.$/, 15000);
        await says(pia, '/afk', pia, /^You are no longer AFK\.$/);
        await back;
        await aboutPia(scene, 'presence.afk', (d) => d.away === false && d.actor === 'Pia');
      },
    },
    {
      name: 'Pia vanishes with /vanish (Ben no longer sees her) and is shown again over HTTP',
      events: ['vanish.toggle'],
      async run(scene) {
        const inTab = () => scene.ben.players.Pia !== undefined;
        await waitFor(inTab, 'Ben to see Pia in the tab list', 15000);
        await says(pia, '/vanish', pia, /^You are now vanished \(level 1\)/);
        await waitFor(() => !inTab(), 'Pia gone from Ben’s tab list', 15000);
        await aboutPia(scene, 'vanish.toggle', (d) => d.vanished === true && d.actor === 'Pia');
        // The route does not tell the player: what shows it is Ben seeing Pia again.
        const shown = await post(scene, `/players/${piaId}/vanish`, { vanished: false });
        assert.equal(shown.hidden, false);
        await waitFor(inTab, 'Pia back in Ben’s tab list', 15000);
        await aboutPia(scene, 'vanish.toggle', (d) => d.vanished === false && d.actor === 'core-rest/writer');
      },
    },
    {
      name: 'Pia writes to Ann with /msg, gets mail over HTTP (and clears it), and asks staff for help with /helpop',
      events: ['messaging.private-message', 'messaging.mail-deliver', 'messaging.help-op'],
      async run(scene) {
        const annId = scene.ann.player.uuid;
        await says(pia, '/msg Ann hello from Pia', scene.ann, /\[Pia -> me\] hello from Pia/);
        const pm = await aboutPia(scene, 'messaging.private-message');
        assert.deepEqual([pm.data['recipient-id'], pm.data.body], [annId, 'hello from Pia']);

        const told = waitForMessage(pia, /^You have new mail from the server\./, 15000);
        await post(scene, `/players/${piaId}/mail`, { body: 'welcome, Pia' });
        await told;
        const mail = await aboutPia(scene, 'messaging.mail-deliver');
        assert.deepEqual([mail.data['sender-id'], mail.data['recipient-online'], mail.data.body], [null, true, 'welcome, Pia']);
        await says(pia, '/mail clear', pia, /^Removed 1 mail\.$/);

        await says(pia, '/helpop I am lost', scene.ann, /\[HelpOp\] Pia: I am lost/);
        const help = await aboutPia(scene, 'messaging.help-op');
        assert.equal(help.data.body, 'I am lost');
        assert.ok((help.data['staff-told'] as number) >= 1);
      },
    },
    {
      name: 'an address is banned at the console and unbanned again',
      events: ['moderation.ip-ban'],
      async run(scene) {
        await scene.rs.console(`banip ${ADDRESS} 1h evading`, new RegExp(`Banned the address ${escape(ADDRESS)}`));
        const e = await scene.events.next('moderation.ip-ban', (d) => d.address === ADDRESS, 15000);
        assert.deepEqual([e.data.actor, e.data['duration-seconds'], e.data.reason, e.data.players], ['console', 3600, 'evading', []]);
        await scene.rs.console(`unbanip ${ADDRESS}`, new RegExp(`Unbanned the address ${escape(ADDRESS)}`));
      },
    },
    {
      name: 'Ann bans Pia for an hour with /tempban (Pia reads it on the kick screen), Pia is unbanned over HTTP; the part’s nodes are revoked',
      events: ['moderation.player-tempban'],
      async run(scene) {
        const screen = kickReason(pia, 15000);
        scene.ann.chat('/tempban Pia 1h griefing');
        assert.match(await screen, /You are banned from this server\.[\s\S]*Reason: griefing/);
        await quit(pia);
        // A kicked client reads its kick screen before the server has let it go: the next part starts without Pia.
        const online = async () =>
          ((await scene.rs.call('GET', '/players', scene.reader)).json.data.players as Array<{ uuid: string }>).some((p) => p.uuid === piaId);
        const end = Date.now() + 15000;
        while (await online()) {
          if (Date.now() > end) throw new Error('timed out waiting for the server to let Pia go');
          await sleep(50);
        }
        const e = await aboutPia(scene, 'moderation.player-tempban');
        assert.deepEqual([e.data.actor, e.data['duration-seconds'], e.data.reason], ['Ann', 3600, 'griefing']);
        const lifted = await post(scene, `/players/${piaId}/unban`, {});
        assert.equal(lifted.reason, 'griefing');
        for (const [who, node] of GRANTS) await scene.rs.console(`perm revoke ${who} ${node}`, new RegExp(`Revoked ${escape(node)} from ${who}`));
      },
    },
  ],
};
