// Teleport requests: /tpa (the sender asks to go to the target) and /tpahere (the sender asks the
// target to come). Requests live in memory only: each waits at most request-expiry-seconds, and a
// player leaving the game drops every request they sent or received, so none outlives a restart.
// A player may have requests out to several players and from several players at once; a new
// request to the same player replaces the one before. On acceptance the player who moves goes
// through the teleport module's service (warm-up, back location, gates) to where the other player
// stands at that moment. Both players are told of every outcome.

import type { CoreApi, KnownPlayer, PlayersService } from '../../core/kernel/api.ts';
import type { Clock } from '../../core/kernel/clock.ts';
import type { EventBus } from '../../core/kernel/events.ts';
import { InvalidInput } from '../../core/values/invalid-input.ts';
import { knownPlayer, playerFields } from '../../core/players/known-player.ts';
import { fail, failureFor, ok, type Result } from '../../core/kernel/result.ts';
import { duration } from '../../core/messages/catalogue.ts';
import type { Messages } from '../../core/messages/messages.ts';
import type { ScheduledTask, Scheduler } from '../../core/kernel/scheduler.ts';
import { normalizeUuid } from '../../core/players/uuid.ts';
import type { GamePlatform, OnlinePlayer } from '../../platform/platform.ts';
import type { TpaConfig } from './tpa.config.ts';
import type { CancelReason } from './tpa.events.ts';
import { msg } from './tpa.messages.ts';
import type { RequestKind, TeleportRequest, TeleportRequestList } from './tpa.schemas.ts';

/** How the move of an accepted request ended: the teleport service's result. */
type Moved = Awaited<ReturnType<CoreApi['teleport']['teleport']>>;

export interface Accepted {
  request: TeleportRequest;
  /**
   * The move of the player who goes (the sender of a tpa, the target of a tpahere), settled after
   * its warm-up; both players are told how it ended.
   */
  teleport: Promise<Moved>;
}

export interface TpaService {
  /** Sends a request; declined with player-offline (either player) or refused (to oneself). */
  send(sender: string, target: string, kind: RequestKind): Result<TeleportRequest>;
  /**
   * The target accepts the request from `sender` (left out: the newest they received): it ends at
   * once and the teleport starts (see Accepted). Declined with not-found when there is no such request.
   */
  accept(target: string, sender?: string): Result<Accepted>;
  /** The target denies the request from `sender` (left out: the newest); not-found when none. */
  deny(target: string, sender?: string): Result<TeleportRequest>;
  /** The sender cancels their request to `target` (left out: all of theirs); not-found when none. */
  cancel(sender: string, target?: string): Result<TeleportRequest[]>;
  /** A player's requests, incoming and outgoing, newest first; not-found for a player never seen. */
  requests(uuid: string): Promise<Result<TeleportRequestList>>;
  /** Drops every request (the module stops); nothing is told. */
  stop(): void;
}

export interface TpaDeps {
  platform: GamePlatform;
  /** What the players are told, each in their language. */
  messages: Pick<Messages, 'tell'>;
  events: EventBus;
  scheduler: Scheduler;
  clock: Clock;
  players: Pick<PlayersService, 'get'>;
  teleport: Pick<CoreApi['teleport'], 'teleport'>;
  config: () => TpaConfig;
}

interface Pending {
  sender: OnlinePlayer;
  target: OnlinePlayer;
  kind: RequestKind;
  sentAt: Date;
  expiresAt: Date;
  task: ScheduledTask;
}

