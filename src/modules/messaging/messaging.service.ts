// Messaging's published API: private messages (with the last partner for /r), ignore lists,
// mailboxes and /helpop. Private messages are not stored; ignores and mail are.
// Rules shared by the commands and the routes:
// - a private message needs the recipient online and visible to the sender (a vanished player
//   the sender cannot see is "not online"); a muted sender is refused (moderation's mute), and so
//   is a sender the recipient ignores;
// - mail sent as a player follows the same mute and ignore rules, but waits for an offline
//   recipient; mail from the server (no sender) is never refused by mute or ignore.

import type { Actor } from '../../core/kernel/actor.ts';
import type { AuditService, KnownPlayer, PermissionsService, PlayersService } from '../../core/kernel/api.ts';
import type { OptionalServicesOf } from '../../core/kernel/module.ts';
import type { Clock } from '../../core/kernel/clock.ts';
import type { EventBus } from '../../core/kernel/events.ts';
import { InvalidInput } from '../../core/values/invalid-input.ts';
import { knownPlayer, playerFields } from '../../core/players/known-player.ts';
import { fail, ok, type Result } from '../../core/kernel/result.ts';
import type { Db } from '../../core/storage/db.ts';
import type { Logger } from '../../core/log/log.ts';
import type { GamePlatform } from '../../platform/platform.ts';
import { MAX_BODY, type IgnoreList, type Mail, type Mailbox, type PrivateMessage } from './messaging.schemas.ts';
import { createMessagingStore, type MailRow } from './messaging.store.ts';

/** Staff who are shown /helpop requests. */
export const HELPOP_RECEIVE_NODE = 'core.messaging.helpop.receive';
/** Players holding it cannot be ignored (staff): their messages and mail always arrive. */
export const IGNORE_EXEMPT_NODE = 'core.messaging.ignore.exempt';

export interface MessagingService {
  /**
   * A private message from `from` to `to` (uuids). player-offline when `to` is offline or hidden
   * from the sender; refused when the sender is muted, ignored by the recipient, or is the recipient.
   */
  message(from: string, to: string, body: string, actor: Actor): Promise<Result<PrivateMessage>>;
  /** /r: a private message to the last player the sender exchanged one with. */
  reply(from: string, body: string, actor: Actor): Promise<Result<PrivateMessage>>;
  /** The player `uuid` last exchanged a private message with, while the server runs. */
  lastPartner(uuid: string): string | undefined;
  /** Puts a mail in a player's mailbox; `from` null sends it as the server (no mute or ignore applies). */
  sendMail(to: string, body: string, from: string | null, actor: Actor): Promise<Result<Mail>>;
  /** The mailbox, oldest first, with the unread count (reading it this way marks nothing read). */
  mailbox(uuid: string): Promise<Result<Mailbox>>;
  /** /mail read: the mailbox as it was, after which every mail in it counts as read. */
  readMail(uuid: string, actor: Actor): Promise<Result<Mailbox>>;
  /** /mail clear: empties the mailbox; answers how many mails were removed. */
  clearMail(uuid: string, actor: Actor): Promise<Result<{ cleared: number }>>;
  /** Who a player ignores. */
  ignores(uuid: string): Promise<Result<IgnoreList>>;
  /** /ignore: ignores `target`, or stops ignoring them when already ignored; answers the new state. */
  toggleIgnore(uuid: string, target: string, actor: Actor): Promise<Result<{ ignoring: boolean; target: KnownPlayer }>>;
  /** /helpop: shows the text to online staff and the console; answers how many staff saw it. */
  helpop(uuid: string, body: string): Promise<Result<{ staffTold: number }>>;
}

export interface MessagingDeps {
  db: Db;
  events: EventBus;
  clock: Clock;
  players: PlayersService;
  permissions: Pick<PermissionsService, 'playerHas'>;
  audit: Pick<AuditService, 'record'>;
  platform: GamePlatform;
  log: Pick<Logger, 'error'>;
  /** Read at each call: moderation (mutes) and vanish are used while they are switched on. */
  optional: OptionalServicesOf<'moderation' | 'vanish'>;
}

