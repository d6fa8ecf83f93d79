// The jails' published API: jail points defined in game, and sentences that keep a player at one
// until someone lifts them or they expire. Sentences and jails are kept in memory as well as in the
// database, because the checks that enforce them (moves, teleports, commands, blocks: see
// jail.enforcement.ts) are synchronous. Expiry is wall-clock: time counts while the player is
// offline and while the server is down; a sentence that ended while the server was down ends at
// the next start.

import { actorName, type Actor } from '../../core/kernel/actor.ts';
import type { AuditService, CoreApi, KnownPlayer, PermissionsService, PlayersService } from '../../core/kernel/api.ts';
import type { Clock } from '../../core/kernel/clock.ts';
import type { Db } from '../../core/storage/db.ts';
import type { EventBus } from '../../core/kernel/events.ts';
import { InvalidInput } from '../../core/values/invalid-input.ts';
import { createKeyedQueue } from '../../core/storage/keyed-queue.ts';
import { knownPlayer, playerFields } from '../../core/players/known-player.ts';
import { toLocation, type LocationInput } from '../../core/values/location.ts';
import type { Logger } from '../../core/log/log.ts';
import { fail, ok, type Result } from '../../core/kernel/result.ts';
import type { ScheduledTask, Scheduler } from '../../core/kernel/scheduler.ts';
import { normalizeUuid } from '../../core/players/uuid.ts';
import type { GamePlatform, Location } from '../../platform/platform.ts';
import type { JailConfig } from './jail.config.ts';
import { formatDuration, formatInstant } from './moderation.duration.ts';
import type { JailLocation } from './jail.schemas.ts';
import { createJailStore, type JailRow, type SentenceRow } from './jail.store.ts';
import type { Jailing } from './moderation.schemas.ts';
import { EXEMPT_NODE, NOTIFY_NODE } from './moderation.service.ts';

/** The teleport cause of a move into jail: the jail's own gate lets it through. */
export const JAIL_CAUSE = 'jail';
/** The teleport cause of a release. */
export const UNJAIL_CAUSE = 'unjail';

const NAME = /^[a-z0-9_-]{1,32}$/;

/** A teleport into or out of jail, made after the player's queue is free again. */
type Move = () => Promise<void>;
const NOTHING: Move = async () => {};
const MAX_DURATION = 315_360_000;

export interface JailRequest {
  jail: string;
  reason?: string;
  /** Present: a temporary sentence; absent: permanent. */
  durationSeconds?: number;
  /** Leaves out the server-wide announcement (the player is told all the same). */
  silent?: boolean;
}

export interface JailService {
  /** The sentence in force against a player, or null (also for a player never seen). */
  current(uuid: string): Promise<Jailing | null>;
  /**
   * Jails a player, online or not (an offline player is moved at their next join). not-found for
   * a player never seen or a jail not defined; already-in-state when they are jailed already;
   * refused when a player jails one who holds core.moderation.exempt.
   */
  jail(uuid: string, request: JailRequest, actor: Actor): Promise<Result<Jailing>>;
  /** Lifts a sentence; answers the sentence that ended. already-in-state when not jailed. */
  unjail(uuid: string, options: { silent?: boolean }, actor: Actor): Promise<Result<Jailing>>;
  /** Defines a jail at a location, or moves the one of that name (its prisoners go along). */
  defineJail(name: string, location: LocationInput, actor: Actor): Promise<Result<JailLocation>>;
  /** Removes a jail; not-found when there is none, refused while it holds prisoners. */
  removeJail(name: string, actor: Actor): Promise<Result<JailLocation>>;
  /** Every jail, by name. */
  listJails(): Promise<Result<JailLocation[]>>;
}

/** The jail half of `ctx.api.moderation`: the service, with `current` named for what it reads. */
export type JailApi = Omit<JailService, 'current'> & { currentJail: JailService['current'] };

export const jailApiOf = (j: JailService): JailApi => ({
  currentJail: j.current,
  jail: j.jail,
  unjail: j.unjail,
  defineJail: j.defineJail,
  removeJail: j.removeJail,
  listJails: j.listJails,
});

/** The service and what the enforcement (jail.enforcement.ts) needs of it besides. */
export interface JailKeeper extends JailService {
  /** The sentence in force now (synchronous, for the checks that enforce it). */
  sentenceOf(uuid: string): SentenceRow | undefined;
  /** A jail point by name. */
  jailNamed(name: string): JailRow | undefined;
  /** Moves an online prisoner into their jail (at join, or when they got out somehow). */
  sendToJail(uuid: string): Promise<void>;
  /** At a join: a release that happened while away, or the sentence (told, and moved into jail). */
  joined(uuid: string): Promise<void>;
  /** Resolves once no player's join, release or sentence is being worked on (the module's stop waits for it). */
  idle(): Promise<void>;
}

