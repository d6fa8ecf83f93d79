// Who sees whom on flying-squid (the VisibilityPort; the rules are in ../visibility.ts). Hiding
// `target` from `viewer` removes target's tab list line and entity on viewer's client
// (player_remove + entity_destroy); from then on every packet written to viewer passes through
// `filter`, which drops what flying-squid (or the adapter) would write about target: the entity's
// spawn, moves, looks, metadata, equipment, animations, and target's tab list entries. Showing
// again asks the adapter to add the tab line and spawn the entity once more (`reveal`).

import type { OnlinePlayer } from '../platform.ts';
import { VisibilityTable, type VisibilityChange } from '../visibility-table.ts';
import type { VisibilityPort, VisibilityRule } from '../visibility.ts';
import type { AdapterContext, PlayerSession } from './context.ts';
import type { FlyingSquidDisplay } from './display.ts';
import { playerRemove, tabListAdd, type Packet, type Params } from './packets.ts';
import { entityDestroy } from './packets-display.ts';
import { tabEntry } from './tablist.ts';

/** A player as visibility needs them. */
export interface VisibilitySession {
  readonly online: OnlinePlayer;
  /** The player's entity id (flying-squid gives it before the login). */
  readonly entityId: number;
  /** Writes a packet to the player (through `filter`). */
  send(packet: Packet): void;
}

/** What visibility needs of the adapter. */
export interface VisibilityHost {
  session(uuid: string): VisibilitySession | undefined;
  /** Shows `target` to `viewer` again: the tab list line (with its tab name) and, when near, the entity. */
  reveal(viewer: VisibilitySession, target: VisibilitySession): void;
  ruleFailed(error: unknown): void;
}

/** What one viewer must not be told about. */
interface Hidden {
  entityIds: Set<number>;
  uuids: Set<string>;
}

export class FlyingSquidVisibility implements VisibilityPort {
  private readonly host: VisibilityHost;
  private readonly table: VisibilityTable;
  private readonly hidden = new Map<string, Hidden>();
  /** The entity id each present player had when they arrived. */
  private readonly entityIds = new Map<string, number>();

  constructor(host: VisibilityHost) {
    this.host = host;
    this.table = new VisibilityTable(
      (change) => this.apply(change),
      (e) => host.ruleFailed(e),
    );
  }

  /**
   * A player is about to enter the world: every pair with the players present is decided before
   * anything about either is sent to the other.
   */
  arriving(session: VisibilitySession): void {
    this.entityIds.set(session.online.uuid, session.entityId);
    this.table.joined(session.online);
    const me = session.online.uuid;
    for (const target of this.table.hiddenFrom(me)) {
      const id = this.entityIds.get(target.uuid);
      if (id !== undefined) this.hideFrom(me, target.uuid, id);
    }
    for (const viewer of this.entityIds.keys()) {
      if (viewer !== me && !this.table.canSee(viewer, me)) this.hideFrom(viewer, me, session.entityId);
    }
  }

  left(uuid: string): void {
    const id = this.entityIds.get(uuid);
    this.table.left(uuid);
    this.entityIds.delete(uuid);
    this.hidden.delete(uuid);
    for (const h of this.hidden.values()) {
      h.uuids.delete(uuid);
      if (id !== undefined) h.entityIds.delete(id);
    }
  }

  /**
   * The packet to write to `viewer` in place of this one: as it is, with the entries about hidden
   * players taken out, or undefined (not written) when it is about a hidden player. Removals pass.
   */
  filter(viewer: string, name: string, params: Params): Params | undefined {
    const h = this.hidden.get(viewer);
    if (!h || (h.uuids.size === 0 && h.entityIds.size === 0)) return params;
    if (name === 'player_info') {
      const data = (params.data ?? []) as Array<{ uuid?: unknown }>;
      const kept = data.filter((d) => !h.uuids.has(String(d.uuid)));
      if (kept.length === data.length) return params;
      return kept.length === 0 ? undefined : { ...params, data: kept };
    }
    if (h.entityIds.has(params.entityId as number) || h.entityIds.has(params.collectorEntityId as number)) return undefined;
    return params;
  }

