// Who is online and what each holds, as the panel shows it. The service has no join or quit event,
// so the list is polled (GET /players); a balance is read once when a player appears
// (GET /players/{uuid}/balance) and from then on taken from the economy events, which carry the
// wallet's new balance. That keeps the panel's requests few, whatever the number of browsers open.

import type { CoreClient, EventMessage } from '../../clients/typescript/src/index.ts';

export interface Money {
  currency: string;
  amount: number;
}

export interface PanelPlayer {
  uuid: string;
  name: string;
  world: string;
  since: string;
  /** The balance in the default currency; null until it has been read. */
  balance: Money | null;
}

export interface Currency {
  name: string;
  symbol: string;
  decimalPlaces: number;
}

export interface PlayersSnapshot {
  players: PanelPlayer[];
  /** The default currency (its symbol and places format the balances); null until read. */
  currency: Currency | null;
  /** Why the last refresh failed, or null. */
  error: string | null;
}

export interface PlayerBook {
  snapshot(): PlayersSnapshot;
  /** Reads the list again (and the balances of players new to it). */
  refresh(): Promise<void>;
  /** Takes a new balance from an economy event; true when the list changed. */
  applyEvent(e: EventMessage): boolean;
  /** Balances are read again at the next refresh: after a gap in the event stream, events were missed. */
  forgetBalances(): void;
}

/** A call's data; a declined answer becomes an error, as the panel can only report it. */
function dataOf<T>(result: { ok: true; data: T } | { ok: false; code: string; message: string }): T {
  if (!result.ok) throw new Error(`${result.code}: ${result.message}`);
  return result.data;
}

/** A call that takes longer is given up: the next poll tries again. */
const CALL_TIMEOUT_MS = 5000;
const timeout = () => ({ signal: AbortSignal.timeout(CALL_TIMEOUT_MS) });

function isMoney(v: unknown): v is Money {
  return typeof v === 'object' && v !== null && typeof (v as Money).currency === 'string' && typeof (v as Money).amount === 'number';
}

export function createPlayerBook(client: CoreClient, onChange: (s: PlayersSnapshot) => void): PlayerBook {
  let players: PanelPlayer[] = [];
  let currency: Currency | null = null;
  let error: string | null = null;
  /** Balances by uuid, kept for players who leave and come back. */
  const balances = new Map<string, Money>();
  /** Counts events per player, so a balance read that started before an event does not overwrite it. */
  const eventCount = new Map<string, number>();
  let running: Promise<void> | undefined;
  let last = '';

  const snapshot = (): PlayersSnapshot => ({ players: players.map((p) => ({ ...p, balance: balances.get(p.uuid) ?? null })), currency, error });

  function changed(): boolean {
    const s = snapshot();
    const text = JSON.stringify(s);
    if (text === last) return false;
    last = text;
    onChange(s);
    return true;
  }

  async function readCurrency(): Promise<Currency> {
    const c = dataOf(await client.getEconomyCurrencies(undefined, timeout()));
    const d = c.currencies.find((x) => x.name === c.default) ?? c.currencies[0];
    return { name: d?.name ?? c.default, symbol: d?.symbol ?? '', decimalPlaces: d?.['decimal-places'] ?? 2 };
  }

  async function readBalance(uuid: string): Promise<void> {
    const seen = eventCount.get(uuid) ?? 0;
    const money = dataOf(await client.getPlayersByUuidBalance({ path: { uuid } }, timeout()));
    if ((eventCount.get(uuid) ?? 0) === seen) balances.set(uuid, money);
  }

  async function refreshOnce(): Promise<void> {
    try {
      currency ??= await readCurrency();
      const online = dataOf(await client.getPlayers(undefined, timeout()));
      players = online.players.map((p) => ({ uuid: p.uuid, name: p.name, world: p.world, since: p.since, balance: null }));
      // A player who has just left answers not-found or player-offline: the next poll drops them.
      await Promise.all(players.filter((p) => !balances.has(p.uuid)).map((p) => readBalance(p.uuid).catch(() => {})));
      error = null;
    } catch (e) {
      error = e instanceof Error ? e.message : String(e);
    }
    changed();
  }

  return {
    snapshot,
    refresh() {
      running ??= refreshOnce().finally(() => (running = undefined));
      return running;
    },
    applyEvent(e) {
      // Any economy event naming a player and their new balance, whichever its kind.
      const data: Record<string, unknown> = e.data;
      const uuid = data['player-id'];
      const balance = data.balance;
      if (!e.event.startsWith('economy.') || typeof uuid !== 'string' || !isMoney(balance)) return false;
      // Before the default currency is known, the refresh reads every balance anyway.
      if (currency === null || balance.currency !== currency.name) return false;
      eventCount.set(uuid, (eventCount.get(uuid) ?? 0) + 1);
      balances.set(uuid, balance);
      return changed();
    },
    forgetBalances() {
      balances.clear();
    },
  };
}
