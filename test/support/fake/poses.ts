// The fake platform's poses: who sits or lies, where they sat or lay down, and the test controls a
// client's actions give (sneaking). As on the live server, a pose ends when the player sneaks, is
// teleported (both with `poseEnd`) or leaves, and a sitter who stands up is put back where they sat.

import type { EntityOutcome } from '../../../src/platform/entities.ts';
import type { Location, OnlinePlayer, PlatformEvents } from '../../../src/platform/platform.ts';
import type { PlayerPose, PoseEndCause, PosePort } from '../../../src/platform/poses.ts';
import type { PortMethods } from './lend.ts';

export const POSE_PORT_METHODS: PortMethods<PosePort> = { pose: true, setPose: true };

export interface PoseHost {
  player(uuid: string): OnlinePlayer | undefined;
  location(uuid: string): Location | undefined;
  /** As the live server, a sitter who gets up is teleported back to where they sat down. */
  teleport(uuid: string, to: Location): Promise<boolean>;
  emit(event: 'poseEnd', data: PlatformEvents['poseEnd']): void;
}

export class FakePoses implements PosePort {
  private readonly posed = new Map<string, { pose: 'sitting' | 'laying'; at: Location }>();
  private readonly host: PoseHost;

  constructor(host: PoseHost) {
    this.host = host;
  }

  pose(uuid: string): PlayerPose | undefined {
    if (!this.host.player(uuid)) return undefined;
    return this.posed.get(uuid)?.pose ?? 'standing';
  }

  setPose(uuid: string, pose: PlayerPose): EntityOutcome {
    const at = this.host.location(uuid);
    if (!this.host.player(uuid) || !at) return { ok: false, message: `no player ${uuid} is online` };
    const now = this.posed.get(uuid);
    if ((now?.pose ?? 'standing') === pose) return { ok: true };
    if (now) this.standUp(uuid);
    if (pose !== 'standing') this.posed.set(uuid, { pose, at });
    return { ok: true };
  }

  /** The player's client sneaks: a sitting or lying player gets up. */
  sneak(uuid: string): void {
    this.ended(uuid, 'sneak');
  }

  /** Before the platform teleports a player: they get up first. */
  teleporting(uuid: string): void {
    this.ended(uuid, 'teleport');
  }

  /** The player left: the pose ends without an event. */
  left(uuid: string): void {
    this.posed.delete(uuid);
  }

  private ended(uuid: string, cause: PoseEndCause): void {
    const now = this.posed.get(uuid);
    const player = this.host.player(uuid);
    if (!now || !player) return;
    if (cause === 'teleport') this.posed.delete(uuid);
    else this.standUp(uuid);
    this.host.emit('poseEnd', { player, pose: now.pose, cause });
  }

  private standUp(uuid: string): void {
    const now = this.posed.get(uuid);
    this.posed.delete(uuid);
    if (now?.pose === 'sitting') void this.host.teleport(uuid, { ...now.at, yaw: this.host.location(uuid)?.yaw ?? now.at.yaw, pitch: this.host.location(uuid)?.pitch ?? now.at.pitch });
  }
}
