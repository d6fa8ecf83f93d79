// In-game commands of the account links: /link (a one-time code), /unlink, and for admins (and the
// console) /extlink redeem <code> <id>, /extlink info <player>, /extlink unlink <player>.

import type { CommandDefinition } from '../../core/commands/commands.ts';
import type { ModuleContext } from '../../core/kernel/module.ts';
import { argsFor } from '../../core/commands/command-args.ts';
import { senderPlayer, succeeded } from '../../core/commands/command-helpers.ts';
import { command, sub } from '../../core/commands/command-tree.ts';
import type { ExtlinkService } from './extlink.service.ts';

export const EXTLINK_NODES = {
  link: 'core.extlink.link',
  unlink: 'core.extlink.unlink',
  /** Admin: /extlink redeem, info and unlink for any player. */
  admin: 'core.extlink.admin',
} as const;

/** `botOn`: whether the Discord bot is configured (a token in extlink.conf): /link then says how to use it. */
export function extlinkCommands(extlink: ExtlinkService, ctx: ModuleContext, botOn: () => boolean = () => false): CommandDefinition[] {
  const arg = argsFor(ctx);
  return [
    command({
      name: 'link',
      permission: EXTLINK_NODES.link,
      description: 'Gives you a one-time code that links your external chat account (e.g. Discord) to you.',
      playerOnly: true,
      async run(c) {
        const r = await extlink.requestCode(senderPlayer(c).uuid);
        if (!succeeded(c, r)) return;
        const minutes = Math.max(1, Math.round((Date.parse(r.value['expires-at']) - ctx.clock.now().getTime()) / 60_000));
        c.reply({
          text: 'Your link code: ',
          extra: [
            { text: r.value.code, color: 'green', bold: true, clickEvent: { action: 'copy_to_clipboard', value: r.value.code }, hoverEvent: { action: 'show_text', contents: 'Click to copy' } },
            {
              text: ` (valid for ${minutes} minute${minutes === 1 ? '' : 's'}). ${
                botOn() ? `In Discord, run /link code:${r.value.code} with the server's bot.` : "Send it to the server's bot, or give it to an admin."
              }`,
            },
          ],
        });
      },
    }),
    command({
      name: 'unlink',
      permission: EXTLINK_NODES.unlink,
      description: 'Removes the link between you and your external chat account.',
      playerOnly: true,
      async run(c) {
        const r = await extlink.unlink(senderPlayer(c).uuid, c.actor);
        if (!r.ok && r.code === 'not-found') return c.reply({ text: 'You are not linked to an external account.', color: 'red' });
        if (succeeded(c, r)) c.reply(`Your link to the account ${r.value['account-id']} is removed.`);
      },
    }),
    command({
      name: 'extlink',
      permission: EXTLINK_NODES.admin,
      description: 'Account links: redeem a code for an account id, show or remove a player’s link.',
      subcommands: [
        sub({
          name: 'redeem',
          args: [arg.word('code'), arg.word('id').shownAs('account-id')],
          async run(c, { code, id }) {
            const r = await extlink.redeem(code, id, c.actor);
            if (succeeded(c, r)) c.reply(`Linked ${r.value['player-name']} to the account ${r.value['account-id']}.`);
          },
        }),
        sub({
          name: 'info',
          args: [arg.knownPlayer('player')],
          async run(c, { player }) {
            const r = await extlink.ofPlayer(player.uuid);
            if (!succeeded(c, r)) return;
            c.reply(r.value ? `${player.name} is linked to the account ${r.value['account-id']} since ${r.value['linked-at']}.` : `${player.name} is not linked.`);
          },
        }),
        sub({
          name: 'unlink',
          args: [arg.knownPlayer('player')],
          async run(c, { player }) {
            const r = await extlink.unlink(player.uuid, c.actor);
            if (succeeded(c, r)) c.reply(`Removed the link between ${player.name} and the account ${r.value['account-id']}.`);
          },
        }),
      ],
    }),
  ];
}
