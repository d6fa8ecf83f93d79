// In-game commands of the jails: /setjail, /deljail, /jails, /jail, /unjail.

import type { CommandContext, CommandDefinition } from '../../core/commands/commands.ts';
import type { ModuleContext } from '../../core/kernel/module.ts';
import type { Location } from '../../platform/platform.ts';
import { argsFor } from '../../core/commands/command-args.ts';
import { senderPlayer, succeeded } from '../../core/commands/command-helpers.ts';
import { command } from '../../core/commands/command-tree.ts';
import { formatDuration, looksLikeDuration, parseDuration, silentAndReason } from './moderation.duration.ts';
import type { JailApi, JailRequest } from './jail.service.ts';

export const JAIL_NODES = {
  jail: 'core.moderation.jail',
  unjail: 'core.moderation.unjail',
  set: 'core.moderation.setjail',
  delete: 'core.moderation.deljail',
  list: 'core.moderation.jails',
} as const;

const round = (n: number) => Math.round(n * 10) / 10;
const placeText = (l: Location) => `${l.world} ${round(l.x)}, ${round(l.y)}, ${round(l.z)}`;

/**
 * What follows `/jail <player> <jail>`: an optional duration (`1d2h30m`, `90s`), then an optional
 * reason, with `-s` anywhere for a silent jailing. A sentence naming what is wrong otherwise.
 */
export function parseJailDetails(text: string | undefined): Omit<JailRequest, 'jail'> | string {
  const { silent, reason: rest } = silentAndReason(text);
  const words = rest === null ? [] : rest.split(' ');
  let durationSeconds: number | undefined;
  if (words[0] !== undefined && looksLikeDuration(words[0])) {
    const d = parseDuration(words[0]);
    if (!d.ok) return d.message;
    durationSeconds = d.seconds;
    words.shift();
  }
  const reason = words.join(' ');
  if (reason.length > 256) return 'A reason is at most 256 characters.';
  return { silent, ...(durationSeconds !== undefined ? { durationSeconds } : {}), ...(reason ? { reason } : {}) };
}

export function jailCommands(jails: JailApi, ctx: ModuleContext): CommandDefinition[] {
  const arg = argsFor(ctx);

  let names: string[] = [];
  const jailWords = () => {
    void jails.listJails().then((r) => {
      if (r.ok) names = r.value.map((j) => j.name);
    });
    return names;
  };
  const jailArg = arg.word('jail', jailWords);

  const term = (seconds: number | null) => (seconds === null ? 'permanently' : `for ${formatDuration(seconds)}`);

  return [
    command({
      name: 'setjail',
      permission: JAIL_NODES.set,
      description: 'Defines a jail where you stand (or moves the jail of that name here).',
      playerOnly: true,
      args: [jailArg],
      async run(c, { jail }) {
        const here = ctx.platform.location(senderPlayer(c).uuid);
        if (!here) return c.reply({ text: 'Your location is not known yet.', color: 'red' });
        const r = await jails.defineJail(jail, here, c.actor);
        if (succeeded(c, r)) c.reply(`Jail ${r.value.name} set at ${placeText(r.value.location)}.`);
      },
    }),
    command({
      name: 'deljail',
      aliases: ['removejail'],
      permission: JAIL_NODES.delete,
      description: 'Removes a jail (one that holds prisoners cannot be removed).',
      args: [jailArg],
      async run(c, { jail }) {
        const r = await jails.removeJail(jail, c.actor);
        if (succeeded(c, r)) c.reply(`Jail ${r.value.name} removed.`);
      },
    }),
    command({
      name: 'jails',
      permission: JAIL_NODES.list,
      description: 'Lists the jails.',
      async run(c: CommandContext) {
        const r = await jails.listJails();
        if (!succeeded(c, r)) return;
        c.reply(`Jails (${r.value.length}):${r.value.length === 0 ? ' none. Define one with /setjail <name>.' : ''}`);
        for (const j of r.value) c.reply(`${j.name}: ${placeText(j.location)}`);
      },
    }),
    command({
      name: 'jail',
      permission: JAIL_NODES.jail,
      description: 'Jails a player (online or not) for a time (e.g. 1d2h30m) or for good; -s leaves out the announcement.',
      args: [arg.knownPlayer('player'), jailArg, arg.text('details').optional().shownAs('duration] [reason] [-s')],
      async run(c, { player, jail, details }) {
        const parsed = parseJailDetails(details);
        if (typeof parsed === 'string') return c.reply({ text: parsed, color: 'red' });
        const r = await jails.jail(player.uuid, { jail, ...parsed }, c.actor);
        if (succeeded(c, r)) {
          c.reply(`${player.name} jailed in ${r.value.jail} ${term(r.value['duration-seconds'])}${parsed.silent ? ' (silently)' : ''}.`);
        }
      },
    }),
    command({
      name: 'unjail',
      permission: JAIL_NODES.unjail,
      description: 'Releases a jailed player; -s leaves out the announcement.',
      args: [arg.knownPlayer('player'), arg.choice('flag', ['-s']).optional()],
      async run(c, { player, flag }) {
        const r = await jails.unjail(player.uuid, { silent: flag === '-s' }, c.actor);
        if (succeeded(c, r)) c.reply(`${player.name} released from jail ${r.value.jail}.`);
      },
    }),
  ];
}
