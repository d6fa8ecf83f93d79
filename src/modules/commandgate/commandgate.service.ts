// The command gate's published API: which list of command-gate.conf decides for a player and a
// command, and what it says. The in-game check before every command, the filter of the commands a
// player is offered (command tree, completion, help) and the route all ask the one `decide`.

import type { PermissionsService, PlayersService } from '../../core/kernel/api.ts';
import type { CommandChecks, CommandRegistry } from '../../core/commands/commands.ts';
import { knownPlayer, playerFields } from '../../core/players/known-player.ts';
import { fail, ok, type Result } from '../../core/kernel/result.ts';
import type { Scheduler } from '../../core/kernel/scheduler.ts';
import type { GamePlatform, Text } from '../../platform/platform.ts';
import type { CommandGateConfig, GateList } from './commandgate.config.ts';
import type { CommandCheck, GateRule } from './commandgate.schemas.ts';

/** What the gate says about one command for one player. */
export interface GateDecision {
  /** The command's own name (lower case) when the word names a registered command or alias, else the word. */
  command: string;
  allowed: boolean;
  rule: GateRule;
  /** The group whose own list decided, or null. */
  group: string | null;
  /** The world whose override decided, or null. */
  world: string | null;
}

export interface CommandGateService {
  /**
   * The gate's decision for an online player and a command word (a name or an alias, with or
   * without the slash, any case): bypass permission, else the override of the player's world,
   * else the list of their first group listed in command-gate.conf, else the server-wide default.
   */
  decide(uuid: string, command: string): GateDecision;
  /** The decision for the route; not-found when the player is not online (the world decides). */
  check(uuid: string, command: string): Promise<Result<CommandCheck>>;
  /** The refusal told to a player whose command the gate stopped. */
  refusal(decision: GateDecision): Text;
}

export interface CommandGateDeps {
  config: () => CommandGateConfig;
  permissions: Pick<PermissionsService, 'playerHas' | 'groupsOf'>;
  players: Pick<PlayersService, 'get'>;
  platform: Pick<GamePlatform, 'location' | 'player' | 'onlinePlayers' | 'refreshCommands'>;
  commands: CommandRegistry & CommandChecks;
  scheduler: Scheduler;
}

/** How often the players' command trees are compared with what the gate now offers them. */
export const TREE_SWEEP_MS = 1000;

export function createCommandGateService(deps: CommandGateDeps): CommandGateService {
  const { config, permissions, players, platform, commands, scheduler } = deps;

  // Name and alias → the command's own name; made again when commands were registered since (the
  // registry only grows), as the gate is asked for every command listed to a player.
  let byWord = new Map<string, string>();
  let counted = -1;
  /** The command's own name for a word that names it or one of its aliases; else the word itself. */
  function ownName(word: string): string {
    const all = commands.list();
    if (all.length !== counted) {
      byWord = new Map(all.flatMap((c) => [c.name, ...(c.aliases ?? [])].map((w): [string, string] => [w.toLowerCase(), c.name.toLowerCase()])));
      counted = all.length;
    }
    const w = word.trim().replace(/^\//, '').toLowerCase();
    return byWord.get(w) ?? w;
  }

  const names = (list: GateList, command: string): boolean => list.commands.some((c) => ownName(c) === command);

  function verdict(list: GateList, command: string): Pick<GateDecision, 'allowed' | 'rule'> {
    const listed = names(list, command);
    if (list.mode === 'whitelist') return listed ? { allowed: true, rule: 'WHITELISTED' } : { allowed: false, rule: 'NOT_WHITELISTED' };
    return listed ? { allowed: false, rule: 'BLACKLISTED' } : { allowed: true, rule: 'NOT_BLACKLISTED' };
  }

  const service: CommandGateService = {
    decide(uuid, word) {
      const c = config();
      const command = ownName(word);
      if (permissions.playerHas(uuid, c.bypassPermission)) return { command, allowed: true, rule: 'BYPASS', group: null, world: null };
      const where = platform.location(uuid)?.world;
      const override = where === undefined ? undefined : c.worlds.find((w) => w.world === where);
      if (override) return { command, ...verdict(override.list, command), group: null, world: override.world };
      const groups = permissions.groupsOf(uuid);
      const own = c.groups.find((g) => groups.includes(g.group));
      if (own) return { command, ...verdict(own.list, command), group: own.group, world: null };
      return { command, ...verdict(c.default, command), group: null, world: null };
    },

    async check(uuid, command) {
      const known = await knownPlayer(players, uuid);
      if (!known.ok) return known;
      const p = known.value;
      if (!platform.player(p.uuid)) return fail('not-found', `${p.name} is not online: the gate is checked for an online player, in the world they are in.`);
      return ok({ ...playerFields(p), ...service.decide(p.uuid, command) });
    },

    refusal(d) {
      const scope = d.world !== null ? `in the world ${d.world}` : d.group !== null ? `for the group ${d.group}` : 'on this server';
      const why = d.rule === 'NOT_WHITELISTED' ? `only the commands listed are allowed ${scope}, and it is not one of them` : `it is blocked ${scope}`;
      return { text: `You may not use /${d.command}: ${why}.`, color: 'red' };
    },
  };

  // Players only: the console is never gated.
  commands.addCheck((sender, command) => {
    if (sender.kind !== 'player') return undefined;
    const d = service.decide(sender.player.uuid, command);
    return d.allowed ? undefined : service.refusal(d);
  });
  commands.addListFilter((sender, command) => sender.kind !== 'player' || service.decide(sender.player.uuid, command).allowed);

  // A player's command tree is sent at join; what the gate offers changes with a reload, a world
  // change, a group granted or taken and the bypass node: the tree is sent again within a second.
  const shown = new Map<string, string>();
  scheduler.every(TREE_SWEEP_MS, () => {
    const c = config();
    const rules = JSON.stringify(c);
    const online = platform.onlinePlayers();
    for (const uuid of [...shown.keys()]) if (!online.some((p) => p.uuid === uuid)) shown.delete(uuid);
    for (const p of online) {
      const now = JSON.stringify([rules, platform.location(p.uuid)?.world ?? null, permissions.groupsOf(p.uuid), permissions.playerHas(p.uuid, c.bypassPermission)]);
      const before = shown.get(p.uuid);
      shown.set(p.uuid, now);
      if (before !== undefined && before !== now) platform.refreshCommands?.(p.uuid);
    }
  });

  return service;
}
