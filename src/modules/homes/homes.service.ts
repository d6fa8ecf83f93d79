// The homes' published API: numbered slots per player (counting from 1) up to a limit from a
// permission node or homes.conf, each with an optional label, a location, an icon and a visibility.
// Answers are already in the rendering of the Remote Access Service.

import type { Actor } from '../../core/kernel/actor.ts';
import type { AuditService, CoreApi, KnownPlayer, PermissionsService, PlayersService } from '../../core/kernel/api.ts';
import type { Clock } from '../../core/kernel/clock.ts';
import type { Db } from '../../core/storage/db.ts';
import type { EventBus } from '../../core/kernel/events.ts';
import { InvalidInput } from '../../core/values/invalid-input.ts';
import { toLocation, type LocationInput } from '../../core/values/location.ts';
import { fail, ok, type Failure, type Result } from '../../core/kernel/result.ts';
import { normalizeUuid } from '../../core/players/uuid.ts';
import type { GamePlatform } from '../../platform/platform.ts';
import { MAX_SLOT, type HomesConfig } from './homes.config.ts';
import { materialName } from '../../core/values/materials.ts';
import { LABEL_PATTERN, type DeletedHome, type Home, type HomeList, type Visibility } from './homes.schemas.ts';
import { createHomesStore, type HomeRow } from './homes.store.ts';
import { msg } from './homes.messages.ts';
import { knownPlayer, playerFields } from '../../core/players/known-player.ts';

export const HOME_LIMIT_PREFIX = 'core.home.limit';
/** Lets a player visit another player's private home. */
export const HOME_OTHERS_NODE = 'core.home.others';

/** A home named in a command: its slot number, or its label. */
export type HomeRef = number | string;

export interface HomesService {
  /** Every home of a player, the count and their limit. */
  list(uuid: string): Promise<Result<HomeList>>;
  /** One home; not-found when the slot is empty. */
  get(uuid: string, slot: number): Promise<Result<Home>>;
  /** A home by slot or label; not-found when there is none. */
  find(uuid: string, ref: HomeRef): Promise<Result<Home>>;
  /** The number of slots a player may set (1 to limit). */
  limit(uuid: string): number;
  /**
   * Writes a slot, occupied or not (home.create or home.relocate). A slot beyond the player's
   * limit is refused (home.limit-reached). `label`, when given, labels a new home.
   */
  set(uuid: string, slot: number, location: LocationInput, actor: Actor, label?: string): Promise<Result<Home>>;
  /** /sethome: the home with that label (or slot) is set; else the first empty slot, labelled. */
  setByRef(uuid: string, ref: HomeRef | undefined, location: LocationInput, actor: Actor): Promise<Result<Home>>;
  /** Relocates an occupied slot; not-found when it is empty. */
  move(uuid: string, slot: number, location: LocationInput, actor: Actor): Promise<Result<Home>>;
  /** Labels a home (null removes the label); already-exists when another home has that label. */
  rename(uuid: string, slot: number, label: string | null, actor: Actor): Promise<Result<Home>>;
  /** Empties a slot; an empty slot stays empty and answers deleted: false. */
  delete(uuid: string, slot: number, actor: Actor): Promise<Result<DeletedHome>>;
  /** Changes the icon; refused when it is not a game material name. */
  setIcon(uuid: string, slot: number, icon: string, actor: Actor): Promise<Result<Home>>;
  setVisibility(uuid: string, slot: number, visibility: Visibility, actor: Actor): Promise<Result<Home>>;
  /**
   * Teleports an online player to a home: their own, or another player's public one (any home
   * with core.home.others), after the server's teleport warm-up. player-offline when the traveller
   * is not online; cancelled when they move, leave or teleport elsewhere during the warm-up.
   */
  teleport(traveller: string, owner: string, ref: HomeRef): Promise<Result<Home>>;
}

export interface HomesDeps {
  db: Db;
  events: EventBus;
  clock: Clock;
  players: PlayersService;
  permissions: PermissionsService;
  audit: Pick<AuditService, 'record'>;
  platform: GamePlatform;
  teleport: Pick<CoreApi['teleport'], 'teleport'>;
  /** Read at each use: `core reload` may change it. */
  config: () => HomesConfig;
}

const LABEL = new RegExp(LABEL_PATTERN);

