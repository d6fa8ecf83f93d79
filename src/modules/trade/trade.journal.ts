// How the trade moves items in and out of its journal (trade.store.ts): writes one after another in
// the order the game made them, each in a transaction; giving what fits and keeping the rest as
// owed; and, at a join, giving back what the journal holds for the player (a window's items left by
// a crash, or items owed).

import type { Clock } from '../../core/kernel/clock.ts';
import type { Logger } from '../../core/log/log.ts';
import type { GamePlatform, ItemStack } from '../../platform/platform.ts';
import { countOf } from './trade.layout.ts';
import type { TradeDb, TradeStore } from './trade.store.ts';

export function createJournal(deps: { db: TradeDb; store: TradeStore; platform: GamePlatform; clock: Clock; log: Logger }) {
  const { db, store, platform, clock, log } = deps;
  let last: Promise<void> = Promise.resolve();
  const now = () => clock.now().toISOString();

  /** Runs a write after those before it, in a transaction; a failure is logged. */
  function write(task: (tx: TradeDb) => Promise<void>): Promise<void> {
    last = last.then(() => db.transaction().execute(task)).catch((e: unknown) => log.error('a trade journal write failed', e));
    return last;
  }

  /** Gives each stack that fits; answers those that did not (all of them when offline). */
  function giveWhatFits(uuid: string, items: readonly ItemStack[]): ItemStack[] {
    const rest: ItemStack[] = [];
    for (const item of items) if (!platform.giveItems(uuid, [item]).given) rest.push(item);
    return rest;
  }

  /** Adds items to what is owed to the player (given at their next join). */
  async function owe(tx: TradeDb, uuid: string, rest: readonly ItemStack[]): Promise<void> {
    if (rest.length === 0) return;
    await store.hold(tx, uuid, 'owed', [...(await store.held(tx, uuid, 'owed')), ...rest], now());
  }

  /** What the trader has in an open window now. */
  const offered = (uuid: string, items: readonly ItemStack[]) => write((tx) => store.hold(tx, uuid, 'offer', items, now()));

  /**
   * At a join: gives what the journal holds for the player; what does not fit stays owed. Answers
   * how many items were given and how many still wait.
   */
  function returnAtJoin(uuid: string, told: (given: number, waiting: number) => void): Promise<void> {
    return write(async (tx) => {
      const items = [...(await store.held(tx, uuid, 'offer')), ...(await store.held(tx, uuid, 'owed'))];
      if (items.length === 0) return;
      const rest = giveWhatFits(uuid, items);
      await store.hold(tx, uuid, 'offer', [], now());
      await store.hold(tx, uuid, 'owed', rest, now());
      told(countOf(items) - countOf(rest), countOf(rest));
    });
  }

  return { write, giveWhatFits, owe, offered, returnAtJoin, settled: () => last };
}

export type Journal = ReturnType<typeof createJournal>;
