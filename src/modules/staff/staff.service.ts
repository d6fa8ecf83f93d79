// The staff-mode published API. A player with core.staff.use goes on duty in a mode of staff.conf:
// the mode may put them in another game mode and vanish them (through the vanish module, when it
// is on). Leaving duty gives back what the mode changed: the game mode they had, and visibility if
// the mode vanished them. Duty lasts while the player is online: leaving the game ends it (shown
// again at once, game mode given back when they next join), and so does a server stop (all of it
// given back at the next join). What is to be given back is stored, so it survives a restart.
// Staff chat reaches every online holder of core.staff.chat and the console.

import { actorName, type Actor } from '../../core/kernel/actor.ts';
import type { AuditService, CoreApi, KnownPlayer, PermissionsService, PlayersService } from '../../core/kernel/api.ts';
import type { Clock } from '../../core/kernel/clock.ts';
import type { Db } from '../../core/storage/db.ts';
import type { EventBus } from '../../core/kernel/events.ts';
import type { Logger } from '../../core/log/log.ts';
import { InvalidInput } from '../../core/values/invalid-input.ts';
import { knownPlayer, playerFields } from '../../core/players/known-player.ts';
import { fail, ok, type Result } from '../../core/kernel/result.ts';
import type { GamePlatform, OnlinePlayer, TextComponent } from '../../platform/platform.ts';
import type { StaffConfig, StaffMode } from './staff.config.ts';
import { MAX_STAFF_CHAT, type StaffList, type StaffOnDuty, type StaffStatus } from './staff.schemas.ts';
import { createStaffStore, type DutyRow } from './staff.store.ts';

export const STAFF_NODES = {
  /** /staff in the default mode. */
  use: 'core.staff.use',
  /** Prefix of the node each other mode needs: core.staff.mode.<name>. */
  mode: 'core.staff.mode',
  /** Read and write staff chat (/sc). */
  chat: 'core.staff.chat',
} as const;

export type DutyEndReason = 'command' | 'quit' | 'restart';

export interface StaffService {
  /** Whether a player is on duty, and in which mode. */
  status(uuid: string): Promise<Result<StaffStatus>>;
  /** Everyone on duty now. */
  list(): Promise<Result<StaffList>>;
  /**
   * Puts an online player on duty in `mode` (switching when they are in another), or takes them
   * off duty with null. already-in-state when nothing changes; not-found for a mode staff.conf lacks.
   */
  setDuty(uuid: string, mode: string | null, actor: Actor): Promise<Result<StaffStatus>>;
  /** The mode a player is on duty in, or undefined. */
  modeOf(uuid: string): string | undefined;
  /** The modes of staff.conf, and the one /staff uses when none is named. */
  modes(): { names: string[]; defaultMode: string; mode(name: string): StaffMode | undefined };
  /** Whether the player may use that mode (core.staff.use, and core.staff.mode.<name> unless it is the default). */
  mayUseMode(uuid: string, mode: string): boolean;
  /** Sends a staff-chat line from a player (or the console, null); answers how many staff saw it. */
  chat(sender: OnlinePlayer | null, message: string): Result<{ recipients: number }>;
  /** Switches a player's chat to staff chat (true) or back to everyone (false); while the server runs. */
  setChatMode(uuid: string, on: boolean): void;
  chatMode(uuid: string): boolean;
}

export interface StaffDeps {
  db: Db;
  events: EventBus;
  clock: Clock;
  players: PlayersService;
  permissions: Pick<PermissionsService, 'playerHas'>;
  audit: Pick<AuditService, 'record'>;
  platform: GamePlatform;
  log: Logger;
  config: () => StaffConfig;
  /** The vanish module's service, read at each use: undefined while vanish is off. */
  vanish: () => CoreApi['vanish'] | undefined;
}

