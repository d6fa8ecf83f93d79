// In-game command of the trade: /trade <player> asks (or accepts when they asked you first),
// /trade accept [player], /trade deny [player], /trade cancel.

import { argsFor } from '../../core/commands/command-args.ts';
import { senderPlayer, succeeded } from '../../core/commands/command-helpers.ts';
import { command, sub } from '../../core/commands/command-tree.ts';
import type { CommandDefinition } from '../../core/commands/commands.ts';
import type { ModuleContext } from '../../core/kernel/module.ts';
import type { TradeService } from './trade.service.ts';

/** A player node: everyone may trade unless it is withheld. */
export const TRADE_NODES = {
  use: 'core.trade.use',
} as const;

export function tradeCommands(trade: TradeService, ctx: ModuleContext): CommandDefinition[] {
  const arg = argsFor(ctx);
  const from = arg.word('player', (c) => ctx.platform.onlinePlayers().filter((p) => c.sender.kind !== 'player' || p.uuid !== c.sender.player.uuid).map((p) => p.name));
  return [
    command({
      name: 'trade',
      permission: TRADE_NODES.use,
      description: 'Trades items with a player near you: /trade <player>, then both confirm in the window.',
      playerOnly: true,
      args: [arg.player('player')],
      run(c, { player }) {
        const r = trade.request(senderPlayer(c).uuid, player.uuid);
        if (!succeeded(c, r)) return;
        if (r.value.opened) c.reply({ text: `Trading with ${player.name}.`, color: 'gold' });
        else c.reply({ text: `Trade request sent to ${player.name}; it expires in ${r.value.expiresInSeconds} seconds. Withdraw it with /trade cancel.`, color: 'gold' });
      },
      subcommands: [
        sub({
          name: 'accept',
          permission: null,
          description: 'Accepts a trade request: from that player, or the newest you received.',
          playerOnly: true,
          args: [from.optional()],
          run(c, { player }) {
            const r = trade.accept(senderPlayer(c).uuid, player);
            if (succeeded(c, r)) c.reply({ text: `Trading with ${r.value['player-name']}.`, color: 'gold' });
          },
        }),
        sub({
          name: 'deny',
          permission: null,
          description: 'Turns down a trade request: from that player, or the newest you received.',
          playerOnly: true,
          args: [from.optional()],
          run(c, { player }) {
            const r = trade.deny(senderPlayer(c).uuid, player);
            if (succeeded(c, r)) c.reply({ text: `Turned down the trade request from ${r.value.name}.`, color: 'gold' });
          },
        }),
        sub({
          name: 'cancel',
          permission: null,
          description: 'Ends your open trade (every item goes back) or withdraws your request.',
          playerOnly: true,
          run(c) {
            const r = trade.cancel(senderPlayer(c).uuid);
            if (succeeded(c, r) && r.value === 'request') c.reply({ text: 'Trade request withdrawn.', color: 'gold' });
          },
        }),
      ],
    }),
  ];
}
