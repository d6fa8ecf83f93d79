// Trades between two online players. `/trade <player>` sends a request; the other accepts
// (`/trade accept`, or `/trade <name>` back), and a trade window opens to both (trade.layout.ts).
// Any change to either side takes back both confirmations; when both have confirmed, each gets
// what the other offered (trade.complete). Closing the window, leaving the game, moving apart
// (max-distance, or another world) or `/trade cancel` ends it and every item goes back to its
// owner (trade.cancel).
//
// Items are never lost or doubled: what a trader puts into the window is written to the journal
// (trade.store.ts) as they do it; when the trade ends, the items are given, and whatever could not
// be given (the player left, or has no room) stays in the journal as owed and is given at their
// next join. After a crash the journal still holds every open window's items: each owner gets
// theirs back when they join. Requests (trade.requests.ts) live in memory only and expire.

import type { Actor } from '../../core/kernel/actor.ts';
import { CONSOLE } from '../../core/kernel/actor.ts';
import type { AuditService, PlayersService } from '../../core/kernel/api.ts';
import type { Clock } from '../../core/kernel/clock.ts';
import type { Db } from '../../core/storage/db.ts';
import type { EventBus } from '../../core/kernel/events.ts';
import { knownPlayer, playerFields } from '../../core/players/known-player.ts';
import type { Logger } from '../../core/log/log.ts';
import { fail, ok, type Result } from '../../core/kernel/result.ts';
import type { Scheduler } from '../../core/kernel/scheduler.ts';
import type { ChestHandle, ChestView, GamePlatform, ItemStack, Location, OnlinePlayer, Text } from '../../platform/platform.ts';
import type { TradeConfig } from './trade.config.ts';
import type { CancelReason } from './trade.events.ts';
import { countOf, emptyOffer, extras, layout, ALL_SLOTS, LOCKED, offerIn, OWN_BUTTON, ROWS, stacksOf, type Offer } from './trade.layout.ts';
import type { Trade, TradeList } from './trade.schemas.ts';
import { createJournal } from './trade.journal.ts';
import { createTradeRequests, type RequestOutcome } from './trade.requests.ts';
import { TRADE_TABLES, type TradeStore } from './trade.store.ts';

export type { RequestOutcome } from './trade.requests.ts';

export interface TradeService {
  /** Asks `to` to trade; when `to` had already asked `from`, accepts that instead (the window opens). */
  request(from: string, to: string): Result<RequestOutcome>;
  /** Accepts the request from `from` (left out: the newest one received): the window opens to both. */
  accept(me: string, from?: string): Result<Trade>;
  /** Turns down the request from `from` (left out: the newest one received). */
  deny(me: string, from?: string): Result<OnlinePlayer>;
  /** Ends the player's open trade (items back to their owners), or else withdraws their request. */
  cancel(me: string): Result<'trade' | 'request'>;
  /** Every open trade, oldest first. */
  list(): Result<TradeList>;
  /** The player's open trade, or null; not-found for a player never seen. */
  tradeOf(uuid: string): Promise<Result<Trade | null>>;
  /** Resolves when every journal write so far is done. */
  settled(): Promise<void>;
  /** Cancels every open trade (items back to their owners) and drops the requests. */
  stop(): Promise<void>;
}

export interface TradeDeps {
  db: Db;
  store: TradeStore;
  platform: GamePlatform;
  events: EventBus;
  scheduler: Scheduler;
  clock: Clock;
  players: Pick<PlayersService, 'get'>;
  audit: AuditService;
  log: Logger;
  config: () => TradeConfig;
}

interface Side {
  player: OnlinePlayer;
  offer: Offer;
  confirmed: boolean;
  /** What the trade last put into this trader's window. */
  shown: Array<ItemStack | null>;
  handle?: ChestHandle;
}

interface OpenTrade {
  id: string;
  a: Side;
  b: Side;
  openedAt: string;
  done: boolean;
}

