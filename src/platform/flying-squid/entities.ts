// The entities the platform spawns itself (NPCs and text displays) on a live server: flying-squid
// knows nothing of them, so they never enter its entity table; this keeps, for each, which
// clients have it, and writes the raw packets that show, change, move and remove it.
//
// A client's entities vanish when it (re)enters a world: the adapter calls `viewerEntered` after
// every join, respawn and world change, and `viewerLeft` when a player goes.

import { randomUUID } from 'node:crypto';
import type { EntityOutcome, EntityPort, NpcSpec, Skin, SpawnOutcome, SpawnedEntity, TextDisplaySpec } from '../entities.ts';
import { EntityRegistry, canSee, snapshot } from '../entity-registry.ts';
import type { Location, Text } from '../platform.ts';
import * as E from './packets-entities.ts';
import { playerRemove, type Packet } from './packets.ts';

/** A player whose client may be shown entities. */
export interface EntityViewer {
  readonly uuid: string;
  /** The world the player is in now. */
  world(): string | undefined;
  /** Writes a packet to the client as is. */
  send(packet: Packet): void;
}

/** What the entities need of the adapter. */
export interface EntityHost {
  worlds(): readonly string[];
  /** The players in the game now. */
  viewers(): Iterable<EntityViewer>;
  /** A protocol entity id no other entity of the server has (flying-squid's counter is shared). */
  nextEntityId(): number;
}

/** The protocol side of a spawned entity. */
interface Shown {
  entityId: number;
  uuid: string;
  /** The viewers whose clients have it now. */
  clients: Set<string>;
  /** A clickable text display's interaction entity, which takes its clicks. */
  hitbox?: { entityId: number; uuid: string };
}

/** The game's entity reach (3) with the lag allowance a vanilla server adds (3). */
export const CLICK_REACH = 6;

/** A random uuid of version 2, which no account has: the convention for NPCs' profiles. */
function npcUuid(): string {
  const u = randomUUID();
  return `${u.slice(0, 14)}2${u.slice(15)}`;
}

type EntityMethods = Omit<EntityPort, 'setSkin' | 'skin'>;

export class EntityManager implements EntityMethods {
  private readonly registry: EntityRegistry;
  private readonly shown = new Map<string, Shown>();
  private readonly ids = new Map<number, string>();
  private readonly host: EntityHost;

  constructor(host: EntityHost) {
    this.host = host;
    this.registry = new EntityRegistry(() => host.worlds());
  }

  /** Whether the protocol entity id is one this spawned. */
  owns(entityId: number): boolean {
    return this.ids.has(entityId);
  }

  /**
   * The platform id of the NPC or clickable text display a player clicked, when the click counts:
   * the player's client has it and their eyes are within the game's reach of its body (a text
   * display's body is its interaction box; one that is not clickable has none).
   */
  clicked(entityId: number, viewer: string, eyes: { world: string; x: number; y: number; z: number }): string | undefined {
    const id = this.ids.get(entityId);
    const entity = id === undefined ? undefined : this.registry.get(id);
    if (!id || !entity || !this.shown.get(id)!.clients.has(viewer)) return undefined;
    if (entity.kind === 'text' && !entity.clickable) return undefined;
    const at = entity.location;
    if (eyes.world !== at.world) return undefined;
    // The nearest point of the body (a player's 0.6 × 1.8 box, or the text's box) to the eyes.
    const box = entity.kind === 'npc' ? { width: 0.6, height: 1.8 } : E.textHitbox(entity.lines);
    const half = box.width / 2;
    const dx = eyes.x - Math.max(at.x - half, Math.min(eyes.x, at.x + half));
    const dy = eyes.y - Math.max(at.y, Math.min(eyes.y, at.y + box.height));
    const dz = eyes.z - Math.max(at.z - half, Math.min(eyes.z, at.z + half));
    return dx * dx + dy * dy + dz * dz <= CLICK_REACH * CLICK_REACH ? id : undefined;
  }

  /**
   * The player's client enters a world afresh (a join, respawn or world change): it is shown what
   * it may see there (again: a game client drops its entities with the world it leaves), and told
   * to drop what it had and may no longer see (an NPC's profile outlives the world, and some
   * clients keep the entities too).
   */
  viewerEntered(viewer: EntityViewer): void {
    for (const entity of this.registry.all()) {
      const shown = this.shown.get(entity.id)!;
      if (canSee(entity, { uuid: viewer.uuid, world: viewer.world() })) this.show(entity, shown, viewer);
      else if (shown.clients.has(viewer.uuid)) this.hide(entity, shown, viewer);
    }
  }

  viewerLeft(uuid: string): void {
    for (const shown of this.shown.values()) shown.clients.delete(uuid);
  }

  spawnNpc(spec: NpcSpec): SpawnOutcome {
    const added = this.registry.addNpc(spec);
    if (!added.ok) return added;
    this.track(added.entity, npcUuid());
    return { ok: true, id: added.entity.id };
  }

  spawnTextDisplay(spec: TextDisplaySpec): SpawnOutcome {
    const added = this.registry.addText(spec);
    if (!added.ok) return added;
    this.track(added.entity, randomUUID());
    return { ok: true, id: added.entity.id };
  }

