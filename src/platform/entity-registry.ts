// The spawned entities of a platform as records: validation of what callers ask for (with a
// sentence naming what is wrong), ids, audiences, and who may see what. Both the flying-squid
// adapter and the fake platform keep their entities here, so they refuse and accept the same
// things; each adds its own way of showing them.

import type { Location, Text } from './platform.ts';
import type { EntityAudience, EntityRefusal, NpcSpec, Skin, SpawnedEntity, SpawnedNpc, SpawnedTextDisplay, TextDisplaySpec } from './entities.ts';

export const NPC_NAME_MAX = 16;
export const TEXT_LINES_MAX = 64;
/** The game keeps entities within these bounds (the world border's limit, and teleport's for y). */
const HORIZONTAL_LIMIT = 30_000_000;
const VERTICAL_LIMIT = 20_000_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

type Checked<T> = { ok: true; value: T } | EntityRefusal;
type Found<T> = { ok: true; entity: T } | EntityRefusal;

const refuse = (message: string): EntityRefusal => ({ ok: false, message });

/** Whether a player in a world sees the entity. */
export function canSee(entity: SpawnedEntity, viewer: { uuid: string; world: string | undefined }): boolean {
  if (viewer.world !== entity.location.world) return false;
  return entity.audience.everyone ? !entity.audience.except.includes(viewer.uuid) : entity.audience.only.includes(viewer.uuid);
}

/** The texture URL a skin names, or undefined when its value is not a texture property. */
export function skinTextureUrl(skin: Skin): string | undefined {
  if (typeof skin.value !== 'string' || !BASE64.test(skin.value)) return undefined;
  try {
    const decoded = JSON.parse(Buffer.from(skin.value, 'base64').toString('utf8')) as { textures?: { SKIN?: { url?: unknown } } };
    const url = decoded?.textures?.SKIN?.url;
    return typeof url === 'string' && url.length > 0 ? url : undefined;
  } catch {
    return undefined;
  }
}

/** Undefined when the skin is usable, else why not. */
export function skinProblem(skin: Skin): string | undefined {
  if (skin === null || typeof skin !== 'object') return 'A skin is an object with a texture value and a signature.';
  if (skinTextureUrl(skin) === undefined) return "The skin's value is not a texture property (base64 JSON naming textures.SKIN.url).";
  if (skin.signature !== undefined && (typeof skin.signature !== 'string' || !BASE64.test(skin.signature))) {
    return "The skin's signature is not base64.";
  }
  return undefined;
}

function copySkin(skin: Skin): Skin {
  return skin.signature === undefined ? { value: skin.value } : { value: skin.value, signature: skin.signature };
}

/** A copy a caller may keep or change without touching the record. */
export function snapshot<T extends SpawnedEntity>(entity: T): T {
  return structuredClone(entity);
}

export class EntityRegistry {
  private readonly records = new Map<string, SpawnedEntity>();
  private readonly worlds: () => readonly string[];
  private counter = 0;

  /** `worlds` names the loaded worlds (an entity is refused in any other). */
  constructor(worlds: () => readonly string[]) {
    this.worlds = worlds;
  }

  addNpc(spec: NpcSpec): Found<SpawnedNpc> {
    const name = this.checkName(spec.name);
    if (!name.ok) return name;
    if (spec.skin !== undefined) {
      const problem = skinProblem(spec.skin);
      if (problem) return refuse(problem);
    }
    const base = this.checkBase(spec);
    if (!base.ok) return base;
    const entity: SpawnedNpc = { id: this.nextId('npc'), kind: 'npc', name: name.value, ...base.value };
    if (spec.skin) entity.skin = copySkin(spec.skin);
    if (spec.nameHidden === true) entity.nameHidden = true;
    this.records.set(entity.id, entity);
    return { ok: true, entity };
  }

  addText(spec: TextDisplaySpec): Found<SpawnedTextDisplay> {
    const lines = this.checkLines(spec.lines);
    if (!lines.ok) return lines;
    const base = this.checkBase(spec);
    if (!base.ok) return base;
    const entity: SpawnedTextDisplay = { id: this.nextId('text'), kind: 'text', lines: lines.value, clickable: spec.clickable === true, ...base.value };
    this.records.set(entity.id, entity);
    return { ok: true, entity };
  }

  setLines(id: string, lines: readonly Text[]): Found<SpawnedTextDisplay> {
    const found = this.find(id, 'text');
    if (!found.ok) return found;
    const checked = this.checkLines(lines);
    if (!checked.ok) return checked;
    found.entity.lines = checked.value;
    return found;
  }

  setNpcSkin(id: string, skin: Skin | undefined): Found<SpawnedNpc> {
    const found = this.find(id, 'npc');
    if (!found.ok) return found;
    if (skin === undefined) {
      delete found.entity.skin;
      return found;
    }
    const problem = skinProblem(skin);
    if (problem) return refuse(problem);
    found.entity.skin = copySkin(skin);
    return found;
  }

