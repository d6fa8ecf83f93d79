// In-game and console command of the holograms: /holo (alias /hologram). Lines are typed with
// `&` codes and {placeholders} as they should be stored.

import type { CommandContext, CommandDefinition } from '../../core/commands/commands.ts';
import type { ModuleContext } from '../../core/kernel/module.ts';
import type { Result } from '../../core/kernel/result.ts';
import type { Location } from '../../platform/platform.ts';
import type { HoloActor } from './holograms.access.ts';
import type { Hologram } from './holograms.schemas.ts';
import type { HologramsService } from './holograms.service.ts';
import { argsFor } from '../../core/commands/command-args.ts';
import { senderPlayer, succeeded } from '../../core/commands/command-helpers.ts';
import { command, sub, usageLines, type DeclaredCommand } from '../../core/commands/command-tree.ts';

export const HOLO_NODES = {
  /** /holo list and info, and changing the holograms one owns or manages. */
  use: 'core.holo.use',
  /** Create holograms (up to the limit). */
  create: 'core.holo.create',
  /** Bind a command to a hologram one owns: it runs as whoever clicks, so nobody holds this by default. */
  command: 'core.holo.command',
} as const;

/** How far above a player's feet a hologram made or moved in game floats (about eye height). */
export const HEIGHT_ABOVE_FEET = 2;

export function hologramsCommands(holograms: HologramsService, ctx: ModuleContext): CommandDefinition[] {
  const arg = argsFor(ctx);

  /** Completions: the names of the holograms (refreshed in the background). */
  let names: string[] = [];
  function known(): string[] {
    void holograms.list().then((r) => {
      if (r.ok) names = r.value.holograms.map((h) => h.name);
    });
    return names;
  }
  const holoName = arg.word('name', known);
  const lineNumber = arg.integer('line', { min: 1, max: 1000 });

  /** The player the sender acts as: their uuid, or null for the console (which may do anything). */
  const actorOf = (c: CommandContext): HoloActor => (c.sender.kind === 'player' ? c.sender.player.uuid : null);

  function above(c: CommandContext): Location | undefined {
    const at = ctx.platform.location(senderPlayer(c).uuid);
    if (!at) c.reply({ text: 'Your location is not known yet.', color: 'red' });
    return at && { ...at, y: at.y + HEIGHT_ABOVE_FEET, pitch: 0 };
  }

  const where = (h: Hologram) => `${h.location.world} ${h.location.x.toFixed(1)}, ${h.location.y.toFixed(1)}, ${h.location.z.toFixed(1)}`;

  async function tell(c: CommandContext, pending: Promise<Result<Hologram>>, said: (h: Hologram) => string): Promise<void> {
    const r = await pending;
    if (succeeded(c, r)) c.reply(said(r.value));
  }

  const holo: DeclaredCommand = command({
    name: 'holo',
    aliases: ['hologram', 'holograms'],
    permission: HOLO_NODES.use,
    description: 'Holograms: floating text you create, edit and bind a command to.',
    run(c) {
      c.reply({ text: 'Holograms:', color: 'gold' });
      for (const line of usageLines(holo, c)) c.reply(line);
    },
    subcommands: [
      sub({
        name: 'create',
        permission: HOLO_NODES.create,
        playerOnly: true,
        args: [holoName, arg.text('text')],
        async run(c, { name, text }) {
          const at = above(c);
          if (!at) return;
          await tell(c, holograms.create(senderPlayer(c).uuid, name, at, text, c.actor), (h) => `Created the hologram ${h.name} above you.`);
        },
      }),
      sub({
        name: 'delete',
        args: [holoName],
        run: (c, { name }) => tell(c, holograms.delete(name, actorOf(c), c.actor), (h) => `Deleted the hologram ${h.name}.`),
      }),
      sub({
        name: 'move',
        playerOnly: true,
        args: [holoName],
        async run(c, { name }) {
          const at = above(c);
          if (!at) return;
          await tell(c, holograms.move(name, actorOf(c), at, c.actor), (h) => `Moved the hologram ${h.name} above you.`);
        },
      }),
      sub({
        name: 'addline',
        args: [holoName, arg.text('text')],
        run: (c, { name, text }) => tell(c, holograms.editLine(name, actorOf(c), { text }, c.actor), (h) => `Added line ${h.lines.length} to ${h.name}.`),
      }),
      sub({
        name: 'setline',
        args: [holoName, lineNumber, arg.text('text')],
        run: (c, { name, line, text }) => tell(c, holograms.editLine(name, actorOf(c), { line, text }, c.actor), (h) => `Line ${line} of ${h.name} changed.`),
      }),
      sub({
        name: 'removeline',
        args: [holoName, lineNumber],
        run: (c, { name, line }) => tell(c, holograms.editLine(name, actorOf(c), { line }, c.actor), (h) => `Removed line ${line} of ${h.name}; it has ${h.lines.length} now.`),
      }),
      sub({
        name: 'command',
        permission: HOLO_NODES.command,
        args: [holoName, arg.text('command').optional()],
        run: (c, { name, command: line }) =>
          tell(c, holograms.setCommand(name, actorOf(c), line ?? null, c.actor), (h) =>
            h.command === null ? `The hologram ${h.name} runs no command now.` : `Right-clicking ${h.name} now runs /${h.command} as the player who clicks.`,
          ),
      }),
      sub({
        name: 'manager',
        subcommands: (['add', 'remove'] as const).map((verb) =>
          sub({
            name: verb,
            args: [holoName, arg.knownPlayer('player')],
            async run(c, { name, player }) {
              const r = verb === 'add' ? await holograms.addManager(name, actorOf(c), player.uuid, c.actor) : await holograms.removeManager(name, actorOf(c), player.uuid, c.actor);
              if (succeeded(c, r)) c.reply(`${player.name} is ${verb === 'add' ? 'now' : 'no longer'} a manager of ${r.value.name}.`);
            },
          }),
        ),
      }),
      sub({
        name: 'list',
        async run(c) {
          const r = await holograms.list();
          if (!succeeded(c, r)) return;
          if (r.value.count === 0) return c.reply('There are no holograms.');
          c.reply({ text: `Holograms (${r.value.count}):`, color: 'gold' });
          for (const h of r.value.holograms) c.reply(`${h.name} of ${h['owner-name']}: ${where(h)}, ${h.lines.length} line${h.lines.length === 1 ? '' : 's'}`);
        },
      }),
      sub({
        name: 'info',
        args: [holoName],
        async run(c, { name }) {
          const r = await holograms.get(name);
          if (!succeeded(c, r)) return;
          const h = r.value;
          c.reply({ text: `Hologram ${h.name} of ${h['owner-name']} at ${where(h)}`, color: 'gold' });
          // The lines as stored: & codes and placeholders as typed, so they can be copied.
          h.lines.forEach((line, i) => c.reply(`${i + 1}: ${line}`));
          c.reply(`Command: ${h.command === null ? 'none' : `/${h.command}`}; managers: ${h.managers.length ? h.managers.map((m) => m['player-name']).join(', ') : 'none'}`);
        },
      }),
    ],
  });
  return [holo];
}
