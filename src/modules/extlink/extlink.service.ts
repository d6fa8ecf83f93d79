// The account links' published API: a player asks for a one-time code (/link), the platform side
// (or an admin) redeems it for an external account id (a Discord-style snowflake), and the binding
// can be read from both sides and removed. One account per player, one player per account: a new
// link needs the old one removed first (already-exists otherwise).

import { randomInt } from 'node:crypto';
import type { Actor } from '../../core/kernel/actor.ts';
import { actorName } from '../../core/kernel/actor.ts';
import type { AuditService, KnownPlayer, PlayersService } from '../../core/kernel/api.ts';
import type { Clock } from '../../core/kernel/clock.ts';
import type { Db } from '../../core/storage/db.ts';
import type { EventBus } from '../../core/kernel/events.ts';
import { InvalidInput } from '../../core/values/invalid-input.ts';
import { knownPlayer, playerFields } from '../../core/players/known-player.ts';
import { fail, ok, type Result } from '../../core/kernel/result.ts';
import type { ExtlinkConfig } from './extlink.config.ts';
import { SNOWFLAKE_PATTERN, type Binding, type LinkCode } from './extlink.schemas.ts';
import { createExtlinkStore, type LinkRow } from './extlink.store.ts';

/** Letters and digits that cannot be mistaken for one another (no 0/O, 1/I/L). */
export const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const CODE_LENGTH = 8;
const SNOWFLAKE = new RegExp(SNOWFLAKE_PATTERN);
const CODE = new RegExp(`^[${CODE_ALPHABET}]{${CODE_LENGTH}}$`);

export const isSnowflake = (id: string): boolean => SNOWFLAKE.test(id);

export interface ExtlinkService {
  /** The player's binding, or null; not-found for a player the server has never seen. */
  ofPlayer(uuid: string): Promise<Result<Binding | null>>;
  /** The binding of an external account, or null (also for an id that is not a snowflake). */
  ofAccount(id: string): Promise<Result<Binding | null>>;
  /**
   * A new one-time code for the player (replacing any earlier one), valid code-expiry-seconds.
   * already-exists when the player is linked already (they unlink first).
   */
  requestCode(uuid: string): Promise<Result<LinkCode>>;
  /**
   * Redeems a code for an account id (a snowflake, else InvalidInput on `id`): links the code's
   * player to the account and uses the code up (extlink.account-link). not-found for an unknown or
   * expired code; already-exists when the player or the account is linked already.
   */
  redeem(code: string, accountId: string, actor: Actor): Promise<Result<Binding>>;
  /** Removes the player's link (extlink.account-unlink); not-found when they are not linked. */
  unlink(uuid: string, actor: Actor): Promise<Result<Binding>>;
}

export interface ExtlinkDeps {
  db: Db;
  events: EventBus;
  clock: Clock;
  players: Pick<PlayersService, 'get'>;
  audit: Pick<AuditService, 'record'>;
  config: () => ExtlinkConfig;
}

export function createExtlinkService(deps: ExtlinkDeps): ExtlinkService {
  const { events, clock, players, audit, config } = deps;
  const store = createExtlinkStore(deps.db);
  const { db } = store;

  async function nameOf(uuid: string): Promise<string> {
    return (await players.get(uuid))?.name ?? uuid;
  }

  async function render(row: LinkRow, name?: string): Promise<Binding> {
    return { 'player-id': row.uuid, 'player-name': name ?? (await nameOf(row.uuid)), 'account-id': row.accountId, 'linked-at': row.linkedAt };
  }

  const newCode = () => Array.from({ length: CODE_LENGTH }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');

  const notLinked = (p: KnownPlayer) => fail('not-found', `${p.name} is not linked to an external account.`);

  return {
    async ofPlayer(uuid) {
      const who = await knownPlayer(players, uuid);
      if (!who.ok) return who;
      const row = await store.ofPlayer(db, who.value.uuid);
      return ok(row ? await render(row, who.value.name) : null);
    },

    async ofAccount(id) {
      if (!isSnowflake(id)) return ok(null);
      const row = await store.ofAccount(db, id);
      return ok(row ? await render(row) : null);
    },

    async requestCode(uuid) {
      const who = await knownPlayer(players, uuid);
      if (!who.ok) return who;
      const p = who.value;
      const now = clock.now();
      const expiresAt = new Date(now.getTime() + config().codeExpirySeconds * 1000).toISOString();
      return db.transaction().execute(async (tx): Promise<Result<LinkCode>> => {
        const linked = await store.ofPlayer(tx, p.uuid);
        if (linked) return fail('already-exists', `${p.name} is already linked to the account ${linked.accountId}; unlink first.`);
        let code = newCode();
        while (await store.code(tx, code)) code = newCode();
        await store.putCode(tx, { code, uuid: p.uuid, expiresAt }, now.toISOString());
        return ok({ code, 'expires-at': expiresAt });
      });
    },

    async redeem(rawCode, accountId, actor) {
      if (!isSnowflake(accountId)) throw new InvalidInput('id', `"${accountId}" is not an account id: it must be 17-20 digits.`);
      const code = rawCode.trim().toUpperCase();
      if (!CODE.test(code)) throw new InvalidInput('code', `"${rawCode}" is not a link code: it is ${CODE_LENGTH} letters and digits.`);
      const now = clock.now().toISOString();
      const done = await db.transaction().execute(async (tx): Promise<Result<LinkRow>> => {
        const c = await store.code(tx, code);
        if (!c || c.expiresAt <= now) return fail('not-found', `The code ${code} is unknown or has expired; the player asks for a new one with /link.`);
        const mine = await store.ofPlayer(tx, c.uuid);
        if (mine) return fail('already-exists', `${await nameOf(c.uuid)} is already linked to the account ${mine.accountId}; unlink first.`);
        const taken = await store.ofAccount(tx, accountId);
        if (taken) return fail('already-exists', `The account ${accountId} is already linked to ${await nameOf(taken.uuid)}; unlink that first.`);
        const row = { uuid: c.uuid, accountId, linkedAt: now };
        await store.link(tx, row);
        await store.dropCode(tx, code);
        return ok(row);
      });
      if (!done.ok) return done;
      const b = await render(done.value);
      await audit.record({ actor, action: 'extlink.link', target: b['player-id'], details: { 'account-id': accountId } });
      events.emit('extlink.account-link', { 'player-id': b['player-id'], 'player-name': b['player-name'], 'account-id': accountId, actor: actorName(actor) });
      return ok(b);
    },

    async unlink(uuid, actor) {
      const who = await knownPlayer(players, uuid);
      if (!who.ok) return who;
      const p = who.value;
      const before = await db.transaction().execute(async (tx) => {
        const row = await store.ofPlayer(tx, p.uuid);
        return row && (await store.unlink(tx, p.uuid)) ? row : undefined;
      });
      if (!before) return notLinked(p);
      await audit.record({ actor, action: 'extlink.unlink', target: p.uuid, details: { 'account-id': before.accountId } });
      events.emit('extlink.account-unlink', { ...playerFields(p), 'account-id': before.accountId, actor: actorName(actor) });
      return ok(await render(before, p.name));
    },
  };
}
