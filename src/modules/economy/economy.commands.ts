// In-game and console commands of the economy: /balance, /pay, /baltop, /eco, /bank, /loan.

import { argsFor } from '../../core/commands/command-args.ts';
import { succeeded, senderPlayer } from '../../core/commands/command-helpers.ts';
import { command, sub } from '../../core/commands/command-tree.ts';
import type { CommandContext, CommandDefinition } from '../../core/commands/commands.ts';
import type { ModuleContext } from '../../core/kernel/module.ts';
import type { LoanState } from './economy.schemas.ts';
import type { EconomyService } from './economy.service.ts';
import { msg } from './economy.messages.ts';

export const ECONOMY_NODES = {
  balance: 'core.economy.balance',
  balanceOthers: 'core.economy.balance.others',
  pay: 'core.economy.pay',
  top: 'core.economy.top',
  admin: 'core.economy.admin',
  bank: 'core.economy.bank',
  loan: 'core.economy.loan',
} as const;

export function economyCommands(economy: EconomyService, ctx: ModuleContext): CommandDefinition[] {
  const arg = argsFor(ctx);
  const currencyNames = () => {
    const r = economy.currencies();
    return r.ok ? r.value.currencies.map((c) => c.name) : [];
  };
  // Any word: the economy names an unknown currency in its answer.
  const currency = arg.word('currency', currencyNames).optional();

  const tellLoan = (c: CommandContext, s: LoanState) => c.reply(msg('economy.loan', { owed: economy.format(s.outstanding), max: economy.format(s['max-loan']) }));
  const bankBalance = async (c: CommandContext, cur: string | undefined) => {
    const r = await economy.bankBalance(senderPlayer(c).uuid, cur);
    if (succeeded(c, r)) c.reply(msg('economy.bank', { amount: economy.format(r.value) }));
  };
  const loanInfo = async (c: CommandContext, cur: string | undefined) => {
    const r = await economy.loan(senderPlayer(c).uuid, cur);
    if (succeeded(c, r)) tellLoan(c, r.value);
  };

  const adjust = (action: 'give' | 'take' | 'set') =>
    sub({
      name: action,
      args: [arg.knownPlayer('player'), arg.amount('amount', { zero: action === 'set' }), currency],
      async run(c, { player: p, amount, currency: cur }) {
        if (action === 'set') {
          const r = await economy.set(p.uuid, amount, cur, c.actor);
          if (succeeded(c, r)) c.reply(msg('economy.set', { player: p.name, balance: economy.format(r.value.balance) }));
          return;
        }
        // The player given money is told what arrived (by the economy); nothing is said of a take.
        const r = action === 'give' ? await economy.deposit(p.uuid, amount, cur, c.actor, { tell: true }) : await economy.withdraw(p.uuid, amount, cur, c.actor);
        if (!succeeded(c, r)) return;
        const values = { amount: economy.format(r.value.amount), player: p.name, balance: economy.format(r.value.balance) };
        c.reply(action === 'give' ? msg('economy.gave', values) : msg('economy.took', values));
      },
    });

  const bankMove = (action: 'deposit' | 'withdraw') =>
    sub({
      name: action,
      args: [arg.amount('amount'), currency],
      async run(c, { amount, currency: cur }) {
        const uuid = senderPlayer(c).uuid;
        const r = action === 'deposit' ? await economy.bankDeposit(uuid, amount, cur, c.actor) : await economy.bankWithdraw(uuid, amount, cur, c.actor);
        if (!succeeded(c, r)) return;
        const values = { amount: economy.format(r.value.amount), bank: economy.format(r.value['bank-balance']), balance: economy.format(r.value.balance) };
        c.reply(action === 'deposit' ? msg('economy.bank-deposited', values) : msg('economy.bank-withdrew', values));
      },
    });

  return [
    command({
      name: 'balance',
      aliases: ['bal', 'money'],
      permission: ECONOMY_NODES.balance,
      description: 'Shows your balance, or another player’s.',
      // A first word that names a currency is the currency of one's own balance.
      args: [arg.knownPlayer('player').orWords(currencyNames, 'currency').optional(), currency],
      async run(c, { player, currency: cur }) {
        let uuid: string;
        let other: string | undefined;
        if (player === undefined || typeof player === 'string') {
          if (c.sender.kind !== 'player') return c.reply(msg('economy.console'));
          uuid = c.sender.player.uuid;
          cur = player ?? cur;
        } else {
          if (!c.has(ECONOMY_NODES.balanceOthers)) return c.reply(msg('economy.others-denied'));
          uuid = player.uuid;
          if (c.sender.kind !== 'player' || c.sender.player.uuid !== uuid) other = player.name;
        }
        const r = await economy.balance(uuid, cur);
        if (!succeeded(c, r)) return;
        const amount = economy.format(r.value);
        c.reply(other === undefined ? msg('economy.balance', { amount }) : msg('economy.balance-other', { player: other, amount }));
      },
    }),
    command({
      name: 'pay',
      permission: ECONOMY_NODES.pay,
      description: 'Pays another player from your balance.',
      playerOnly: true,
      args: [arg.knownPlayer('player'), arg.amount('amount'), currency],
      async run(c, { player: to, amount, currency: cur }) {
        const from = senderPlayer(c);
        const r = await economy.transfer(from.uuid, to.uuid, amount, cur, c.actor);
        if (!succeeded(c, r)) return;
        const paid = economy.format(r.value.amount);
        c.reply(msg('economy.paid', { player: to.name, amount: paid, balance: economy.format(r.value.from.balance) }));
        ctx.messages.tell(to.uuid, msg('economy.paid-you', { player: from.name, amount: paid }));
      },
    }),
    command({
      name: 'baltop',
      permission: ECONOMY_NODES.top,
      description: 'Lists the richest players.',
      args: [currency],
      async run(c, { currency: cur }) {
        const r = await economy.top(10, cur);
        if (!succeeded(c, r)) return;
        if (r.value.rows.length === 0) return c.reply(msg('economy.top-empty'));
        c.reply(msg('economy.top', { currency: r.value.currency }));
        for (const row of r.value.rows) c.reply(msg('economy.top-row', { rank: row.rank, player: row['player-name'], amount: economy.format(row.balance) }));
      },
    }),
    command({
      name: 'eco',
      aliases: ['economy'],
      permission: ECONOMY_NODES.admin,
      description: 'Gives, takes or sets a player’s balance.',
      subcommands: [adjust('give'), adjust('take'), adjust('set')],
    }),
    command({
      name: 'bank',
      permission: ECONOMY_NODES.bank,
      description: 'Moves money between your wallet and your bank account.',
      playerOnly: true,
      run: (c) => bankBalance(c, undefined),
      subcommands: [sub({ name: 'balance', args: [currency], run: (c, { currency: cur }) => bankBalance(c, cur) }), bankMove('deposit'), bankMove('withdraw')],
    }),
    command({
      name: 'loan',
      permission: ECONOMY_NODES.loan,
      description: 'Takes or repays a loan.',
      playerOnly: true,
      run: (c) => loanInfo(c, undefined),
      subcommands: [
        sub({ name: 'info', args: [currency], run: (c, { currency: cur }) => loanInfo(c, cur) }),
        sub({
          name: 'take',
          args: [arg.amount('amount'), currency],
          async run(c, { amount, currency: cur }) {
            const r = await economy.takeLoan(senderPlayer(c).uuid, amount, cur, c.actor);
            if (succeeded(c, r)) tellLoan(c, r.value);
          },
        }),
        sub({
          name: 'repay',
          args: [arg.amount('amount').orWords(['all']), currency],
          async run(c, { amount, currency: cur }) {
            const r = await economy.repayLoan(senderPlayer(c).uuid, amount, cur, c.actor);
            if (succeeded(c, r)) tellLoan(c, r.value);
          },
        }),
      ],
    }),
  ];
}
