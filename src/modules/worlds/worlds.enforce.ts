// What the settings of managed worlds do in the game: the entry rule (a teleport gate), the game
// mode a player is put in on arriving, pvp and build. Unmanaged worlds have no rules.

import { playerFields } from '../../core/players/known-player.ts';
import type { ModuleContext } from '../../core/kernel/module.ts';
import type { OnlinePlayer } from '../../platform/platform.ts';
import { BUILD_BYPASS_NODE, entryDenial } from './worlds.rules.ts';
import type { WorldsService } from './worlds.service.ts';

/**
 * Teleports let through whatever the entry rule: a jail sentence must reach its prisoner, and a
 * release takes them back where they were.
 */
const UNGATED_CAUSES: readonly string[] = ['jail', 'unjail'];

/** Puts a player who arrived in a managed world into its game mode. */
export function applyArrival(ctx: Pick<ModuleContext, 'platform'>, worlds: Pick<WorldsService, 'managed'>, uuid: string, world: string): void {
  const mode = worlds.managed(world)?.settings['game-mode'];
  if (mode && ctx.platform.gameMode(uuid) !== undefined && ctx.platform.gameMode(uuid) !== mode) ctx.platform.setGameMode(uuid, mode);
}

export function enforceWorldRules(ctx: ModuleContext<'teleport'>, worlds: WorldsService): void {
  const { platform, permissions, events } = ctx;
  const worldOf = (uuid: string) => platform.location(uuid)?.world;

  ctx.api.teleport.addGate((player, to, options) => {
    if (UNGATED_CAUSES.includes(options.cause)) return undefined;
    const w = worlds.managed(to.world);
    // A move within the world the player is in already is no entry.
    if (!w || worldOf(player.uuid) === to.world) return undefined;
    const denial = entryDenial(to.world, w.settings.entry, platform.worlds().includes(to.world), (node) => permissions.playerHas(player.uuid, node));
    if (!denial) return undefined;
    events.emit('world.entry-denied', { ...playerFields(player), world: to.world, reason: denial.reason, cause: options.cause });
    return denial.message;
  });

  // Arrivals: teleports into another world (through the teleport service), joins and respawns.
  events.subscribe((e) => {
    if (e.name !== 'teleport.player-teleport') return;
    const from = e.data.from as { world: string };
    const to = e.data.to as { world: string };
    if (from.world !== to.world) applyArrival(ctx, worlds, String(e.data['player-id']), to.world);
  });
  const arrived = ({ player }: { player: OnlinePlayer }) => {
    const world = worldOf(player.uuid);
    if (world) applyArrival(ctx, worlds, player.uuid, world);
  };
  platform.on('join', arrived);
  platform.on('respawn', arrived);

  platform.on('damage', (e) => {
    if (!e.attacker) return;
    const world = worldOf(e.player.uuid);
    if (world === undefined || worlds.managed(world)?.settings.pvp !== false) return;
    e.cancel();
    platform.sendMessage(e.attacker.uuid, { text: `PvP is off in the world ${world}.`, color: 'red' });
  });

  const guardBlocks = (e: { player: OnlinePlayer; block: { world: string }; cancel(): void }) => {
    if (worlds.managed(e.block.world)?.settings.build !== false || permissions.playerHas(e.player.uuid, BUILD_BYPASS_NODE)) return;
    e.cancel();
    platform.sendMessage(e.player.uuid, { text: `You may not build in the world ${e.block.world}.`, color: 'red' });
  };
  platform.on('blockBreak', guardBlocks);
  platform.on('blockPlace', guardBlocks);
}