  hidePlayer(viewer: string, target: string): void {
    this.table.hide(viewer, target);
  }
  showPlayer(viewer: string, target: string): void {
    this.table.show(viewer, target);
  }
  addVisibilityRule(rule: VisibilityRule): () => void {
    return this.table.addRule(rule);
  }
  refreshVisibility(): void {
    this.table.refresh();
  }
  canSee(viewer: string, target: string): boolean {
    return this.table.canSee(viewer, target);
  }

  private apply(change: VisibilityChange): void {
    const viewer = this.host.session(change.viewer.uuid);
    const target = this.host.session(change.target.uuid);
    const id = this.entityIds.get(change.target.uuid);
    if (id === undefined) return;
    if (!change.visible) {
      this.hideFrom(change.viewer.uuid, change.target.uuid, id);
      // Removals pass the filter: the client drops the line and the entity now.
      viewer?.send(playerRemove([change.target.uuid]));
      viewer?.send(entityDestroy([id]));
      return;
    }
    const h = this.hiddenOf(change.viewer.uuid, false);
    h?.uuids.delete(change.target.uuid);
    h?.entityIds.delete(id);
    if (viewer && target) this.host.reveal(viewer, target);
  }

  private hideFrom(viewer: string, target: string, entityId: number): void {
    const h = this.hiddenOf(viewer, true);
    h.uuids.add(target);
    h.entityIds.add(entityId);
  }

  private hiddenOf(viewer: string, create: true): Hidden;
  private hiddenOf(viewer: string, create: false): Hidden | undefined;
  private hiddenOf(viewer: string, create: boolean): Hidden | undefined {
    let h = this.hidden.get(viewer);
    if (!h && create) this.hidden.set(viewer, (h = { entityIds: new Set(), uuids: new Set() }));
    return h;
  }
}

/** The player flying-squid's join or leave line names ("&eAlice joined the game."), if it is one. */
export function announcedName(message: string): string | undefined {
  return /^(?:&[0-9a-fk-or])*(\S+) (?:joined|left) the game\.$/.exec(message)?.[1];
}

/**
 * Visibility on the adapter: pairs are decided in the login, after the login gate and before
 * flying-squid sends the tab list and the entities; every packet to a player passes the filter.
 */
export function visibilityConcern(ctx: AdapterContext, display: FlyingSquidDisplay): FlyingSquidVisibility {
  /** The session of each player who arrived (a second login with the same uuid waits for the first to end). */
  const arrived = new Map<string, PlayerSession>();
  const asVisibility = (s: PlayerSession): VisibilitySession => ({ online: s.online, entityId: s.fs.id, send: (p) => s.send(p) });
  const visibility = new FlyingSquidVisibility({
    session: (uuid) => {
      const s = arrived.get(uuid);
      return s && asVisibility(s);
    },
    reveal: (viewer, target) => {
      const v = arrived.get(viewer.online.uuid);
      const t = arrived.get(target.online.uuid);
      if (!v || !t) return;
      v.send(tabListAdd([tabEntry(t.fs)]));
      display.revealed(v, t.online.uuid);
      if (v.fs.nearbyEntities.includes(t.fs)) v.fs.spawnEntity(t.fs);
    },
    ruleFailed: (e) => ctx.log.error('a visibility rule failed (it hides the pair it was asked about)', e),
  });
  ctx.onLogin(async (session) => {
    arrived.set(session.online.uuid, session);
    visibility.arriving(asVisibility(session));
    return true;
  });
  ctx.onLeave((session) => {
    if (arrived.get(session.online.uuid) !== session) return;
    arrived.delete(session.online.uuid);
    visibility.left(session.online.uuid);
  });
  ctx.onOutgoing((session, name, params) => (arrived.get(session.online.uuid) === session ? visibility.filter(session.online.uuid, name, params) : params));
  ctx.answerCanSee((viewer, target) => visibility.canSee(viewer, target));
  return visibility;
}
