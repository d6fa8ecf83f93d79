// Sanctions enforced in the game: the login gate refuses a banned account or address (with the
// reason and the expiry on the kick screen), the chat filter blocks a muted player's chat, a
// command check blocks the private-message commands of moderation.conf, a muted player's sign
// edits are cancelled (the sign stays as it was), and a join remembers the address for alt
// detection. Each is attached through the module's scope, so it goes when the
// module stops. What they read is in memory, checked against the clock at each use: a sanction
// past its expiry no longer applies even before its scheduled removal has run.

import type { ChatFilters, LoginGates } from '../../core/kernel/chains.ts';
import type { CommandChecks, CommandRegistry } from '../../core/commands/commands.ts';
import type { Clock } from '../../core/kernel/clock.ts';
import type { Logger } from '../../core/log/log.ts';
import type { GamePlatform } from '../../platform/platform.ts';
import type { AddressEnforcement } from './moderation.addresses.ts';
import type { ModerationConfig } from './moderation.config.ts';
import { banScreen, ipBanScreen, stillMuted } from './moderation.messages.ts';
import type { SanctionRow } from './moderation.store.ts';

export interface EnforcementDeps {
  platform: GamePlatform;
  clock: Clock;
  log: Logger;
  chat: ChatFilters;
  logins: LoginGates;
  commands: CommandRegistry & CommandChecks;
  config: () => ModerationConfig;
  banOf(uuid: string): SanctionRow | undefined;
  muteOf(uuid: string): SanctionRow | undefined;
  addresses: AddressEnforcement;
}

export function enforceSanctions(deps: EnforcementDeps): void {
  const { platform, clock, log, chat, logins, commands, config, banOf, muteOf, addresses } = deps;

  logins.addGate((uuid, _name, address) => {
    const ban = banOf(uuid);
    if (ban) return banScreen(ban, clock.now());
    const ipBan = addresses.ipBanOf(address);
    return ipBan ? ipBanScreen(ipBan, clock.now()) : undefined;
  });

  chat.addFilter((player) => {
    const mute = muteOf(player.uuid);
    return mute ? { cancel: true, reply: stillMuted(mute, 'your message was not sent') } : undefined;
  });

  commands.addCheck((sender, command) => {
    if (sender.kind !== 'player') return undefined;
    const mute = muteOf(sender.player.uuid);
    if (!mute) return undefined;
    const blocked = config().muteBlockedCommands;
    const def = commands.list().find((c) => c.name.toLowerCase() === command);
    const names = [command, ...(def?.aliases ?? []).map((a) => a.toLowerCase())];
    return names.some((n) => blocked.includes(n)) ? stillMuted(mute, `/${command} is blocked`) : undefined;
  });

  platform.on('signEdit', (e) => {
    const mute = muteOf(e.player.uuid);
    if (!mute) return;
    e.cancel();
    platform.sendMessage(e.player.uuid, stillMuted(mute, 'what you wrote on the sign was not kept'));
  });

  platform.on('join', ({ player }) => {
    addresses.joined(player).catch((e: unknown) => log.error(`could not record the address ${player.name} joined from`, e));
  });
}
