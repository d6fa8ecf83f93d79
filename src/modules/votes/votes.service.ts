// The votes' published API: votes counted per player (from NuVotifier, a command or the route),
// totals by calendar period (UTC), the leaderboard, money rewards (given at once to a player
// online, kept for one offline until they join) and the vote party (a server-wide goal; reaching it
// rewards everyone online and the count starts again). Votes are counted one after another, so the
// party never misses or doubles a goal.

import type { Actor } from '../../core/kernel/actor.ts';
import { actorName, CONSOLE } from '../../core/kernel/actor.ts';
import type { AuditService, CoreApi, KnownPlayer, PlayersService } from '../../core/kernel/api.ts';
import type { Clock } from '../../core/kernel/clock.ts';
import type { EventBus } from '../../core/kernel/events.ts';
import { knownPlayer, playerFields } from '../../core/players/known-player.ts';
import type { Logger } from '../../core/log/log.ts';
import { fail, ok, type Result } from '../../core/kernel/result.ts';
import type { GamePlatform, OnlinePlayer } from '../../platform/platform.ts';
import type { VotesConfig } from './votes.config.ts';
import type { Period, PlayerVotes, VoteParty, VoteTop } from './votes.schemas.ts';
import type { VotesStore } from './votes.store.ts';
import { periodStart } from './votes.periods.ts';
import type { Messages } from '../../core/messages/messages.ts';
import { msg } from './votes.messages.ts';

export interface VotesService {
  /** A known player's totals and rewards waiting; not-found for a player never seen. */
  get(uuid: string): Promise<Result<PlayerVotes>>;
  top(period: Period, limit: number): Promise<Result<VoteTop>>;
  party(): Promise<Result<VoteParty>>;
  /** Counts votes for a known player (the route, /vote add); not-found for a player never seen. */
  add(uuid: string, votes: number, actor: Actor): Promise<Result<PlayerVotes>>;
  /** A vote from a list (NuVotifier) for a player by name; not-found for a name never seen. */
  receive(username: string, service: string): Promise<Result<PlayerVotes>>;
  /** Adds votes to the party only (no player's total). */
  addParty(votes: number, actor: Actor): Promise<Result<VoteParty>>;
  /** Gives a joining player the rewards waiting for them. */
  joined(player: OnlinePlayer): Promise<void>;
}

export interface VotesDeps {
  store: VotesStore;
  clock: Clock;
  players: Pick<PlayersService, 'get' | 'byName' | 'isOnline'>;
  economy: () => Pick<CoreApi['economy'], 'deposit' | 'format'>;
  platform: Pick<GamePlatform, 'onlinePlayers'>;
  /** What players are told, each in their language. */
  messages: Pick<Messages, 'tell' | 'broadcast'>;
  audit: Pick<AuditService, 'record'>;
  events: EventBus;
  log: Logger;
  config: () => VotesConfig;
}

export { periodStart };

