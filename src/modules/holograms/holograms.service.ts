// The holograms' published API. A hologram belongs to the player who created it (its owner) and
// is reached by its unique name. Every write names the player it is performed as (`actor`, null
// for the console); who may do what is in ./holograms.access.ts, what players see in
// ./holograms.display.ts. `by` is who the audit log records (the player, the console or
// core-rest/<label>). Lines are kept as written and answered so; players see them after markup
// and placeholders.

import { actorName, type Actor } from '../../core/kernel/actor.ts';
import type { AuditService, KnownPlayer, PermissionsService, PlayersService } from '../../core/kernel/api.ts';
import type { Clock } from '../../core/kernel/clock.ts';
import type { Db } from '../../core/storage/db.ts';
import type { EventBus } from '../../core/kernel/events.ts';
import { InvalidInput } from '../../core/values/invalid-input.ts';
import { toLocation, type LocationInput } from '../../core/values/location.ts';
import { fail, ok, type Result } from '../../core/kernel/result.ts';
import type { GamePlatform, OnlinePlayer } from '../../platform/platform.ts';
import { hologramAccess, type HoloActor } from './holograms.access.ts';
import type { HologramsConfig } from './holograms.config.ts';
import type { HologramDisplay } from './holograms.display.ts';
import { MAX_COMMAND_LENGTH, MAX_LINE_LENGTH, MAX_LINES, type Hologram, type HologramList, type LineEdit } from './holograms.schemas.ts';
import { createHologramsStore, type HologramChange, type HologramRow } from './holograms.store.ts';
import { CONTROL_CHARACTER, storedCommandLine } from '../../core/commands/command-line.ts';

export const HOLO_LIMIT_PREFIX = 'core.holo.limit';

export interface HologramsService {
  /** Every hologram, by name. */
  list(): Promise<Result<HologramList>>;
  /** One hologram; not-found when there is none of that name. */
  get(name: string): Promise<Result<Hologram>>;
  /** How many holograms the player may own: their highest core.holo.limit.<n>, else the config's. */
  limitOf(uuid: string): number;
  /** Creates a hologram of one line owned by `owner`, charged to their limit. */
  create(owner: string, name: string, location: LocationInput, line: string, by: Actor): Promise<Result<Hologram>>;
  move(name: string, actor: HoloActor, location: LocationInput, by: Actor): Promise<Result<Hologram>>;
  /** No line: add text at the bottom; line and text: replace it; line alone: remove it (not the last one). */
  editLine(name: string, actor: HoloActor, edit: LineEdit, by: Actor): Promise<Result<Hologram>>;
  /** Binds the command a player runs by right-clicking it (null unbinds); owner only. */
  setCommand(name: string, actor: HoloActor, command: string | null, by: Actor): Promise<Result<Hologram>>;
  addManager(name: string, actor: HoloActor, player: string, by: Actor): Promise<Result<Hologram>>;
  removeManager(name: string, actor: HoloActor, player: string, by: Actor): Promise<Result<Hologram>>;
  /** Deletes a hologram (owner only); answers it as it was. */
  delete(name: string, actor: HoloActor, by: Actor): Promise<Result<Hologram>>;
  /** A player right-clicked the hologram: runs its bound command as that player (null: none bound). */
  use(name: string, player: OnlinePlayer): Promise<Result<string | null>>;
}

export interface HologramsDeps {
  db: Db;
  events: EventBus;
  clock: Clock;
  players: PlayersService;
  permissions: Pick<PermissionsService, 'playerHas' | 'numeric'>;
  audit: Pick<AuditService, 'record'>;
  platform: GamePlatform;
  display: HologramDisplay;
  /** Read at each use: `core reload` may change it. */
  config: () => HologramsConfig;
  /** Runs a command line as the player typed it (their permissions and the command checks apply). */
  runAs(player: OnlinePlayer, line: string): Promise<void>;
  /** Works out the placeholders of a bound command for the player who runs it. */
  applyPlaceholders(text: string, player: OnlinePlayer): Promise<string>;
}

/** A line as stored: refused as bad input naming `field` when too long or holding line breaks. */
export function lineOf(text: unknown, field = 'text'): string {
  if (typeof text !== 'string') throw new InvalidInput(field, 'A hologram line is text.');
  if (text.length > MAX_LINE_LENGTH) throw new InvalidInput(field, `A hologram line has at most ${MAX_LINE_LENGTH} characters.`);
  if (CONTROL_CHARACTER.test(text)) throw new InvalidInput(field, 'A hologram line holds no line breaks or control characters: add another line instead.');
  return text;
}

