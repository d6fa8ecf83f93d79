// The skins' published API: the skin a player chose (an account's skin, fetched from the game's
// account service and kept), applied at once when they are online and at every join; cleared, they
// wear their own again.

import type { Actor } from '../../core/kernel/actor.ts';
import type { AuditService, PlayersService } from '../../core/kernel/api.ts';
import type { Clock } from '../../core/kernel/clock.ts';
import type { EventBus } from '../../core/kernel/events.ts';
import { InvalidInput } from '../../core/values/invalid-input.ts';
import { knownPlayer, playerFields } from '../../core/players/known-player.ts';
import { fail, ok, type Result } from '../../core/kernel/result.ts';
import type { Skin } from '../../platform/entities.ts';
import { skinProblem, skinTextureUrl } from '../../platform/entity-registry.ts';
import type { GamePlatform } from '../../platform/platform.ts';
import type { Lookup } from './skins.account-service.ts';
import type { SkinsConfig } from './skins.config.ts';
import { ACCOUNT_PATTERN, type ChosenSkin } from './skins.schemas.ts';
import type { Db } from '../../core/storage/db.ts';
import { createSkinsStore, type ChoiceRow, type TextureRow } from './skins.store.ts';

export interface SkinsService {
  /** The skin a player chose; not-found when none (they wear their own). */
  get(uuid: string): Promise<Result<ChosenSkin>>;
  /**
   * Gives a player an account's skin: the stored one when fetched less than refresh-hours ago, else
   * fetched from the account service (the stored one when the service cannot be reached). not-found
   * when no account has that name; failed when the service cannot be reached and nothing is stored;
   * already-in-state when they wear that account's skin already. Online players change at once.
   */
  choose(uuid: string, account: string, actor: Actor): Promise<Result<ChosenSkin>>;
  /** Gives a player their own skin back; not-found when they chose none. Answers the skin they wore. */
  clear(uuid: string, actor: Actor): Promise<Result<ChosenSkin>>;
  /** Puts a joining player's chosen skin on them. */
  joined(uuid: string): Promise<void>;
  /**
   * An account's skin without giving it to anyone (for NPCs): stored and fresh, fetched, or stored
   * when the service cannot be reached; not-found and failed as for `choose`.
   */
  accountSkin(account: string): Promise<Result<AccountSkin>>;
}

/** An account's skin as the account service hands it out, with the account's own spelling and id. */
export interface AccountSkin {
  account: string;
  accountId: string;
  skin: Skin;
}

export interface SkinsDeps {
  db: Db;
  events: EventBus;
  clock: Clock;
  players: Pick<PlayersService, 'get'>;
  audit: Pick<AuditService, 'record'>;
  platform: Pick<GamePlatform, 'setSkin' | 'player'>;
  config: () => SkinsConfig;
  lookUp: (name: string, config: SkinsConfig) => Promise<Lookup>;
}

const ACCOUNT = new RegExp(ACCOUNT_PATTERN);
const skinOf = (t: TextureRow): Skin => ({ value: t.value, ...(t.signature !== null ? { signature: t.signature } : {}) });

export function createSkinsService(deps: SkinsDeps): SkinsService {
  const { events, clock, players, audit, platform, config, lookUp } = deps;
  const store = createSkinsStore(deps.db);

  const answer = (p: { uuid: string; name: string }, c: ChoiceRow): ChosenSkin => ({
    ...playerFields(p),
    account: c.account,
    'account-id': c.accountId,
    'texture-url': skinTextureUrl(skinOf(c)) ?? '',
    value: c.value,
    signature: c.signature,
    'chosen-at': c.chosenAt,
    'fetched-at': c.fetchedAt,
  });

  /** The account's skin: stored and fresh, fetched, or stored and stale when the service is down. */
  async function textureOf(account: string): Promise<Result<TextureRow>> {
    const stored = await store.texture(account);
    const cfg = config();
    const fresh = stored && clock.now().getTime() - Date.parse(stored.fetchedAt) < cfg.refreshHours * 3_600_000;
    if (stored && fresh) return ok(stored);
    const found = await lookUp(account, cfg);
    if (found.kind === 'no-account') return fail('not-found', `No game account is named ${account}.`);
    if (found.kind === 'unreachable') {
      if (stored) return ok(stored);
      return fail('failed', `The account service ${found.reason}, and no skin of ${account} is stored yet. Try again later.`);
    }
    const problem = skinProblem(found.skin);
    if (problem && stored) return ok(stored);
    if (problem) return fail('failed', `The account service answered a skin the game cannot use: ${problem}`);
    const row: TextureRow = {
      account: found.account,
      accountId: found.accountId,
      value: found.skin.value,
      signature: found.skin.signature ?? null,
      fetchedAt: clock.now().toISOString(),
    };
    await store.keepTexture(row);
    return ok(row);
  }

  function apply(uuid: string, skin: Skin | undefined): void {
    if (platform.player(uuid)) platform.setSkin(uuid, skin);
  }

  return {
    async get(uuid) {
      const p = await knownPlayer(players, uuid);
      if (!p.ok) return p;
      const c = await store.choice(p.value.uuid);
      return c ? ok(answer(p.value, c)) : fail('not-found', `${p.value.name} has not chosen a skin.`);
    },

    async choose(uuid, account, actor) {
      if (!ACCOUNT.test(account)) throw new InvalidInput('account', `"${account}" is not a game account name: 1-16 of letters, digits and _.`);
      const p = await knownPlayer(players, uuid);
      if (!p.ok) return p;
      const before = await store.choice(p.value.uuid);
      if (before && before.account.toLowerCase() === account.toLowerCase()) {
        return fail('already-in-state', `${p.value.name} wears the skin of ${before.account} already.`);
      }
      const t = await textureOf(account);
      if (!t.ok) return t;
      const at = clock.now().toISOString();
      await store.choose(p.value.uuid, t.value.account, at);
      apply(p.value.uuid, skinOf(t.value));
      await audit.record({ actor, action: 'skin.set', target: p.value.uuid, details: { account: t.value.account } });
      const chosen = answer(p.value, { ...t.value, chosenAt: at });
      events.emit('skin.change', {
        ...playerFields(p.value),
        account: t.value.account,
        'previous-account': before?.account ?? null,
        'texture-url': chosen['texture-url'],
      });
      return ok(chosen);
    },

    async clear(uuid, actor) {
      const p = await knownPlayer(players, uuid);
      if (!p.ok) return p;
      const before = await store.choice(p.value.uuid);
      if (!before || !(await store.clear(p.value.uuid))) return fail('not-found', `${p.value.name} has not chosen a skin.`);
      apply(p.value.uuid, undefined);
      await audit.record({ actor, action: 'skin.clear', target: p.value.uuid, details: { account: before.account } });
      events.emit('skin.change', { ...playerFields(p.value), account: null, 'previous-account': before.account, 'texture-url': null });
      return ok(answer(p.value, before));
    },

    async joined(uuid) {
      const c = await store.choice(uuid);
      if (c) apply(uuid, skinOf(c));
    },

    async accountSkin(account) {
      if (!ACCOUNT.test(account)) throw new InvalidInput('skin', `"${account}" is not a game account name: 1-16 of letters, digits and _.`);
      const t = await textureOf(account);
      return t.ok ? ok({ account: t.value.account, accountId: t.value.accountId, skin: skinOf(t.value) }) : t;
    },
  };
}