  /** Moves the record; `from` is where it was. */
  move(id: string, to: Location): { ok: true; entity: SpawnedEntity; from: Location } | EntityRefusal {
    const found = this.find(id);
    if (!found.ok) return found;
    const location = this.checkLocation(to);
    if (!location.ok) return location;
    const from = found.entity.location;
    found.entity.location = location.value;
    return { ok: true, entity: found.entity, from };
  }

  setVisible(id: string, viewer: string, visible: boolean): Found<SpawnedEntity> {
    const found = this.find(id);
    if (!found.ok) return found;
    if (!UUID.test(viewer)) return refuse(`"${viewer}" is not a player uuid (dashed, lower case).`);
    const audience = found.entity.audience;
    // Hiding from everyone-but lists the viewer as an exception; showing an only-list adds them.
    const list = audience.everyone ? audience.except : audience.only;
    const listed = audience.everyone ? !visible : visible;
    const at = list.indexOf(viewer);
    if (listed && at < 0) list.push(viewer);
    if (!listed && at >= 0) list.splice(at, 1);
    return found;
  }

  remove(id: string): SpawnedEntity | undefined {
    const entity = this.records.get(id);
    this.records.delete(id);
    return entity;
  }

  get(id: string): SpawnedEntity | undefined {
    return this.records.get(id);
  }

  all(): SpawnedEntity[] {
    return [...this.records.values()];
  }

  /** The record by id, of the given kind when one is named. */
  find<K extends SpawnedEntity['kind']>(id: string, kind?: K): Found<Extract<SpawnedEntity, { kind: K }>> {
    const entity = this.records.get(id);
    if (!entity) return refuse(`No spawned entity has the id "${id}".`);
    if (kind !== undefined && entity.kind !== kind) {
      return refuse(`The entity "${id}" is ${entity.kind === 'npc' ? 'an NPC' : 'a text display'}, not ${kind === 'npc' ? 'an NPC' : 'a text display'}.`);
    }
    return { ok: true, entity: entity as Extract<SpawnedEntity, { kind: K }> };
  }

  private nextId(kind: SpawnedEntity['kind']): string {
    this.counter += 1;
    return `${kind}-${this.counter}`;
  }

  private checkBase(spec: { location: Location; viewers?: readonly string[] }): Checked<{ location: Location; audience: EntityAudience }> {
    const location = this.checkLocation(spec.location);
    if (!location.ok) return location;
    if (spec.viewers === undefined) return { ok: true, value: { location: location.value, audience: { everyone: true, except: [] } } };
    if (!Array.isArray(spec.viewers)) return refuse('The viewers are a list of player uuids.');
    const bad = spec.viewers.find((v) => typeof v !== 'string' || !UUID.test(v));
    if (bad !== undefined) return refuse(`The viewer "${String(bad)}" is not a player uuid (dashed, lower case).`);
    return { ok: true, value: { location: location.value, audience: { everyone: false, only: [...new Set(spec.viewers)] } } };
  }

  private checkName(name: string): Checked<string> {
    if (typeof name !== 'string') return refuse("An NPC's name is text.");
    const length = [...name].length;
    if (length < 1 || length > NPC_NAME_MAX) return refuse(`An NPC's name must be 1 to ${NPC_NAME_MAX} characters long; "${name}" has ${length}.`);
    // The game shows the name on one line above the head; control characters would break it.
    if (/[\u0000-\u001f\u007f]/.test(name)) return refuse("An NPC's name cannot hold line breaks or other control characters.");
    return { ok: true, value: name };
  }

  private checkLines(lines: readonly Text[]): Checked<Text[]> {
    if (!Array.isArray(lines)) return refuse("A text display's lines are a list of texts.");
    if (lines.length < 1 || lines.length > TEXT_LINES_MAX) return refuse(`A text display has 1 to ${TEXT_LINES_MAX} lines; ${lines.length} were given.`);
    const at = lines.findIndex((l) => typeof l !== 'string' && (l === null || typeof l !== 'object' || typeof l.text !== 'string'));
    if (at >= 0) return refuse(`Line ${at + 1} of the text display is neither text nor a text component.`);
    return { ok: true, value: structuredClone([...lines]) };
  }

  private checkLocation(at: Location): Checked<Location> {
    if (at === null || typeof at !== 'object') return refuse('A location is needed.');
    const worlds = this.worlds();
    if (!worlds.includes(at.world)) return refuse(`The world "${String(at.world)}" is not loaded (loaded: ${worlds.join(', ')}).`);
    for (const key of ['x', 'y', 'z', 'yaw', 'pitch'] as const) {
      if (typeof at[key] !== 'number' || !Number.isFinite(at[key])) return refuse(`The location's ${key} is not a finite number.`);
    }
    if (Math.abs(at.x) > HORIZONTAL_LIMIT || Math.abs(at.z) > HORIZONTAL_LIMIT || Math.abs(at.y) > VERTICAL_LIMIT) {
      return refuse(`The location ${at.x}, ${at.y}, ${at.z} is outside the world's bounds.`);
    }
    return { ok: true, value: { world: at.world, x: at.x, y: at.y, z: at.z, yaw: at.yaw, pitch: at.pitch } };
  }
}
