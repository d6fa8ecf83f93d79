// What holds a player who owes a verification, attached through the module's own scopes (taken off
// when it stops): moves are cancelled (falling straight down is let through, so nobody hangs in the
// air), every command but /2fa <code> is refused, chat is cancelled, breaking, placing, using items and
// hitting or using entities are cancelled, teleports are refused and no damage is dealt. The login
// gate refuses a locked-out player.

import type { CommandChecks, CommandRegistry } from '../../core/commands/commands.ts';
import type { ChatFilters, LoginGates } from '../../core/kernel/chains.ts';
import type { CoreApi } from '../../core/kernel/api.ts';
import type { Clock } from '../../core/kernel/clock.ts';
import type { GamePlatform, Location, OnlinePlayer } from '../../platform/platform.ts';
import { lockoutText, type SecurityService } from './security.service.ts';

export const VERIFY_COMMAND = '2fa';
export const PROVE_TEXT = 'This account has two-factor authentication: enter /2fa <code> with the code of your authenticator app to play.';
const TELL_EVERY_MS = 3000;

export interface SecurityEnforcementDeps {
  platform: GamePlatform;
  clock: Clock;
  commands: CommandRegistry & CommandChecks;
  chat: ChatFilters;
  logins: LoginGates;
  /** Undefined while the teleport module is off: no teleport then needs refusing. */
  teleport: Pick<CoreApi['teleport'], 'addGate'> | undefined;
}

/** Whether a move only falls (same block column, not upwards): let through for a held player. */
export function onlyFalls(from: Location, to: Location): boolean {
  return from.world === to.world && Math.floor(from.x) === Math.floor(to.x) && Math.floor(from.z) === Math.floor(to.z) && to.y <= from.y;
}

export function enforceSecurity(security: SecurityService, deps: SecurityEnforcementDeps): void {
  const { platform, clock, commands, chat, logins, teleport } = deps;
  const lastTold = new Map<string, number>();
  const prove = { text: PROVE_TEXT, color: 'gold' } as const;

  function remind(player: OnlinePlayer): void {
    const t = clock.now().getTime();
    if (t - (lastTold.get(player.uuid) ?? -Infinity) < TELL_EVERY_MS) return;
    lastTold.set(player.uuid, t);
    platform.sendMessage(player.uuid, prove);
  }

  logins.addGate((uuid) => {
    const until = security.lockedUntil(uuid);
    return until ? { text: lockoutText(until, clock.now()), color: 'red' } : undefined;
  });

  platform.on('join', ({ player }) => {
    lastTold.delete(player.uuid);
    if (security.joined(player)) remind(player);
  });
  platform.on('quit', ({ player }) => {
    security.left(player.uuid);
    lastTold.delete(player.uuid);
  });

  platform.on('move', (e) => {
    if (!security.held(e.player.uuid) || onlyFalls(e.from, e.to)) return;
    e.cancel();
    remind(e.player);
  });

  // A held player may give a code (`/2fa <code>`) and nothing else: not even `/2fa reset`, which an
  // admin's stolen account could otherwise use on itself.
  commands.addCheck((sender, command, args) => {
    if (sender.kind !== 'player' || !security.held(sender.player.uuid)) return undefined;
    if (command === VERIFY_COMMAND && args.length <= 1 && !/^[a-z]/i.test(args[0] ?? '')) return undefined;
    return prove;
  });

  chat.addFilter((player) => (security.held(player.uuid) ? { cancel: true, reply: prove } : undefined));

  for (const event of ['blockBreak', 'blockPlace', 'interact', 'itemUse'] as const) {
    platform.on(event, (e) => {
      if (!security.held(e.player.uuid)) return;
      e.cancel();
      remind(e.player);
    });
  }
  platform.on('damage', (e) => {
    if (security.held(e.player.uuid) || (e.attacker && security.held(e.attacker.uuid))) e.cancel();
  });

  teleport?.addGate((player) => (security.held(player.uuid) ? `${player.name} has not yet proved their two-factor code.` : undefined));
}
