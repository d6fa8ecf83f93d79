// The teleport module's commands, beside the service they drive (teleport.service.ts): /back for
// every player (the warm-up applies), and the admin moves /tp (also /tppos) and /tphere, which move
// at once and are recorded in the audit log. The teleport requests (/tpa …) are the tpa module's.

import type { PlayersService } from '../../core/kernel/api.ts';
import { argsFor } from '../../core/commands/command-args.ts';
import { senderPlayer, succeeded } from '../../core/commands/command-helpers.ts';
import { command } from '../../core/commands/command-tree.ts';
import type { CommandContext, CommandDefinition } from '../../core/commands/commands.ts';
import type { TeleportService } from './teleport.service.ts';
import type { GamePlatform, Location, OnlinePlayer } from '../../platform/platform.ts';

export const TELEPORT_NODES = {
  /** /back: everyone holds it unless withheld. */
  back: 'core.teleport.back',
  /** /back <player>: sends another online player back. */
  backOthers: 'core.teleport.back.others',
  /** /tp <player>: yourself to a player. */
  tp: 'core.teleport.tp',
  /** /tp <player> <target>, /tp <player> <x> <y> <z>: moves someone else. */
  tpOthers: 'core.teleport.tp.others',
  /** /tp <x> <y> <z> [world] (also /tppos): to coordinates. */
  tppos: 'core.teleport.tppos',
  /** /tphere <player>: brings a player to you. */
  tphere: 'core.teleport.tphere',
} as const;

/** The harmless teleport nodes, held by every player unless withheld. */
export const TELEPORT_PLAYER_NODES: readonly string[] = [TELEPORT_NODES.back];

const round = (n: number) => Math.round(n * 10) / 10;
export const placeText = (l: Location) => `${l.world} ${round(l.x)}, ${round(l.y)}, ${round(l.z)}`;

const NUMBER = /^-?\d+(\.\d+)?$/;
const COORDINATE_LIMIT = 30_000_000;

/**
 * A coordinate as typed: a number, or `~` / `~<offset>` relative to `base` (the moved player's
 * own coordinate). A sentence naming what is wrong otherwise.
 */
export function parseCoordinate(word: string, axis: string, base: number): number | string {
  const relative = word.startsWith('~');
  const digits = relative ? word.slice(1) : word;
  if (relative && digits === '') return base;
  if (!NUMBER.test(digits)) return `"${word}" is not a valid ${axis}: write a number such as 100 or -20.5, or ~ for where the player is.`;
  const n = (relative ? base : 0) + Number(digits);
  if (Math.abs(n) > COORDINATE_LIMIT) return `"${word}" is not a valid ${axis}: it must be within ${COORDINATE_LIMIT} of 0.`;
  return n;
}

const looksLikeCoordinate = (w: string) => w.startsWith('~') || NUMBER.test(w);

