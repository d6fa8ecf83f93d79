// In-game and console commands of the everyday commands: /seen, /whois, /near, /top, /rules, /motd
// and /me (aliases /action, /describe).

import type { OnlinePlayer, Text } from '../../platform/platform.ts';
import type { CommandContext, CommandDefinition } from '../../core/commands/commands.ts';
import type { ModuleContext } from '../../core/kernel/module.ts';
import { argsFor, type Parsed } from '../../core/commands/command-args.ts';
import { senderPlayer, succeeded } from '../../core/commands/command-helpers.ts';
import { command } from '../../core/commands/command-tree.ts';
import type { EssentialsConfig } from './essentials.config.ts';
import { MAX_NEAR_RADIUS } from './essentials.config.ts';
import { ESSENTIALS_NODES, NEAR_RADIUS_PREFIX, type EssentialsService, type Whois } from './essentials.service.ts';
import { blocksText, instantText, spanText } from './essentials.words.ts';

const gold = (text: string): Text => ({ text, color: 'gold' });
const red = (text: string): Text => ({ text, color: 'red' });
const yesNo = (b: boolean) => (b ? 'yes' : 'no');
const onOff = (b: boolean) => (b ? 'on' : 'off');
const sanctionText = (s: { until: string | null } | null) => (s === null ? 'no' : s.until === null ? 'yes, for good' : `yes, until ${instantText(s.until)}`);

/** The lines /whois shows: what is not known (offline, or its module off) is left out. */
export function whoisLines(w: Whois): string[] {
  const out = [
    `UUID: ${w.uuid}`,
    w.online ? `Online: yes, for ${spanText(w.seconds)}` : `Online: no, last seen ${spanText(w.seconds)} ago (${instantText(w.since)})`,
    `First joined: ${instantText(w.firstSeen)}`,
  ];
  if (w.address !== null) out.push(`Address: ${w.address}`);
  if (w.location !== null) out.push(`Location: ${w.location.world}, ${Math.floor(w.location.x)}, ${Math.floor(w.location.y)}, ${Math.floor(w.location.z)}`);
  if (w.health !== null && w.food !== null) out.push(`Health: ${Math.round(w.health * 10) / 10}/20, food: ${w.food}/20`);
  if (w.gameMode !== null) out.push(`Game mode: ${w.gameMode}`);
  if (w.god !== null && w.flight !== null) out.push(`God mode: ${onOff(w.god)}, flight: ${onOff(w.flight)}`);
  if (w.afk !== null) out.push(`AFK: ${yesNo(w.afk)}`);
  if (w.vanished !== null) out.push(`Vanished: ${yesNo(w.vanished)}`);
  if (w.balance !== null) out.push(`Balance: ${w.balance}`);
  if (w.playtimeSeconds !== null) out.push(`Playtime: ${spanText(w.playtimeSeconds)}`);
  if (w.sanctions !== null) {
    const { muted, banned } = w.sanctions;
    out.push(`Muted: ${sanctionText(muted)}`, `Banned: ${sanctionText(banned)}`);
  }
  return out;
}

/** The first word of /near: a radius, or (for holders of near.others and the console) a player. */
type NearFirst = { radius: number } | { player: OnlinePlayer };