export function createTpaService(deps: TpaDeps): TpaService {
  const { platform, messages, events, scheduler, clock, players, teleport, config } = deps;
  /** Keyed by `<sender>><target>`: one request per pair. Map order is the order sent. */
  const pending = new Map<string, Pending>();
  const keyOf = (sender: string, target: string) => `${sender}>${target}`;

  const answer = (p: Pending): TeleportRequest => ({
    'sender-id': p.sender.uuid,
    'sender-name': p.sender.name,
    'target-id': p.target.uuid,
    'target-name': p.target.name,
    kind: p.kind,
    'sent-at': p.sentAt.toISOString(),
    'expires-at': p.expiresAt.toISOString(),
  });
  const about = (p: Pending) => ({ ...playerFields(p.sender), 'target-id': p.target.uuid, 'target-name': p.target.name, kind: p.kind });

  function drop(p: Pending): void {
    p.task.cancel();
    pending.delete(keyOf(p.sender.uuid, p.target.uuid));
  }

  function idOf(uuid: string, field: string): string {
    const id = normalizeUuid(uuid);
    if (!id) throw new InvalidInput(field, `"${uuid}" is not a player uuid.`);
    return id;
  }

  const incoming = (target: string) => [...pending.values()].filter((p) => p.target.uuid === target).reverse();
  const outgoing = (sender: string) => [...pending.values()].filter((p) => p.sender.uuid === sender).reverse();

  /** The request `target` received from `sender`, or the newest they received. */
  function received(target: string, sender: string | undefined): Result<Pending> {
    const p = sender === undefined ? incoming(target)[0] : pending.get(keyOf(sender, target));
    if (p) return ok(p);
    if (sender === undefined) return fail('not-found', 'You have no pending teleport request.', { you: msg('tpa.none-received') });
    const name = platform.player(sender)?.name ?? sender;
    return fail('not-found', `You have no pending teleport request from ${name}.`, { you: msg('tpa.none-from', { player: name }) });
  }

  function cancelled(p: Pending, reason: CancelReason): void {
    drop(p);
    events.emit('teleport.request-cancel', { ...about(p), reason });
  }

  function expire(p: Pending): void {
    if (pending.get(keyOf(p.sender.uuid, p.target.uuid)) !== p) return;
    pending.delete(keyOf(p.sender.uuid, p.target.uuid));
    events.emit('teleport.request-expire', about(p));
    messages.tell(p.sender.uuid, msg('tpa.expired-yours', { player: p.target.name }));
    messages.tell(p.target.uuid, msg('tpa.expired-theirs', { player: p.sender.name }));
  }

  /** The accepted request's move: the player who moves goes to where the other stands now. */
  async function travel(p: Pending): Promise<Moved> {
    const [mover, host] = p.kind === 'tpa' ? [p.sender, p.target] : [p.target, p.sender];
    const to = platform.location(host.uuid);
    const r = to ? await teleport.teleport(mover.uuid, to, { cause: p.kind }) : fail('player-offline', `${host.name} is not online.`);
    if (!r.ok) {
      // The teleport's own words for the mover when it has them, else its sentence.
      const words = failureFor(r, mover.uuid);
      if (words) messages.tell(mover.uuid, words);
      else platform.sendMessage(mover.uuid, { text: r.message, color: 'red' });
      messages.tell(host.uuid, msg('tpa.not-moved', { player: mover.name }));
      return r;
    }
    messages.tell(mover.uuid, msg('tpa.moved', { player: host.name }));
    messages.tell(host.uuid, msg('tpa.came', { player: mover.name }));
    return r;
  }

  const onQuit = ({ player }: { player: OnlinePlayer }): void => {
    for (const p of [...pending.values()]) {
      if (p.sender.uuid !== player.uuid && p.target.uuid !== player.uuid) continue;
      cancelled(p, 'quit');
      const other = p.sender.uuid === player.uuid ? p.target : p.sender;
      messages.tell(other.uuid, msg(p.sender.uuid === player.uuid ? 'tpa.dropped-theirs' : 'tpa.dropped-yours', { player: player.name }));
    }
  };
  platform.on('quit', onQuit);

  return {
    send(senderUuid, targetUuid, kind) {
      const s = idOf(senderUuid, 'sender');
      const t = idOf(targetUuid, 'target');
      const sender = platform.player(s);
      if (!sender) return fail('player-offline', `${s} is not online.`);
      const target = platform.player(t);
      if (!target) return fail('player-offline', `${t} is not online.`);
      if (s === t) return fail('refused', 'You cannot send a teleport request to yourself.', { you: msg('tpa.self') });
      const before = pending.get(keyOf(s, t));
      if (before) cancelled(before, 'replaced');
      const wait = config().requestExpirySeconds;
      const sentAt = clock.now();
      const expiresAt = new Date(sentAt.getTime() + wait * 1000);
      const p: Pending = { sender, target, kind, sentAt, expiresAt, task: scheduler.after(wait * 1000, () => expire(p)) };
      pending.set(keyOf(s, t), p);
      events.emit('teleport.request-send', { ...about(p), 'expires-at': expiresAt.toISOString() });
      messages.tell(target.uuid, msg(kind === 'tpa' ? 'tpa.asks-to-come' : 'tpa.asks-you', { player: sender.name }));
      messages.tell(target.uuid, msg('tpa.buttons', { player: sender.name, wait: duration(wait) }));
      return ok(answer(p));
    },

    accept(targetUuid, senderUuid) {
      const t = idOf(targetUuid, 'target');
      const found = received(t, senderUuid === undefined ? undefined : idOf(senderUuid, 'sender'));
      if (!found.ok) return found;
      const p = found.value;
      drop(p);
      events.emit('teleport.request-accept', about(p));
      messages.tell(p.sender.uuid, msg('tpa.accepted-yours', { player: p.target.name }));
      return ok({ request: answer(p), teleport: travel(p) });
    },

    deny(targetUuid, senderUuid) {
      const t = idOf(targetUuid, 'target');
      const found = received(t, senderUuid === undefined ? undefined : idOf(senderUuid, 'sender'));
      if (!found.ok) return found;
      const p = found.value;
      drop(p);
      events.emit('teleport.request-deny', about(p));
      messages.tell(p.sender.uuid, msg('tpa.denied-yours', { player: p.target.name }));
      return ok(answer(p));
    },

    cancel(senderUuid, targetUuid) {
      const s = idOf(senderUuid, 'sender');
      const which = targetUuid === undefined ? outgoing(s) : [pending.get(keyOf(s, idOf(targetUuid, 'target')))].filter((p) => p !== undefined);
      if (which.length === 0) {
        if (targetUuid === undefined) return fail('not-found', 'You have no pending teleport request.', { you: msg('tpa.none-sent') });
        const name = platform.player(targetUuid)?.name ?? targetUuid;
        return fail('not-found', `You have no pending teleport request to ${name}.`, { you: msg('tpa.none-to', { player: name }) });
      }
      for (const p of which) {
        cancelled(p, 'cancelled');
        messages.tell(p.target.uuid, msg('tpa.cancelled-theirs', { player: p.sender.name }));
      }
      return ok(which.map(answer));
    },

    async requests(uuid) {
      const who: Result<KnownPlayer> = await knownPlayer(players, uuid);
      if (!who.ok) return who;
      const id = who.value.uuid;
      return ok({ incoming: incoming(id).map(answer), outgoing: outgoing(id).map(answer) });
    },

    stop() {
      for (const p of [...pending.values()]) drop(p);
      platform.off('quit', onQuit);
    },
  };
}
