// In-game and console command of the player warps: /pwarp. `/pwarp <name>` visits a warp; the
// other first words are the subcommands below (which is why they cannot name a warp).

import type { CommandContext, CommandDefinition } from '../../core/commands/commands.ts';
import type { ModuleContext } from '../../core/kernel/module.ts';
import type { Result } from '../../core/kernel/result.ts';
import type { Said } from '../../core/messages/catalogue.ts';
import { msg } from './playerwarps.messages.ts';
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
  const names = (list: PlayerWarp['managers']): Said | string => (list.length ? list.map((p) => p['player-name']).join(', ') : msg('playerwarps.nobody'));
  const feeOf = (w: PlayerWarp): Said | string => (w.fee.amount === 0 ? msg('playerwarps.free') : economy().format(w.fee));
  /** "active, public": the words of a warp's state and visibility. */
  const stateOf = (w: PlayerWarp) => ({
    state: w.state === 'archived' ? msg('playerwarps.archived-word') : msg('playerwarps.active'),
    visibility: w.public ? msg('playerwarps.public') : msg('playerwarps.private-word'),
  });

  function info(c: CommandContext, w: PlayerWarp): void {
    c.reply(msg('playerwarps.info', { warp: w.name, ...stateOf(w), owner: w['owner-name'] }));
    if (w.description) c.reply(msg('playerwarps.about', { description: w.description }));
    c.reply(msg('playerwarps.location', { place: where(w) }));
    c.reply(msg('playerwarps.takings', { fee: feeOf(w), earnings: economy().format(w.earnings), visits: w.visits }));
    c.reply(msg('playerwarps.members', { managers: names(w.managers), whitelist: names(w.whitelist), bans: names(w.bans) }));
  }

  async function visit(c: CommandContext, name: string): Promise<void> {
    if (c.sender.kind !== 'player') return c.reply(msg('playerwarps.console-visit'));
    const r = await warps.visit(name, c.sender.player.uuid, c.actor);
    if (!succeeded(c, r)) return;
    const { warp, paid } = r.value;
    c.reply(paid.amount > 0 ? msg('playerwarps.welcome-paid', { warp: warp.name, fee: economy().format(paid), owner: warp['owner-name'] }) : msg('playerwarps.welcome', { warp: warp.name }));
  }

  function help(c: CommandContext): void {
    c.reply(msg('playerwarps.help'));
    for (const line of usageLines(pwarp, c)) c.reply(line);
  }

  /** Tells the sender the outcome of a change of one warp (nothing when it was refused before). */
  async function tell(c: CommandContext, pending: Promise<Result<PlayerWarp>> | undefined, said: (w: PlayerWarp) => Said): Promise<void> {
    if (!pending) return;
    const r = await pending;
    if (succeeded(c, r)) c.reply(said(r.value));
  }

  /** A change of the warp named by its only argument, by its owner or a manager. */
  const change = (name: string, act: (c: CommandContext, warp: string) => Promise<Result<PlayerWarp>> | undefined, said: (w: PlayerWarp) => Said) =>
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
        const key = add
          ? ({ manager: 'playerwarps.manager-added', whitelist: 'playerwarps.whitelist-added', ban: 'playerwarps.ban-added' } as const)[role]
          : ({ manager: 'playerwarps.manager-removed', whitelist: 'playerwarps.whitelist-removed', ban: 'playerwarps.ban-removed' } as const)[role];
        c.reply(msg(key, { player: p.name, warp: r.value.name }));
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
          if (!here) return c.reply(msg('playerwarps.location-unknown'));
          const r = await warps.create(me.uuid, name, here, c.actor);
          if (succeeded(c, r)) c.reply(msg('playerwarps.created', { warp: r.value.name }));
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
          if (r.value.warps.length === 0) return c.reply(r.value.total === 0 ? msg('playerwarps.list-empty') : msg('playerwarps.no-page', { page: n, pages }));
          c.reply(msg('playerwarps.list', { page: n, pages }));
          r.value.warps.forEach((w, i) => {
            const row = { rank: (n - 1) * PAGE_SIZE + i + 1, warp: w.name, owner: w['owner-name'], fee: feeOf(w), visits: w.visits };
            c.reply(w.description ? msg('playerwarps.row-described', { ...row, description: w.description }) : msg('playerwarps.row', row));
          });
        },
      }),
      sub({
        name: 'mine',
        playerOnly: true,
        async run(c) {
          const r = await warps.owned(senderPlayer(c).uuid);
          if (!succeeded(c, r)) return;
          c.reply(msg('playerwarps.mine', { count: r.value.count, limit: r.value.limit }));
          for (const w of r.value.warps) c.reply(msg('playerwarps.mine-row', { warp: w.name, ...stateOf(w), visits: w.visits }));
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
          if (r.value.length === 0) return c.reply(msg('playerwarps.history-end'));
          c.reply(msg('playerwarps.history', { warp: name.toLowerCase(), page: n }));
          for (const e of r.value) c.reply(msg('playerwarps.history-row', { at: e.at.slice(0, 19).replace('T', ' '), actor: e.actor, action: e.action }));
        },
      }),
      change(
        'relocate',
        (c, name) => {
          const here = c.sender.kind === 'player' ? ctx.platform.location(c.sender.player.uuid) : undefined;
          if (!here) return void c.reply(msg('playerwarps.relocate-console'));
          return warps.relocate(name, actorOf(c), here, c.actor);
        },
        (w) => msg('playerwarps.relocated', { warp: w.name, place: where(w) }),
      ),
      sub({
        name: 'rename',
        permission: PWARP_NODES.manage,
        args: [warpName, arg.word('new-name')],
        run: (c, v) => tell(c, warps.rename(v.name, actorOf(c), v['new-name'], c.actor), (w) => msg('playerwarps.renamed', { warp: w.name })),
      }),
      change('archive', (c, name) => warps.archive(name, actorOf(c), c.actor), (w) => msg('playerwarps.archived-now', { warp: w.name })),
      change('restore', (c, name) => warps.restore(name, actorOf(c), c.actor), (w) => msg('playerwarps.restored', { warp: w.name })),
      change('delete', (c, name) => warps.delete(name, actorOf(c), c.actor), (w) => msg('playerwarps.deleted', { warp: w.name })),
      change('public', (c, name) => warps.setPublic(name, actorOf(c), true, c.actor), (w) => msg('playerwarps.now-public', { warp: w.name })),
      change('private', (c, name) => warps.setPublic(name, actorOf(c), false, c.actor), (w) => msg('playerwarps.now-private', { warp: w.name })),
      sub({
        name: 'fee',
        permission: PWARP_NODES.manage,
        // 0 makes it free.
        args: [warpName, arg.amount('amount', { zero: true })],
        run: (c, { name, amount }) =>
          tell(c, warps.setFee(name, actorOf(c), amount, c.actor), (w) => (w.fee.amount === 0 ? msg('playerwarps.fee-free', { warp: w.name }) : msg('playerwarps.fee-set', { warp: w.name, fee: economy().format(w.fee) }))),
      }),
      sub({
        name: 'description',
        permission: PWARP_NODES.manage,
        args: [warpName, arg.text('text').optional()],
        run: (c, { name, text }) =>
          tell(c, warps.setDescription(name, actorOf(c), text ?? null, c.actor), (w) => (w.description ? msg('playerwarps.described', { warp: w.name, description: w.description }) : msg('playerwarps.undescribed', { warp: w.name }))),
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
