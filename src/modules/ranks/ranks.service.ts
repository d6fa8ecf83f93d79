// The ranks' published API: a ladder from ranks.conf that players climb one rung at a time (paying
// each rung's cost once its requirements are met), leave from the top by prestige (back to the
// first rung, one prestige more), or are put on by an admin (no cost, no checks). Each rung grants
// a permission group; a player holds the group of their rung only. Answers are already in the
// rendering of the Remote Access Service.

import { actorName, type Actor } from '../../core/kernel/actor.ts';
import type { AuditService, CoreApi, KnownPlayer, PermissionsService, PlayersService } from '../../core/kernel/api.ts';
import type { Clock } from '../../core/kernel/clock.ts';
import type { EventBus } from '../../core/kernel/events.ts';
import { createKeyedQueue } from '../../core/storage/keyed-queue.ts';
import { knownPlayer, playerFields } from '../../core/players/known-player.ts';
import { InvalidInput } from '../../core/values/invalid-input.ts';
import { normalizeUuid } from '../../core/players/uuid.ts';
import { fail, ok, type Failure, type Result } from '../../core/kernel/result.ts';
import { duration } from '../../core/messages/catalogue.ts';
import { durationText } from '../../core/text/duration.ts';
import type { Money } from '../../core/values/schemas.ts';
import { RANK_NAME_PATTERN, type RanksConfig, type RungConfig } from './ranks.config.ts';
import { msg } from './ranks.messages.ts';
import type { Ladder, RankChange, RankStatus, Rung, Standing } from './ranks.schemas.ts';
import type { RanksStore, StandingRow } from './ranks.store.ts';

export interface RanksService {
  /** The ladder, lowest rung first. */
  ladder(): Result<Ladder>;
  /** A known player's standing (null when the ladder holds nothing for them), the rung above, and whether a rankup would pass now. */
  status(uuid: string): Promise<Result<RankStatus>>;
  /** The status, and what a rankup would meet now when it would not pass (with its words for players). */
  explain(uuid: string): Promise<Result<{ status: RankStatus; blocked?: Failure }>>;
  /**
   * One rung up, paying its cost: player-offline for an offline player; refused when at the top,
   * when a requirement is unmet; insufficient-funds when the cost is not in the wallet; failed when
   * the rung's group is missing from permissions.conf. Nothing is charged unless it succeeds.
   */
  rankup(uuid: string, actor: Actor): Promise<Result<RankChange>>;
  /** From the top rung back to the first, one prestige more, paying prestige-cost; checks as rankup. */
  prestige(uuid: string, actor: Actor): Promise<Result<RankChange>>;
  /** Puts a known player (online or not) on a rung: no cost, no requirement; keeps their prestiges. */
  set(uuid: string, rank: string, actor: Actor): Promise<Result<RankChange>>;
}

export interface RanksDeps {
  store: RanksStore;
  events: EventBus;
  clock: Clock;
  players: Pick<PlayersService, 'get' | 'isOnline'>;
  permissions: Pick<PermissionsService, 'grant' | 'revoke' | 'groupsOf' | 'groupNames'>;
  audit: Pick<AuditService, 'record'>;
  /** Read at each use: `core reload` may change the ladder. */
  config: () => RanksConfig;
  /** Read at call time: the economy module is built before this one. */
  economy: () => CoreApi['economy'];
  /** The playtime service when that module is on, else undefined. */
  playtime: () => CoreApi['playtime'] | undefined;
}

const NAME = new RegExp(RANK_NAME_PATTERN);