export function createMessagingService(deps: MessagingDeps): MessagingService {
  const { events, clock, players, permissions, audit, platform, log, optional } = deps;
  const store = createMessagingStore(deps.db);
  const partners = new Map<string, string>();

  const known = (uuid: string, field = 'uuid') => knownPlayer(players, uuid, field);
  const now = () => clock.now().toISOString();

  function checkBody(body: string): string {
    const text = body.trim();
    if (text === '') throw new InvalidInput('body', 'The message is empty.');
    if (text.length > MAX_BODY) throw new InvalidInput('body', `The message is longer than ${MAX_BODY} characters.`);
    return text;
  }

  /** The refusal of a muted sender, as moderation words it, or undefined. */
  function muteRefusal(p: KnownPlayer): Result<never> | undefined {
    const mute = optional.moderation?.muteOf(p.uuid);
    if (!mute) return undefined;
    const until = mute['expires-at'] ? ` until ${mute['expires-at']}` : '';
    return fail('refused', `${p.name} is muted${until} and cannot send private messages or mail.`);
  }

  /** Whether `viewer` sees `target`: the platform's rule when `viewer` is online, else vanish alone. */
  function sees(viewer: string, target: string): boolean {
    if (platform.player(viewer)) return platform.canSee(viewer, target);
    return !(optional.vanish?.isVanished(target) ?? false);
  }

  /** Whether `uuid` ignores `other` (never true of a player holding the exempt node). */
  async function ignoring(uuid: string, other: string): Promise<boolean> {
    return !permissions.playerHas(other, IGNORE_EXEMPT_NODE) && store.isIgnoring(uuid, other);
  }

  async function deliver(from: KnownPlayer, toUuid: string, text: string, actor: Actor): Promise<Result<PrivateMessage>> {
    const online = platform.player(toUuid);
    const to = online ? { uuid: online.uuid, name: online.name } : await players.get(toUuid);
    if (!online || !sees(from.uuid, toUuid)) return fail('player-offline', `${to?.name ?? 'That player'} is not online.`);
    if (to!.uuid === from.uuid) return fail('refused', 'You cannot send a private message to yourself.');
    const muted = muteRefusal(from);
    if (muted) return muted;
    if (await ignoring(online.uuid, from.uuid)) return fail('refused', `${online.name} is ignoring ${from.name}.`);
    platform.sendMessage(online.uuid, { text: `[${from.name} -> me] `, color: 'gold', extra: [{ text, color: 'white' }] });
    platform.sendMessage(from.uuid, { text: `[me -> ${online.name}] `, color: 'gold', extra: [{ text, color: 'white' }] });
    partners.set(from.uuid, online.uuid);
    partners.set(online.uuid, from.uuid);
    if (actor.kind === 'rest') {
      await audit.record({ actor, action: 'messaging.message', target: online.uuid, details: { from: from.uuid } });
    }
    events.emit('messaging.private-message', { ...playerFields(from), 'recipient-id': online.uuid, 'recipient-name': online.name, body: text });
    return ok({ 'from-id': from.uuid, 'from-name': from.name, 'to-id': online.uuid, 'to-name': online.name, body: text, 'sent-at': now() });
  }

  const renderMail = (m: MailRow): Mail => ({ id: m.id, 'from-id': m.sender, 'from-name': m.senderName, body: m.body, 'sent-at': m.sentAt, read: m.read });

  async function box(p: KnownPlayer): Promise<Mailbox> {
    const mail = (await store.mailbox(p.uuid)).map(renderMail);
    return { ...playerFields(p), mail, count: mail.length, unread: mail.filter((m) => !m.read).length };
  }

  // Unread mail is told at join.
  platform.on('join', ({ player }) => {
    store
      .mailbox(player.uuid)
      .then((mail) => {
        const unread = mail.filter((m) => !m.read).length;
        if (unread > 0) {
          platform.sendMessage(player.uuid, { text: `You have ${unread} unread mail${unread === 1 ? '' : 's'}. Type /mail read to read ${unread === 1 ? 'it' : 'them'}.`, color: 'gold' });
        }
      })
      .catch((e: unknown) => log.error(`could not read the mailbox of ${player.name} at join`, e));
  });

  return {
    async message(fromUuid, toUuid, body, actor) {
      const text = checkBody(body);
      const from = await known(fromUuid, 'from');
      if (!from.ok) return from;
      const to = await known(toUuid, 'to');
      if (!to.ok) return to;
      return deliver(from.value, to.value.uuid, text, actor);
    },

    async reply(fromUuid, body, actor) {
      const text = checkBody(body);
      const from = await known(fromUuid);
      if (!from.ok) return from;
      const partner = partners.get(from.value.uuid);
      if (!partner) return fail('not-found', 'You have nobody to reply to.');
      return deliver(from.value, partner, text, actor);
    },

    lastPartner: (uuid) => partners.get(uuid),

    async sendMail(toUuid, body, fromUuid, actor) {
      const text = checkBody(body);
      const to = await known(toUuid);
      if (!to.ok) return to;
      let from: KnownPlayer | null = null;
      if (fromUuid !== null) {
        const f = await known(fromUuid, 'from');
        if (!f.ok) return f;
        from = f.value;
        if (from.uuid === to.value.uuid) return fail('refused', 'You cannot send mail to yourself.');
        const muted = muteRefusal(from);
        if (muted) return muted;
        if (await ignoring(to.value.uuid, from.uuid)) return fail('refused', `${to.value.name} is ignoring ${from.name}.`);
      }
      const row = await store.addMail(to.value.uuid, { sender: from?.uuid ?? null, senderName: from?.name ?? null, body: text, sentAt: now() });
      await audit.record({ actor, action: 'messaging.mail-send', target: to.value.uuid, details: { mail: row.id, from: from?.uuid ?? null } });
      const online = platform.player(to.value.uuid) !== undefined;
      if (online) {
        platform.sendMessage(to.value.uuid, { text: `You have new mail from ${from?.name ?? 'the server'}. Type /mail read to read it.`, color: 'gold' });
      }
      events.emit('messaging.mail-deliver', {
        ...playerFields(to.value),
        'mail-id': row.id,
        'sender-id': from?.uuid ?? null,
        'sender-name': from?.name ?? null,
        body: text,
        'recipient-online': online,
      });
      return ok(renderMail(row));
    },

    async mailbox(uuid) {
      const p = await known(uuid);
      return p.ok ? ok(await box(p.value)) : p;
    },

    async readMail(uuid, actor) {
      const p = await known(uuid);
      if (!p.ok) return p;
      const before = await box(p.value);
      if (before.unread > 0) {
        await store.markRead(p.value.uuid);
        await audit.record({ actor, action: 'messaging.mail-read', target: p.value.uuid, details: { read: before.unread } });
      }
      return ok(before);
    },

    async clearMail(uuid, actor) {
      const p = await known(uuid);
      if (!p.ok) return p;
      const cleared = await store.clear(p.value.uuid);
      if (cleared > 0) await audit.record({ actor, action: 'messaging.mail-clear', target: p.value.uuid, details: { cleared } });
      return ok({ cleared });
    },

    async ignores(uuid) {
      const p = await known(uuid);
      if (!p.ok) return p;
      const rows = await store.ignores(p.value.uuid);
      const ignores = [];
      for (const r of rows) {
        const other = await players.get(r.ignored);
        ignores.push({ 'player-id': r.ignored, 'player-name': other?.name ?? r.ignored, since: r.since });
      }
      return ok({ ...playerFields(p.value), ignores, count: ignores.length });
    },

    async toggleIgnore(uuid, targetUuid, actor) {
      const p = await known(uuid);
      if (!p.ok) return p;
      const target = await known(targetUuid, 'target');
      if (!target.ok) return target;
      if (target.value.uuid === p.value.uuid) return fail('refused', 'You cannot ignore yourself.');
      const removed = await store.removeIgnore(p.value.uuid, target.value.uuid);
      if (!removed && permissions.playerHas(target.value.uuid, IGNORE_EXEMPT_NODE)) {
        return fail('refused', `You cannot ignore ${target.value.name}: they are staff.`);
      }
      if (!removed) await store.addIgnore(p.value.uuid, target.value.uuid, now());
      await audit.record({
        actor,
        action: removed ? 'messaging.unignore' : 'messaging.ignore',
        target: p.value.uuid,
        details: { ignored: target.value.uuid },
      });
      return ok({ ignoring: !removed, target: target.value });
    },

    async helpop(uuid, body) {
      const text = checkBody(body);
      const p = await known(uuid);
      if (!p.ok) return p;
      const line = { text: `[HelpOp] ${p.value.name}: `, color: 'red', extra: [{ text, color: 'white' }] };
      let staffTold = 0;
      for (const staff of platform.onlinePlayers()) {
        if (staff.uuid === p.value.uuid || !permissions.playerHas(staff.uuid, HELPOP_RECEIVE_NODE)) continue;
        platform.sendMessage(staff.uuid, line);
        staffTold++;
      }
      platform.consoleMessage(line);
      events.emit('messaging.help-op', { ...playerFields(p.value), body: text, 'staff-told': staffTold });
      return ok({ staffTold });
    },
  };
}
