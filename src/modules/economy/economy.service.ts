// The economy's published API: balances in several currencies, deposits, withdrawals, transfers
// (both sides or neither), a leaderboard, and per-player banks and loans. Answers are already in
// the rendering of the Remote Access Service (kebab-case keys, money objects).

import { actorName, type Actor } from '../../core/kernel/actor.ts';
import type { AuditService, KnownPlayer, PlayersService } from '../../core/kernel/api.ts';
import type { Clock } from '../../core/kernel/clock.ts';
import type { Db } from '../../core/storage/db.ts';
import type { EventBus } from '../../core/kernel/events.ts';
import { InvalidInput } from '../../core/values/invalid-input.ts';
import { fail, ok, type Result } from '../../core/kernel/result.ts';
import type { Money } from '../../core/values/schemas.ts';
import type { CurrencyConfig, EconomyConfig } from './economy.config.ts';
import { currencyBook, listCurrencies, type MinorAmount } from './economy.currencies.ts';
import type { Afford, Balances, BankChange, Currencies, LoanState, SetBalance, Top, Transfer, WalletChange } from './economy.schemas.ts';
import { createEconomyStore, type Account } from './economy.store.ts';
import { transactionRetried } from '../../core/storage/transaction-retry.ts';
import { knownPlayer, playerFields } from '../../core/players/known-player.ts';
import type { Messages } from '../../core/messages/messages.ts';
import { msg } from './economy.messages.ts';

export interface EconomyService {
  currencies(): Result<Currencies>;
  balance(uuid: string, currency?: string | null): Promise<Result<Money>>;
  balances(uuid: string): Promise<Result<Balances>>;
  afford(uuid: string, amount: number, currency?: string | null): Promise<Result<Afford>>;
  top(limit: number, currency?: string | null): Promise<Result<Top>>;
  /**
   * Adds money to a wallet. `tell`: the player, when online here, is told what arrived and from whom
   * (the actor when a player, else "the server"); a caller with words of its own (a vote's reward,
   * a refund) leaves it out.
   */
  deposit(uuid: string, amount: number, currency: string | null | undefined, actor: Actor, options?: { tell?: boolean }): Promise<Result<WalletChange>>;
  withdraw(uuid: string, amount: number, currency: string | null | undefined, actor: Actor): Promise<Result<WalletChange>>;
  set(uuid: string, amount: number, currency: string | null | undefined, actor: Actor): Promise<Result<SetBalance>>;
  transfer(from: string, to: string, amount: number, currency: string | null | undefined, actor: Actor): Promise<Result<Transfer>>;
  bankBalance(uuid: string, currency?: string | null): Promise<Result<Money>>;
  bankDeposit(uuid: string, amount: number, currency: string | null | undefined, actor: Actor): Promise<Result<BankChange>>;
  bankWithdraw(uuid: string, amount: number, currency: string | null | undefined, actor: Actor): Promise<Result<BankChange>>;
  loan(uuid: string, currency?: string | null): Promise<Result<LoanState>>;
  takeLoan(uuid: string, amount: number, currency: string | null | undefined, actor: Actor): Promise<Result<LoanState>>;
  repayLoan(uuid: string, amount: number | 'all', currency: string | null | undefined, actor: Actor): Promise<Result<LoanState>>;
  /** An amount as a person reads it, e.g. "$1,234.50". */
  format(money: Money): string;
  /**
   * An amount in units of a currency (null: the default) as exact minor units, for an area that
   * keeps money of its own (a warp's fee). When it is not one, `problem` completes a sentence about
   * the amount: more decimal places than the currency has, not a finite number, or too large. A
   * negative amount is answered as it is: the caller decides whether it may be.
   */
  toMinor(amount: number, currency?: string | null): MinorAmount;
  /**
   * Minor units of a currency as the money answers show. A currency no longer in economy.conf
   * counts in whole units, in both directions, so what an area kept in it still reads.
   */
  toMoney(minor: number, currency: string): Money;
  /** Opens the wallets of a player (with the starting balances) if they have none yet. */
  openWallets(uuid: string): Promise<void>;
  /** Sum of all wallets of a currency, in minor units (for audits of conservation). */
  totalInWallets(currency: string): Promise<number>;
}

export interface EconomyDeps {
  db: Db;
  events: EventBus;
  clock: Clock;
  players: PlayersService;
  audit: Pick<AuditService, 'record'>;
  /** What a player is told of money that arrived, in their language. */
  messages: Pick<Messages, 'tell'>;
  /** Read at each use: `core reload` may change symbols, starting balances and loan limits. */
  config: () => EconomyConfig;
}

