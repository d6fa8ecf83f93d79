// In-game and console command of the player warps: /pwarp. `/pwarp <name>` visits a warp; the
// other first words are the subcommands below (which is why they cannot name a warp).

import type { CommandContext, CommandDefinition } from '../../core/commands/commands.ts';
import type { ModuleContext } from '../../core/kernel/module.ts';
import type { Result } from '../../core/kernel/result.ts';
import type { MemberRole, PlayerWarp } from './playerwarps.schemas.ts';
import type { PlayerWarpsService, WarpActor } from './playerwarps.service.ts';
import { argsFor } from '../../core/commands/command-args.ts';
import { senderPlayer, succeeded } from '../../core/commands/command-helpers.ts';
import { command, sub, usageLines, type DeclaredCommand } from '../../core/commands/command-tree.ts';

export const PWARP_NODES = {
  /** Visit, list and read warps. */
  use: 'core.pwarp.use',
  /** Create warps (up to the limit). */
  create: 'core.pwarp.create',
  /** Change the warps one owns or manages. */
  manage: 'core.pwarp.manage',
} as const;

const PAGE_SIZE = 10;

export function playerWarpsCommands(warps: PlayerWarpsService, ctx: ModuleContext<'economy'>): CommandDefinition[] {
  const arg = argsFor(ctx);
  const economy = () => ctx.api.economy;
  const warpName = arg.word('name');
  const page = arg.integer('page', { min: 1, max: 999_999 }).optional();

  /** The player the sender acts as: their uuid, or null for the console (which may do anything). */
  const actorOf = (c: CommandContext): WarpActor => (c.sender.kind === 'player' ? c.sender.player.uuid : null);

  const where = (w: PlayerWarp) => `${w.location.world} ${w.location.x.toFixed(1)}, ${w.location.y.toFixed(1)}, ${w.location.z.toFixed(1)}`;
  const names = (list: PlayerWarp['managers']) => (list.length ? list.map((p) => p['player-name']).join(', ') : 'none');

  function info(c: CommandContext, w: PlayerWarp): void {
    c.reply({ text: `Player warp ${w.name} (${w.state}, ${w.public ? 'public' : 'private'}) of ${w['owner-name']}`, color: 'gold' });
    if (w.description) c.reply(w.description);
    c.reply(`Location: ${where(w)}`);
    c.reply(`Fee: ${w.fee.amount === 0 ? 'free' : economy().format(w.fee)}; earned ${economy().format(w.earnings)}; ${w.visits} visit${w.visits === 1 ? '' : 's'}`);
    c.reply(`Managers: ${names(w.managers)}; whitelist: ${names(w.whitelist)}; banned: ${names(w.bans)}`);
  }

  async function visit(c: CommandContext, name: string): Promise<void> {
    if (c.sender.kind !== 'player') return c.reply({ text: 'Only a player can visit a player warp.', color: 'red' });
    const r = await warps.visit(name, c.sender.player.uuid, c.actor);
    if (!succeeded(c, r)) return;
    const paid = r.value.paid.amount > 0 ? ` You paid ${economy().format(r.value.paid)} to ${r.value.warp['owner-name']}.` : '';
    c.reply(`Welcome to ${r.value.warp.name}.${paid}`);
  }

  function help(c: CommandContext): void {
    c.reply({ text: 'Player warps:', color: 'gold' });
    for (const line of usageLines(pwarp, c)) c.reply(line);
  }

  /** Tells the sender the outcome of a change of one warp (nothing when it was refused before). */
  async function tell(c: CommandContext, pending: Promise<Result<PlayerWarp>> | undefined, said: (w: PlayerWarp) => string): Promise<void> {
    if (!pending) return;
    const r = await pending;
    if (succeeded(c, r)) c.reply(said(r.value));
  }

  /** A change of the warp named by its only argument, by its owner or a manager. */
  const change = (name: string, act: (c: CommandContext, warp: string) => Promise<Result<PlayerWarp>> | undefined, said: (w: PlayerWarp) => string) =>
    sub({ name, permission: PWARP_NODES.manage, args: [warpName], run: (c, { name: warp }) => tell(c, act(c, warp), said) });

  /** `manager|whitelist add|remove <name> <player>` and `ban|unban <name> <player>`. */
  const member = (name: string, role: MemberRole, add: boolean, permission?: string) =>
    sub({
      name,
      permission,
      args: [warpName, arg.knownPlayer('player')],
      async run(c, { name: warp, player: p }) {
        const r = add ? await warps.addMember(warp, actorOf(c), role, p.uuid, c.actor) : await warps.removeMember(warp, actorOf(c), role, p.uuid, c.actor);
        if (!succeeded(c, r)) return;
        const what = { manager: 'a manager of', whitelist: 'on the whitelist of', ban: 'banned from' }[role];
        c.reply(`${p.name} is ${add ? '' : 'no longer '}${what} ${r.value.name}.`);
      },
    });

  const pwarp: DeclaredCommand = command({
    name: 'pwarp',
    aliases: ['playerwarp', 'pwarps'],
    permission: PWARP_NODES.use,
    description: 'Player warps: visit one with /pwarp <name>; create, list and manage your own.',
    // `/pwarp <name>` visits: the subcommands' words cannot name a warp.
    args: [warpName.optional()],
    run: (c, { name }) => (name === undefined ? help(c) : visit(c, name)),
    subcommands: [
      sub({
        name: 'create',
        permission: PWARP_NODES.create,
        playerOnly: true,
        args: [warpName],
        async run(c, { name }) {
          const me = senderPlayer(c);
          const here = ctx.platform.location(me.uuid);
          if (!here) return c.reply({ text: 'Your location is unknown.', color: 'red' });
          const r = await warps.create(me.uuid, name, here, c.actor);
          if (succeeded(c, r)) c.reply(`Created the player warp ${r.value.name} where you stand. Others reach it with /pwarp ${r.value.name}.`);
        },
      }),
      sub({ name: 'visit', args: [warpName], run: (c, { name }) => visit(c, name) }),
      sub({
        name: 'list',
        args: [page],
        async run(c, { page: n = 1 }) {
          const r = await warps.list(n, PAGE_SIZE);
          if (!succeeded(c, r)) return;
          const pages = Math.max(1, Math.ceil(r.value.total / PAGE_SIZE));
          if (r.value.warps.length === 0) return c.reply(r.value.total === 0 ? 'There are no public player warps yet.' : `There are only ${pages} pages.`);
          c.reply({ text: `Player warps, page ${n} of ${pages}:`, color: 'gold' });
          r.value.warps.forEach((w, i) => {
            const fee = w.fee.amount === 0 ? 'free' : economy().format(w.fee);
            c.reply(`${(n - 1) * PAGE_SIZE + i + 1}. ${w.name} of ${w['owner-name']}: ${w.visits} visits, ${fee}${w.description ? ` - ${w.description}` : ''}`);
          });
        },
      }),
      sub({
        name: 'mine',
        playerOnly: true,
        async run(c) {
          const r = await warps.owned(senderPlayer(c).uuid);
          if (!succeeded(c, r)) return;
          c.reply({ text: `Your player warps (${r.value.count} of at most ${r.value.limit}):`, color: 'gold' });
          for (const w of r.value.warps) c.reply(`${w.name} (${w.state}, ${w.public ? 'public' : 'private'}): ${w.visits} visits`);
        },
      }),
      sub({
        name: 'info',
        args: [warpName],
        async run(c, { name }) {
          const r = await warps.get(name);
          if (succeeded(c, r)) info(c, r.value);
        },
      }),
      sub({
        name: 'history',
        permission: PWARP_NODES.manage,
        args: [warpName, page],
        async run(c, { name, page: n = 1 }) {
          const r = await warps.history(name, actorOf(c), n, PAGE_SIZE);
          if (!succeeded(c, r)) return;
          if (r.value.length === 0) return c.reply('No more history.');
          c.reply({ text: `History of ${name.toLowerCase()}, newest first (page ${n}):`, color: 'gold' });
          for (const e of r.value) c.reply(`${e.at.slice(0, 19).replace('T', ' ')} ${e.actor}: ${e.action}`);
        },
      }),
      change(
        'relocate',
        (c, name) => {
          const here = c.sender.kind === 'player' ? ctx.platform.location(c.sender.player.uuid) : undefined;
          if (!here) return void c.reply({ text: 'Only a player in the world can relocate a warp (to where they stand).', color: 'red' });
          return warps.relocate(name, actorOf(c), here, c.actor);
        },
        (w) => `Moved ${w.name} to ${where(w)}.`,
      ),
      sub({
        name: 'rename',
        permission: PWARP_NODES.manage,
        args: [warpName, arg.word('new-name')],
        run: (c, v) => tell(c, warps.rename(v.name, actorOf(c), v['new-name'], c.actor), (w) => `The player warp is now named ${w.name}.`),
      }),
      change('archive', (c, name) => warps.archive(name, actorOf(c), c.actor), (w) => `Archived ${w.name}: it is unlisted and nobody can travel to it until restored.`),
      change('restore', (c, name) => warps.restore(name, actorOf(c), c.actor), (w) => `Restored ${w.name}.`),
      change('delete', (c, name) => warps.delete(name, actorOf(c), c.actor), (w) => `Deleted ${w.name}; its name is free again.`),
      change('public', (c, name) => warps.setPublic(name, actorOf(c), true, c.actor), (w) => `${w.name} is public: it is listed and open to everyone not banned.`),
      change('private', (c, name) => warps.setPublic(name, actorOf(c), false, c.actor), (w) => `${w.name} is private: only you, its managers and its whitelist may visit.`),
      sub({
        name: 'fee',
        permission: PWARP_NODES.manage,
        // 0 makes it free.
        args: [warpName, arg.amount('amount', { zero: true })],
        run: (c, { name, amount }) =>
          tell(c, warps.setFee(name, actorOf(c), amount, c.actor), (w) => `The fee of ${w.name} is ${w.fee.amount === 0 ? 'nothing: it is free' : economy().format(w.fee)}.`),
      }),
      sub({
        name: 'description',
        permission: PWARP_NODES.manage,
        args: [warpName, arg.text('text').optional()],
        run: (c, { name, text }) =>
          tell(c, warps.setDescription(name, actorOf(c), text ?? null, c.actor), (w) => (w.description ? `Description of ${w.name}: ${w.description}` : `${w.name} has no description now.`)),
      }),
      sub({ name: 'manager', permission: PWARP_NODES.manage, subcommands: [member('add', 'manager', true), member('remove', 'manager', false)] }),
      sub({ name: 'whitelist', permission: PWARP_NODES.manage, subcommands: [member('add', 'whitelist', true), member('remove', 'whitelist', false)] }),
      member('ban', 'ban', true, PWARP_NODES.manage),
      member('unban', 'ban', false, PWARP_NODES.manage),
      sub({ name: 'help', run: help }),
    ],
  });
  return [pwarp];
}
