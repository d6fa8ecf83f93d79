// In-game commands of the sanctions: /ban, /tempban, /unban, /banip, /unbanip, /mute, /tempmute,
// /unmute, /kick, /warn, /warnings, /history, /alts, /sanctions (alias /checkban). A reason is the
// rest of the line; `-s` anywhere in it makes the sanction silent (no server-wide announcement).

import { isIP } from 'node:net';
import { argsFor } from '../../core/commands/command-args.ts';
import { succeeded } from '../../core/commands/command-helpers.ts';
import { command } from '../../core/commands/command-tree.ts';
import type { CommandContext, CommandDefinition } from '../../core/commands/commands.ts';
import type { ModuleContext } from '../../core/kernel/module.ts';
import { formatDuration, formatInstant, looksLikeDuration, parseDuration, silentAndReason } from './moderation.duration.ts';
import type { Ban, Mute } from './moderation.schemas.ts';
import { EXEMPT_NODE, NOTIFY_NODE, type ModerationService } from './moderation.service.ts';
import { normalizeAddress } from './moderation.addresses.ts';

export const MODERATION_NODES = {
  ban: 'core.moderation.ban',
  tempban: 'core.moderation.tempban',
  unban: 'core.moderation.unban',
  banip: 'core.moderation.banip',
  unbanip: 'core.moderation.unbanip',
  mute: 'core.moderation.mute',
  tempmute: 'core.moderation.tempmute',
  unmute: 'core.moderation.unmute',
  kick: 'core.moderation.kick',
  warn: 'core.moderation.warn',
  /** Everyone: one's own warnings. */
  warnings: 'core.moderation.warnings',
  warningsOthers: 'core.moderation.warnings.others',
  history: 'core.moderation.history',
  alts: 'core.moderation.alts',
  sanctions: 'core.moderation.sanctions',
  notify: NOTIFY_NODE,
  exempt: EXEMPT_NODE,
} as const;

const ends = (s: Ban | Mute) => (s['expires-at'] === null ? 'permanently' : `for ${formatDuration(s['duration-seconds'])} (until ${formatInstant(s['expires-at'])})`);
const why = (reason: string | null) => (reason === null ? '' : `: ${reason}`);
const quietly = (silent: boolean) => (silent ? ' (silently)' : '');