export function createRanksService(deps: RanksDeps): RanksService {
  const { store, events, clock, players, permissions, audit, config, economy, playtime } = deps;
  const queue = createKeyedQueue();

  const money = (minor: number): Money => economy().toMoney(minor, config().currency);
  const format = (minor: number) => economy().format(money(minor));
  const groupExists = (group: string) => group === 'default' || permissions.groupNames().includes(group);

  function renderRung(r: RungConfig, i: number): Rung {
    return {
      name: r.name,
      position: i + 1,
      group: r.group,
      'group-exists': groupExists(r.group),
      cost: money(r.costMinor),
      'min-playtime-seconds': r.minPlaytimeSeconds,
      'min-balance': money(r.minBalanceMinor),
    };
  }

  const positionOf = (rank: string) => config().rungs.findIndex((r) => r.name === rank);
  const renderStanding = (s: StandingRow): Standing => {
    const i = positionOf(s.rank);
    return { rank: s.rank, position: i < 0 ? null : i + 1, prestige: s.prestige, since: s.since };
  };

  /** The rung above a standing: undefined at the top; a failure when the standing's rung is gone. */
  function nextOf(p: KnownPlayer, s: StandingRow | undefined): Result<RungConfig | undefined> {
    const rungs = config().rungs;
    if (!s) return ok(rungs[0]);
    const i = positionOf(s.rank);
    if (i < 0) {
      return fail('refused', `The rank ${s.rank} of ${p.name} is no longer on the ladder; an admin can set another with /rank set.`, {
        about: p.uuid,
        you: msg('ranks.off-ladder', { rank: s.rank }),
        other: msg('ranks.off-ladder-other', { rank: s.rank, player: p.name }),
      });
    }
    return ok(rungs[i + 1]);
  }

  async function balanceMinor(uuid: string): Promise<number> {
    const b = await economy().balance(uuid, config().currency);
    if (!b.ok) return 0;
    const m = economy().toMinor(b.value.amount, config().currency);
    return m.ok ? m.minor : 0;
  }

  const offline = (p: KnownPlayer) => fail('player-offline', `${p.name} is not online.`, { about: p.uuid, other: msg('ranks.offline-other', { player: p.name }) });
  const groupMissing = (rung: RungConfig, tail = '') =>
    fail('failed', `The rank ${rung.name} grants the permission group "${rung.group}", which permissions.conf does not define${tail}.`, {
      you: msg('ranks.group-missing', { rank: rung.name, group: rung.group }),
    });
  const atTop = (p: KnownPlayer, rank: string) =>
    fail('refused', `${p.name} is at the top rank, ${rank}; /prestige starts the ladder again.`, {
      about: p.uuid,
      you: msg('ranks.at-top', { rank }),
      other: msg('ranks.at-top-other', { player: p.name, rank }),
    });

  /** What stops `p` from reaching `rung` now (cost included): undefined when nothing does. */
  async function blocker(p: KnownPlayer, rung: RungConfig, costMinor: number): Promise<Failure | undefined> {
    if (!players.isOnline(p.uuid)) return offline(p);
    if (!groupExists(rung.group)) return groupMissing(rung, '; ask an admin');
    if (rung.minPlaytimeSeconds > 0) {
      const pt = playtime();
      if (!pt) return fail('refused', `The rank ${rung.name} needs playtime, but the playtime module is off.`, { you: msg('ranks.playtime-off', { rank: rung.name }) });
      const r = await pt.get(p.uuid);
      const active = r.ok ? r.value['active-seconds'] : 0;
      if (active < rung.minPlaytimeSeconds) {
        const [need, have] = [duration(rung.minPlaytimeSeconds), duration(active)];
        return fail('refused', `The rank ${rung.name} needs ${durationText(rung.minPlaytimeSeconds)} of playtime; ${p.name} has played ${durationText(active)}.`, {
          about: p.uuid,
          you: msg('ranks.needs-playtime', { rank: rung.name, need, have }),
          other: msg('ranks.needs-playtime-other', { player: p.name, rank: rung.name, need, have }),
        });
      }
    }
    const balance = await balanceMinor(p.uuid);
    if (rung.minBalanceMinor > 0 && balance < rung.minBalanceMinor) {
      const [need, have] = [format(rung.minBalanceMinor), format(balance)];
      return fail('refused', `The rank ${rung.name} needs a balance of ${need}; ${p.name} has ${have}.`, {
        about: p.uuid,
        you: msg('ranks.needs-balance', { rank: rung.name, need, have }),
        other: msg('ranks.needs-balance-other', { player: p.name, rank: rung.name, need, have }),
      });
    }
    if (balance < costMinor) {
      const [cost, held] = [format(costMinor), format(balance)];
      return fail('insufficient-funds', `The rank ${rung.name} costs ${cost}; ${p.name} has ${held}.`, {
        about: p.uuid,
        you: msg('ranks.cannot-afford', { rank: rung.name, cost, balance: held }),
        other: msg('ranks.cannot-afford-other', { player: p.name, rank: rung.name, cost, balance: held }),
      });
    }
    return undefined;
  }

  /** Gives the player the group of `rung` and takes the groups of the other rungs. */
  async function syncGroups(p: KnownPlayer, rung: RungConfig, actor: Actor): Promise<void> {
    const ladderGroups = new Set(config().rungs.map((r) => r.group).filter((g) => g !== 'default'));
    for (const g of permissions.groupsOf(p.uuid)) {
      if (g !== rung.group && ladderGroups.has(g)) await permissions.revoke(p.uuid, `group.${g}`, actor);
    }
    if (rung.group !== 'default' && !permissions.groupsOf(p.uuid).includes(rung.group)) await permissions.grant(p.uuid, `group.${rung.group}`, actor);
  }

  /** Charges (when costMinor > 0), writes the standing, moves the groups, audits. */
  async function move(
    p: KnownPlayer,
    before: StandingRow | undefined,
    rung: RungConfig,
    prestige: number,
    costMinor: number,
    actor: Actor,
    action: string,
  ): Promise<Result<RankChange>> {
    if (costMinor > 0) {
      const paid = await economy().withdraw(p.uuid, money(costMinor).amount, config().currency, actor);
      if (!paid.ok) return paid;
    }
    const row: StandingRow = { rank: rung.name, prestige, since: clock.now().toISOString() };
    try {
      await store.put(p.uuid, row);
    } catch (e) {
      if (costMinor > 0) await economy().deposit(p.uuid, money(costMinor).amount, config().currency, actor);
      throw e;
    }
    await syncGroups(p, rung, actor);
    await audit.record({
      actor,
      action,
      target: p.uuid,
      details: { rank: rung.name, 'previous-rank': before?.rank ?? null, prestige, cost: money(costMinor) },
    });
    return ok({ 'previous-rank': before?.rank ?? null, standing: renderStanding(row), paid: money(costMinor) });
  }

  const known = (uuid: string) => knownPlayer(players, uuid);

  async function explain(uuid: string): Promise<Result<{ status: RankStatus; blocked?: Failure }>> {
    const who = await known(uuid);
    if (!who.ok) return who;
    const p = who.value;
    const s = await store.get(p.uuid);
    const next = nextOf(p, s);
    const rung = next.ok ? next.value : undefined;
    let blocked: Failure | undefined;
    if (!next.ok) blocked = next;
    else if (!rung) blocked = atTop(p, s?.rank ?? '');
    else blocked = await blocker(p, rung, rung.costMinor);
    const status: RankStatus = {
      standing: s ? renderStanding(s) : null,
      next: rung ? renderRung(rung, positionOf(rung.name)) : null,
      'can-rank-up': blocked === undefined,
      reason: blocked?.message ?? null,
    };
    return ok(blocked ? { status, blocked } : { status });
  }

  return {
    ladder() {
      const c = config();
      return ok({ ranks: c.rungs.map(renderRung), 'prestige-cost': money(c.prestigeCostMinor), 'max-prestige': c.maxPrestige || null });
    },

    status: async (uuid) => {
      const r = await explain(uuid);
      return r.ok ? ok(r.value.status) : r;
    },

    explain,

    rankup: async (uuid, actor) => {
      // The lookup is queued too: two calls are served in the order they came, also on PostgreSQL,
      // where two lookups on two connections may be answered in either order.
      return queue.run(normalizeUuid(uuid) ?? uuid, async () => {
        const who = await known(uuid);
        if (!who.ok) return who;
        const p = who.value;
        if (!players.isOnline(p.uuid)) return offline(p);
        const before = await store.get(p.uuid);
        const next = nextOf(p, before);
        if (!next.ok) return next;
        const rung = next.value;
        if (!rung) return atTop(p, before?.rank ?? '');
        const blocked = await blocker(p, rung, rung.costMinor);
        if (blocked) return blocked;
        const r = await move(p, before, rung, before?.prestige ?? 0, rung.costMinor, actor, 'rank.up');
        if (r.ok) events.emit('rank.up', { ...change(p, r.value), cost: r.value.paid, actor: actorName(actor) });
        return r;
      });
    },

    prestige: async (uuid, actor) => {
      // The lookup is queued too: two calls are served in the order they came, also on PostgreSQL,
      // where two lookups on two connections may be answered in either order.
      return queue.run(normalizeUuid(uuid) ?? uuid, async () => {
        const who = await known(uuid);
        if (!who.ok) return who;
        const p = who.value;
        if (!players.isOnline(p.uuid)) return offline(p);
        const c = config();
        const before = await store.get(p.uuid);
        const top = c.rungs[c.rungs.length - 1]!;
        if (before?.rank !== top.name) {
          const tell = before
            ? { about: p.uuid, you: msg('ranks.prestige-below', { top: top.name, rank: before.rank }), other: msg('ranks.prestige-below-other', { top: top.name, player: p.name, rank: before.rank }) }
            : { about: p.uuid, you: msg('ranks.prestige-unranked', { top: top.name }), other: msg('ranks.prestige-unranked-other', { top: top.name, player: p.name }) };
          return fail('refused', `Only a player on the top rank, ${top.name}, can prestige; ${p.name} is ${before ? `on ${before.rank}` : 'not on the ladder'}.`, tell);
        }
        if (c.maxPrestige > 0 && before.prestige >= c.maxPrestige) {
          return fail('refused', `${p.name} has taken the most prestiges there are (${c.maxPrestige}).`, {
            about: p.uuid,
            you: msg('ranks.prestige-max', { max: c.maxPrestige }),
            other: msg('ranks.prestige-max-other', { player: p.name, max: c.maxPrestige }),
          });
        }
        const first = c.rungs[0]!;
        // The first rung's own requirements are not asked again: only its group, and the prestige cost.
        if (!groupExists(first.group)) return groupMissing(first, '; ask an admin');
        const balance = await balanceMinor(p.uuid);
        if (balance < c.prestigeCostMinor) {
          const [cost, held] = [format(c.prestigeCostMinor), format(balance)];
          return fail('insufficient-funds', `A prestige costs ${cost}; ${p.name} has ${held}.`, {
            about: p.uuid,
            you: msg('ranks.prestige-cannot-afford', { cost, balance: held }),
            other: msg('ranks.prestige-cannot-afford-other', { player: p.name, cost, balance: held }),
          });
        }
        const r = await move(p, before, first, before.prestige + 1, c.prestigeCostMinor, actor, 'rank.prestige');
        if (r.ok) events.emit('rank.prestige', { ...change(p, r.value), cost: r.value.paid, actor: actorName(actor) });
        return r;
      });
    },

    async set(uuid, rank, actor) {
      if (typeof rank !== 'string' || !NAME.test(rank)) throw new InvalidInput('rank', 'A rank name is 1-32 of a-z, 0-9, _ and -.');
      const who = await known(uuid);
      if (!who.ok) return who;
      const p = who.value;
      const i = positionOf(rank);
      const rung = config().rungs[i];
      if (!rung) {
        const names = config().rungs.map((r) => r.name).join(', ');
        return fail('not-found', `There is no rank "${rank}" in ranks.conf (${names}).`, { you: msg('ranks.unknown', { rank, ranks: names }) });
      }
      return queue.run(p.uuid, async () => {
        const before = await store.get(p.uuid);
        if (before?.rank === rung.name) {
          return fail('already-in-state', `${p.name} is already on the rank ${rung.name}.`, {
            about: p.uuid,
            you: msg('ranks.already', { rank: rung.name }),
            other: msg('ranks.already-other', { player: p.name, rank: rung.name }),
          });
        }
        if (!groupExists(rung.group)) return groupMissing(rung);
        const r = await move(p, before, rung, before?.prestige ?? 0, 0, actor, 'rank.set');
        if (r.ok) events.emit('rank.set', { ...change(p, r.value), actor: actorName(actor) });
        return r;
      });
    },
  };
}

function change(p: KnownPlayer, c: RankChange) {
  return { ...playerFields(p), rank: c.standing.rank, 'previous-rank': c['previous-rank'], prestige: c.standing.prestige };
}
