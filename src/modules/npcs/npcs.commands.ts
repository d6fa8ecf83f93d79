// In-game and console command of the NPCs: /npc. Creating and moving use where the player stands
// (and the way they face); the other subcommands name the NPC by its id.

import type { CommandContext, CommandDefinition } from '../../core/commands/commands.ts';
import type { ModuleContext } from '../../core/kernel/module.ts';
import type { Result } from '../../core/kernel/result.ts';
import { argsFor } from '../../core/commands/command-args.ts';
import { senderPlayer, succeeded } from '../../core/commands/command-helpers.ts';
import { command, sub, usageLines, type DeclaredCommand } from '../../core/commands/command-tree.ts';
import type { Npc } from './npcs.schemas.ts';
import type { NpcActor, NpcsService } from './npcs.service.ts';

export const NPC_NODES = {
  /** List NPCs and read one. */
  use: 'core.npc.use',
  /** Create NPCs (up to the limit). */
  create: 'core.npc.create',
  /** Change the NPCs one owns or manages. */
  manage: 'core.npc.manage',
} as const;

export function npcsCommands(npcs: NpcsService, ctx: ModuleContext): CommandDefinition[] {
  const arg = argsFor(ctx);
  const npcName = arg.word('name');

  /** The player the sender acts as: their uuid, or null for the console (which may do anything). */
  const actorOf = (c: CommandContext): NpcActor => (c.sender.kind === 'player' ? c.sender.player.uuid : null);
  const where = (n: Npc) => `${n.location.world} ${n.location.x.toFixed(1)}, ${n.location.y.toFixed(1)}, ${n.location.z.toFixed(1)}`;
  const shown = (n: Npc) => (n['shown-name'] === null ? 'no name (hidden)' : `the name ${n['shown-name']}`);

  function info(c: CommandContext, n: Npc): void {
    c.reply({ text: `NPC ${n.name} of ${n['owner-name']}`, color: 'gold' });
    c.reply(`Location: ${where(n)}; shows ${shown(n)}`);
    c.reply(`Skin: ${n.skin ?? 'default'}; command: ${n.command === null ? 'none' : `/${n.command}`}`);
    c.reply(`Managers: ${n.managers.length ? n.managers.map((m) => m['player-name']).join(', ') : 'none'}`);
  }

  async function tell(c: CommandContext, pending: Promise<Result<Npc>> | undefined, said: (n: Npc) => string): Promise<void> {
    if (!pending) return;
    const r = await pending;
    if (succeeded(c, r)) c.reply(said(r.value));
  }

  /** Where a player stands, for creating or moving an NPC there. */
  function here(c: CommandContext) {
    const at = c.sender.kind === 'player' ? ctx.platform.location(c.sender.player.uuid) : undefined;
    if (!at) c.reply({ text: 'Your location is unknown.', color: 'red' });
    return at;
  }

  const manager = (name: 'add' | 'remove') =>
    sub({
      name,
      args: [npcName, arg.knownPlayer('player')],
      run: (c, { name: npc, player: p }) =>
        tell(c, name === 'add' ? npcs.addManager(npc, actorOf(c), p.uuid, c.actor) : npcs.removeManager(npc, actorOf(c), p.uuid, c.actor), (n) =>
          name === 'add' ? `${p.name} is a manager of the NPC ${n.name}.` : `${p.name} is no longer a manager of the NPC ${n.name}.`,
        ),
    });

  function help(c: CommandContext): void {
    c.reply({ text: 'NPCs:', color: 'gold' });
    for (const line of usageLines(npc, c)) c.reply(line);
  }

  const npc: DeclaredCommand = command({
    name: 'npc',
    aliases: ['npcs'],
    permission: NPC_NODES.use,
    description: 'NPCs: player-like figures that run a command when right-clicked.',
    run: help,
    subcommands: [
      sub({
        name: 'create',
        permission: NPC_NODES.create,
        playerOnly: true,
        args: [npcName],
        async run(c, { name }) {
          const at = here(c);
          if (!at) return;
          await tell(c, npcs.create(senderPlayer(c).uuid, name, at, c.actor), (n) => `Created the NPC ${n.name} where you stand.`);
        },
      }),
      sub({
        name: 'move',
        permission: NPC_NODES.manage,
        playerOnly: true,
        args: [npcName],
        async run(c, { name }) {
          const at = here(c);
          if (at) await tell(c, npcs.move(name, actorOf(c), at, c.actor), (n) => `Moved the NPC ${n.name} to ${where(n)}.`);
        },
      }),
      sub({
        name: 'rename',
        permission: NPC_NODES.manage,
        args: [npcName, arg.text('shown-name').optional()],
        run: (c, { name, 'shown-name': text }) => tell(c, npcs.setName(name, actorOf(c), { name: text ?? null }, c.actor), (n) => `The NPC ${n.name} shows ${shown(n)}.`),
      }),
      sub({
        name: 'hidename',
        permission: NPC_NODES.manage,
        args: [npcName],
        run: (c, { name }) => tell(c, npcs.setName(name, actorOf(c), { hidden: true }, c.actor), (n) => `The NPC ${n.name} shows no name now; /npc rename shows one again.`),
      }),
      sub({
        name: 'skin',
        permission: NPC_NODES.manage,
        args: [npcName, arg.word('account').optional()],
        run: (c, { name, account }) =>
          tell(c, npcs.setSkin(name, actorOf(c), account ?? null, c.actor), (n) => (n.skin ? `The NPC ${n.name} wears the skin of ${n.skin}.` : `The NPC ${n.name} wears the default skin.`)),
      }),
      sub({
        name: 'command',
        permission: NPC_NODES.manage,
        args: [npcName, arg.text('command').optional()],
        run: (c, { name, command: line }) =>
          tell(c, npcs.setCommand(name, actorOf(c), line ?? null, c.actor), (n) =>
            n.command === null ? `The NPC ${n.name} runs no command now.` : `A player who right-clicks the NPC ${n.name} runs /${n.command}.`,
          ),
      }),
      sub({
        name: 'delete',
        permission: NPC_NODES.manage,
        args: [npcName],
        run: (c, { name }) => tell(c, npcs.delete(name, actorOf(c), c.actor), (n) => `Deleted the NPC ${n.name}.`),
      }),
      sub({ name: 'manager', permission: NPC_NODES.manage, subcommands: [manager('add'), manager('remove')] }),
      sub({
        name: 'list',
        args: [arg.knownPlayer('player').optional()],
        async run(c, { player }) {
          const owner = player?.uuid ?? actorOf(c);
          const r = await npcs.list(owner);
          if (!succeeded(c, r)) return;
          const { npcs: list, count, limit } = r.value;
          const whose = r.value.owner === null ? 'Every NPC' : c.sender.kind === 'player' && owner === c.sender.player.uuid ? 'Your NPCs' : `NPCs of ${r.value.owner['player-name']}`;
          c.reply({ text: `${whose} (${count}${limit === null ? '' : ` of at most ${limit}`}):`, color: 'gold' });
          for (const n of list) c.reply(`${n.name}: ${where(n)}, shows ${shown(n)}${n.command === null ? '' : `, runs /${n.command}`}`);
        },
      }),
      sub({
        name: 'info',
        args: [npcName],
        async run(c, { name }) {
          const r = await npcs.get(name);
          if (succeeded(c, r)) info(c, r.value);
        },
      }),
      sub({ name: 'help', run: help }),
    ],
  });
  return [npc];
}
