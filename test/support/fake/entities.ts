// The entities part of the FakePlatform: spawned NPCs and text displays, skins of online players,
// and what each player's client would show. A test reads what a player sees (`seenBy`), makes a
// player click what they see (`click`), and reads the skin a player sees another one wear.

import { emitCancellable } from '../../../src/platform/cancellable.ts';
import type { EntityOutcome, EntityPort, NpcSpec, Skin, SpawnOutcome, SpawnedEntity, TextDisplaySpec } from '../../../src/platform/entities.ts';
import { EntityRegistry, canSee, skinProblem, snapshot } from '../../../src/platform/entity-registry.ts';
import type { InteractTarget, Location, OnlinePlayer, PlatformEventName, PlatformEvents, Text } from '../../../src/platform/platform.ts';
import { textToPlain } from '../../../src/platform/flying-squid/text.ts';
import type { PortMethods } from './lend.ts';

export const ENTITY_PORT_METHODS: PortMethods<EntityPort> = {
  spawnNpc: true,
  spawnTextDisplay: true,
  setTextLines: true,
  setNpcSkin: true,
  moveEntity: true,
  setEntityVisible: true,
  removeEntity: true,
  spawnedEntity: true,
  spawnedEntities: true,
  setSkin: true,
  skin: true,
};

/** What the fake needs of its platform. */
export interface FakeEntityHost {
  onlinePlayers(): OnlinePlayer[];
  location(uuid: string): Location | undefined;
  worlds(): string[];
  emit<E extends PlatformEventName>(event: E, data: PlatformEvents[E]): void;
}

/** Something a player's client shows: another player or an NPC (both 'player'), or a text display. */
export interface FakeSeenEntity {
  kind: 'player' | 'text_display';
  /** The name above a player's or NPC's head (absent: an NPC whose name is hidden). */
  name?: string;
  /** A text display's lines as plain text, joined with line breaks. */
  text?: string;
  location: Location;
  /** What a click on it aims at. */
  target: InteractTarget;
}

export class FakeEntities implements EntityPort {
  /** Respawns in place the platform did to show a player their own new skin, by uuid. */
  readonly skinRespawns: string[] = [];
  private readonly registry: EntityRegistry;
  /** Skins set for a session: the player object of that session, and the skin. */
  private readonly skins = new Map<string, { session: OnlinePlayer; skin: Skin }>();
  private readonly host: FakeEntityHost;

  constructor(host: FakeEntityHost) {
    this.host = host;
    this.registry = new EntityRegistry(() => host.worlds());
  }

  // ---- test controls -------------------------------------------------------------------------

  /** What the player's client shows now: spawned entities they may see, and the other players in their world. */
  seenBy(viewer: string): FakeSeenEntity[] {
    const at = this.host.location(viewer);
    if (!at) return [];
    const seen: FakeSeenEntity[] = [];
    for (const p of this.host.onlinePlayers()) {
      const where = this.host.location(p.uuid);
      if (p.uuid !== viewer && where?.world === at.world) seen.push({ kind: 'player', name: p.name, location: where, target: { kind: 'player', player: p } });
    }
    for (const e of this.registry.all()) {
      if (!canSee(e, { uuid: viewer, world: at.world })) continue;
      const target: InteractTarget = { kind: 'entity', id: e.id };
      if (e.kind === 'npc') seen.push({ kind: 'player', ...(e.nameHidden ? {} : { name: e.name }), location: { ...e.location }, target });
      else seen.push({ kind: 'text_display', text: e.lines.map(textToPlain).join('\n'), location: { ...e.location }, target });
    }
    return seen;
  }

  /**
   * The player clicks something they see; answers whether a handler of the `interact` event
   * cancelled it. A click on a text display not spawned clickable reaches nothing (no event).
   */
  click(viewer: string, target: InteractTarget, action: 'attack' | 'use'): boolean {
    const player = this.host.onlinePlayers().find((p) => p.uuid === viewer);
    if (!player) throw new Error(`fake platform: ${viewer} is not online`);
    const key = (t: InteractTarget) => (t.kind === 'entity' ? t.id : t.player.uuid);
    if (!this.seenBy(viewer).some((s) => key(s.target) === key(target))) throw new Error(`fake platform: ${player.name} does not see ${key(target)}`);
    // As in the game: a text display has no body to click unless it was spawned clickable.
    const entity = target.kind === 'entity' ? this.registry.get(target.id) : undefined;
    if (entity?.kind === 'text' && !entity.clickable) return false;
    return emitCancellable((event, data) => this.host.emit(event, data), 'interact', { player, action, target });
  }

  /** The skin `viewer` sees the player or NPC named `name` wear (undefined: the default one). */
  skinSeenBy(viewer: string, name: string): Skin | undefined {
    const seen = this.seenBy(viewer).find((s) => s.kind === 'player' && s.name === name);
    if (!seen) return undefined;
    if (seen.target.kind === 'player') return this.skin(seen.target.player.uuid);
    const npc = this.registry.get(seen.target.id);
    return npc?.kind === 'npc' && npc.skin ? { ...npc.skin } : undefined;
  }

  // ---- EntityPort ----------------------------------------------------------------------------

  spawnNpc(spec: NpcSpec): SpawnOutcome {
    const added = this.registry.addNpc(spec);
    return added.ok ? { ok: true, id: added.entity.id } : added;
  }

  spawnTextDisplay(spec: TextDisplaySpec): SpawnOutcome {
    const added = this.registry.addText(spec);
    return added.ok ? { ok: true, id: added.entity.id } : added;
  }

  setTextLines(id: string, lines: readonly Text[]): EntityOutcome {
    return done(this.registry.setLines(id, lines));
  }

  setNpcSkin(id: string, skin: Skin | undefined): EntityOutcome {
    return done(this.registry.setNpcSkin(id, skin));
  }

  moveEntity(id: string, to: Location): EntityOutcome {
    return done(this.registry.move(id, to));
  }

  setEntityVisible(id: string, viewer: string, visible: boolean): EntityOutcome {
    return done(this.registry.setVisible(id, viewer, visible));
  }

  removeEntity(id: string): boolean {
    return this.registry.remove(id) !== undefined;
  }

  spawnedEntity(id: string): SpawnedEntity | undefined {
    const e = this.registry.get(id);
    return e && snapshot(e);
  }

  spawnedEntities(): SpawnedEntity[] {
    return this.registry.all().map(snapshot);
  }

  setSkin(uuid: string, skin: Skin | undefined): EntityOutcome {
    const player = this.host.onlinePlayers().find((p) => p.uuid === uuid);
    if (!player) return { ok: false, message: `No player with the uuid ${uuid} is online.` };
    if (skin === undefined) this.skins.delete(uuid);
    else {
      const problem = skinProblem(skin);
      if (problem) return { ok: false, message: problem };
      this.skins.set(uuid, { session: player, skin: { ...skin } });
    }
    this.skinRespawns.push(uuid);
    return { ok: true };
  }

  skin(uuid: string): Skin | undefined {
    const set = this.skins.get(uuid);
    // A skin set for a session goes with it, as on the real server: a player who left and came
    // back is another session (the fake makes a new player object at each join).
    const online = this.host.onlinePlayers().find((p) => p.uuid === uuid);
    return set && set.session === online ? { ...set.skin } : undefined;
  }
}

function done(result: { ok: true } | { ok: false; message: string }): EntityOutcome {
  return result.ok ? { ok: true } : { ok: false, message: result.message };
}