export function createTradeService(deps: TradeDeps): TradeService {
  const { db, store, platform, events, scheduler, clock, audit, log } = deps;
  const trades = new Map<string, OpenTrade>();
  const journal = createJournal({ db: TRADE_TABLES.on(db), store, platform, clock, log });
  const { write, giveWhatFits, owe } = journal;

  const tell = (uuid: string, text: Text) => void platform.sendMessage(uuid, text);
  const gold = (text: string): Text => ({ text, color: 'gold' });
  const red = (text: string): Text => ({ text, color: 'red' });
  const now = () => clock.now().toISOString();

  function near(a: Location | undefined, b: Location | undefined): boolean {
    if (!a || !b || a.world !== b.world) return false;
    return Math.hypot(a.x - b.x, a.y - b.y, a.z - b.z) <= deps.config().maxDistance;
  }

  const other = (t: OpenTrade, me: Side) => (t.a === me ? t.b : t.a);

  function render(t: OpenTrade): Trade {
    return {
      id: t.id,
      ...playerFields(t.a.player),
      'partner-id': t.b.player.uuid,
      'partner-name': t.b.player.name,
      'player-confirmed': t.a.confirmed,
      'partner-confirmed': t.b.confirmed,
      'player-item-count': countOf(t.a.offer),
      'partner-item-count': countOf(t.b.offer),
      'opened-at': t.openedAt,
    };
  }

  function refresh(t: OpenTrade): void {
    for (const side of [t.a, t.b]) {
      const o = other(t, side);
      side.shown = layout(side.offer, o.offer, side.confirmed, o.confirmed, o.player.name);
      side.handle?.setItems(side.shown);
    }
  }

  function viewOf(t: OpenTrade, me: Side): ChestView {
    return {
      title: `Trade: you | ${other(t, me).player.name}`,
      rows: ROWS,
      items: me.shown,
      locked: LOCKED,
      onChange: (items) => changed(t, me, items),
      onClick: (slot) => clicked(t, me, slot),
      onClose: (items, reason) => closed(t, me, items, reason === 'quit'),
    };
  }

  function changed(t: OpenTrade, me: Side, items: Array<ItemStack | null>): void {
    if (t.done) return;
    me.offer = offerIn(items);
    const offer = stacksOf(me.offer);
    void journal.offered(me.player.uuid, offer);
    const wasConfirmed = t.a.confirmed || t.b.confirmed;
    t.a.confirmed = false;
    t.b.confirmed = false;
    refresh(t);
    if (wasConfirmed) for (const s of [t.a, t.b]) tell(s.player.uuid, gold('The offer changed: confirm again.'));
  }

  function clicked(t: OpenTrade, me: Side, slot: number): void {
    if (t.done || slot !== OWN_BUTTON) return;
    me.confirmed = !me.confirmed;
    const o = other(t, me);
    if (me.confirmed && o.confirmed) {
      complete(t, me);
      return;
    }
    refresh(t);
    tell(o.player.uuid, gold(me.confirmed ? `${me.player.name} confirmed the trade.` : `${me.player.name} took back their confirmation.`));
  }

  function closed(t: OpenTrade, me: Side, items: Array<ItemStack | null>, quit: boolean): void {
    me.handle = undefined;
    // What the cursor held may have been put into the window as it closed: it is the closer's.
    const left = extras(me.shown, items, ALL_SLOTS);
    if (left.length > 0) {
      const rest = giveWhatFits(me.player.uuid, left);
      void write((tx) => owe(tx, me.player.uuid, rest));
    }
    if (!t.done) end(t, quit ? 'quit' : 'closed', me.player);
  }

  /** Ends a trade: closes both windows, gives each side's items (`swap`: to the other), journals the rest. */
  function finish(t: OpenTrade, swap: boolean): void {
    t.done = true;
    trades.delete(t.a.player.uuid);
    trades.delete(t.b.player.uuid);
    for (const side of [t.a, t.b]) side.handle?.close();
    const moves = [t.a, t.b].map((side) => {
      const to = swap ? other(t, side).player.uuid : side.player.uuid;
      return { from: side.player.uuid, to, rest: giveWhatFits(to, stacksOf(side.offer)) };
    });
    void write(async (tx) => {
      for (const m of moves) await store.hold(tx, m.from, 'offer', [], now());
      for (const m of moves) await owe(tx, m.to, m.rest);
    });
    for (const m of moves) {
      if (m.rest.length > 0) tell(m.to, red(`${countOf(m.rest)} items did not fit in your inventory: they are kept for you and given when you next join.`));
    }
  }

  function eventFields(t: OpenTrade) {
    return {
      ...playerFields(t.a.player),
      'partner-id': t.b.player.uuid,
      'partner-name': t.b.player.name,
      'trade-id': t.id,
      'player-item-count': countOf(t.a.offer),
      'partner-item-count': countOf(t.b.offer),
    };
  }

  function record(actor: Actor, action: string, t: OpenTrade, details: Record<string, unknown>): void {
    audit
      .record({ actor, action, target: t.a.player.uuid, details: { trade: t.id, partner: t.b.player.uuid, ...details } })
      .catch((e: unknown) => log.error('a trade audit record failed', e));
  }

  function complete(t: OpenTrade, last: Side): void {
    const { a, b } = t;
    for (const [to, from] of [
      [a, b],
      [b, a],
    ] as const) {
      if (!platform.canHold(to.player.uuid, stacksOf(from.offer))) {
        a.confirmed = false;
        b.confirmed = false;
        refresh(t);
        for (const s of [a, b]) tell(s.player.uuid, red(`${to.player.name} has no room for what ${from.player.name} offers: make room, then confirm again.`));
        return;
      }
    }
    const fields = eventFields(t);
    finish(t, true);
    for (const s of [a, b]) tell(s.player.uuid, gold(`Trade with ${other(t, s).player.name} complete.`));
    record({ kind: 'player', uuid: last.player.uuid, name: last.player.name }, 'trade.complete', t, {
      'player-item-count': fields['player-item-count'],
      'partner-item-count': fields['partner-item-count'],
    });
    events.emit('trade.complete', fields);
  }

  function end(t: OpenTrade, reason: CancelReason, by: OnlinePlayer | undefined): void {
    if (t.done) return;
    const fields = eventFields(t);
    finish(t, false);
    const why: Record<CancelReason, string> = {
      cancelled: `${by?.name ?? 'The server'} cancelled the trade`,
      closed: `${by?.name ?? 'A trader'} closed the trade window`,
      quit: `${by?.name ?? 'A trader'} left the game`,
      'moved-away': `${by?.name ?? 'A trader'} moved too far away`,
      stopped: 'The server stopped',
    };
    for (const s of [t.a, t.b]) tell(s.player.uuid, red(`${why[reason]}: the trade is off and your items are back.`));
    record(by ? { kind: 'player', uuid: by.uuid, name: by.name } : CONSOLE, 'trade.cancel', t, { reason });
    events.emit('trade.cancel', { ...fields, reason, 'cancelled-by': by?.uuid ?? null });
  }

  /** Why two players cannot trade now, or undefined. */
  function obstacle(a: OnlinePlayer, b: OnlinePlayer): string | undefined {
    if (trades.has(a.uuid)) return `${a.name} is already trading.`;
    if (trades.has(b.uuid)) return `${b.name} is already trading.`;
    if (!near(platform.location(a.uuid), platform.location(b.uuid))) return `${b.name} is too far away to trade (at most ${deps.config().maxDistance} blocks, in the same world).`;
    return undefined;
  }

  function open(from: OnlinePlayer, to: OnlinePlayer): Result<Trade> {
    const why = obstacle(to, from);
    if (why) return fail('refused', why);
    const side = (player: OnlinePlayer): Side => ({ player, offer: emptyOffer(), confirmed: false, shown: [] });
    const t: OpenTrade = { id: crypto.randomUUID(), a: side(from), b: side(to), openedAt: now(), done: false };
    trades.set(from.uuid, t);
    trades.set(to.uuid, t);
    refresh(t);
    for (const s of [t.a, t.b]) {
      s.handle = platform.openChest(s.player.uuid, viewOf(t, s));
      if (!s.handle) {
        end(t, 'quit', s.player);
        return fail('player-offline', `${s.player.name} is not online.`);
      }
    }
    return ok(render(t));
  }

  const requests = createTradeRequests({ platform, scheduler, clock, config: deps.config, obstacle, open });

  platform.on('quit', ({ player }) => {
    requests.left(player.uuid);
    const t = trades.get(player.uuid);
    if (t) end(t, 'quit', player);
  });

  platform.on('move', ({ player, to }) => {
    const t = trades.get(player.uuid);
    if (!t || t.done) return;
    const partner = t.a.player.uuid === player.uuid ? t.b.player : t.a.player;
    if (!near(to, platform.location(partner.uuid))) end(t, 'moved-away', player);
  });

  // A teleport (a command, a route, /tpa) fires no move: the teleport module's event is checked too.
  events.subscribe((e) => {
    if (e.name !== 'teleport.player-teleport') return;
    const t = trades.get(String(e.data['player-id']));
    if (!t || t.done) return;
    if (!near(platform.location(t.a.player.uuid), platform.location(t.b.player.uuid))) {
      end(t, 'moved-away', t.a.player.uuid === e.data['player-id'] ? t.a.player : t.b.player);
    }
  });

  platform.on('join', ({ player }) => {
    void journal.returnAtJoin(player.uuid, (given, waiting) => {
      if (given > 0) tell(player.uuid, gold(`${given} items from an unfinished trade were given back to you.`));
      if (waiting > 0) tell(player.uuid, red(`${waiting} items from a trade wait for room in your inventory: make room and join again.`));
    });
  });

  return {
    request: (from, to) => requests.request(from, to),
    accept: (me, from) => requests.accept(me, from),
    deny: (me, from) => requests.deny(me, from),

    cancel(me) {
      const t = trades.get(me);
      if (t) {
        end(t, 'cancelled', (t.a.player.uuid === me ? t.a : t.b).player);
        return ok('trade');
      }
      if (requests.withdraw(me)) return ok('request');
      return fail('not-found', 'You have no open trade and no trade request.');
    },

    list() {
      const open = [...new Set(trades.values())].sort((x, y) => x.openedAt.localeCompare(y.openedAt)).map(render);
      return ok({ trades: open, count: open.length });
    },

    async tradeOf(uuid) {
      const p = await knownPlayer(deps.players, uuid);
      if (!p.ok) return p;
      const t = trades.get(p.value.uuid);
      return ok(t ? render(t) : null);
    },

    settled: () => journal.settled(),

    async stop() {
      requests.clear();
      for (const t of new Set(trades.values())) end(t, 'stopped', undefined);
      await journal.settled();
    },
  };
}