export function moderationCommands(mod: ModerationService, ctx: ModuleContext): CommandDefinition[] {
  const arg = argsFor(ctx);
  const player = arg.knownPlayer('player');
  const duration = arg.custom('duration', {
    parse: (word) => {
      const d = parseDuration(word);
      return d.ok ? { ok: true, value: d.seconds } : { ok: false, message: d.message };
    },
  });
  const reason = arg.text('reason').optional().shownAs('reason] [-s');
  const flag = arg.choice('flag', ['-s'] as const).optional();
  /** An address, or a player (by name or uuid) for their address: the service takes an address or a uuid. */
  const target = arg.custom('target', {
    shown: 'player|address',
    async parse(word) {
      if (isIP(normalizeAddress(word)) !== 0) return { ok: true, value: normalizeAddress(word) };
      const p = await ctx.players.find(word);
      return p ? { ok: true, value: p.uuid } : { ok: false, message: `"${word}" is neither an IP address nor a player who has joined this server.` };
    },
    complete: () => ctx.platform.onlinePlayers().map((p) => p.name),
  });

  /** "[duration] [reason] [-s]": a first word that looks like a duration is one. */
  function durationAndReason(c: CommandContext, text: string | undefined): { seconds?: number; silent: boolean; reason: string | null } | undefined {
    const [first = '', ...others] = (text ?? '').trim().split(/\s+/);
    if (!looksLikeDuration(first)) return silentAndReason(text);
    const d = parseDuration(first);
    if (!d.ok) {
      c.reply({ text: d.message, color: 'red' });
      return undefined;
    }
    return { seconds: d.seconds, ...silentAndReason(others.join(' ')) };
  }

  async function doBan(c: CommandContext, uuid: string, seconds: number | undefined, text: string | undefined): Promise<void> {
    const { silent, reason } = silentAndReason(text);
    const r = await mod.ban(uuid, { reason, silent, ...(seconds === undefined ? {} : { 'duration-seconds': seconds }) }, c.actor);
    if (succeeded(c, r)) c.reply(`Banned ${await nameOf(uuid)} ${ends(r.value)}${why(r.value.reason)}${quietly(silent)}.`);
  }

  async function doMute(c: CommandContext, uuid: string, seconds: number | undefined, text: string | undefined): Promise<void> {
    const { silent, reason } = silentAndReason(text);
    const r = await mod.mute(uuid, { reason, silent, ...(seconds === undefined ? {} : { 'duration-seconds': seconds }) }, c.actor);
    if (succeeded(c, r)) c.reply(`Muted ${await nameOf(uuid)} ${ends(r.value)}${why(r.value.reason)}${quietly(silent)}.`);
  }

  const nameOf = async (uuid: string) => (await ctx.players.get(uuid))?.name ?? uuid;

  return [
    command({
      name: 'ban',
      permission: MODERATION_NODES.ban,
      description: 'Bans a player permanently (kicked at once when online).',
      args: [player, reason],
      run: (c, v) => doBan(c, v.player.uuid, undefined, v.reason),
    }),
    command({
      name: 'tempban',
      permission: MODERATION_NODES.tempban,
      description: 'Bans a player for a time, e.g. /tempban Steve 1d2h30m griefing.',
      args: [player, duration, reason],
      run: (c, v) => doBan(c, v.player.uuid, v.duration, v.reason),
    }),
    command({
      name: 'unban',
      aliases: ['pardon'],
      permission: MODERATION_NODES.unban,
      description: 'Lifts the ban of a player.',
      args: [player, flag],
      async run(c, v) {
        const silent = v.flag !== undefined;
        const r = await mod.unban(v.player.uuid, { silent }, c.actor);
        if (succeeded(c, r)) c.reply(`Unbanned ${v.player.name}${quietly(silent)}.`);
      },
    }),
    command({
      name: 'banip',
      aliases: ['ipban'],
      permission: MODERATION_NODES.banip,
      description: 'Bans an address (or the address of a player): nobody can join from it.',
      args: [target, arg.text('reason').optional().shownAs('duration] [reason] [-s')],
      async run(c, v) {
        const given = durationAndReason(c, v.reason);
        if (!given) return;
        const { seconds, silent, reason: text } = given;
        const r = await mod.banIp(v.target, { reason: text, silent, ...(seconds === undefined ? {} : { 'duration-seconds': seconds }) }, c.actor);
        if (!succeeded(c, r)) return;
        const accounts = r.value.players.map((p) => p['player-name']).join(', ') || 'none';
        c.reply(`Banned the address ${r.value.address} ${ends(r.value)}${why(r.value.reason)}${quietly(silent)}. Accounts seen from it: ${accounts}.`);
      },
    }),
    command({
      name: 'unbanip',
      aliases: ['pardonip'],
      permission: MODERATION_NODES.unbanip,
      description: 'Lifts an address ban (by address, or the last address of a player).',
      args: [target, flag],
      async run(c, v) {
        const silent = v.flag !== undefined;
        const r = await mod.unbanIp(v.target, { silent }, c.actor);
        if (succeeded(c, r)) c.reply(`Unbanned the address ${r.value.address}${quietly(silent)}.`);
      },
    }),
    command({
      name: 'mute',
      permission: MODERATION_NODES.mute,
      description: 'Mutes a player permanently: no chat, private messages or signs.',
      args: [player, reason],
      run: (c, v) => doMute(c, v.player.uuid, undefined, v.reason),
    }),
    command({
      name: 'tempmute',
      permission: MODERATION_NODES.tempmute,
      description: 'Mutes a player for a time, e.g. /tempmute Steve 30m spam.',
      args: [player, duration, reason],
      run: (c, v) => doMute(c, v.player.uuid, v.duration, v.reason),
    }),
    command({
      name: 'unmute',
      permission: MODERATION_NODES.unmute,
      description: 'Lifts the mute of a player.',
      args: [player, flag],
      async run(c, v) {
        const silent = v.flag !== undefined;
        const r = await mod.unmute(v.player.uuid, { silent }, c.actor);
        if (succeeded(c, r)) c.reply(`Unmuted ${v.player.name}${quietly(silent)}.`);
      },
    }),
    command({
      name: 'kick',
      permission: MODERATION_NODES.kick,
      description: 'Disconnects an online player with a reason.',
      args: [player, reason],
      async run(c, v) {
        const { silent, reason: r0 } = silentAndReason(v.reason);
        const r = await mod.kick(v.player.uuid, { reason: r0, silent }, c.actor);
        if (succeeded(c, r)) c.reply(`Kicked ${v.player.name}${why(r.value.reason)}${quietly(silent)}.`);
      },
    }),
    command({
      name: 'warn',
      permission: MODERATION_NODES.warn,
      description: 'Warns a player; the reason is required (-s in it: no announcement).',
      args: [player, arg.text('reason')],
      async run(c, v) {
        const { silent, reason: r0 } = silentAndReason(v.reason);
        if (r0 === null) return c.reply({ text: 'A warning needs a reason: /warn <player> <reason> [-s]', color: 'red' });
        const r = await mod.warn(v.player.uuid, { reason: r0, silent }, c.actor);
        if (succeeded(c, r)) c.reply(`Warned ${v.player.name}: ${r0} (warning ${r.value.warnings})${quietly(silent)}.`);
      },
    }),
    command({
      name: 'warnings',
      permission: MODERATION_NODES.warnings,
      description: 'Lists your warnings, or (staff) another player’s.',
      args: [player.optional()],
      async run(c, v) {
        const me = c.sender.kind === 'player' ? c.sender.player : undefined;
        if (!v.player && !me) return c.reply('Name a player: the console has no warnings.');
        const of = v.player ?? { uuid: me!.uuid, name: me!.name };
        if (me && of.uuid !== me.uuid && !c.has(MODERATION_NODES.warningsOthers)) {
          return c.reply({ text: `You do not have permission (${MODERATION_NODES.warningsOthers}).`, color: 'red' });
        }
        const r = await mod.sanctions(of.uuid);
        if (!succeeded(c, r)) return;
        const list = r.value.warnings ?? [];
        const whose = me && of.uuid === me.uuid ? 'You have' : `${of.name} has`;
        c.reply(`${whose} ${list.length} warning${list.length === 1 ? '' : 's'}${list.length ? ':' : '.'}`);
        for (const w of list) c.reply(`#${w.id} ${formatInstant(w['issued-at'])} by ${w.actor}: ${w.reason}`);
      },
    }),
    command({
      name: 'history',
      permission: MODERATION_NODES.history,
      description: 'The actions taken on a player, newest first.',
      args: [player, arg.integer('limit', { min: 1, max: 100 }).optional()],
      async run(c, v) {
        const r = await mod.history(v.player.uuid, v.limit ?? 10);
        if (!succeeded(c, r)) return;
        const { entries } = r.value;
        c.reply(`History of ${v.player.name} (${entries.length === 0 ? 'nothing yet' : `newest first, ${entries.length} shown`}):`);
        for (const e of entries) {
          const reason = typeof e.details.reason === 'string' ? `: ${e.details.reason}` : '';
          c.reply(`${formatInstant(e.at)} ${e.action} by ${e.actor}${reason}`);
        }
      },
    }),
    command({
      name: 'alts',
      permission: MODERATION_NODES.alts,
      description: 'The other accounts seen from the addresses a player joined from.',
      args: [player],
      async run(c, v) {
        const r = await mod.alts(v.player.uuid);
        if (!succeeded(c, r)) return;
        const { addresses, alts } = r.value;
        if (alts.length === 0) return c.reply(`${v.player.name} has no known alts (${addresses.length} address${addresses.length === 1 ? '' : 'es'} seen).`);
        c.reply(`Alts of ${v.player.name}: ${alts.map((a) => `${a['player-name']}${mod.banOf(a['player-id']) ? ' (banned)' : ''} [${a.addresses.join(', ')}]`).join(', ')}`);
      },
    }),
    command({
      name: 'sanctions',
      aliases: ['checkban', 'checkmute'],
      permission: MODERATION_NODES.sanctions,
      description: 'What is in force against a player: ban, mute, jail and warnings.',
      args: [player],
      async run(c, v) {
        const r = await mod.sanctions(v.player.uuid);
        if (!succeeded(c, r)) return;
        const s = r.value;
        const line = (what: string, x: Ban | Mute | null) => (x ? `${what} ${ends(x)} by ${x.actor}${why(x.reason)}` : `not ${what}`);
        c.reply(`${v.player.name}: ${line('banned', s.ban)}; ${line('muted', s.mute)}.`);
        c.reply(s.jail ? `Jailed in ${s.jail.jail} ${ends(s.jail)} by ${s.jail.actor}${why(s.jail.reason)}.` : 'Not jailed.');
        c.reply(`Warnings: ${s.warnings?.length ?? 0}.`);
      },
    }),
  ];
}
