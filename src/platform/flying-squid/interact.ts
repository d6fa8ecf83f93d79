// A player's clicks on entities (use_entity packets) as the platform's `interact` events: on an
// NPC the platform spawned, or on another player. A cancelled attack on a player deals no damage:
// flying-squid's own attack handling, which runs after this, is cancelled through its behaviour.

import { emitCancellable } from '../cancellable.ts';
import type { InteractTarget, OnlinePlayer, PlatformEvents } from '../platform.ts';
import type { FsPlayer } from './fs-types.ts';

/** The serverbound use_entity packet: mouse 0 interact (use), 1 attack, 2 interact at a point. */
export interface UseEntityPacket {
  target: number;
  mouse: number;
  hand?: number;
}

/**
 * What a click means, once per click: a game client sends an "interact at" and an "interact" for
 * each hand on one right-click, of which only the main hand's "interact" is reported.
 */
export function clickAction(packet: UseEntityPacket): 'attack' | 'use' | undefined {
  if (packet.mouse === 1) return 'attack';
  if (packet.mouse === 0 && (packet.hand ?? 0) === 0) return 'use';
  return undefined;
}

export interface ClickHost {
  /** The platform id of the spawned entity the player clicked, when the click counts. */
  clickedEntity(entityId: number, clicker: FsPlayer): string | undefined;
  /** The online player whose entity this is. */
  playerOf(entityId: number): OnlinePlayer | undefined;
  emit(data: PlatformEvents['interact']): void;
}

/** Reports the player's clicks from now on. */
export function watchClicks(player: FsPlayer, clicker: OnlinePlayer, host: ClickHost): void {
  let cancelAttackOn: number | undefined;
  // Before flying-squid's own handler (its pvp plugin), so that a cancelled attack can stop it.
  player._client.prependListener('use_entity', (packet: UseEntityPacket) => {
    cancelAttackOn = undefined;
    const action = clickAction(packet);
    if (!action) return;
    const id = host.clickedEntity(packet.target, player);
    const other = id === undefined ? host.playerOf(packet.target) : undefined;
    let target: InteractTarget;
    if (id !== undefined) target = { kind: 'entity', id };
    else if (other && other.uuid !== clicker.uuid) target = { kind: 'player', player: other };
    else return;
    const cancelled = emitCancellable((_, event) => host.emit(event), 'interact', { player: clicker, action, target });
    if (cancelled && action === 'attack' && target.kind === 'player') cancelAttackOn = packet.target;
  });
  // flying-squid asks its attack behaviour's cancel listeners first, within the same dispatch.
  player.on('attack_cancel', (data: { attackedEntity?: { id: number } }, cancel: () => void) => {
    if (cancelAttackOn !== undefined && data.attackedEntity?.id === cancelAttackOn) cancel();
  });
  player._client.on('use_entity', () => {
    cancelAttackOn = undefined;
  });
}