export interface JailDeps {
  db: Db;
  events: EventBus;
  clock: Clock;
  scheduler: Scheduler;
  log: Logger;
  players: Pick<PlayersService, 'get'>;
  permissions: Pick<PermissionsService, 'playerHas'>;
  audit: Pick<AuditService, 'record'>;
  platform: GamePlatform;
  teleport: Pick<CoreApi['teleport'], 'teleport'>;
  /** Read at each use: `core reload` may change it. */
  config: () => JailConfig;
}

const render = (s: SentenceRow): Jailing => ({
  jail: s.jail,
  reason: s.reason,
  actor: s.actor,
  'issued-at': s.issuedAt,
  'duration-seconds': s.durationSeconds,
  'expires-at': s.expiresAt,
});

const renderJail = (j: JailRow): JailLocation => ({
  name: j.name,
  location: { ...j.location },
  'created-at': j.createdAt,
  'updated-at': j.updatedAt,
});

/** A jail name as typed, lower case; bad input naming `jail` otherwise. */
export function jailName(name: string): string {
  const n = name.toLowerCase();
  if (!NAME.test(n)) throw new InvalidInput('jail', `"${name}" is not a jail name: 1 to 32 of a-z, 0-9, _ and -.`);
  return n;
}

export async function createJailService(deps: JailDeps): Promise<JailKeeper> {
  const { events, clock, scheduler, log, players, permissions, audit, platform, teleport, config } = deps;
  const store = createJailStore(deps.db);
  const queue = createKeyedQueue();
  const jails = new Map<string, JailRow>((await store.jails()).map((j) => [j.name, j]));
  const sentences = new Map<string, SentenceRow>();
  const expiries = new Map<string, ScheduledTask>();

  const known = (uuid: string) => knownPlayer(players, uuid);
  const expired = (s: SentenceRow) => s.expiresAt !== null && Date.parse(s.expiresAt) <= clock.now().getTime();
  const tell = (uuid: string, text: string, color = 'red') => platform.sendMessage(uuid, { text, color });

  /** The server-wide line, or (silent) a grey `[silent]` line for staff holding the notify node only. */
  function announce(line: string, silent: boolean): void {
    if (!silent) return platform.broadcast({ text: line, color: 'gold' });
    for (const p of platform.onlinePlayers()) {
      if (permissions.playerHas(p.uuid, NOTIFY_NODE)) platform.sendMessage(p.uuid, { text: `[silent] ${line}`, color: 'gray' });
    }
  }

  function term(s: SentenceRow): string {
    return s.durationSeconds === null ? 'permanently' : `for ${formatDuration(s.durationSeconds)}`;
  }
  const because = (s: SentenceRow) => (s.reason ? `: ${s.reason}` : '.');

  /** The sentence in force, counting one past its end as ended (its release may still be queued). */
  function sentenceOf(uuid: string): SentenceRow | undefined {
    const s = sentences.get(uuid);
    return s && !expired(s) ? s : undefined;
  }

  function schedule(s: SentenceRow): void {
    expiries.get(s.uuid)?.cancel();
    expiries.delete(s.uuid);
    if (s.expiresAt === null) return;
    expiries.set(
      s.uuid,
      scheduler.at(new Date(s.expiresAt), async () => {
        const move = await queue.run(s.uuid, () => release(s, null, false));
        await move?.();
      }),
    );
  }

  /** Where a released prisoner goes. */
  function destination(s: SentenceRow): Location | null {
    return config().releaseTo === 'previous' && s.returnTo ? s.returnTo : null;
  }

  async function moveOut(uuid: string, to: Location | null): Promise<void> {
    const where = to ?? platform.spawnLocation();
    const r = await teleport.teleport(uuid, where, { cause: UNJAIL_CAUSE, warmupSeconds: 0 });
    if (!r.ok) log.warn(`a released prisoner (${uuid}) could not be moved out of jail: ${r.message}`);
  }

  /**
   * Ends a sentence: lifted by `actor`, or expired (actor null). Answers the move out of jail for
   * an online player (an offline one is moved at their next join), which the caller makes once
   * the player's queue is free again, so that a slow teleport holds up nothing; undefined when the
   * sentence had ended already.
   */
  async function release(s: SentenceRow, actor: Actor | null, silent: boolean): Promise<Move | undefined> {
    const online = platform.player(s.uuid) !== undefined;
    const to = destination(s);
    const done = await store.endSentence(s.uuid, s.issuedAt, online ? undefined : { uuid: s.uuid, to, expired: actor === null });
    if (sentences.get(s.uuid) === s) sentences.delete(s.uuid);
    expiries.get(s.uuid)?.cancel();
    expiries.delete(s.uuid);
    if (!done) return undefined;
    const p = (await players.get(s.uuid)) ?? { uuid: s.uuid, name: s.uuid };
    const cause = actor === null ? 'expired' : 'lifted';
    if (actor) await audit.record({ actor, action: 'moderation.unjail', target: s.uuid, details: { jail: s.jail, silent } });
    events.emit('moderation.player-unjail', { ...playerFields(p), actor: actor && actorName(actor), cause, jail: s.jail });
    if (actor) announce(`${p.name} was released from jail by ${actorName(actor)}.`, silent);
    if (!online) return NOTHING;
    tell(s.uuid, actor ? `You have been released from jail by ${actorName(actor)}.` : 'Your jail sentence is over: you are free.', 'green');
    return () => moveOut(s.uuid, to);
  }

  async function sendToJail(uuid: string): Promise<void> {
    const s = sentenceOf(uuid);
    const cell = s && jails.get(s.jail);
    if (!s || !cell || !platform.player(uuid)) return;
    if (s.returnTo === null) {
      const here = platform.location(uuid);
      if (here) {
        s.returnTo = { ...here };
        await store.setReturn(uuid, here);
      }
    }
    const r = await teleport.teleport(uuid, cell.location, { cause: JAIL_CAUSE, warmupSeconds: 0 });
    if (!r.ok) log.warn(`a prisoner (${uuid}) could not be moved into jail ${cell.name}: ${r.message}`);
  }

  function checkRequest(r: JailRequest): void {
    if (r.reason !== undefined && (typeof r.reason !== 'string' || r.reason.length < 1 || r.reason.length > 256)) {
      throw new InvalidInput('reason', 'A reason is 1 to 256 characters.');
    }
    const d = r.durationSeconds;
    if (d !== undefined && !(Number.isInteger(d) && d >= 1 && d <= MAX_DURATION)) {
      throw new InvalidInput('duration-seconds', `A duration is a whole number of seconds from 1 to ${MAX_DURATION} (10 years).`);
    }
  }

  async function jail(uuid: string, r: JailRequest, actor: Actor): Promise<Result<Jailing>> {
    const name = jailName(r.jail);
    checkRequest(r);
    const who = await known(uuid);
    if (!who.ok) return who;
    const p = who.value;
    if (actor.kind === 'player' && permissions.playerHas(p.uuid, EXEMPT_NODE)) {
      return fail('refused', `${p.name} cannot be jailed by a player (${EXEMPT_NODE}).`);
    }
    let move: Move = NOTHING;
    const done = await queue.run(p.uuid, async (): Promise<Result<Jailing>> => {
      const cell = jails.get(name);
      if (!cell) return fail('not-found', `There is no jail named "${name}"${jails.size ? ` (jails: ${[...jails.keys()].join(', ')})` : ''}.`);
      const old = sentences.get(p.uuid);
      if (old && !expired(old)) return fail('already-in-state', `${p.name} is already jailed in ${old.jail}.`);
      if (old) await release(old, null, false);
      const now = clock.now();
      const here = platform.location(p.uuid);
      const s: SentenceRow = {
        uuid: p.uuid,
        jail: name,
        reason: r.reason ?? null,
        actor: actorName(actor),
        issuedAt: now.toISOString(),
        durationSeconds: r.durationSeconds ?? null,
        expiresAt: r.durationSeconds === undefined ? null : new Date(now.getTime() + r.durationSeconds * 1000).toISOString(),
        returnTo: here ? { ...here } : null,
      };
      await store.insertSentence(s);
      sentences.set(p.uuid, s);
      schedule(s);
      const silent = r.silent ?? false;
      await audit.record({
        actor,
        action: 'moderation.jail',
        target: p.uuid,
        details: { jail: name, reason: s.reason, 'duration-seconds': s.durationSeconds, silent },
      });
      events.emit('moderation.player-jail', {
        ...playerFields(p),
        actor: s.actor,
        reason: s.reason,
        'duration-seconds': s.durationSeconds,
        'expires-at': s.expiresAt,
        silent,
        jail: name,
      });
      announce(`${p.name} was jailed in ${name} by ${s.actor} ${term(s)}${because(s)}`, silent);
      if (platform.player(p.uuid)) {
        tell(p.uuid, `You have been jailed in ${name} by ${s.actor} ${term(s)}${because(s)}`);
        move = () => sendToJail(p.uuid);
      }
      return ok(render(s));
    });
    await move();
    return done;
  }

  async function unjail(uuid: string, options: { silent?: boolean }, actor: Actor): Promise<Result<Jailing>> {
    const who = await known(uuid);
    if (!who.ok) return who;
    const p: KnownPlayer = who.value;
    let move: Move = NOTHING;
    const done = await queue.run(p.uuid, async (): Promise<Result<Jailing>> => {
      const s = sentenceOf(p.uuid);
      const out = s && (await release(s, actor, options.silent ?? false));
      if (!s || !out) return fail('already-in-state', `${p.name} is not jailed.`);
      move = out;
      return ok(render(s));
    });
    await move();
    return done;
  }

  async function defineJail(input: string, where: LocationInput, actor: Actor): Promise<Result<JailLocation>> {
    const name = jailName(input);
    const location = toLocation(platform, where, 'location');
    const at = clock.now().toISOString();
    const before = jails.get(name);
    const row: JailRow = { name, location, createdAt: before?.createdAt ?? at, updatedAt: at };
    await store.putJail(row, before !== undefined);
    jails.set(name, row);
    await audit.record({ actor, action: 'moderation.jail-define', target: null, details: { jail: name, location, replaced: before !== undefined } });
    events.emit('moderation.jail-location-define', { jail: name, location: { ...location }, actor: actorName(actor), replaced: before !== undefined });
    if (before) {
      for (const s of sentences.values()) if (s.jail === name && platform.player(s.uuid)) await sendToJail(s.uuid);
    }
    return ok(renderJail(row));
  }

  async function removeJail(input: string, actor: Actor): Promise<Result<JailLocation>> {
    const name = jailName(input);
    const cell = jails.get(name);
    if (!cell) return fail('not-found', `There is no jail named "${name}".`);
    const held = [...sentences.values()].filter((s) => s.jail === name && !expired(s)).length;
    if (held > 0) return fail('refused', `Jail ${name} holds ${held} prisoner${held === 1 ? '' : 's'}: release ${held === 1 ? 'them' : 'them all'} first.`);
    if (!(await store.deleteJail(name))) return fail('not-found', `There is no jail named "${name}".`);
    jails.delete(name);
    await audit.record({ actor, action: 'moderation.jail-remove', target: null, details: { jail: name, location: cell.location } });
    events.emit('moderation.jail-location-remove', { jail: name, location: { ...cell.location }, actor: actorName(actor) });
    return ok(renderJail(cell));
  }

  async function joined(uuid: string): Promise<void> {
    const move = await queue.run(uuid, async (): Promise<Move | undefined> => {
      const pending = await store.takeRelease(uuid);
      if (pending && !sentences.has(uuid)) {
        tell(uuid, pending.expired ? 'Your jail sentence ended while you were away: you are free.' : 'You were released from jail while you were away.', 'green');
        return () => moveOut(uuid, config().releaseTo === 'previous' ? pending.to : null);
      }
      const s = sentences.get(uuid);
      if (!s) return NOTHING;
      if (expired(s)) return release(s, null, false);
      const until = s.expiresAt === null ? 'permanently' : `until ${formatInstant(s.expiresAt)}`;
      tell(uuid, `You are jailed in ${s.jail} ${until}${because(s)}`);
      return () => sendToJail(uuid);
    });
    await move?.();
  }

  // Sentences in force at start: one that ended while the server was down ends at the next turn.
  for (const s of await store.sentences()) {
    sentences.set(s.uuid, s);
    schedule(s);
  }

  return {
    async current(uuid) {
      const id = normalizeUuid(uuid);
      const s = id && sentenceOf(id);
      return s ? render(s) : null;
    },
    jail,
    unjail,
    defineJail,
    removeJail,
    listJails: async () => ok([...jails.values()].sort((a, b) => a.name.localeCompare(b.name)).map(renderJail)),
    sentenceOf,
    jailNamed: (name) => jails.get(name),
    sendToJail,
    joined,
    idle: () => queue.idle(),
  };
}
