// What keeps a prisoner in jail, attached through the module's own scopes (taken off when it
// stops): a move that leaves the jail's radius is cancelled, a teleport other than into jail is
// refused, a command outside jail.conf's allow-list is refused with a sentence, breaking and
// placing blocks are cancelled, and a prisoner who joins or respawns is sent back to their jail.

import type { CommandChecks, CommandRegistry } from '../../core/commands/commands.ts';
import type { CoreApi } from '../../core/kernel/api.ts';
import type { Clock } from '../../core/kernel/clock.ts';
import type { Logger } from '../../core/log/log.ts';
import type { GamePlatform, Location, OnlinePlayer } from '../../platform/platform.ts';
import type { JailConfig } from './jail.config.ts';
import { JAIL_CAUSE, type JailKeeper } from './jail.service.ts';

export interface JailEnforcementDeps {
  platform: GamePlatform;
  clock: Clock;
  commands: CommandRegistry & CommandChecks;
  teleport: Pick<CoreApi['teleport'], 'addGate'>;
  config: () => JailConfig;
  log: Logger;
}

/** How often at most a prisoner is told why a move or a block was refused. */
const TELL_EVERY_MS = 3000;

/** Whether a point is within `radius` blocks of the jail, horizontally, in the same world. */
export function withinJail(at: Pick<Location, 'world' | 'x' | 'z'>, jail: Location, radius: number): boolean {
  return at.world === jail.world && Math.hypot(at.x - jail.x, at.z - jail.z) <= radius;
}

/** The commands a prisoner may run: the names listed, and the command each names by an alias. */
export function allowedCommands(listed: readonly string[], registry: Pick<CommandRegistry, 'list'>): Set<string> {
  const allowed = new Set(listed);
  for (const c of registry.list()) {
    const names = [c.name, ...(c.aliases ?? [])].map((n) => n.toLowerCase());
    if (names.some((n) => allowed.has(n))) allowed.add(c.name.toLowerCase());
  }
  return allowed;
}

export function enforceJails(jails: JailKeeper, deps: JailEnforcementDeps): void {
  const { platform, clock, commands, teleport, config } = deps;
  const lastTold = new Map<string, number>();

  /** Tells a prisoner, at most once every few seconds (a held key moves many times a second). */
  function remind(player: OnlinePlayer, text: string): void {
    const now = clock.now().getTime();
    if (now - (lastTold.get(player.uuid) ?? -Infinity) < TELL_EVERY_MS) return;
    lastTold.set(player.uuid, now);
    platform.sendMessage(player.uuid, { text, color: 'red' });
  }

  const cellOf = (uuid: string) => {
    const s = jails.sentenceOf(uuid);
    const cell = s && jails.jailNamed(s.jail);
    return s && cell ? { s, cell } : undefined;
  };

  // A failure (the database gone at shutdown, say) is logged; the sentence or release waits for the next join.
  platform.on('join', ({ player }) => {
    jails.joined(player.uuid).catch((e: unknown) => deps.log.error(`could not apply the jail to ${player.name} at join`, e));
  });
  platform.on('quit', ({ player }) => lastTold.delete(player.uuid));
  // A prisoner who dies respawns at the world's spawn: straight back to jail.
  platform.on('respawn', ({ player }) => {
    if (jails.sentenceOf(player.uuid)) jails.sendToJail(player.uuid).catch((e: unknown) => deps.log.error(`could not send ${player.name} back to jail`, e));
  });

  platform.on('move', (e) => {
    const held = cellOf(e.player.uuid);
    if (!held) return;
    const radius = config().radius;
    if (withinJail(e.to, held.cell.location, radius)) return;
    e.cancel();
    remind(e.player, `You are in jail (${held.s.jail}): you cannot leave it.`);
    // Outside already (a move the jail missed): back to the jail's point.
    if (!withinJail(e.from, held.cell.location, radius)) void jails.sendToJail(e.player.uuid);
  });

  teleport.addGate((player, _to, options) => {
    if (options.cause === JAIL_CAUSE) return undefined;
    const s = jails.sentenceOf(player.uuid);
    return s ? `${player.name} is in jail (${s.jail}) and cannot teleport until released.` : undefined;
  });

  commands.addCheck((sender, command) => {
    if (sender.kind !== 'player') return undefined;
    const s = jails.sentenceOf(sender.player.uuid);
    if (!s) return undefined;
    const listed = config().allowedCommands;
    if (allowedCommands(listed, commands).has(command)) return undefined;
    const may = listed.length ? `you may only use ${listed.map((c) => `/${c}`).join(', ')}` : 'you may not use commands';
    return { text: `You are in jail (${s.jail}): ${may}.`, color: 'red' };
  });

  for (const event of ['blockBreak', 'blockPlace'] as const) {
    platform.on(event, (e) => {
      const s = jails.sentenceOf(e.player.uuid);
      if (!s) return;
      e.cancel();
      remind(e.player, `You are in jail (${s.jail}): you cannot ${event === 'blockBreak' ? 'break' : 'place'} blocks.`);
    });
  }
}