  setTextLines(id: string, lines: readonly Text[]): EntityOutcome {
    const changed = this.registry.setLines(id, lines);
    if (!changed.ok) return changed;
    const shown = this.shown.get(id)!;
    this.sendTo(shown, E.textDisplayMetadata(shown.entityId, changed.entity.lines, false));
    if (shown.hitbox) this.sendTo(shown, E.interactionMetadata(shown.hitbox.entityId, E.textHitbox(changed.entity.lines)));
    return { ok: true };
  }

  setNpcSkin(id: string, skin: Skin | undefined): EntityOutcome {
    const changed = this.registry.setNpcSkin(id, skin);
    if (!changed.ok) return changed;
    // A client reads a player entity's skin from its profile when the entity spawns: both again.
    const shown = this.shown.get(id)!;
    for (const viewer of this.clientsOf(shown)) {
      this.hide(changed.entity, shown, viewer);
      this.show(changed.entity, shown, viewer);
    }
    return { ok: true };
  }

  moveEntity(id: string, to: Location): EntityOutcome {
    const moved = this.registry.move(id, to);
    if (!moved.ok) return moved;
    const { entity } = moved;
    const shown = this.shown.get(id)!;
    const at = entity.location;
    this.sync(entity, shown, (viewer) => {
      viewer.send(E.entityTeleport(shown.entityId, at));
      if (shown.hitbox) viewer.send(E.entityTeleport(shown.hitbox.entityId, at));
      if (entity.kind === 'npc') viewer.send(E.headRotation(shown.entityId, at.yaw));
    });
    return { ok: true };
  }

  setEntityVisible(id: string, viewer: string, visible: boolean): EntityOutcome {
    const changed = this.registry.setVisible(id, viewer, visible);
    if (!changed.ok) return changed;
    this.sync(changed.entity, this.shown.get(id)!);
    return { ok: true };
  }

  removeEntity(id: string): boolean {
    const entity = this.registry.get(id);
    const shown = this.shown.get(id);
    if (!entity || !shown) return false;
    for (const viewer of this.clientsOf(shown)) this.hide(entity, shown, viewer);
    this.registry.remove(id);
    this.shown.delete(id);
    this.ids.delete(shown.entityId);
    if (shown.hitbox) this.ids.delete(shown.hitbox.entityId);
    return true;
  }

  spawnedEntity(id: string): SpawnedEntity | undefined {
    const entity = this.registry.get(id);
    return entity && snapshot(entity);
  }

  spawnedEntities(): SpawnedEntity[] {
    return this.registry.all().map(snapshot);
  }

  private track(entity: SpawnedEntity, uuid: string): void {
    const shown: Shown = { entityId: this.host.nextEntityId(), uuid, clients: new Set() };
    if (entity.kind === 'text' && entity.clickable) {
      shown.hitbox = { entityId: this.host.nextEntityId(), uuid: randomUUID() };
      this.ids.set(shown.hitbox.entityId, entity.id);
    }
    this.shown.set(entity.id, shown);
    this.ids.set(shown.entityId, entity.id);
    this.sync(entity, shown);
  }

  /**
   * Shows the entity to the viewers who may see it and do not have it, and removes it from those
   * who have it and may no longer; `kept` is called for each viewer who has it and keeps it.
   */
  private sync(entity: SpawnedEntity, shown: Shown, kept?: (viewer: EntityViewer) => void): void {
    for (const viewer of this.host.viewers()) {
      const may = canSee(entity, { uuid: viewer.uuid, world: viewer.world() });
      const has = shown.clients.has(viewer.uuid);
      if (may && !has) this.show(entity, shown, viewer);
      else if (!may && has) this.hide(entity, shown, viewer);
      else if (may && has) kept?.(viewer);
    }
  }

  private show(entity: SpawnedEntity, shown: Shown, viewer: EntityViewer): void {
    const at = entity.location;
    if (entity.kind === 'npc') {
      viewer.send(E.npcProfile(shown.uuid, entity.name, entity.skin));
      viewer.send(E.spawnNpc(shown.entityId, shown.uuid, at));
      viewer.send(E.npcMetadata(shown.entityId));
      viewer.send(E.headRotation(shown.entityId, at.yaw));
      if (entity.nameHidden) viewer.send(E.npcHiddenNameTeam(shown.entityId, entity.name));
    } else {
      viewer.send(E.spawnTextDisplay(shown.entityId, shown.uuid, at));
      viewer.send(E.textDisplayMetadata(shown.entityId, entity.lines, true));
      if (shown.hitbox) {
        viewer.send(E.spawnInteraction(shown.hitbox.entityId, shown.hitbox.uuid, at));
        viewer.send(E.interactionMetadata(shown.hitbox.entityId, E.textHitbox(entity.lines)));
      }
    }
    shown.clients.add(viewer.uuid);
  }

  private hide(entity: SpawnedEntity, shown: Shown, viewer: EntityViewer): void {
    viewer.send(E.entityDestroy(shown.hitbox ? [shown.entityId, shown.hitbox.entityId] : [shown.entityId]));
    if (entity.kind === 'npc') viewer.send(playerRemove([shown.uuid]));
    if (entity.kind === 'npc' && entity.nameHidden) viewer.send(E.npcTeamRemove(shown.entityId));
    shown.clients.delete(viewer.uuid);
  }

  private clientsOf(shown: Shown): EntityViewer[] {
    return [...this.host.viewers()].filter((v) => shown.clients.has(v.uuid));
  }

  private sendTo(shown: Shown, packet: Packet): void {
    for (const viewer of this.clientsOf(shown)) viewer.send(packet);
  }
}