function commandOf(command: string | null): string | null {
  if (command === null) return null;
  if (typeof command !== 'string') throw new InvalidInput('command', 'A command is text, or null to unbind it.');
  const c = storedCommandLine(command);
  if (c === '') throw new InvalidInput('command', 'The command is empty: give a command line, or null to unbind.');
  if (c.length > MAX_COMMAND_LENGTH) throw new InvalidInput('command', `A bound command has at most ${MAX_COMMAND_LENGTH} characters.`);
  if (CONTROL_CHARACTER.test(c)) throw new InvalidInput('command', 'A command holds no line breaks or control characters.');
  return c;
}

export function createHologramsService(deps: HologramsDeps): HologramsService {
  const { events, clock, players, permissions, audit, platform, display, config } = deps;
  const store = createHologramsStore(deps.db);
  const { db } = store;
  const { nameOf, known, named, isAdmin, authorise } = hologramAccess({ db, store, players, permissions });

  const limitOf = (uuid: string): number => permissions.numeric(uuid, HOLO_LIMIT_PREFIX) ?? config().defaultLimit;

  const render = (h: HologramRow): Hologram => ({
    name: h.name,
    'owner-id': h.owner,
    'owner-name': h.ownerName,
    managers: h.managers.map((m) => ({ 'player-id': m.uuid, 'player-name': m.name })),
    location: { ...h.location },
    lines: [...h.lines],
    command: h.command,
    'created-at': h.createdAt,
    'updated-at': h.updatedAt,
  });

  async function recorded(h: HologramRow, player: KnownPlayer | null, by: Actor, action: string, details: Record<string, unknown>): Promise<void> {
    await audit.record({ actor: by, action: `hologram.${action}`, target: h.owner, details: { name: h.name, ...details, ...(player ? { as: player.uuid } : {}) } });
  }

  function emit(event: 'hologram.create' | 'hologram.delete', h: HologramRow, player: { uuid: string; name: string }, by: Actor): void {
    events.emit(event, {
      'player-id': player.uuid,
      'player-name': player.name,
      'owner-id': h.owner,
      'owner-name': h.ownerName,
      name: h.name,
      location: { ...h.location },
      lines: [...h.lines],
      actor: actorName(by),
    });
  }

  /** Writes a change, shows it to the players, audits it; answers the new record. */
  async function change(h: HologramRow, player: KnownPlayer | null, by: Actor, action: string, set: HologramChange, details: Record<string, unknown>): Promise<Result<Hologram>> {
    await store.update(db, h.name, set, clock.now().toISOString());
    const after = await store.one(db, h.name);
    if (!after) return fail('not-found', `The hologram ${h.name} was deleted meanwhile.`);
    if (set.lines || set.location) await display.show(after);
    await recorded(after, player, by, action, details);
    return ok(render(after));
  }

  async function manager(name: string, actor: HoloActor, target: string, by: Actor, add: boolean): Promise<Result<Hologram>> {
    const auth = await authorise(name, actor, 'change the managers of', true);
    if (!auth.ok) return auth;
    const { row: h, player } = auth.value;
    const t = await known(target, 'player');
    if (!t.ok) return t;
    const p = t.value;
    if (add && p.uuid === h.owner) return fail('refused', `${p.name} owns the hologram ${h.name}.`);
    const at = clock.now().toISOString();
    const did = add ? await store.addManager(db, h.name, p.uuid, at) : await store.removeManager(db, h.name, p.uuid);
    if (!did) return fail('already-in-state', `${p.name} is ${add ? 'already' : 'not'} a manager of ${h.name}.`);
    await recorded(h, player, by, add ? 'manager-add' : 'manager-remove', { player: p.uuid });
    return ok(render((await store.one(db, h.name)) ?? h));
  }

  return {
    limitOf,

    async list() {
      const rows = await store.read(db);
      return ok({ holograms: rows.map(render), count: rows.length });
    },

    async get(name) {
      const h = await named(nameOf(name));
      return h.ok ? ok(render(h.value)) : h;
    },

    async create(owner, name, location, line, by) {
      const n = nameOf(name);
      const loc = toLocation(platform, location, 'location.world');
      const text = lineOf(line, 'line');
      const who = await known(owner, 'actor');
      if (!who.ok) return who;
      const p = who.value;
      const admin = isAdmin(p.uuid);
      const limit = limitOf(p.uuid);
      const made = await db.transaction().execute(async (tx): Promise<Result<null>> => {
        if (await store.one(tx, n)) return fail('already-exists', `The name ${n} is taken by another hologram.`);
        const count = await store.countOwned(tx, p.uuid);
        if (!admin && count >= limit) return fail('refused', `${p.name} owns ${count} hologram${count === 1 ? '' : 's'}, the most they may own (${limit}).`);
        const inserted = await store.insert(tx, { name: n, owner: p.uuid, location: loc, lines: [text], at: clock.now().toISOString() });
        return inserted ? ok(null) : fail('already-exists', `The name ${n} is taken by another hologram.`);
      });
      if (!made.ok) return made;
      const h = (await store.one(db, n))!;
      await display.show(h);
      await recorded(h, p, by, 'create', { location: loc, lines: h.lines });
      emit('hologram.create', h, p, by);
      return ok(render(h));
    },

    async move(name, actor, location, by) {
      const loc = toLocation(platform, location, 'location.world');
      const auth = await authorise(name, actor, 'move', false);
      if (!auth.ok) return auth;
      return change(auth.value.row, auth.value.player, by, 'move', { location: loc }, { from: auth.value.row.location, to: loc });
    },

    async editLine(name, actor, edit, by) {
      const number = edit.line;
      if (number !== undefined && (!Number.isInteger(number) || number < 1)) throw new InvalidInput('line', 'A line number is a whole number counting from 1.');
      const text = edit.text === undefined || edit.text === null ? undefined : lineOf(edit.text, 'text');
      if (number === undefined && text === undefined) throw new InvalidInput('text', 'Give the text to add at the bottom, or a line number to replace or remove.');
      const auth = await authorise(name, actor, 'edit the lines of', false);
      if (!auth.ok) return auth;
      const { row: h, player } = auth.value;
      const lines = [...h.lines];
      if (number === undefined) {
        if (lines.length >= MAX_LINES) return fail('refused', `The hologram ${h.name} has ${MAX_LINES} lines, the most a hologram may have.`);
        lines.push(text!);
        return change(h, player, by, 'line-add', { lines }, { text });
      }
      if (number > lines.length) return fail('not-found', `The hologram ${h.name} has ${lines.length} line${lines.length === 1 ? '' : 's'}: there is no line ${number}.`);
      if (text !== undefined) {
        lines[number - 1] = text;
        return change(h, player, by, 'line-set', { lines }, { line: number, text });
      }
      if (lines.length === 1) return fail('refused', `Line ${number} is the last line of the hologram ${h.name}: a hologram keeps at least one line (delete the hologram instead).`);
      lines.splice(number - 1, 1);
      return change(h, player, by, 'line-remove', { lines }, { line: number });
    },

    async setCommand(name, actor, command, by) {
      const c = commandOf(command);
      const auth = await authorise(name, actor, 'bind a command to', true);
      if (!auth.ok) return auth;
      const h = auth.value.row;
      if (h.command === c) return fail('already-in-state', c === null ? `The hologram ${h.name} has no command bound.` : `The hologram ${h.name} already runs /${c}.`);
      return change(h, auth.value.player, by, c === null ? 'command-unbind' : 'command-bind', { command: c }, { command: c });
    },

    addManager: (name, actor, player, by) => manager(name, actor, player, by, true),
    removeManager: (name, actor, player, by) => manager(name, actor, player, by, false),

    async delete(name, actor, by) {
      const auth = await authorise(name, actor, 'delete', true);
      if (!auth.ok) return auth;
      const { row: h, player } = auth.value;
      await db.transaction().execute((tx) => store.remove(tx, h.name));
      await display.hide(h.name);
      await recorded(h, player, by, 'delete', { location: h.location, lines: h.lines });
      emit('hologram.delete', h, player ?? { uuid: h.owner, name: h.ownerName }, by);
      return ok(render(h));
    },

    async use(name, player) {
      const h = await named(nameOf(name));
      if (!h.ok) return h;
      const bound = h.value.command;
      if (bound === null) return ok(null);
      const line = await deps.applyPlaceholders(bound, player);
      await deps.runAs(player, line);
      return ok(line);
    },
  };
}