export function createHomesService(deps: HomesDeps): HomesService {
  const { events, clock, players, permissions, audit, platform, teleport, config } = deps;
  const store = createHomesStore(deps.db);
  const { db } = store;

  const known = (uuid: string, field = 'uuid') => knownPlayer(players, uuid, field);

  function checkSlot(slot: number): number {
    if (!Number.isInteger(slot) || slot < 1 || slot > MAX_SLOT) throw new InvalidInput('slot', `A slot is a whole number from 1 to ${MAX_SLOT}.`);
    return slot;
  }

  function checkLabel(label: string): string {
    if (!LABEL.test(label)) throw new InvalidInput('label', 'A label is 1-32 letters, digits, _ or -, and not only digits.');
    return label;
  }

  function limitOf(uuid: string): number {
    return Math.min(MAX_SLOT, permissions.numeric(uuid, HOME_LIMIT_PREFIX) ?? config().defaultLimit);
  }

  const render = (h: HomeRow): Home => ({
    slot: h.slot,
    label: h.label,
    location: { ...h.location },
    icon: h.icon,
    visibility: h.visibility,
    'created-at': h.createdAt,
    'updated-at': h.updatedAt,
  });

  const about = (p: KnownPlayer, h: HomeRow) => ({ ...playerFields(p), slot: h.slot, label: h.label });
  const emptySlot = (p: KnownPlayer, slot: number) =>
    fail('not-found', `${p.name} has no home in slot ${slot}.`, { about: p.uuid, you: msg('homes.empty-slot', { slot }), other: msg('homes.empty-slot-other', { player: p.name, slot }) });
  const noLabel = (p: KnownPlayer, label: string) =>
    fail('not-found', `${p.name} has no home labelled "${label}".`, { about: p.uuid, you: msg('homes.no-label', { home: label }), other: msg('homes.no-label-other', { player: p.name, home: label }) });
  const labelTaken = (p: KnownPlayer, label: string, slot: number) =>
    fail('already-exists', `${p.name} already has a home labelled "${label}" (slot ${slot}).`, { about: p.uuid, you: msg('homes.label-taken', { home: label, slot }) });

  type Fields = { location?: HomeRow['location']; label?: string | null; icon?: string; visibility?: Visibility };

  /**
   * Changes fields of an occupied slot in one transaction (not-found when it is empty), then
   * audits the write and lets `emit` tell what changed. `fields` may be a refusal found earlier.
   */
  async function edit(
    uuid: string,
    slot: number,
    fields: Fields | Failure,
    actor: Actor,
    action: string,
    emit: (p: KnownPlayer, before: HomeRow, after: HomeRow) => void,
  ): Promise<Result<Home>> {
    checkSlot(slot);
    const who = await known(uuid);
    if (!who.ok) return who;
    if ('ok' in fields) return fields;
    const p = who.value;
    const at = clock.now().toISOString();
    const r = await db.transaction().execute(async (tx): Promise<Result<{ before: HomeRow; after: HomeRow }>> => {
      const before = await store.get(tx, p.uuid, slot);
      if (!before) return emptySlot(p, slot);
      if (fields.label) {
        const other = await store.byLabel(tx, p.uuid, fields.label);
        if (other && other.slot !== slot) return labelTaken(p, fields.label, other.slot);
      }
      await store.update(tx, p.uuid, slot, at, fields);
      return ok({ before, after: { ...before, ...fields, updatedAt: at } });
    });
    if (!r.ok) return r;
    const { before, after } = r.value;
    await audit.record({ actor, action, target: p.uuid, details: { slot, ...fields } });
    emit(p, before, after);
    return ok(render(after));
  }

  async function set(uuid: string, slot: number, input: LocationInput, actor: Actor, label?: string): Promise<Result<Home>> {
    checkSlot(slot);
    const location = toLocation(platform, input);
    if (label !== undefined) checkLabel(label);
    const who = await known(uuid);
    if (!who.ok) return who;
    const p = who.value;
    const limit = limitOf(p.uuid);
    const at = clock.now().toISOString();
    const done = await db.transaction().execute(async (tx): Promise<Result<{ before?: HomeRow; after: HomeRow }> | { count: number }> => {
      if (slot > limit) return { count: (await store.list(tx, p.uuid)).length };
      const before = await store.get(tx, p.uuid, slot);
      if (label !== undefined) {
        const other = await store.byLabel(tx, p.uuid, label);
        if (other && other.slot !== slot) return labelTaken(p, label, other.slot);
      }
      if (before) {
        const fields = label === undefined ? { location } : { location, label };
        await store.update(tx, p.uuid, slot, at, fields);
        return ok({ before, after: { ...before, ...fields, updatedAt: at } });
      }
      const after: HomeRow = { slot, label: label ?? null, location, icon: config().defaultIcon, visibility: 'private', createdAt: at, updatedAt: at };
      await store.insert(tx, p.uuid, after);
      return ok({ after });
    });
    if ('count' in done) {
      events.emit('home.limit-reached', { ...playerFields(p), slot, limit, count: done.count });
      return fail('refused', `${p.name} may set home slots 1 to ${limit}; slot ${slot} is beyond that limit.`, { about: p.uuid, you: msg('homes.beyond-limit', { limit, slot }) });
    }
    if (!done.ok) return done;
    const { before, after } = done.value;
    await audit.record({ actor, action: 'home.set', target: p.uuid, details: { slot, location, label: after.label } });
    if (before) {
      events.emit('home.relocate', { ...about(p, after), location: after.location, 'previous-location': before.location });
      if (label !== undefined && before.label !== after.label) events.emit('home.rename', { ...about(p, after), 'previous-label': before.label });
    } else {
      events.emit('home.create', { ...about(p, after), location: after.location, icon: after.icon, visibility: after.visibility });
    }
    return ok(render(after));
  }

  async function find(uuid: string, ref: HomeRef): Promise<Result<Home>> {
    if (typeof ref === 'number') checkSlot(ref);
    const who = await known(uuid);
    if (!who.ok) return who;
    const p = who.value;
    const h = typeof ref === 'number' ? await store.get(db, p.uuid, ref) : await store.byLabel(db, p.uuid, ref);
    if (h) return ok(render(h));
    return typeof ref === 'number' ? emptySlot(p, ref) : noLabel(p, ref);
  }

  return {
    limit: limitOf,
    set,
    find,

    async list(uuid) {
      const who = await known(uuid);
      if (!who.ok) return who;
      const homes = (await store.list(db, who.value.uuid)).map(render);
      return ok({ homes, count: homes.length, limit: limitOf(who.value.uuid) });
    },

    get: async (uuid, slot) => find(uuid, checkSlot(slot)),

    async setByRef(uuid, ref, location, actor) {
      if (typeof ref === 'number') return set(uuid, ref, location, actor);
      if (ref !== undefined) checkLabel(ref);
      const who = await known(uuid);
      if (!who.ok) return who;
      const homes = await store.list(db, who.value.uuid);
      const labelled = ref === undefined ? undefined : homes.find((h) => h.label?.toLowerCase() === ref.toLowerCase());
      if (labelled) return set(uuid, labelled.slot, location, actor);
      // The first empty slot; when every slot up to the limit is taken, the one after it, which
      // set() refuses with home.limit-reached.
      let slot = 1;
      for (const h of homes) if (h.slot === slot) slot++;
      return set(uuid, Math.min(slot, MAX_SLOT), location, actor, ref);
    },

    move: async (uuid, slot, input, actor) =>
      edit(uuid, slot, { location: toLocation(platform, input) }, actor, 'home.move', (p, before, after) =>
        events.emit('home.relocate', { ...about(p, after), location: after.location, 'previous-location': before.location }),
      ),

    async rename(uuid, slot, label, actor) {
      if (label !== null) checkLabel(label);
      return edit(uuid, slot, { label }, actor, 'home.rename', (p, before, after) => {
        if (before.label !== after.label) events.emit('home.rename', { ...about(p, after), 'previous-label': before.label });
      });
    },

    async delete(uuid, slot, actor) {
      checkSlot(slot);
      const who = await known(uuid);
      if (!who.ok) return who;
      const p = who.value;
      const before = await db.transaction().execute(async (tx) => {
        const h = await store.get(tx, p.uuid, slot);
        return h && (await store.remove(tx, p.uuid, slot)) ? h : undefined;
      });
      if (!before) return ok({ slot, deleted: false, home: null });
      await audit.record({ actor, action: 'home.delete', target: p.uuid, details: { slot, label: before.label } });
      events.emit('home.delete', { ...about(p, before), location: before.location });
      return ok({ slot, deleted: true, home: render(before) });
    },

    async setIcon(uuid, slot, icon, actor) {
      const material = materialName(icon);
      const fields = material
        ? { icon: material }
        : fail('refused', `"${icon}" is not a game material name (e.g. red_bed, diamond, oak_door).`, { you: msg('homes.not-material', { icon }) });
      return edit(uuid, slot, fields, actor, 'home.icon', (p, before, after) => {
        if (before.icon !== after.icon) events.emit('home.icon-change', { ...about(p, after), icon: after.icon, 'previous-icon': before.icon });
      });
    },

    async setVisibility(uuid, slot, visibility, actor) {
      if (visibility !== 'public' && visibility !== 'private') throw new InvalidInput('visibility', 'Visibility is public or private.');
      return edit(uuid, slot, { visibility }, actor, 'home.visibility', (p, before, after) => {
        if (before.visibility === after.visibility) return;
        events.emit('home.visibility-change', { ...about(p, after), visibility: after.visibility, 'previous-visibility': before.visibility });
      });
    },

    async teleport(traveller, owner, ref) {
      const t = await known(traveller);
      if (!t.ok) return t;
      if (!platform.player(t.value.uuid)) return fail('player-offline', `${t.value.name} is not online.`);
      const h = await find(owner, ref);
      if (!h.ok) return h;
      const own = normalizeUuid(owner) === t.value.uuid;
      if (!own && h.value.visibility !== 'public' && !permissions.playerHas(t.value.uuid, HOME_OTHERS_NODE)) {
        return fail('refused', `That home is private.`, { you: msg('homes.private') });
      }
      const moved = await teleport.teleport(t.value.uuid, h.value.location, { cause: 'home' });
      return moved.ok ? ok(h.value) : moved;
    },
  };
}
