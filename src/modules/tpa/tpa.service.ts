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
import { fail, ok, type Result } from '../../core/kernel/result.ts';
import type { ScheduledTask, Scheduler } from '../../core/kernel/scheduler.ts';
import { normalizeUuid } from '../../core/players/uuid.ts';
import type { GamePlatform, OnlinePlayer, Text } from '../../platform/platform.ts';
import type { TpaConfig } from './tpa.config.ts';
import type { CancelReason } from './tpa.events.ts';
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

const seconds = (n: number): string => `${n} second${n === 1 ? '' : 's'}`;
const gold = (text: string): Text => ({ text, color: 'gold' });
const red = (text: string): Text => ({ text, color: 'red' });

/** A word the player can click to run a command (and hover to see it). */
function button(label: string, command: string, color: string): Text {
  return { text: `[${label}]`, color, bold: true, clickEvent: { action: 'run_command', value: command }, hoverEvent: { action: 'show_text', contents: command } };
}

export function createTpaService(deps: TpaDeps): TpaService {
  const { platform, events, scheduler, clock, players, teleport, config } = deps;
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
    if (sender === undefined) return fail('not-found', 'You have no pending teleport request.');
    const name = platform.player(sender)?.name ?? sender;
    return fail('not-found', `You have no pending teleport request from ${name}.`);
  }

  function cancelled(p: Pending, reason: CancelReason): void {
    drop(p);
    events.emit('teleport.request-cancel', { ...about(p), reason });
  }

  function expire(p: Pending): void {
    if (pending.get(keyOf(p.sender.uuid, p.target.uuid)) !== p) return;
    pending.delete(keyOf(p.sender.uuid, p.target.uuid));
    events.emit('teleport.request-expire', about(p));
    platform.sendMessage(p.sender.uuid, red(`Your teleport request to ${p.target.name} has expired.`));
    platform.sendMessage(p.target.uuid, red(`The teleport request from ${p.sender.name} has expired.`));
  }

  /** The accepted request's move: the player who moves goes to where the other stands now. */
  async function travel(p: Pending): Promise<Moved> {
    const [mover, host] = p.kind === 'tpa' ? [p.sender, p.target] : [p.target, p.sender];
    const to = platform.location(host.uuid);
    const r = to ? await teleport.teleport(mover.uuid, to, { cause: p.kind }) : fail('player-offline', `${host.name} is not online.`);
    if (!r.ok) {
      platform.sendMessage(mover.uuid, red(r.message));
      platform.sendMessage(host.uuid, red(`${mover.name} was not teleported to you.`));
      return r;
    }
    platform.sendMessage(mover.uuid, gold(`Teleported to ${host.name}.`));
    platform.sendMessage(host.uuid, gold(`${mover.name} teleported to you.`));
    return r;
  }

  const onQuit = ({ player }: { player: OnlinePlayer }): void => {
    for (const p of [...pending.values()]) {
      if (p.sender.uuid !== player.uuid && p.target.uuid !== player.uuid) continue;
      cancelled(p, 'quit');
      const other = p.sender.uuid === player.uuid ? p.target : p.sender;
      const whose = p.sender.uuid === player.uuid ? `The teleport request from ${player.name}` : `Your teleport request to ${player.name}`;
      platform.sendMessage(other.uuid, red(`${whose} was dropped: ${player.name} left the game.`));
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
      if (s === t) return fail('refused', 'You cannot send a teleport request to yourself.');
      const before = pending.get(keyOf(s, t));
      if (before) cancelled(before, 'replaced');
      const wait = config().requestExpirySeconds;
      const sentAt = clock.now();
      const expiresAt = new Date(sentAt.getTime() + wait * 1000);
      const p: Pending = { sender, target, kind, sentAt, expiresAt, task: scheduler.after(wait * 1000, () => expire(p)) };
      pending.set(keyOf(s, t), p);
      events.emit('teleport.request-send', { ...about(p), 'expires-at': expiresAt.toISOString() });
      const asks = kind === 'tpa' ? `${sender.name} asks to teleport to you.` : `${sender.name} asks you to teleport to them.`;
      platform.sendMessage(target.uuid, gold(asks));
      platform.sendMessage(target.uuid, {
        text: '',
        extra: [
          button('Accept', `/tpaccept ${sender.name}`, 'green'),
          ' ',
          button('Deny', `/tpdeny ${sender.name}`, 'red'),
          { text: ` (or /tpaccept, /tpdeny; expires in ${seconds(wait)})`, color: 'gray' },
        ],
      });
      return ok(answer(p));
    },

    accept(targetUuid, senderUuid) {
      const t = idOf(targetUuid, 'target');
      const found = received(t, senderUuid === undefined ? undefined : idOf(senderUuid, 'sender'));
      if (!found.ok) return found;
      const p = found.value;
      drop(p);
      events.emit('teleport.request-accept', about(p));
      platform.sendMessage(p.sender.uuid, gold(`${p.target.name} accepted your teleport request.`));
      return ok({ request: answer(p), teleport: travel(p) });
    },

    deny(targetUuid, senderUuid) {
      const t = idOf(targetUuid, 'target');
      const found = received(t, senderUuid === undefined ? undefined : idOf(senderUuid, 'sender'));
      if (!found.ok) return found;
      const p = found.value;
      drop(p);
      events.emit('teleport.request-deny', about(p));
      platform.sendMessage(p.sender.uuid, red(`${p.target.name} denied your teleport request.`));
      return ok(answer(p));
    },

    cancel(senderUuid, targetUuid) {
      const s = idOf(senderUuid, 'sender');
      const which = targetUuid === undefined ? outgoing(s) : [pending.get(keyOf(s, idOf(targetUuid, 'target')))].filter((p) => p !== undefined);
      if (which.length === 0) {
        const to = targetUuid === undefined ? '' : ` to ${platform.player(targetUuid)?.name ?? targetUuid}`;
        return fail('not-found', `You have no pending teleport request${to}.`);
      }
      for (const p of which) {
        cancelled(p, 'cancelled');
        platform.sendMessage(p.target.uuid, red(`${p.sender.name} cancelled their teleport request.`));
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