export function teleportCommands(teleport: TeleportService, sources: { platform: GamePlatform; players: Pick<PlayersService, 'find'> }): CommandDefinition[] {
  const { platform } = sources;
  const arg = argsFor(sources);
  const red = (c: CommandContext, text: string) => c.reply({ text, color: 'red' });

  /** A player online whom the sender can see (a vanished player is "not online" to those who cannot), or told why not. */
  function online(c: CommandContext, name: string): OnlinePlayer | undefined {
    const p = arg.seenOnline(c, name);
    if (!p) red(c, `No player named ${name} is online.`);
    return p;
  }

  /** Moves `who` to `to` at once for the sender; tells the sender (and the player moved, when another). */
  async function moveNow(c: CommandContext, who: OnlinePlayer, to: Location, cause: string, what: string): Promise<void> {
    const r = await teleport.teleport(who.uuid, to, { cause, warmupSeconds: 0, actor: c.actor });
    if (!succeeded(c, r)) return;
    const self = c.sender.kind === 'player' && c.sender.player.uuid === who.uuid;
    c.reply({ text: self ? `Teleported to ${what}.` : `Teleported ${who.name} to ${what}.`, color: 'gold' });
    if (!self) platform.sendMessage(who.uuid, { text: `You were teleported to ${what}.`, color: 'gold' });
  }

  /** /tp x y z [world] or /tp player x y z [world]. */
  async function toCoordinates(c: CommandContext, who: OnlinePlayer, words: readonly string[]): Promise<void> {
    if (!c.has(TELEPORT_NODES.tppos)) return red(c, `You do not have permission (${TELEPORT_NODES.tppos}).`);
    const here = platform.location(who.uuid);
    if (!here) return red(c, `The location of ${who.name} is not known yet.`);
    const [xw = '', yw = '', zw = '', worldWord, ...extra] = words;
    if (extra.length) return usage(c);
    const x = parseCoordinate(xw, 'x', here.x);
    const y = parseCoordinate(yw, 'y', here.y);
    const z = parseCoordinate(zw, 'z', here.z);
    for (const v of [x, y, z]) if (typeof v === 'string') return red(c, v);
    let world = here.world;
    if (worldWord !== undefined) {
      const w = arg.loadedWorld(worldWord);
      if (w === undefined) return red(c, arg.noWorld(worldWord));
      world = w;
    }
    const to: Location = { world, x: x as number, y: y as number, z: z as number, yaw: here.yaw, pitch: here.pitch };
    await moveNow(c, who, to, 'tp', placeText(to));
  }

  const TP_USAGE = ['tp <player> [target]', 'tp [player] <x> <y> <z> [world]'];
  function usage(c: CommandContext): void {
    for (const line of TP_USAGE) c.reply({ text: `Usage: /${line}`, color: 'red' });
  }

  async function tp(c: CommandContext, words: readonly string[]): Promise<void> {
    const [first, second] = words;
    if (first === undefined) return usage(c);
    const me = c.sender.kind === 'player' ? c.sender.player : undefined;
    // /tp x y z [world]: the sender to coordinates.
    if (looksLikeCoordinate(first) && words.length >= 3) {
      if (!me) return red(c, 'Name the player to move: /tp <player> <x> <y> <z> [world].');
      return toCoordinates(c, me, words);
    }
    const who = online(c, first);
    if (!who) return;
    // /tp <player>: the sender to that player.
    if (second === undefined) {
      if (!me) return red(c, 'Name the player to move and where: /tp <player> <target>.');
      if (who.uuid === me.uuid) return red(c, 'You are already where you are.');
      const to = platform.location(who.uuid);
      if (!to) return red(c, `The location of ${who.name} is not known yet.`);
      return moveNow(c, me, to, 'tp', who.name);
    }
    // Moving someone else from here on.
    if (!(me && who.uuid === me.uuid) && !c.has(TELEPORT_NODES.tpOthers)) return red(c, `You do not have permission (${TELEPORT_NODES.tpOthers}).`);
    if (looksLikeCoordinate(second)) return toCoordinates(c, who, words.slice(1));
    if (words.length > 2) return usage(c);
    const target = online(c, second);
    if (!target) return;
    if (target.uuid === who.uuid) return red(c, `${who.name} cannot be teleported to themselves.`);
    const to = platform.location(target.uuid);
    if (!to) return red(c, `The location of ${target.name} is not known yet.`);
    return moveNow(c, who, to, 'tp', target.name);
  }

  const names = arg.onlineNames;

  const tpCommand: CommandDefinition = {
    name: 'tp',
    aliases: ['tppos'],
    permission: TELEPORT_NODES.tp,
    description: 'Teleports you to a player or to coordinates, or another player to a player or coordinates (at once).',
    usage: TP_USAGE.join(' | '),
    run: (c, words) => tp(c, words),
    complete(c, words) {
      const typed = words.length;
      const first = words[0] ?? '';
      if (typed <= 2 && !(typed === 2 && looksLikeCoordinate(first))) return names(c);
      // The world after three coordinates (a fourth word after /tp x y z, a fifth after /tp p x y z).
      const worldAt = looksLikeCoordinate(first) ? 4 : 5;
      if (typed === worldAt) return platform.worlds();
      return c.sender.kind === 'player' ? ['~'] : [];
    },
    usageFor: (c) => (c.has(TELEPORT_NODES.tppos) ? TP_USAGE : TP_USAGE.slice(0, 1)),
  };

  return [
    command({
      name: 'back',
      permission: TELEPORT_NODES.back,
      description: 'Takes you back to where you were before your last teleport, or where you died.',
      args: [arg.player('player').optional()],
      async run(c, { player }) {
        const me = c.sender.kind === 'player' ? c.sender.player : undefined;
        const who = player ?? me;
        if (!who) return red(c, 'Name the player to send back: /back <player>.');
        const other = who.uuid !== me?.uuid;
        if (other && !c.has(TELEPORT_NODES.backOthers)) return red(c, `You do not have permission (${TELEPORT_NODES.backOthers}).`);
        // A player's own /back waits for the warm-up; an admin sending someone back does not.
        const r = await teleport.back(who.uuid, other ? { warmupSeconds: 0, actor: c.actor } : {});
        if (!succeeded(c, r)) return;
        const where = placeText(r.value.to);
        if (!other) return c.reply({ text: `Teleported back to ${where}.`, color: 'gold' });
        c.reply({ text: `Sent ${who.name} back to ${where}.`, color: 'gold' });
        platform.sendMessage(who.uuid, { text: `You were sent back to ${where}.`, color: 'gold' });
      },
    }),
    tpCommand,
    command({
      name: 'tphere',
      permission: TELEPORT_NODES.tphere,
      description: 'Brings a player to you (at once).',
      playerOnly: true,
      args: [arg.player('player')],
      async run(c, { player }) {
        const me = senderPlayer(c);
        if (player.uuid === me.uuid) return red(c, 'You are already here.');
        const here = platform.location(me.uuid);
        if (!here) return red(c, 'Your location is not known yet.');
        const r = await teleport.teleport(player.uuid, here, { cause: 'tphere', warmupSeconds: 0, actor: c.actor });
        if (!succeeded(c, r)) return;
        c.reply({ text: `Teleported ${player.name} to you.`, color: 'gold' });
        platform.sendMessage(player.uuid, { text: `You were teleported to ${me.name}.`, color: 'gold' });
      },
    }),
  ];
}
