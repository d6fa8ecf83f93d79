// The entities part of the game server port: player-like entities (NPCs) and text displays
// (holograms) the platform spawns and players see and click (a text display when spawned
// clickable), who sees each of them, and the skins of online players. Clicks arrive as the platform's `interact` event with `{ kind: 'entity', id }`.

import type { Location, Text } from './platform.ts';

/**
 * A skin as the game's account service hands it out: the `textures` property of a player profile.
 * `value` is base64 JSON naming the skin's texture URL (`textures.SKIN.url`); `signature` is the
 * account service's signature of it. A game client shows a skin only when the signature is valid.
 */
export interface Skin {
  value: string;
  signature?: string;
}

/**
 * Who sees a spawned entity: every player in its world except some, or only the listed players
 * (and only while they are in its world). Players are named by uuid, dashed lower case.
 */
export type EntityAudience = { everyone: true; except: string[] } | { everyone: false; only: string[] };

interface SpawnBase {
  location: Location;
  /** Only these players (uuids) see it. Absent: everyone in its world, later arrivals included. */
  viewers?: readonly string[];
}

/** A player-like entity: a name above its head (1 to 16 characters) and a skin. */
export interface NpcSpec extends SpawnBase {
  name: string;
  /** Absent: the game's default skin for the entity. */
  skin?: Skin;
  /** true: no name shows above its head (the name still names its profile). */
  nameHidden?: boolean;
}

/** A floating text facing whoever looks at it (a hologram): 1 to 64 lines, top to bottom. */
export interface TextDisplaySpec extends SpawnBase {
  lines: readonly Text[];
  /**
   * Whether players can click it. A text display has no body to aim at: a clickable one gets an
   * invisible box around its text, and clicks on the box arrive as `interact` events naming the
   * text display's id. Default false.
   */
  clickable?: boolean;
}

interface SpawnedBase {
  /** Stable for the session; never reused. */
  id: string;
  location: Location;
  audience: EntityAudience;
}

export interface SpawnedNpc extends SpawnedBase {
  kind: 'npc';
  name: string;
  skin?: Skin;
  /** Present (true) only when no name shows above its head. */
  nameHidden?: true;
}

export interface SpawnedTextDisplay extends SpawnedBase {
  kind: 'text';
  lines: Text[];
  clickable: boolean;
}

export type SpawnedEntity = SpawnedNpc | SpawnedTextDisplay;

/** Why a call about entities or skins did nothing, as a sentence naming what is wrong. */
export interface EntityRefusal {
  ok: false;
  message: string;
}
export type SpawnOutcome = { ok: true; id: string } | EntityRefusal;
export type EntityOutcome = { ok: true } | EntityRefusal;

export interface EntityPort {
  /** Spawns a player-like entity. Refused for a name, skin, location or viewer list that is not valid. */
  spawnNpc(spec: NpcSpec): SpawnOutcome;
  /** Spawns a text display. */
  spawnTextDisplay(spec: TextDisplaySpec): SpawnOutcome;
  /** Replaces the lines of a text display; its viewers see the new text at once. */
  setTextLines(id: string, lines: readonly Text[]): EntityOutcome;
  /** Changes an NPC's skin (undefined: the default skin); its viewers see it at once. */
  setNpcSkin(id: string, skin: Skin | undefined): EntityOutcome;
  /** Moves a spawned entity, into another world too; its viewers see it move. */
  moveEntity(id: string, to: Location): EntityOutcome;
  /** Shows the entity to a player or hides it from them, whatever its audience. */
  setEntityVisible(id: string, viewer: string, visible: boolean): EntityOutcome;
  /** Removes a spawned entity from every viewer's sight; false when no such entity exists. */
  removeEntity(id: string): boolean;
  /** A spawned entity by id. */
  spawnedEntity(id: string): SpawnedEntity | undefined;
  /** Every spawned entity, in the order they were spawned. */
  spawnedEntities(): SpawnedEntity[];

  /**
   * Gives an online player another skin (undefined: the one they logged in with). Others see it at
   * once; the player sees their own new skin after a respawn in place, which the platform does
   * (they stay where they are, with everything they hold). Refused when offline or not a skin.
   */
  setSkin(uuid: string, skin: Skin | undefined): EntityOutcome;
  /** An online player's skin now (undefined: none, the game's default), or undefined when offline. */
  skin(uuid: string): Skin | undefined;
}