export function createEconomyService(deps: EconomyDeps): EconomyService {
  const { events, clock, players, audit, messages, config } = deps;
  const store = createEconomyStore(deps.db);
  const { db } = store;
  const book = currencyBook(config);
  const { currencyOf, money, minorOf, format } = book;

  const known = (uuid: string, field = 'uuid') => knownPlayer(players, uuid, field);

  /** Players whose wallets this process has opened already: opening is then no work at all. */
  const opened = new Set<string>();

  async function openWallets(uuid: string): Promise<void> {
    if (opened.has(uuid)) return;
    const at = clock.now().toISOString();
    for (const c of config().currencies) {
      await transactionRetried(db, async (tx) => {
        if (await store.open(tx, 'wallet', uuid, c.name, 0)) {
          if (c.starting > 0) await store.change(tx, at, 'wallet', uuid, c.name, c.starting, 'starting-balance', 'console');
        }
      });
    }
    opened.add(uuid);
  }


  function emitWallet(name: 'economy.wallet-credit' | 'economy.wallet-debit', p: KnownPlayer, c: CurrencyConfig, minor: number, balance: number, id: number): void {
    events.emit(name, { ...playerFields(p), amount: money(c, minor), balance: money(c, balance), 'transaction-id': String(id) });
  }

  async function rejectDebit(p: KnownPlayer, c: CurrencyConfig, minor: number, from: Account = 'wallet'): Promise<Result<never>> {
    const balance = (await store.balanceOf(db, from, p.uuid, c.name)) ?? 0;
    if (from === 'wallet') {
      events.emit('economy.wallet-reject', {
        ...playerFields(p),
        amount: money(c, minor),
        balance: money(c, balance),
        reason: 'insufficient-funds',
      });
    }
    const [has, needs] = [format(money(c, balance)), format(money(c, minor))];
    const values = { balance: has, amount: needs };
    const tell =
      from === 'wallet'
        ? { about: p.uuid, you: msg('economy.too-little', values), other: msg('economy.too-little-other', { ...values, player: p.name }) }
        : { about: p.uuid, you: msg('economy.too-little-bank', values), other: msg('economy.too-little-bank-other', { ...values, player: p.name }) };
    return fail('insufficient-funds', `${p.name} ${from === 'wallet' ? 'holds' : 'has in the bank'} ${has}, less than ${needs}.`, tell);
  }

  /** The currency, the amount in minor units and the known player of a call, wallets opened. */
  async function writeOf(
    uuid: string,
    amount: number,
    currency: string | null | undefined,
    allowZero: boolean,
  ): Promise<Result<{ c: CurrencyConfig; minor: number; p: KnownPlayer }>> {
    const c = currencyOf(currency);
    const minor = minorOf(amount, c, allowZero);
    const who = await known(uuid);
    if (!who.ok) return who;
    await openWallets(who.value.uuid);
    return ok({ c, minor, p: who.value });
  }

  const walletFull = (p: KnownPlayer) =>
    fail('refused', `${p.name}'s balance cannot hold that much.`, { about: p.uuid, you: msg('economy.wallet-full'), other: msg('economy.wallet-full-other', { player: p.name }) });

  /** A wallet change of one player: deposit (positive) or withdrawal (negative). */
  async function walletChange(uuid: string, amount: number, currency: string | null | undefined, actor: Actor, sign: 1 | -1, tell = false): Promise<Result<WalletChange>> {
    const w = await writeOf(uuid, amount, currency, false);
    if (!w.ok) return w;
    const { c, minor, p } = w.value;
    const at = clock.now().toISOString();
    const kind = sign > 0 ? 'deposit' : 'withdraw';
    // The change and its audit entry commit together.
    const entry = await transactionRetried(db, async (tx) => {
      const e = await store.change(tx, at, 'wallet', p.uuid, c.name, sign * minor, kind, actorName(actor));
      if (e) await audit.record({ actor, action: `economy.${kind}`, target: p.uuid, details: { amount: money(c, minor) } }, tx);
      return e;
    });
    if (!entry) {
      if (sign < 0) return rejectDebit(p, c, minor);
      return walletFull(p);
    }
    emitWallet(sign > 0 ? 'economy.wallet-credit' : 'economy.wallet-debit', p, c, minor, entry.balance, entry.id);
    if (tell) {
      const arrived = format(money(c, minor));
      messages.tell(p.uuid, actor.kind === 'player' ? msg('economy.received-from', { player: actor.name, amount: arrived }) : msg('economy.received', { amount: arrived }));
    }
    return ok({ 'transaction-id': String(entry.id), 'player-id': p.uuid, amount: money(c, minor), balance: money(c, entry.balance) });
  }

  /** Moves money between a player's wallet and bank. */
  async function bankMove(uuid: string, amount: number, currency: string | null | undefined, actor: Actor, toBank: boolean): Promise<Result<BankChange>> {
    const w = await writeOf(uuid, amount, currency, false);
    if (!w.ok) return w;
    const { c, minor, p } = w.value;
    const at = clock.now().toISOString();
    const by = actorName(actor);
    const [from, to]: [Account, Account] = toBank ? ['wallet', 'bank'] : ['bank', 'wallet'];
    const moved = await transactionRetried(db, async (tx) => {
      await store.open(tx, 'bank', p.uuid, c.name, 0);
      await store.lock(tx, c.name, [{ account: 'wallet', uuid: p.uuid }, { account: 'bank', uuid: p.uuid }]);
      const out = await store.change(tx, at, from, p.uuid, c.name, -minor, toBank ? 'bank-deposit' : 'bank-withdraw', by);
      if (!out) return undefined;
      const into = await store.change(tx, at, to, p.uuid, c.name, minor, toBank ? 'bank-deposit' : 'bank-withdraw', by);
      if (!into) throw new Error('bank move overflow'); // rolls back the debit
      await audit.record({ actor, action: toBank ? 'economy.bank-deposit' : 'economy.bank-withdraw', target: p.uuid, details: { amount: money(c, minor) } }, tx);
      return toBank ? { wallet: out, bank: into } : { wallet: into, bank: out };
    }).catch((e: unknown) => {
      if (e instanceof Error && e.message === 'bank move overflow') return null;
      throw e;
    });
    if (moved === null) {
      const message = `${p.name}'s ${toBank ? 'bank' : 'wallet'} cannot hold that much.`;
      return fail('refused', message, { about: p.uuid, you: toBank ? msg('economy.bank-full') : msg('economy.wallet-full') });
    }
    if (!moved) return rejectDebit(p, c, minor, from);
    const answer: BankChange = { amount: money(c, minor), 'bank-balance': money(c, moved.bank.balance), balance: money(c, moved.wallet.balance) };
    events.emit(toBank ? 'economy.bank-deposit' : 'economy.bank-withdraw', { ...playerFields(p), ...answer });
    if (toBank) emitWallet('economy.wallet-debit', p, c, minor, moved.wallet.balance, moved.wallet.id);
    else emitWallet('economy.wallet-credit', p, c, minor, moved.wallet.balance, moved.wallet.id);
    return ok(answer);
  }

  async function loanState(p: KnownPlayer, c: CurrencyConfig): Promise<LoanState> {
    const outstanding = (await store.balanceOf(db, 'loan', p.uuid, c.name)) ?? 0;
    const balance = (await store.balanceOf(db, 'wallet', p.uuid, c.name)) ?? 0;
    return { outstanding: money(c, outstanding), 'max-loan': money(c, config().maxLoan.get(c.name) ?? 0), balance: money(c, balance) };
  }

  return {
    format,
    toMinor: book.toMinor,
    toMoney: book.toMoney,
    openWallets,
    totalInWallets: (currency) => store.total('wallet', currency),

    currencies: () => listCurrencies(config, book),

    async balance(uuid, currency) {
      const c = currencyOf(currency);
      const who = await known(uuid);
      if (!who.ok) return who;
      await openWallets(who.value.uuid);
      return ok(money(c, (await store.balanceOf(db, 'wallet', who.value.uuid, c.name)) ?? 0));
    },

    async balances(uuid) {
      const who = await known(uuid);
      if (!who.ok) return who;
      await openWallets(who.value.uuid);
      const held = await store.wallets(who.value.uuid);
      return ok({ balances: config().currencies.map((c) => money(c, held.get(c.name) ?? 0)) });
    },

    async afford(uuid, amount, currency) {
      const w = await writeOf(uuid, amount, currency, true);
      if (!w.ok) return w;
      const { c, minor, p } = w.value;
      const balance = (await store.balanceOf(db, 'wallet', p.uuid, c.name)) ?? 0;
      return ok({ affordable: balance >= minor, amount: money(c, minor), balance: money(c, balance) });
    },

    async top(limit, currency) {
      const c = currencyOf(currency);
      const rows = await store.top(c.name, limit);
      return ok({
        currency: c.name,
        rows: rows.map((r, i) => ({ rank: i + 1, 'player-id': r.uuid, 'player-name': r.name, balance: money(c, r.balance) })),
      });
    },

    deposit: (uuid, amount, currency, actor, options) => walletChange(uuid, amount, currency, actor, 1, options?.tell),
    withdraw: (uuid, amount, currency, actor) => walletChange(uuid, amount, currency, actor, -1),

    async set(uuid, amount, currency, actor) {
      const w = await writeOf(uuid, amount, currency, true);
      if (!w.ok) return w;
      const { c, minor: target, p } = w.value;
      const at = clock.now().toISOString();
      const done = await transactionRetried(db, async (tx) => {
        await store.lock(tx, c.name, [{ account: 'wallet', uuid: p.uuid }]);
        const before = (await store.balanceOf(tx, 'wallet', p.uuid, c.name)) ?? 0;
        // A set is audited even when the balance already is the amount.
        await audit.record({ actor, action: 'economy.set', target: p.uuid, details: { amount: money(c, target) } }, tx);
        if (before === target) return { before, entry: undefined };
        const entry = await store.change(tx, at, 'wallet', p.uuid, c.name, target - before, 'set', actorName(actor));
        if (!entry) throw new Error(`the balance of ${p.uuid} changed during a set`);
        return { before, entry };
      });
      if (done.entry) {
        const delta = target - done.before;
        emitWallet(delta > 0 ? 'economy.wallet-credit' : 'economy.wallet-debit', p, c, Math.abs(delta), done.entry.balance, done.entry.id);
      }
      return ok({
        'transaction-id': done.entry ? String(done.entry.id) : null,
        'player-id': p.uuid,
        'previous-balance': money(c, done.before),
        balance: money(c, target),
      });
    },

    async transfer(from, to, amount, currency, actor) {
      const c = currencyOf(currency);
      const minor = minorOf(amount, c, false);
      const a = await known(from, 'from');
      if (!a.ok) return a;
      const b = await known(to, 'to');
      if (!b.ok) return b;
      if (a.value.uuid === b.value.uuid) throw new InvalidInput('to', 'A transfer needs two different players.');
      await openWallets(a.value.uuid);
      await openWallets(b.value.uuid);
      const at = clock.now().toISOString();
      const by = actorName(actor);
      // Both sides in one transaction: either both change or neither does.
      const moved = await transactionRetried(db, async (tx) => {
        await store.lock(tx, c.name, [
          { account: 'wallet', uuid: a.value.uuid },
          { account: 'wallet', uuid: b.value.uuid },
        ]);
        const debit = await store.change(tx, at, 'wallet', a.value.uuid, c.name, -minor, 'transfer-out', by);
        if (!debit) return undefined;
        const credit = await store.change(tx, at, 'wallet', b.value.uuid, c.name, minor, 'transfer-in', by);
        if (!credit) throw new Error('transfer overflow');
        await audit.record({ actor, action: 'economy.transfer', target: a.value.uuid, details: { to: b.value.uuid, amount: money(c, minor) } }, tx);
        await audit.record({ actor, action: 'economy.transfer', target: b.value.uuid, details: { from: a.value.uuid, amount: money(c, minor) } }, tx);
        return { debit, credit };
      }).catch((e: unknown) => {
        if (e instanceof Error && e.message === 'transfer overflow') return null;
        throw e;
      });
      if (moved === null) return walletFull(b.value);
      if (!moved) return rejectDebit(a.value, c, minor);
      emitWallet('economy.wallet-debit', a.value, c, minor, moved.debit.balance, moved.debit.id);
      emitWallet('economy.wallet-credit', b.value, c, minor, moved.credit.balance, moved.credit.id);
      return ok({
        'transaction-id': String(moved.credit.id),
        amount: money(c, minor),
        from: { 'player-id': a.value.uuid, balance: money(c, moved.debit.balance) },
        to: { 'player-id': b.value.uuid, balance: money(c, moved.credit.balance) },
      });
    },

    async bankBalance(uuid, currency) {
      const c = currencyOf(currency);
      const who = await known(uuid);
      if (!who.ok) return who;
      return ok(money(c, (await store.balanceOf(db, 'bank', who.value.uuid, c.name)) ?? 0));
    },
    bankDeposit: (uuid, amount, currency, actor) => bankMove(uuid, amount, currency, actor, true),
    bankWithdraw: (uuid, amount, currency, actor) => bankMove(uuid, amount, currency, actor, false),

    async loan(uuid, currency) {
      const c = currencyOf(currency);
      const who = await known(uuid);
      if (!who.ok) return who;
      await openWallets(who.value.uuid);
      return ok(await loanState(who.value, c));
    },

    async takeLoan(uuid, amount, currency, actor) {
      const w = await writeOf(uuid, amount, currency, false);
      if (!w.ok) return w;
      const { c, minor, p } = w.value;
      const max = config().maxLoan.get(c.name) ?? 0;
      if (max === 0) return fail('refused', `Loans in ${c.name} are switched off.`, { you: msg('economy.loans-off', { currency: c.name }) });
      const at = clock.now().toISOString();
      const by = actorName(actor);
      const taken = await transactionRetried(db, async (tx) => {
        await store.open(tx, 'loan', p.uuid, c.name, 0);
        await store.lock(tx, c.name, [{ account: 'wallet', uuid: p.uuid }, { account: 'loan', uuid: p.uuid }]);
        const owed = (await store.balanceOf(tx, 'loan', p.uuid, c.name)) ?? 0;
        if (owed + minor > max) return { owed };
        const loan = await store.change(tx, at, 'loan', p.uuid, c.name, minor, 'loan-disburse', by);
        const wallet = await store.change(tx, at, 'wallet', p.uuid, c.name, minor, 'loan-disburse', by);
        if (!loan || !wallet) throw new Error(`a loan to ${p.uuid} could not be booked`);
        await audit.record({ actor, action: 'economy.loan-take', target: p.uuid, details: { amount: money(c, minor) } }, tx);
        return { owed, loan, wallet };
      });
      if (!taken.loan || !taken.wallet) {
        const [owed, most] = [format(money(c, taken.owed)), format(money(c, max))];
        return fail('refused', `${p.name} owes ${owed}; the most one may owe is ${most}.`, { about: p.uuid, you: msg('economy.loan-limit', { owed, max: most }) });
      }
      const state = await loanState(p, c);
      events.emit('economy.loan-disburse', { ...playerFields(p), amount: money(c, minor), outstanding: state.outstanding, balance: state.balance });
      emitWallet('economy.wallet-credit', p, c, minor, taken.wallet.balance, taken.wallet.id);
      return ok(state);
    },

    async repayLoan(uuid, amount, currency, actor) {
      const c = currencyOf(currency);
      const who = await known(uuid);
      if (!who.ok) return who;
      const p = who.value;
      await openWallets(p.uuid);
      const owed = (await store.balanceOf(db, 'loan', p.uuid, c.name)) ?? 0;
      if (owed === 0) return fail('not-found', `${p.name} has no loan in ${c.name}.`, { about: p.uuid, you: msg('economy.no-loan', { currency: c.name }) });
      const minor = amount === 'all' ? owed : minorOf(amount, c, false);
      if (minor > owed) throw new InvalidInput('amount', `${p.name} owes only ${format(money(c, owed))}.`);
      const at = clock.now().toISOString();
      const by = actorName(actor);
      const paid = await transactionRetried(db, async (tx) => {
        await store.lock(tx, c.name, [{ account: 'wallet', uuid: p.uuid }, { account: 'loan', uuid: p.uuid }]);
        const wallet = await store.change(tx, at, 'wallet', p.uuid, c.name, -minor, 'loan-repay', by);
        if (!wallet) return undefined;
        const loan = await store.change(tx, at, 'loan', p.uuid, c.name, -minor, 'loan-repay', by);
        if (!loan) throw new Error(`the loan of ${p.uuid} changed during a repayment`);
        await audit.record({ actor, action: 'economy.loan-repay', target: p.uuid, details: { amount: money(c, minor) } }, tx);
        return { wallet };
      });
      if (!paid) return rejectDebit(p, c, minor);
      const state = await loanState(p, c);
      events.emit('economy.loan-repay', { ...playerFields(p), amount: money(c, minor), outstanding: state.outstanding, balance: state.balance });
      emitWallet('economy.wallet-debit', p, c, minor, paid.wallet.balance, paid.wallet.id);
      return ok(state);
    },
  };
}
