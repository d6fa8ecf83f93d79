// In-game and console commands of the economy: /balance, /pay, /baltop, /eco, /bank, /loan.

import type { CommandContext, CommandDefinition } from '../../core/commands.ts';
import type { ModuleContext } from '../../core/module.ts';
import type { EconomyService } from './economy.service.ts';
import { completeFrom, succeeded } from '../../core/command-helpers.ts';

const AMOUNT = /^\d+(\.\d+)?$/;

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
  const currencyNames = () => {
    const r = economy.currencies();
    return r.ok ? r.value.currencies.map((c) => c.name) : [];
  };
  const onlineNames = () => ctx.platform.onlinePlayers().map((p) => p.name);

  /** The sender's own uuid, or a reply saying the console must name a player. */
  function self(c: CommandContext): string | undefined {
    if (c.sender.kind === 'player') return c.sender.player.uuid;
    c.reply('Name a player: the console has no balance.');
    return undefined;
  }

  async function target(c: CommandContext, word: string): Promise<{ uuid: string; name: string } | undefined> {
    const p = await ctx.players.find(word);
    if (!p) c.reply(`No player named ${word} has ever joined this server.`);
    return p;
  }

  function amountOf(c: CommandContext, word: string | undefined, usage: string): number | undefined {
    if (word === undefined || !AMOUNT.test(word)) {
      c.reply(`${word === undefined ? 'An amount is needed' : `"${word}" is not an amount`}. Usage: /${usage}`);
      return undefined;
    }
    return Number(word);
  }

  return [
    {
      name: 'balance',
      aliases: ['bal', 'money'],
      permission: ECONOMY_NODES.balance,
      description: 'Shows your balance, or another player’s.',
      usage: 'balance [player] [currency]',
      async run(c, args) {
        let uuid: string | undefined;
        let name = 'You';
        if (args[0] !== undefined && !currencyNames().includes(args[0])) {
          if (!c.has(ECONOMY_NODES.balanceOthers)) return c.reply(`You do not have permission (${ECONOMY_NODES.balanceOthers}).`);
          const p = await target(c, args.shift()!);
          if (!p) return;
          uuid = p.uuid;
          name = p.name;
        } else {
          uuid = self(c);
        }
        if (!uuid) return;
        const r = await economy.balance(uuid, args[0]);
        if (succeeded(c, r)) c.reply(`${name === 'You' ? 'Your balance' : `${name}'s balance`}: ${economy.format(r.value)}`);
      },
      complete: (_c, args) => (args.length === 1 ? completeFrom([...onlineNames(), ...currencyNames()], args[0] ?? '') : completeFrom(currencyNames(), args.at(-1) ?? '')),
    },
    {
      name: 'pay',
      permission: ECONOMY_NODES.pay,
      description: 'Pays another player from your balance.',
      usage: 'pay <player> <amount> [currency]',
      playerOnly: true,
      async run(c, args) {
        const from = self(c);
        if (!from || args[0] === undefined) return void (from && c.reply('Usage: /pay <player> <amount> [currency]'));
        const to = await target(c, args[0]);
        if (!to) return;
        const amount = amountOf(c, args[1], 'pay <player> <amount> [currency]');
        if (amount === undefined) return;
        const r = await economy.transfer(from, to.uuid, amount, args[2], c.actor);
        if (!succeeded(c, r)) return;
        c.reply(`You paid ${to.name} ${economy.format(r.value.amount)}. Your balance: ${economy.format(r.value.from.balance)}`);
        ctx.platform.sendMessage(to.uuid, `${c.sender.kind === 'player' ? c.sender.player.name : 'The server'} paid you ${economy.format(r.value.amount)}.`);
      },
      complete: (_c, args) => (args.length === 1 ? completeFrom(onlineNames(), args[0] ?? '') : args.length === 3 ? completeFrom(currencyNames(), args[2] ?? '') : []),
    },
    {
      name: 'baltop',
      permission: ECONOMY_NODES.top,
      description: 'Lists the richest players.',
      usage: 'baltop [currency]',
      async run(c, args) {
        const r = await economy.top(10, args[0]);
        if (!succeeded(c, r)) return;
        if (r.value.rows.length === 0) return c.reply('Nobody holds any money yet.');
        c.reply(`Richest players (${r.value.currency}):`);
        for (const row of r.value.rows) c.reply(`${row.rank}. ${row['player-name']}: ${economy.format(row.balance)}`);
      },
      complete: (_c, args) => completeFrom(currencyNames(), args[0] ?? ''),
    },
    {
      name: 'eco',
      aliases: ['economy'],
      permission: ECONOMY_NODES.admin,
      description: 'Gives, takes or sets a player’s balance.',
      usage: 'eco <give|take|set> <player> <amount> [currency]',
      async run(c, args) {
        const [action, who, amountWord, currency] = args;
        if (action !== 'give' && action !== 'take' && action !== 'set') return c.reply('Usage: /eco <give|take|set> <player> <amount> [currency]');
        if (who === undefined) return c.reply('Usage: /eco <give|take|set> <player> <amount> [currency]');
        const p = await target(c, who);
        if (!p) return;
        const amount = amountOf(c, amountWord, 'eco <give|take|set> <player> <amount> [currency]');
        if (amount === undefined) return;
        if (action === 'set') {
          const r = await economy.set(p.uuid, amount, currency, c.actor);
          if (succeeded(c, r)) c.reply(`${p.name}'s balance is now ${economy.format(r.value.balance)}.`);
          return;
        }
        const r = action === 'give' ? await economy.deposit(p.uuid, amount, currency, c.actor) : await economy.withdraw(p.uuid, amount, currency, c.actor);
        if (succeeded(c, r)) c.reply(`${action === 'give' ? 'Gave' : 'Took'} ${economy.format(r.value.amount)} ${action === 'give' ? 'to' : 'from'} ${p.name}. Balance: ${economy.format(r.value.balance)}`);
      },
      complete: (_c, args) =>
        args.length === 1 ? completeFrom(['give', 'take', 'set'], args[0] ?? '') : args.length === 2 ? completeFrom(onlineNames(), args[1] ?? '') : args.length === 4 ? completeFrom(currencyNames(), args[3] ?? '') : [],
    },
    {
      name: 'bank',
      permission: ECONOMY_NODES.bank,
      description: 'Moves money between your wallet and your bank account.',
      usage: 'bank [balance|deposit|withdraw] [amount] [currency]',
      playerOnly: true,
      async run(c, args) {
        const uuid = self(c);
        if (!uuid) return;
        const [action = 'balance', amountWord, currency] = args;
        if (action === 'balance') {
          const r = await economy.bankBalance(uuid, amountWord);
          if (succeeded(c, r)) c.reply(`In your bank: ${economy.format(r.value)}`);
          return;
        }
        if (action !== 'deposit' && action !== 'withdraw') return c.reply('Usage: /bank [balance|deposit|withdraw] [amount] [currency]');
        const amount = amountOf(c, amountWord, `bank ${action} <amount> [currency]`);
        if (amount === undefined) return;
        const r = action === 'deposit' ? await economy.bankDeposit(uuid, amount, currency, c.actor) : await economy.bankWithdraw(uuid, amount, currency, c.actor);
        if (succeeded(c, r)) c.reply(`${action === 'deposit' ? 'Deposited' : 'Withdrew'} ${economy.format(r.value.amount)}. Bank: ${economy.format(r.value['bank-balance'])}, wallet: ${economy.format(r.value.balance)}`);
      },
      complete: (_c, args) => (args.length === 1 ? completeFrom(['balance', 'deposit', 'withdraw'], args[0] ?? '') : args.length === 3 ? completeFrom(currencyNames(), args[2] ?? '') : []),
    },
    {
      name: 'loan',
      permission: ECONOMY_NODES.loan,
      description: 'Takes or repays a loan.',
      usage: 'loan [info|take|repay] [amount|all] [currency]',
      playerOnly: true,
      async run(c, args) {
        const uuid = self(c);
        if (!uuid) return;
        const [action = 'info', amountWord, currency] = args;
        const tell = (s: { outstanding: { currency: string; amount: number }; 'max-loan': { currency: string; amount: number } }) =>
          c.reply(`You owe ${economy.format(s.outstanding)} (at most ${economy.format(s['max-loan'])}).`);
        if (action === 'info') {
          const r = await economy.loan(uuid, amountWord);
          if (succeeded(c, r)) tell(r.value);
          return;
        }
        if (action === 'repay' && amountWord === 'all') {
          const r = await economy.repayLoan(uuid, 'all', currency, c.actor);
          if (succeeded(c, r)) tell(r.value);
          return;
        }
        if (action !== 'take' && action !== 'repay') return c.reply('Usage: /loan [info|take|repay] [amount|all] [currency]');
        const amount = amountOf(c, amountWord, `loan ${action} <amount> [currency]`);
        if (amount === undefined) return;
        const r = action === 'take' ? await economy.takeLoan(uuid, amount, currency, c.actor) : await economy.repayLoan(uuid, amount, currency, c.actor);
        if (succeeded(c, r)) tell(r.value);
      },
      complete: (_c, args) => (args.length === 1 ? completeFrom(['info', 'take', 'repay'], args[0] ?? '') : args.length === 3 ? completeFrom(currencyNames(), args[2] ?? '') : []),
    },
  ];
}
