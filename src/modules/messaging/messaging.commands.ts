// In-game commands of messaging: /msg (tell, w, whisper, m, t, pm), /r (reply), /ignore,
// /mail send|read|clear, /helpop.

import type { CommandDefinition } from '../../core/commands/commands.ts';
import type { ModuleContext } from '../../core/kernel/module.ts';
import { argsFor } from '../../core/commands/command-args.ts';
import { senderPlayer, succeeded } from '../../core/commands/command-helpers.ts';
import { command, sub } from '../../core/commands/command-tree.ts';
import type { MessagingService } from './messaging.service.ts';

export const MESSAGING_NODES = {
  msg: 'core.messaging.msg',
  reply: 'core.messaging.reply',
  ignore: 'core.messaging.ignore',
  mail: 'core.messaging.mail',
  helpop: 'core.messaging.helpop',
} as const;

export function messagingCommands(messaging: MessagingService, ctx: ModuleContext): CommandDefinition[] {
  const arg = argsFor(ctx);

  return [
    command({
      name: 'msg',
      aliases: ['tell', 'w', 'whisper', 'm', 't', 'pm'],
      permission: MESSAGING_NODES.msg,
      description: 'Sends a private message to a player online',
      playerOnly: true,
      args: [arg.player('player'), arg.text('message')],
      async run(c, { player, message }) {
        const me = senderPlayer(c);
        succeeded(c, await messaging.message(me.uuid, player.uuid, message, c.actor));
      },
    }),
    command({
      name: 'r',
      aliases: ['reply'],
      permission: MESSAGING_NODES.reply,
      description: 'Replies to the last player you exchanged a private message with',
      playerOnly: true,
      args: [arg.text('message')],
      async run(c, { message }) {
        succeeded(c, await messaging.reply(senderPlayer(c).uuid, message, c.actor));
      },
    }),
    command({
      name: 'ignore',
      permission: MESSAGING_NODES.ignore,
      description: 'Ignores a player’s private messages and mail, or stops ignoring them; alone, lists whom you ignore',
      playerOnly: true,
      args: [arg.knownPlayer('player').optional()],
      async run(c, { player }) {
        const me = senderPlayer(c);
        if (!player) {
          const list = await messaging.ignores(me.uuid);
          if (!succeeded(c, list)) return;
          const names = list.value.ignores.map((i) => i['player-name']);
          return c.reply(names.length === 0 ? 'You ignore nobody.' : `You ignore (${names.length}): ${names.join(', ')}`);
        }
        const r = await messaging.toggleIgnore(me.uuid, player.uuid, c.actor);
        if (!succeeded(c, r)) return;
        c.reply({
          text: r.value.ignoring ? `You now ignore ${player.name}: their private messages and mail no longer reach you.` : `You no longer ignore ${player.name}.`,
          color: 'green',
        });
      },
    }),
    command({
      name: 'mail',
      permission: MESSAGING_NODES.mail,
      description: 'Mail that waits for a player who is away',
      playerOnly: true,
      subcommands: [
        sub({
          name: 'send',
          description: 'Sends a mail to a player, online or not',
          args: [arg.knownPlayer('player'), arg.text('message')],
          async run(c, { player, message }) {
            const r = await messaging.sendMail(player.uuid, message, senderPlayer(c).uuid, c.actor);
            if (succeeded(c, r)) c.reply({ text: `Mail sent to ${player.name}.`, color: 'green' });
          },
        }),
        sub({
          name: 'read',
          description: 'Shows your mail; it then counts as read',
          async run(c) {
            const r = await messaging.readMail(senderPlayer(c).uuid, c.actor);
            if (!succeeded(c, r)) return;
            const { mail } = r.value;
            if (mail.length === 0) return c.reply('You have no mail.');
            c.reply({ text: `Your mail (${mail.length}):`, color: 'gold' });
            for (const m of mail) {
              c.reply({ text: `[${m['from-name'] ?? 'Server'}] `, color: m.read ? 'gray' : 'gold', extra: [{ text: m.body, color: 'white' }] });
            }
            c.reply({ text: 'Type /mail clear to empty your mailbox.', color: 'gray' });
          },
        }),
        sub({
          name: 'clear',
          description: 'Empties your mailbox',
          async run(c) {
            const r = await messaging.clearMail(senderPlayer(c).uuid, c.actor);
            if (!succeeded(c, r)) return;
            c.reply(r.value.cleared === 0 ? 'Your mailbox is already empty.' : { text: `Removed ${r.value.cleared} mail${r.value.cleared === 1 ? '' : 's'}.`, color: 'green' });
          },
        }),
      ],
    }),
    command({
      name: 'helpop',
      permission: MESSAGING_NODES.helpop,
      description: 'Asks the staff online for help',
      playerOnly: true,
      args: [arg.text('message')],
      async run(c, { message }) {
        const r = await messaging.helpop(senderPlayer(c).uuid, message);
        if (!succeeded(c, r)) return;
        c.reply(
          r.value.staffTold === 0
            ? { text: 'No staff member is online; your request was written to the server log.', color: 'yellow' }
            : { text: `Your request was sent to ${r.value.staffTold} staff member${r.value.staffTold === 1 ? '' : 's'}.`, color: 'green' },
        );
      },
    }),
  ];
}