export function createVotesService(deps: VotesDeps): VotesService {
  const { store, clock, players, platform, messages, audit, events, log, config } = deps;
  let queue: Promise<unknown> = Promise.resolve();
  /** Runs writes one after another (the party's count is read and written back). */
  const serial = <T>(f: () => Promise<T>): Promise<T> => {
    const run = queue.then(f, f);
    queue = run.catch(() => undefined);
    return run;
  };

  async function render(p: KnownPlayer): Promise<PlayerVotes> {
    const now = clock.now();
    const [allTime, monthly, weekly, daily] = await Promise.all(
      (['all-time', 'monthly', 'weekly', 'daily'] as const).map((period) => store.total(p.uuid, periodStart(period, now))),
    );
    return {
      ...playerFields(p),
      totals: { 'all-time': allTime!, monthly: monthly!, weekly: weekly!, daily: daily! },
      'rewards-waiting': (await store.rewardsWaiting(p.uuid)).length,
      'last-vote-at': await store.lastVote(p.uuid),
    };
  }

  async function partyState(): Promise<VoteParty> {
    const goal = config().partyGoal;
    const s = await store.party();
    // A goal lowered by a reload below the progress is reached at the next vote.
    const progress = Math.min(s.progress, goal - 1);
    return { progress, goal, remaining: goal - progress, parties: s.parties };
  }

  /** Gives money now: the amount as a person reads it ("$10.00"), or undefined when the economy declined (the reward then waits). */
  async function give(uuid: string, amount: number, currency: string | null, actor: Actor, why: string): Promise<string | undefined> {
    const r = await deps.economy().deposit(uuid, amount, currency, actor);
    if (!r.ok) log.warn(`votes: could not give ${why} reward to ${uuid}: ${r.message}`);
    return r.ok ? deps.economy().format(r.value.amount) : undefined;
  }

  /** Counts votes to the party; holds a party each time the goal is reached. */
  async function countParty(votes: number, actor: Actor): Promise<void> {
    const c = config();
    const s = await store.party();
    let progress = s.progress + votes;
    let parties = s.parties;
    let held = 0;
    while (progress >= c.partyGoal) {
      progress -= c.partyGoal;
      parties += 1;
      held += 1;
    }
    await store.setParty(progress, parties);
    for (let i = held - 1; i >= 0; i--) {
      let rewarded = 0;
      const online = platform.onlinePlayers();
      messages.broadcast(msg('votes.party', { goal: c.partyGoal }));
      for (const p of online) {
        if (c.partyRewardAmount > 0 && (await give(p.uuid, c.partyRewardAmount, c.rewardCurrency, actor, 'party')) === undefined) {
          await store.addReward(p.uuid, 'party', c.partyRewardAmount, c.rewardCurrency, clock.now().toISOString());
        }
        rewarded += 1;
      }
      await audit.record({ actor, action: 'vote.party', target: null, details: { goal: c.partyGoal, 'players-rewarded': rewarded } });
      events.emit('vote.party', { goal: c.partyGoal, parties: parties - i, 'players-rewarded': rewarded });
    }
  }

  /** The thanks for votes: naming the vote list they came from, if any, and the reward given, if any. */
  function thanks(votes: number, list: string | undefined, amount: string | undefined) {
    if (votes > 1) return amount ? msg('votes.thanks-many-reward', { votes, amount }) : msg('votes.thanks-many', { votes });
    if (list !== undefined) return amount ? msg('votes.thanks-on-reward', { service: list, amount }) : msg('votes.thanks-on', { service: list });
    return amount ? msg('votes.thanks-reward', { amount }) : msg('votes.thanks');
  }

  /** `list`: the vote list a vote came from (NuVotifier); undefined for votes counted by the route or a command. */
  async function count(p: KnownPlayer, votes: number, service: string, actor: Actor, list?: string): Promise<PlayerVotes> {
    return serial(async () => {
      const c = config();
      const at = clock.now().toISOString();
      await store.add(p.uuid, service, votes, at);
      await audit.record({ actor, action: 'vote.receive', target: p.uuid, details: { service, votes } });
      let given: string | undefined;
      if (c.rewardAmount > 0) {
        const amount = c.rewardAmount * votes;
        if (players.isOnline(p.uuid)) given = await give(p.uuid, amount, c.rewardCurrency, actor, 'vote');
        if (given === undefined) await store.addReward(p.uuid, 'vote', amount, c.rewardCurrency, at);
      }
      messages.tell(p.uuid, thanks(votes, list, given));
      events.emit('vote.receive', { ...playerFields(p), service, votes, 'reward-given': given !== undefined });
      await countParty(votes, actor);
      return render(p);
    });
  }

  return {
    async get(uuid) {
      const who = await knownPlayer(players, uuid);
      if (!who.ok) return who;
      return ok(await render(who.value));
    },

    async top(period, limit) {
      const rows = await store.top(period, periodStart(period, clock.now()), limit);
      const entries: VoteTop['entries'] = [];
      for (const [i, r] of rows.entries()) {
        const p = await players.get(r.uuid);
        entries.push({ rank: i + 1, 'player-id': r.uuid, 'player-name': p?.name ?? r.uuid, votes: r.votes });
      }
      return ok({ period, entries });
    },

    party: async () => ok(await partyState()),

    async add(uuid, votes, actor) {
      const who = await knownPlayer(players, uuid);
      if (!who.ok) return who;
      return ok(await count(who.value, votes, actorName(actor), actor));
    },

    async receive(username, service) {
      const p = await players.byName(username);
      if (!p) return fail('not-found', `No player named ${username} has ever joined this server.`);
      return ok(await count(p, 1, service, CONSOLE, service));
    },

    async addParty(votes, actor) {
      await serial(async () => {
        // The call's own entry, whether or not the votes reach the goal (a party held adds its own).
        await audit.record({ actor, action: 'vote.party-add', target: null, details: { votes } });
        await countParty(votes, actor);
      });
      return ok(await partyState());
    },

    async joined(player) {
      for (const r of await store.rewardsWaiting(player.uuid)) {
        if (!(await store.takeReward(r.id))) continue;
        const amount = await give(player.uuid, r.amount, r.currency, CONSOLE, r.kind);
        if (amount === undefined) {
          await store.addReward(r.uuid, r.kind, r.amount, r.currency, clock.now().toISOString());
          continue;
        }
        messages.tell(player.uuid, r.kind === 'party' ? msg('votes.reward-party', { amount }) : msg('votes.reward-away', { amount }));
      }
    },
  };
}
