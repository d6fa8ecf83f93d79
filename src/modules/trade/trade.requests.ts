// Trade requests: `/trade <player>` asks, the other accepts (the window opens: trade.service.ts),
// turns it down, or lets it expire; the sender may withdraw it. One request per sender (a new one
// replaces it); asking someone who had already asked you accepts theirs. Requests live in memory
// only: they end when either player leaves, and at a stop.

import type { Clock } from '../../core/kernel/clock.ts';
import { fail, ok, type Result } from '../../core/kernel/result.ts';
import type { ScheduledTask, Scheduler } from '../../core/kernel/scheduler.ts';
import type { GamePlatform, OnlinePlayer, Text } from '../../platform/platform.ts';
import type { TradeConfig } from './trade.config.ts';
import type { Trade } from './trade.schemas.ts';

export interface RequestOutcome {
  /** True when the other player had asked first: the window opened at once. */
  opened: boolean;
  partner: OnlinePlayer;
  /** Seconds the request waits (when not opened). */
  expiresInSeconds: number;
}

export interface RequestDeps {
  platform: GamePlatform;
  scheduler: Scheduler;
  clock: Clock;
  config: () => TradeConfig;
  /** Why two players cannot trade now, or undefined. */
  obstacle(a: OnlinePlayer, b: OnlinePlayer): string | undefined;
  /** Opens the trade window to both (the request of `from` to `to` is already taken away). */
  open(from: OnlinePlayer, to: OnlinePlayer): Result<Trade>;
}

export interface TradeRequests {
  /** Asks `to` to trade; when `to` had already asked `from`, accepts that instead (the window opens). */
  request(from: string, to: string): Result<RequestOutcome>;
  /** Accepts the request from `from` (left out: the newest one received): the window opens to both. */
  accept(me: string, from?: string): Result<Trade>;
  /** Turns down the request from `from` (left out: the newest one received). */
  deny(me: string, from?: string): Result<OnlinePlayer>;
  /** Withdraws the player's own request (its receiver is told); false when they had none. */
  withdraw(me: string): boolean;
  /** Drops every request the player sent or received (they left the game). */
  left(uuid: string): void;
  /** Drops every request. */
  clear(): void;
}

interface Request {
  from: OnlinePlayer;
  to: OnlinePlayer;
  at: number;
  task: ScheduledTask;
}

export function createTradeRequests(deps: RequestDeps): TradeRequests {
  const { platform, scheduler, clock } = deps;
  /** Requests by sender: one each (a new one replaces it). */
  const requests = new Map<string, Request>();

  const tell = (uuid: string, text: Text) => void platform.sendMessage(uuid, text);
  const gold = (text: string): Text => ({ text, color: 'gold' });
  const red = (text: string): Text => ({ text, color: 'red' });

  /** Forgets the request `from` sent, and its expiry. */
  function drop(from: string): void {
    requests.get(from)?.task.cancel();
    requests.delete(from);
  }

  /** Opens the window of `from`'s request to `to` (which is used up, even when it cannot open). */
  function open(from: OnlinePlayer, to: OnlinePlayer): Result<Trade> {
    if (requests.get(from.uuid)?.to.uuid === to.uuid) drop(from.uuid);
    return deps.open(from, to);
  }

  function incoming(me: string, fromName?: string): Request | undefined {
    const mine = [...requests.values()].filter((r) => r.to.uuid === me && (fromName === undefined || r.from.uuid === fromName || r.from.name.toLowerCase() === fromName.toLowerCase()));
    return mine.sort((x, y) => y.at - x.at)[0];
  }

  return {
    request(fromId, toId) {
      const from = platform.player(fromId);
      const to = platform.player(toId);
      if (!from) return fail('player-offline', 'You are not online.');
      if (!to) return fail('player-offline', 'That player is not online.');
      if (from.uuid === to.uuid) return fail('refused', 'You cannot trade with yourself.');
      const back = requests.get(to.uuid);
      if (back?.to.uuid === from.uuid) {
        const r = open(to, from);
        return r.ok ? ok({ opened: true, partner: to, expiresInSeconds: 0 }) : r;
      }
      const why = deps.obstacle(from, to);
      if (why) return fail('refused', why);
      requests.get(from.uuid)?.task.cancel();
      const seconds = deps.config().requestExpirySeconds;
      const task = scheduler.after(seconds * 1000, () => {
        if (requests.get(from.uuid)?.task !== task) return;
        requests.delete(from.uuid);
        tell(from.uuid, red(`Your trade request to ${to.name} expired.`));
        tell(to.uuid, red(`The trade request from ${from.name} expired.`));
      });
      requests.set(from.uuid, { from, to, at: clock.now().getTime(), task });
      tell(to.uuid, {
        text: `${from.name} wants to trade with you. `,
        color: 'gold',
        extra: [{ text: '[Accept]', color: 'green', clickEvent: { action: 'run_command', value: `/trade accept ${from.name}` } }, ` or /trade accept within ${seconds} seconds.`],
      });
      return ok({ opened: false, partner: to, expiresInSeconds: seconds });
    },

    accept(me, from) {
      const r = incoming(me, from);
      if (!r) return fail('not-found', from === undefined ? 'You have no trade request.' : `You have no trade request from ${from}.`);
      const opened = open(r.from, r.to);
      if (!opened.ok) tell(r.from.uuid, red(`${r.to.name} could not accept your trade request: ${opened.message}`));
      return opened;
    },

    deny(me, from) {
      const r = incoming(me, from);
      if (!r) return fail('not-found', from === undefined ? 'You have no trade request.' : `You have no trade request from ${from}.`);
      drop(r.from.uuid);
      tell(r.from.uuid, red(`${r.to.name} turned down your trade request.`));
      return ok(r.from);
    },

    withdraw(me) {
      const r = requests.get(me);
      if (!r) return false;
      drop(me);
      tell(r.to.uuid, gold(`${r.from.name} withdrew their trade request.`));
      return true;
    },

    left(uuid) {
      for (const [from, r] of requests) {
        if (from === uuid || r.to.uuid === uuid) drop(from);
      }
    },

    clear() {
      for (const r of requests.values()) r.task.cancel();
      requests.clear();
    },
  };
}