export async function createStaffService(deps: StaffDeps): Promise<StaffService> {
  const { events, clock, players, permissions, audit, platform, log, config, vanish } = deps;
  const store = createStaffStore(deps.db);
  /** Every stored row (on duty, or something left to give back), by uuid. */
  const rows = new Map<string, DutyRow>();
  for (const row of await store.all()) rows.set(row.uuid, row);
  /** Players whose chat goes to staff chat. */
  const chatModes = new Set<string>();

  const onDuty = (uuid: string) => {
    const row = rows.get(uuid);
    return row?.onDuty && platform.player(uuid) ? row : undefined;
  };

  /** Shows a player again if staff mode vanished them (and they still are). */
  async function unvanish(row: DutyRow, actor: Actor): Promise<void> {
    const v = vanish();
    if (row.vanished && v?.isVanished(row.uuid)) await v.set(row.uuid, false, actor);
  }

  function emitMode(p: Pick<KnownPlayer, 'uuid' | 'name'>, mode: string | null, previous: string | null, reason: DutyEndReason, actor: Actor) {
    events.emit('staff.mode', { ...playerFields(p), 'on-duty': mode !== null, mode, 'previous-mode': previous, reason, actor: actorName(actor) });
  }

  async function enter(p: OnlinePlayer, mode: StaffMode, actor: Actor): Promise<void> {
    const before = onDuty(p.uuid);
    // The game mode to give back is the one they had before any staff mode changed it.
    const own = before?.previousGameMode ?? platform.gameMode(p.uuid) ?? null;
    if (mode.gameMode) platform.setGameMode(p.uuid, mode.gameMode);
    else if (before?.previousGameMode) platform.setGameMode(p.uuid, before.previousGameMode);
    let vanished = before?.vanished ?? false;
    const v = vanish();
    if (mode.vanish && !vanished && v && !v.isVanished(p.uuid)) {
      vanished = (await v.set(p.uuid, true, actor)).ok;
    } else if (!mode.vanish && before?.vanished) {
      await unvanish(before, actor);
      vanished = false;
    }
    const row: DutyRow = {
      uuid: p.uuid,
      mode: mode.name,
      since: before?.since ?? clock.now().toISOString(),
      previousGameMode: mode.gameMode ? own : null,
      vanished,
      onDuty: true,
    };
    rows.set(p.uuid, row);
    await store.put(row);
    await audit.record({ actor, action: before ? 'staff.switch' : 'staff.on', target: p.uuid, details: { mode: mode.name } });
    emitMode(p, mode.name, before?.mode ?? null, 'command', actor);
  }

  /**
   * Ends duty. Online: everything is given back now. Offline (a quit): shown again now, the game
   * mode at the next join (the game server keeps it meanwhile).
   */
  async function leave(p: Pick<KnownPlayer, 'uuid' | 'name'>, reason: DutyEndReason, actor: Actor): Promise<void> {
    const row = rows.get(p.uuid);
    if (!row) return;
    await unvanish(row, actor);
    const online = platform.player(p.uuid) !== undefined;
    if (online && row.previousGameMode && platform.gameMode(p.uuid) !== row.previousGameMode) platform.setGameMode(p.uuid, row.previousGameMode);
    if (online || !row.previousGameMode) {
      rows.delete(p.uuid);
      await store.remove(p.uuid);
    } else {
      rows.set(p.uuid, { ...row, onDuty: false, vanished: false });
      await store.end(p.uuid);
    }
    if (!row.onDuty) return;
    await audit.record({ actor, action: 'staff.off', target: p.uuid, details: { mode: row.mode, reason } });
    emitMode(p, null, row.mode, reason, actor);
  }

  const SERVER: Actor = { kind: 'console' };

  platform.on('quit', ({ player }) => {
    chatModes.delete(player.uuid);
    // At a shutdown this may not finish before the database closes: the row then still says on
    // duty, and the next join gives everything back (reason restart).
    if (rows.get(player.uuid)?.onDuty) leave(player, 'quit', SERVER).catch((e: unknown) => log.error(`could not end the staff duty of ${player.name}`, e));
  });

  // A row left at join: duty ended by a quit (the game mode is still to give back) or by a server
  // stop (everything is).
  platform.on('join', ({ player }) => {
    const row = rows.get(player.uuid);
    if (!row) return;
    leave(player, row.onDuty ? 'restart' : 'quit', SERVER).then(
      () => platform.sendMessage(player.uuid, { text: `You are no longer on staff duty (${row.mode}); your game mode and visibility are back as they were.`, color: 'gray' }),
      (e: unknown) => log.error(`could not give ${player.name} back what staff duty changed`, e),
    );
  });

  function render(p: KnownPlayer): StaffStatus {
    const row = onDuty(p.uuid);
    return {
      ...playerFields(p),
      online: platform.player(p.uuid) !== undefined,
      'on-duty': row !== undefined,
      mode: row?.mode ?? null,
      since: row?.since ?? null,
    };
  }

  function checkMessage(message: string): string {
    const text = message.trim();
    if (text === '') throw new InvalidInput('message', 'The message is empty.');
    if (text.length > MAX_STAFF_CHAT) throw new InvalidInput('message', `The message is longer than ${MAX_STAFF_CHAT} characters.`);
    return text;
  }

  const service: StaffService = {
    async status(uuid) {
      const who = await knownPlayer(players, uuid);
      return who.ok ? ok(render(who.value)) : who;
    },

    async list() {
      const out: StaffOnDuty[] = [];
      for (const p of platform.onlinePlayers()) {
        const row = onDuty(p.uuid);
        if (row) out.push({ ...playerFields(p), mode: row.mode, since: row.since });
      }
      out.sort((a, b) => a['player-name'].localeCompare(b['player-name'], 'en', { sensitivity: 'base' }));
      return ok({ players: out, count: out.length });
    },

    async setDuty(uuid, modeName, actor) {
      const who = await knownPlayer(players, uuid);
      if (!who.ok) return who;
      const p = platform.player(who.value.uuid);
      if (!p) return fail('player-offline', `${who.value.name} is not online: staff duty lasts while a player is online.`);
      const current = onDuty(p.uuid);
      if (modeName === null) {
        if (!current) return fail('already-in-state', `${p.name} is not on staff duty.`);
        await leave(p, 'command', actor);
        return ok(render(who.value));
      }
      const mode = config().modes.get(modeName);
      if (!mode) return fail('not-found', `There is no staff mode "${modeName}"; the modes are ${[...config().modes.keys()].join(', ')}.`);
      if (current?.mode === mode.name) return fail('already-in-state', `${p.name} is already on staff duty in the mode ${mode.name}.`);
      await enter(p, mode, actor);
      return ok(render(who.value));
    },

    modeOf: (uuid) => onDuty(uuid)?.mode,

    modes() {
      const c = config();
      return { names: [...c.modes.keys()], defaultMode: c.defaultMode, mode: (name) => c.modes.get(name) };
    },

    mayUseMode(uuid, mode) {
      if (!permissions.playerHas(uuid, STAFF_NODES.use)) return false;
      return mode === config().defaultMode || permissions.playerHas(uuid, `${STAFF_NODES.mode}.${mode}`);
    },

    chat(sender, message) {
      const text = checkMessage(message);
      const name = sender?.name ?? 'console';
      const line: TextComponent = { text: '[Staff] ', color: 'aqua', extra: [{ text: `${name}: `, color: 'dark_aqua' }, { text, color: 'white' }] };
      let recipients = 0;
      for (const staff of platform.onlinePlayers()) {
        if (!permissions.playerHas(staff.uuid, STAFF_NODES.chat)) continue;
        platform.sendMessage(staff.uuid, line);
        recipients++;
      }
      platform.consoleMessage(line);
      events.emit('staff.chat', { 'sender-id': sender?.uuid ?? null, 'sender-name': name, message: text, recipients });
      return ok({ recipients });
    },

    setChatMode(uuid, on) {
      if (on) chatModes.add(uuid);
      else chatModes.delete(uuid);
    },
    chatMode: (uuid) => chatModes.has(uuid),
  };
  return service;
}
