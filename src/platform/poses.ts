// The poses part of the game server port: a player sitting down where they are (riding an
// invisible seat, as the game shows a rider) or lying down (the sleeping pose, without a bed), as
// every player's client shows it, and getting up again.

import type { EntityOutcome } from './entities.ts';

export const PLAYER_POSES = ['standing', 'sitting', 'laying'] as const;
export type PlayerPose = (typeof PLAYER_POSES)[number];

/** Why the platform itself ended a pose (not asked to by `setPose`). */
export type PoseEndCause = 'sneak' | 'teleport';

export interface PosePort {
  /** An online player's pose ('standing' unless set), or undefined when offline. */
  pose(uuid: string): PlayerPose | undefined;
  /**
   * Sits an online player down where they stand (they ride an invisible seat that everyone in
   * their world, later arrivals included, sees them on), lays them down there (everyone else sees
   * them lying; the player's own view does not change), or stands them up again (a sitter at the
   * spot where they sat down, a lying player where they are). The same pose again changes nothing. The platform ends a pose itself
   * when the player sneaks or is teleported (the `poseEnd` event) and when they leave (no event).
   * Refused when the player is offline, dead or between worlds.
   */
  setPose(uuid: string, pose: PlayerPose): EntityOutcome;
}
