// In-game commands of the player state: /god, /fly, /gamemode (with /gm, /gmc, /gms, /gma, /gmsp as
// EssentialsX has them), /speed, /heal, /feed. Each acts on the sender, or on another online player
// with the action's `.others` node; the console must name a player.

import type { CommandContext, CommandDefinition } from '../../core/commands/commands.ts';
import type { ModuleContext } from '../../core/kernel/module.ts';
import type { Result } from '../../core/kernel/result.ts';
import type { GameMode, OnlinePlayer } from '../../platform/platform.ts';
import { argsFor, type Parsed } from '../../core/commands/command-args.ts';
import { succeeded } from '../../core/commands/command-helpers.ts';
import { command, sub } from '../../core/commands/command-tree.ts';
import { MAX_SPEED, MIN_SPEED, type PlayerStateAnswer, type SpeedKind } from './playerstate.schemas.ts';
import type { PlayerStateService } from './playerstate.service.ts';

const ACTIONS = ['god', 'fly', 'gamemode', 'speed', 'heal', 'feed'] as const;
type Action = (typeof ACTIONS)[number];

/** core.playerstate.<action> for oneself, core.playerstate.<action>.others for another player. */
export const PLAYERSTATE_NODES = Object.fromEntries(ACTIONS.map((a) => [a, `core.playerstate.${a}`])) as Record<Action, string>;
export const othersNode = (a: Action) => `${PLAYERSTATE_NODES[a]}.others`;

/** Game mode words: the names, 0-3 and s/c/a/sp, in any case. */
const MODE_WORDS: Record<string, GameMode> = {
  survival: 'survival', s: 'survival', '0': 'survival',
  creative: 'creative', c: 'creative', '1': 'creative',
  adventure: 'adventure', a: 'adventure', '2': 'adventure',
  spectator: 'spectator', sp: 'spectator', '3': 'spectator',
};

export function parseGameMode(word: string): GameMode | undefined {
  return Object.hasOwn(MODE_WORDS, word.toLowerCase()) ? MODE_WORDS[word.toLowerCase()] : undefined;
}

const DECIMAL = /^\d+(\.\d+)?$/;

export function parseMultiplier(word: string): Parsed<number> {
  const n = Number(word);
  if (!DECIMAL.test(word) || !Number.isFinite(n) || n < MIN_SPEED || n > MAX_SPEED) {
    return { ok: false, message: `"${word}" is not a speed: write a number from ${MIN_SPEED} to ${MAX_SPEED} (1 is normal).` };
  }
  return { ok: true, value: n };
}

