// The poses concern of the adapter: the PosePort on the live server (flying-squid has no seats and
// sends no poses). A sitting player rides an invisible seat (a block display with no block) spawned
// where they stood; a lying player is shown to the others in the sleeping pose. Viewers who are
// sent the posed player later (they come near, join, or enter the world) are sent the seat and the
// riding, or the pose, right after flying-squid spawns the player for them.
//
// A 1.21.4 client tells a sneak with `player_input` (shift); an older form, `entity_action`
// start_sneaking, is read too. Either ends the pose, as the game dismounts a rider who sneaks.

import { randomUUID } from 'node:crypto';
import type { EntityOutcome } from '../entities.ts';
import type { Location } from '../platform.ts';
import type { PlayerPose, PoseEndCause, PosePort } from '../poses.ts';
import type { AdapterContext, PlayerSession } from './context.ts';
import { entityDestroy } from './packets-entities.ts';
import { poseMetadata, setPassengers, spawnSeat } from './packets-poses.ts';
import type { Worlds } from './worlds.ts';

interface Posed {
  pose: 'sitting' | 'laying';
  /** Where the player sat or lay down. */
  at: Location;
  /** The seat's protocol entity id and uuid (sitting only). */
  seat?: { entityId: number; uuid: string };
}

export class Poses implements PosePort {
  private readonly ctx: AdapterContext;
  private readonly worlds: Worlds;
  private readonly posed = new Map<PlayerSession, Posed>();

  constructor(ctx: AdapterContext, worlds: Worlds) {
    this.ctx = ctx;
    this.worlds = worlds;
    ctx.onAttach((s) => {
      s.fs._client.on('player_input', (d: { inputs?: { shift?: boolean } }) => {
        if (d?.inputs?.shift) this.end(s, 'sneak');
      });
      s.fs._client.on('entity_action', (d: { actionId?: number | string }) => {
        if (d?.actionId === 0 || d?.actionId === 'start_sneaking') this.end(s, 'sneak');
      });
    });
    ctx.onLeave((s) => {
      const posed = this.posed.get(s);
      if (posed) this.takeDown(s, posed);
    });
    // flying-squid spawns a player for a viewer who comes near: the viewer is shown the pose too.
    ctx.onOutgoing((viewer, name, params) => {
      if (name === 'spawn_entity' && this.posed.size > 0) {
        const target = [...this.posed.keys()].find((s) => s.fs.id === params.entityId && s !== viewer);
        if (target) queueMicrotask(() => this.showTo(viewer, target));
      }
      return params;
    });
  }

  pose(uuid: string): PlayerPose | undefined {
    const s = this.ctx.get(uuid);
    if (!s) return undefined;
    return this.posed.get(s)?.pose ?? 'standing';
  }

  setPose(uuid: string, pose: PlayerPose): EntityOutcome {
    const s = this.ctx.get(uuid);
    if (!s || !s.joined || s.fs.disconnected) return { ok: false, message: `no player ${uuid} is online` };
    if (s.dead || s.moving) return { ok: false, message: `${s.online.name} is dead or between worlds` };
    const now = this.posed.get(s);
    if ((now?.pose ?? 'standing') === pose) return { ok: true };
    if (now) this.standUp(s, now);
    if (pose === 'standing') return { ok: true };
    const at = this.worlds.locationOf(s);
    const posed: Posed = pose === 'sitting' ? { pose, at, seat: { entityId: ++this.ctx.serv.entityMaxId, uuid: randomUUID() } } : { pose, at };
    this.posed.set(s, posed);
    for (const viewer of this.viewersOf(s, true)) this.showTo(viewer, s);
    return { ok: true };
  }

  /** Before the platform teleports a player: they get up first (the game dismounts a rider it teleports). */
  teleporting(uuid: string): void {
    const s = this.ctx.get(uuid);
    if (s) this.end(s, 'teleport');
  }

  /** The platform itself ends a pose, and says so. */
  private end(s: PlayerSession, cause: PoseEndCause): void {
    const posed = this.posed.get(s);
    if (!posed) return;
    if (cause === 'teleport') this.takeDown(s, posed);
    else this.standUp(s, posed);
    this.ctx.emit('poseEnd', { player: s.online, pose: posed.pose, cause });
  }

  /** Ends the pose for every viewer; a sitter is put back on their feet where they sat down. */
  private standUp(s: PlayerSession, posed: Posed): void {
    this.takeDown(s, posed);
    // The client left the seat below the floor (a rider sits lower than they stand).
    if (posed.seat) void this.worlds.teleport(s.online.uuid, { ...posed.at, yaw: s.yaw, pitch: s.pitch });
  }

  private takeDown(s: PlayerSession, posed: Posed): void {
    this.posed.delete(s);
    for (const viewer of this.viewersOf(s, true)) {
      if (posed.seat) {
        viewer.send(setPassengers(posed.seat.entityId, []));
        viewer.send(entityDestroy([posed.seat.entityId]));
      } else if (viewer !== s) viewer.send(poseMetadata(s.fs.id, false));
    }
  }

  /** Shows a viewer the pose of a player (the seat and the riding, or the lying). */
  private showTo(viewer: PlayerSession, s: PlayerSession): void {
    const posed = this.posed.get(s);
    if (!posed || viewer.fs.disconnected) return;
    if (posed.seat) {
      viewer.send(spawnSeat(posed.seat.entityId, posed.seat.uuid, posed.at));
      viewer.send(setPassengers(posed.seat.entityId, [s.fs.id]));
    } else if (viewer !== s) viewer.send(poseMetadata(s.fs.id, true));
  }

  /** The joined players in the player's world (with `self`, the player too). */
  private viewersOf(s: PlayerSession, self: boolean): PlayerSession[] {
    const world = this.worlds.locationOf(s).world;
    return [...this.ctx.joined.values()].filter((v) => (self || v !== s) && !v.fs.disconnected && this.worlds.locationOf(v).world === world);
  }
}