export function essentialsCommands(essentials: EssentialsService, ctx: ModuleContext, config: () => EssentialsConfig): CommandDefinition[] {
  const arg = argsFor(ctx);
  const viewerOf = (c: CommandContext): string | null => (c.sender.kind === 'player' ? c.sender.player.uuid : null);

  /** The largest radius the sender may ask /near for: the console any up to the cap. */
  const maxRadius = (c: CommandContext): number =>
    c.sender.kind === 'player' ? Math.min(MAX_NEAR_RADIUS, ctx.permissions.numeric(c.sender.player.uuid, NEAR_RADIUS_PREFIX) ?? config().nearMaxRadius) : MAX_NEAR_RADIUS;

  const radiusOf = (word: string, c: CommandContext): Parsed<number> => {
    const n = Number(word);
    const max = maxRadius(c);
    if (!/^\d+$/.test(word) || n < 1) return { ok: false, message: `"${word}" is not a radius: write a whole number of blocks from 1 to ${max}.` };
    if (n > max) return { ok: false, message: `You may look at most ${blocksText(max)} around: ask for ${max} or less.` };
    return { ok: true, value: n };
  };

  const nearFirst = arg
    .custom('around', {
      parse(word, c): Parsed<NearFirst> {
        if (/^\d+$/.test(word)) {
          const r = radiusOf(word, c);
          return r.ok ? { ok: true, value: { radius: r.value } } : r;
        }
        if (!c.has(ESSENTIALS_NODES.nearOthers)) {
          return { ok: false, message: `"${word}" is not a radius, and looking around another player needs the permission ${ESSENTIALS_NODES.nearOthers}.` };
        }
        const p = arg.seenOnline(c, word);
        return p ? { ok: true, value: { player: p } } : { ok: false, message: `No player named ${word} is online.` };
      },
      complete: (c) => (c.has(ESSENTIALS_NODES.nearOthers) ? arg.onlineNames(c) : []),
    })
    .shownAs('player|radius')
    .optional();

  const showLines = (c: CommandContext, lines: Text[], none: string) => {
    if (lines.length === 0) return c.reply(none);
    for (const l of lines) c.reply(l);
  };

  return [
    command({
      name: 'seen',
      permission: ESSENTIALS_NODES.seen,
      description: 'Tells how long a player has been online, or since when they are offline, and when they first joined.',
      args: [arg.knownPlayer('player')],
      async run(c, { player }) {
        const s = await essentials.seen(player, viewerOf(c));
        const self = viewerOf(c) === s.uuid;
        const who = self ? 'You have' : `${s.name} has`;
        c.reply(s.online ? `${who} been online for ${spanText(s.seconds)}.` : `${who} been offline for ${spanText(s.seconds)}, since ${instantText(s.since)}.`);
        c.reply(`${self ? 'You' : s.name} first joined on ${instantText(s.firstSeen)}.`);
      },
    }),
    command({
      name: 'whois',
      permission: ESSENTIALS_NODES.whois,
      description: 'Shows what the server knows of a player: online time, location, health, game mode, flags, balance, sanctions.',
      args: [arg.knownPlayer('player')],
      async run(c, { player }) {
        const w = await essentials.whois(player);
        c.reply(gold(`Whois ${w.name}:`));
        for (const line of whoisLines(w)) c.reply(line);
      },
    }),
    command({
      name: 'near',
      permission: ESSENTIALS_NODES.near,
      description: 'Lists the players near you (or near another player) with their distance in blocks.',
      args: [nearFirst, arg.custom('radius', { parse: (word, c) => radiusOf(word, c) }).optional()],
      run(c, { around: first, radius }) {
        const around = first !== undefined && 'player' in first ? first.player : undefined;
        if (around === undefined && c.sender.kind !== 'player') return c.reply(red('Name the player to look around: near <player> [radius].'));
        if (first !== undefined && 'radius' in first && radius !== undefined) return c.reply(red('Give one radius: /near [radius], or /near <player> [radius].'));
        const center = around ?? senderPlayer(c);
        const r = (first !== undefined && 'radius' in first ? first.radius : radius) ?? Math.min(config().nearRadius, maxRadius(c));
        const found = essentials.near(center.uuid, r, viewerOf(c));
        if (!succeeded(c, found)) return;
        const of = around === undefined || around.uuid === viewerOf(c) ? 'you' : around.name;
        if (found.value.length === 0) return c.reply(`No players within ${blocksText(r)} of ${of}.`);
        c.reply(`Players within ${blocksText(r)} of ${of}: ${found.value.map((p) => `${p.name} (${blocksText(p.distance)})`).join(', ')}.`);
      },
    }),
    command({
      name: 'top',
      permission: ESSENTIALS_NODES.top,
      description: 'Takes you up (or down) onto the highest block of the column you stand in.',
      playerOnly: true,
      async run(c) {
        const r = await essentials.top(senderPlayer(c).uuid);
        if (succeeded(c, r)) c.reply(`You are now at the top of your column, at height ${Math.floor(r.value.to.y)}.`);
      },
    }),
    command({
      name: 'rules',
      permission: ESSENTIALS_NODES.rules,
      description: 'Shows the rules of the server.',
      async run(c) {
        showLines(c, await essentials.rules(c.sender.kind === 'player' ? c.sender.player : undefined), 'This server has no rules written down.');
      },
    }),
    command({
      name: 'motd',
      permission: ESSENTIALS_NODES.motd,
      description: 'Shows the message of the day again.',
      async run(c) {
        showLines(c, await essentials.motd(c.sender.kind === 'player' ? c.sender.player : undefined), 'There is no message of the day.');
      },
    }),
    command({
      name: 'me',
      aliases: ['action', 'describe'],
      permission: ESSENTIALS_NODES.me,
      description: 'Tells everyone what you do: /me waves shows "* <you> waves".',
      playerOnly: true,
      args: [arg.text('action')],
      run(c, { action }) {
        essentials.me(senderPlayer(c), action);
      },
    }),
  ];
}

/** The message of the day a joining player reads, when essentials.conf says so and they hold the node. */
export function motdAtJoin(essentials: EssentialsService, ctx: ModuleContext, config: () => EssentialsConfig, player: OnlinePlayer): Promise<void> {
  if (!config().motdAtJoin || !ctx.permissions.playerHas(player.uuid, ESSENTIALS_NODES.motd)) return Promise.resolve();
  return essentials.motd(player).then((lines) => {
    for (const l of lines) ctx.platform.sendMessage(player.uuid, l);
  });
}