export function playerStateCommands(state: PlayerStateService, ctx: ModuleContext): CommandDefinition[] {
  const arg = argsFor(ctx);
  const player = arg.player('player').optional();
  const mode = arg.custom('mode', {
    shown: 'survival|creative|adventure|spectator',
    parse: (word) => {
      const m = parseGameMode(word);
      return m ? { ok: true, value: m } : { ok: false, message: `"${word}" is not a game mode: survival, creative, adventure or spectator (or 0-3, s, c, a, sp).` };
    },
    complete: () => ['survival', 'creative', 'adventure', 'spectator'],
  });
  const multiplier = arg.custom('multiplier', { shown: `${MIN_SPEED}-${MAX_SPEED}`, parse: parseMultiplier });

  /** The player acted on: the one named (with .others unless it is the sender), else the sender. */
  function targetOf(c: CommandContext, action: Action, named: OnlinePlayer | undefined): OnlinePlayer | undefined {
    const self = c.sender.kind === 'player' ? c.sender.player : undefined;
    if (!named) {
      if (!self) c.reply({ text: 'Name a player: the console has none of its own.', color: 'red' });
      return self;
    }
    if (named.uuid !== self?.uuid && !c.has(othersNode(action))) {
      c.reply({ text: `You do not have permission (${othersNode(action)}).`, color: 'red' });
      return undefined;
    }
    return named;
  }

  /** Tells the sender the outcome when they acted on someone else (the player is told by the service). */
  function report(c: CommandContext, target: OnlinePlayer, r: Result<PlayerStateAnswer>, line: (s: PlayerStateAnswer) => string): void {
    if (!succeeded(c, r)) return;
    if (c.sender.kind !== 'player' || c.sender.player.uuid !== target.uuid) c.reply(`${target.name}: ${line(r.value)}`);
  }

  const onOff = (b: boolean) => (b ? 'enabled' : 'disabled');

  async function toggle(c: CommandContext, which: 'god' | 'fly', named: OnlinePlayer | undefined): Promise<void> {
    const target = targetOf(c, which, named);
    if (!target) return;
    const now = await state.state(target.uuid);
    if (!succeeded(c, now)) return;
    const r = which === 'god' ? await state.setGod(target.uuid, !now.value.god, c.actor) : await state.setFly(target.uuid, !now.value.fly, c.actor);
    report(c, target, r, (s) => (which === 'god' ? `god mode ${onOff(s.god)}.` : `flight ${onOff(s.fly)}.`));
  }

  async function gameMode(c: CommandContext, m: GameMode, named: OnlinePlayer | undefined): Promise<void> {
    const target = targetOf(c, 'gamemode', named);
    if (!target) return;
    report(c, target, await state.setGameMode(target.uuid, m, c.actor), (s) => `game mode ${s['game-mode']}.`);
  }

  async function speed(c: CommandContext, kind: SpeedKind | undefined, m: number, named: OnlinePlayer | undefined): Promise<void> {
    const target = targetOf(c, 'speed', named);
    if (!target) return;
    let k = kind;
    if (!k) {
      // As EssentialsX: the flying speed while flying, else the walking speed.
      const now = await state.state(target.uuid);
      if (!succeeded(c, now)) return;
      k = now.value.flying ? 'fly' : 'walk';
    }
    const which = k;
    report(c, target, await state.setSpeed(target.uuid, which, m, c.actor), (s) => `${which} speed ${which === 'walk' ? s['walk-speed'] : s['fly-speed']}.`);
  }

  const shortcut = (name: string, m: GameMode) =>
    command({
      name,
      permission: PLAYERSTATE_NODES.gamemode,
      description: `Puts you (or a player) in ${m} mode.`,
      args: [player],
      run: (c, { player: p }) => gameMode(c, m, p),
    });

  const speedKind = (kind: SpeedKind) =>
    sub({
      name: kind,
      args: [multiplier, player],
      run: (c, { multiplier: m, player: p }) => speed(c, kind, m, p),
    });

  return [
    command({
      name: 'god',
      permission: PLAYERSTATE_NODES.god,
      description: 'Switches god mode (no damage) on or off for you or a player.',
      args: [player],
      run: (c, { player: p }) => toggle(c, 'god', p),
    }),
    command({
      name: 'fly',
      permission: PLAYERSTATE_NODES.fly,
      description: 'Grants or takes away flight for you or a player.',
      args: [player],
      run: (c, { player: p }) => toggle(c, 'fly', p),
    }),
    command({
      name: 'gamemode',
      aliases: ['gm'],
      permission: PLAYERSTATE_NODES.gamemode,
      description: 'Changes your (or a player’s) game mode.',
      args: [mode, player],
      run: (c, { mode: m, player: p }) => gameMode(c, m, p),
    }),
    shortcut('gmc', 'creative'),
    shortcut('gms', 'survival'),
    shortcut('gma', 'adventure'),
    shortcut('gmsp', 'spectator'),
    command({
      name: 'speed',
      permission: PLAYERSTATE_NODES.speed,
      description: `Sets your (or a player’s) walking or flying speed, ${MIN_SPEED} to ${MAX_SPEED} (1 is normal); without walk or fly, the one in use.`,
      args: [multiplier, player],
      run: (c, { multiplier: m, player: p }) => speed(c, undefined, m, p),
      subcommands: [speedKind('walk'), speedKind('fly')],
    }),
    command({
      name: 'heal',
      permission: PLAYERSTATE_NODES.heal,
      description: 'Restores your (or a player’s) health and food.',
      args: [player],
      async run(c, { player: p }) {
        const target = targetOf(c, 'heal', p);
        if (target) report(c, target, await state.heal(target.uuid, c.actor), (s) => `healed (health ${s.health}).`);
      },
    }),
    command({
      name: 'feed',
      permission: PLAYERSTATE_NODES.feed,
      description: 'Fills your (or a player’s) food.',
      args: [player],
      async run(c, { player: p }) {
        const target = targetOf(c, 'feed', p);
        if (target) report(c, target, await state.feed(target.uuid, c.actor), (s) => `fed (food ${s.food}).`);
      },
    }),
  ];
}
