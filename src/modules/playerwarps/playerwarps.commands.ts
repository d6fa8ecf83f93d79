// In-game and console command of the player warps: /pwarp. `/pwarp <name>` visits a warp; the
// other first words are the subcommands below (which is why they cannot name a warp).

import type { CommandContext, CommandDefinition } from '../../core/commands.ts';
import type { ModuleContext } from '../../core/module.ts';
import type { Result } from '../../core/result.ts';
import type { MemberRole, PlayerWarp } from './playerwarps.schemas.ts';
import type { PlayerWarpsService, WarpActor } from './playerwarps.service.ts';
import { completeFrom, succeeded } from '../../core/command-helpers.ts';

export const PWARP_NODES = {
  /** Visit, list and read warps. */
  use: 'core.pwarp.use',
  /** Create warps (up to the limit). */
  create: 'core.pwarp.create',
  /** Change the warps one owns or manages. */
  manage: 'core.pwarp.manage',
} as const;

const PAGE_SIZE = 10;
const AMOUNT = /^\d+(\.\d+)?$/;

interface Sub {
  node: string;
  usage: string;
  playerOnly?: boolean;
  run(c: CommandContext, args: string[]): Promise<void>;
}

export function playerWarpsCommands(warps: PlayerWarpsService, ctx: ModuleContext): CommandDefinition[] {
  const economy = () => ctx.api.economy;

  /** The player the sender acts as: their uuid, or null for the console (which may do anything). */
  const actorOf = (c: CommandContext): WarpActor => (c.sender.kind === 'player' ? c.sender.player.uuid : null);

  function pageOf(c: CommandContext, word: string | undefined): number | undefined {
    if (word === undefined) return 1;
    if (/^[1-9]\d{0,5}$/.test(word)) return Number(word);
    c.reply({ text: `"${word}" is not a page number.`, color: 'red' });
    return undefined;
  }

  const where = (w: PlayerWarp) => `${w.location.world} ${w.location.x.toFixed(1)}, ${w.location.y.toFixed(1)}, ${w.location.z.toFixed(1)}`;
  const names = (list: PlayerWarp['managers']) => (list.length ? list.map((p) => p['player-name']).join(', ') : 'none');

  function info(c: CommandContext, w: PlayerWarp): void {
    c.reply({ text: `Player warp ${w.name} (${w.state}, ${w.public ? 'public' : 'private'}) of ${w['owner-name']}`, color: 'gold' });
    if (w.description) c.reply(w.description);
    c.reply(`Location: ${where(w)}`);
    c.reply(`Fee: ${w.fee.amount === 0 ? 'free' : economy().format(w.fee)}; earned ${economy().format(w.earnings)}; ${w.visits} visit${w.visits === 1 ? '' : 's'}`);
    c.reply(`Managers: ${names(w.managers)}; whitelist: ${names(w.whitelist)}; banned: ${names(w.bans)}`);
  }

  /** Runs a change of one warp named by args[0] and tells the sender the outcome. */
  function change(usage: string, act: (c: CommandContext, name: string, rest: string[]) => Promise<Result<PlayerWarp>> | undefined, said: (w: PlayerWarp) => string): Sub {
    return {
      node: PWARP_NODES.manage,
      usage,
      async run(c, args) {
        const [name, ...rest] = args;
        if (name === undefined) return c.reply(`Usage: /${usage}`);
        const pending = act(c, name, rest);
        if (!pending) return;
        const r = await pending;
        if (succeeded(c, r)) c.reply(said(r.value));
      },
    };
  }

  /** `manager|whitelist add|remove <name> <player>` and `ban|unban <name> <player>`. */
  async function member(c: CommandContext, role: MemberRole, add: boolean, name: string | undefined, who: string | undefined, usage: string): Promise<void> {
    if (name === undefined || who === undefined) return c.reply(`Usage: /${usage}`);
    const p = await ctx.players.find(who);
    if (!p) return c.reply({ text: `No player named ${who} has ever joined this server.`, color: 'red' });
    const r = add ? await warps.addMember(name, actorOf(c), role, p.uuid, c.actor) : await warps.removeMember(name, actorOf(c), role, p.uuid, c.actor);
    if (!succeeded(c, r)) return;
    const what = { manager: 'a manager of', whitelist: 'on the whitelist of', ban: 'banned from' }[role];
    c.reply(`${p.name} is ${add ? '' : 'no longer '}${what} ${r.value.name}.`);
  }

  const subs: Record<string, Sub> = {
    create: {
      node: PWARP_NODES.create,
      usage: 'pwarp create <name>',
      playerOnly: true,
      async run(c, args) {
        if (c.sender.kind !== 'player' || args[0] === undefined) return c.reply('Usage: /pwarp create <name>');
        const here = ctx.platform.location(c.sender.player.uuid);
        if (!here) return c.reply({ text: 'Your location is unknown.', color: 'red' });
        const r = await warps.create(c.sender.player.uuid, args[0], here, c.actor);
        if (succeeded(c, r)) c.reply(`Created the player warp ${r.value.name} where you stand. Others reach it with /pwarp ${r.value.name}.`);
      },
    },
    visit: {
      node: PWARP_NODES.use,
      usage: 'pwarp [visit] <name>',
      playerOnly: true,
      async run(c, args) {
        if (c.sender.kind !== 'player' || args[0] === undefined) return c.reply('Usage: /pwarp <name>');
        const r = await warps.visit(args[0], c.sender.player.uuid, c.actor);
        if (!succeeded(c, r)) return;
        const paid = r.value.paid.amount > 0 ? ` You paid ${economy().format(r.value.paid)} to ${r.value.warp['owner-name']}.` : '';
        c.reply(`Welcome to ${r.value.warp.name}.${paid}`);
      },
    },
    list: {
      node: PWARP_NODES.use,
      usage: 'pwarp list [page]',
      async run(c, args) {
        const page = pageOf(c, args[0]);
        if (page === undefined) return;
        const r = await warps.list(page, PAGE_SIZE);
        if (!succeeded(c, r)) return;
        const pages = Math.max(1, Math.ceil(r.value.total / PAGE_SIZE));
        if (r.value.warps.length === 0) return c.reply(r.value.total === 0 ? 'There are no public player warps yet.' : `There are only ${pages} pages.`);
        c.reply({ text: `Player warps, page ${page} of ${pages}:`, color: 'gold' });
        r.value.warps.forEach((w, i) => {
          const fee = w.fee.amount === 0 ? 'free' : economy().format(w.fee);
          c.reply(`${(page - 1) * PAGE_SIZE + i + 1}. ${w.name} of ${w['owner-name']}: ${w.visits} visits, ${fee}${w.description ? ` - ${w.description}` : ''}`);
        });
      },
    },
    mine: {
      node: PWARP_NODES.use,
      usage: 'pwarp mine',
      playerOnly: true,
      async run(c) {
        if (c.sender.kind !== 'player') return;
        const r = await warps.owned(c.sender.player.uuid);
        if (!succeeded(c, r)) return;
        c.reply({ text: `Your player warps (${r.value.count} of at most ${r.value.limit}):`, color: 'gold' });
        for (const w of r.value.warps) c.reply(`${w.name} (${w.state}, ${w.public ? 'public' : 'private'}): ${w.visits} visits`);
      },
    },
    info: {
      node: PWARP_NODES.use,
      usage: 'pwarp info <name>',
      async run(c, args) {
        if (args[0] === undefined) return c.reply('Usage: /pwarp info <name>');
        const r = await warps.get(args[0]);
        if (succeeded(c, r)) info(c, r.value);
      },
    },
    history: {
      node: PWARP_NODES.manage,
      usage: 'pwarp history <name> [page]',
      async run(c, args) {
        if (args[0] === undefined) return c.reply('Usage: /pwarp history <name> [page]');
        const page = pageOf(c, args[1]);
        if (page === undefined) return;
        const r = await warps.history(args[0], actorOf(c), page, PAGE_SIZE);
        if (!succeeded(c, r)) return;
        if (r.value.length === 0) return c.reply('No more history.');
        c.reply({ text: `History of ${args[0].toLowerCase()}, newest first (page ${page}):`, color: 'gold' });
        for (const e of r.value) c.reply(`${e.at.slice(0, 19).replace('T', ' ')} ${e.actor}: ${e.action}`);
      },
    },
    relocate: change(
      'pwarp relocate <name>',
      (c, name) => {
        const here = c.sender.kind === 'player' ? ctx.platform.location(c.sender.player.uuid) : undefined;
        if (!here) return void c.reply({ text: 'Only a player in the world can relocate a warp (to where they stand).', color: 'red' });
        return warps.relocate(name, actorOf(c), here, c.actor);
      },
      (w) => `Moved ${w.name} to ${where(w)}.`,
    ),
    rename: change(
      'pwarp rename <name> <new-name>',
      (c, name, [to]) => (to === undefined ? void c.reply('Usage: /pwarp rename <name> <new-name>') : warps.rename(name, actorOf(c), to, c.actor)),
      (w) => `The player warp is now named ${w.name}.`,
    ),
    archive: change('pwarp archive <name>', (c, name) => warps.archive(name, actorOf(c), c.actor), (w) => `Archived ${w.name}: it is unlisted and nobody can travel to it until restored.`),
    restore: change('pwarp restore <name>', (c, name) => warps.restore(name, actorOf(c), c.actor), (w) => `Restored ${w.name}.`),
    delete: change('pwarp delete <name>', (c, name) => warps.delete(name, actorOf(c), c.actor), (w) => `Deleted ${w.name}; its name is free again.`),
    public: change('pwarp public <name>', (c, name) => warps.setPublic(name, actorOf(c), true, c.actor), (w) => `${w.name} is public: it is listed and open to everyone not banned.`),
    private: change('pwarp private <name>', (c, name) => warps.setPublic(name, actorOf(c), false, c.actor), (w) => `${w.name} is private: only you, its managers and its whitelist may visit.`),
    fee: change(
      'pwarp fee <name> <amount>',
      (c, name, [amount]) => {
        if (amount === undefined || !AMOUNT.test(amount)) return void c.reply('Usage: /pwarp fee <name> <amount> (0 makes it free)');
        return warps.setFee(name, actorOf(c), Number(amount), c.actor);
      },
      (w) => `The fee of ${w.name} is ${w.fee.amount === 0 ? 'nothing: it is free' : economy().format(w.fee)}.`,
    ),
    description: change(
      'pwarp description <name> [text]',
      (c, name, rest) => warps.setDescription(name, actorOf(c), rest.length ? rest.join(' ') : null, c.actor),
      (w) => (w.description ? `Description of ${w.name}: ${w.description}` : `${w.name} has no description now.`),
    ),
    manager: {
      node: PWARP_NODES.manage,
      usage: 'pwarp manager <add|remove> <name> <player>',
      run: (c, [op, name, who]) =>
        op === 'add' || op === 'remove' ? member(c, 'manager', op === 'add', name, who, 'pwarp manager <add|remove> <name> <player>') : Promise.resolve(c.reply('Usage: /pwarp manager <add|remove> <name> <player>')),
    },
    whitelist: {
      node: PWARP_NODES.manage,
      usage: 'pwarp whitelist <add|remove> <name> <player>',
      run: (c, [op, name, who]) =>
        op === 'add' || op === 'remove' ? member(c, 'whitelist', op === 'add', name, who, 'pwarp whitelist <add|remove> <name> <player>') : Promise.resolve(c.reply('Usage: /pwarp whitelist <add|remove> <name> <player>')),
    },
    ban: { node: PWARP_NODES.manage, usage: 'pwarp ban <name> <player>', run: (c, [name, who]) => member(c, 'ban', true, name, who, 'pwarp ban <name> <player>') },
    unban: { node: PWARP_NODES.manage, usage: 'pwarp unban <name> <player>', run: (c, [name, who]) => member(c, 'ban', false, name, who, 'pwarp unban <name> <player>') },
  };

  const usable = (c: CommandContext) => Object.entries(subs).filter(([, s]) => c.has(s.node));

  return [
    {
      name: 'pwarp',
      aliases: ['playerwarp', 'pwarps'],
      permission: PWARP_NODES.use,
      description: 'Player warps: visit one with /pwarp <name>; create, list and manage your own.',
      usage: 'pwarp <name> | create|list|mine|info|relocate|rename|archive|restore|delete|manager|whitelist|ban|unban|public|private|fee|description|history ...',
      async run(c, args) {
        const [first, ...rest] = args;
        if (first === undefined || first === 'help') {
          c.reply({ text: 'Player warps:', color: 'gold' });
          for (const [, s] of usable(c)) c.reply(`/${s.usage}`);
          return;
        }
        const sub = subs[first.toLowerCase()];
        const [s, subArgs] = sub ? [sub, rest] : [subs.visit!, args];
        if (!c.has(s.node)) return c.reply({ text: `You do not have permission (${s.node}).`, color: 'red' });
        if (s.playerOnly && c.sender.kind !== 'player') return c.reply({ text: `Only a player can use /${s.usage}.`, color: 'red' });
        await s.run(c, subArgs);
      },
      complete(c, args) {
        if (args.length === 1) return completeFrom(usable(c).map(([name]) => name), args[0] ?? '');
        const first = args[0];
        const online = ctx.platform.onlinePlayers().map((p) => p.name);
        if ((first === 'manager' || first === 'whitelist') && args.length === 2) return completeFrom(['add', 'remove'], args[1] ?? '');
        if ((first === 'manager' || first === 'whitelist') && args.length === 4) return completeFrom(online, args[3] ?? '');
        if ((first === 'ban' || first === 'unban') && args.length === 3) return completeFrom(online, args[2] ?? '');
        return [];
      },
    },
  ];
}
