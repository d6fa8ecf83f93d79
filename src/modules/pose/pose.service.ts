// The poses' published API: /sit and /lay. A player sits down where they stand (on an invisible
// seat everyone sees them ride) or lies down there (everyone else sees them lying). They get up
// by running the command again, by sneaking, or when they walk into another block, are teleported,
// take damage or leave. Every change is the event pose.pose. Poses are not stored: a restart
// disconnects everyone, and everyone joins standing.

import type { EventBus } from '../../core/kernel/events.ts';
import { playerFields } from '../../core/players/known-player.ts';
import { fail, ok, type Result } from '../../core/kernel/result.ts';
import type { GamePlatform, Location, OnlinePlayer } from '../../platform/platform.ts';
import type { PlayerPose } from '../../platform/poses.ts';

export type PoseCause = 'command' | 'sneak' | 'move' | 'teleport' | 'damage' | 'quit';

export interface PoseChange {
  pose: PlayerPose;
  previous: PlayerPose;
}

export interface PoseService {
  /** An online player's pose, or undefined when offline. */
  poseOf(uuid: string): PlayerPose | undefined;
  /**
   * Puts an online player into a pose ('standing' gets them up), as /sit and /lay do. The pose they
   * already hold changes nothing (and answers already-in-state); a player flying or offline is refused.
   */
  setPose(uuid: string, pose: PlayerPose): Result<PoseChange>;
}

export interface PoseDeps {
  events: EventBus;
  platform: GamePlatform;
}

export function createPoseService(deps: PoseDeps): PoseService {
  const { events, platform } = deps;
  /** Who sits or lies now, and where they did so (the platform no longer answers once they left). */
  const posed = new Map<string, { pose: 'sitting' | 'laying'; at: Location }>();

  function emit(player: OnlinePlayer, pose: PlayerPose, previous: PlayerPose, cause: PoseCause, at: Location): void {
    events.emit('pose.pose', { ...playerFields(player), pose, previous, cause, location: { ...at } });
  }

  /** The player got up (the platform has stood them up already, or is told to now). */
  function gotUp(player: OnlinePlayer, cause: PoseCause, standUp: boolean): void {
    const was = posed.get(player.uuid);
    if (!was) return;
    posed.delete(player.uuid);
    if (standUp) platform.setPose(player.uuid, 'standing');
    emit(player, 'standing', was.pose, cause, was.at);
  }

  platform.on('poseEnd', ({ player, cause }) => gotUp(player, cause, false));
  platform.on('quit', ({ player }) => gotUp(player, 'quit', false));
  platform.on('move', (e) => {
    if (!e.cancelled && posed.has(e.player.uuid)) gotUp(e.player, 'move', true);
  });
  platform.on('damage', (e) => {
    if (!e.cancelled && posed.has(e.player.uuid)) gotUp(e.player, 'damage', true);
  });

  return {
    poseOf: (uuid) => platform.pose(uuid),

    setPose(uuid, pose) {
      const player = platform.player(uuid);
      const at = platform.location(uuid);
      if (!player || !at) return fail('player-offline', 'The player is not online.');
      const was = posed.get(uuid);
      const previous: PlayerPose = was?.pose ?? 'standing';
      if (previous === pose) return fail('already-in-state', `You are already ${pose}.`);
      if (pose !== 'standing' && platform.abilities(uuid)?.flying) return fail('refused', `You cannot start ${pose} while flying.`);
      const done = platform.setPose(uuid, pose);
      if (!done.ok) return fail('refused', `That is not possible now: ${done.message}.`);
      if (pose === 'standing') {
        posed.delete(uuid);
        emit(player, 'standing', previous, 'command', was!.at);
      } else {
        posed.set(uuid, { pose, at });
        emit(player, pose, previous, 'command', at);
      }
      return ok({ pose, previous });
    },
  };
}
