// In-game commands of staff mode: /staff [mode] (on and off duty, or another mode) and
// /sc [message] (alias /staffchat): a line to staff chat, or without a message, chat to staff only.

import type { CommandDefinition } from '../../core/commands/commands.ts';
import type { ModuleContext } from '../../core/kernel/module.ts';
import { argsFor } from '../../core/commands/command-args.ts';
import { senderPlayer, succeeded } from '../../core/commands/command-helpers.ts';
import { command } from '../../core/commands/command-tree.ts';
import { STAFF_NODES, type StaffService } from './staff.service.ts';

export function staffCommands(staff: StaffService, ctx: ModuleContext<never, 'vanish'>): CommandDefinition[] {
  const arg = argsFor(ctx);
  const modeArg = arg
    .word('mode', (c) => staff.modes().names.filter((m) => c.sender.kind === 'console' || staff.mayUseMode(senderPlayer(c).uuid, m)))
    .optional();

  return [
    command({
      name: 'staff',
      permission: STAFF_NODES.use,
      description: 'Goes on staff duty (in a mode of staff.conf), switches mode, or leaves duty.',
      playerOnly: true,
      args: [modeArg],
      async run(c, { mode }) {
        const me = senderPlayer(c);
        const current = staff.modeOf(me.uuid);
        const { names, defaultMode, mode: modeNamed } = staff.modes();
        // /staff alone toggles; /staff <the mode you are in> leaves too.
        const wanted = mode === undefined ? (current ? null : defaultMode) : mode === current ? null : mode;
        if (wanted !== null) {
          const m = modeNamed(wanted);
          if (!m) return c.reply({ text: `There is no staff mode "${wanted}". Modes: ${names.join(', ')}.`, color: 'red' });
          if (!staff.mayUseMode(me.uuid, wanted)) return c.reply({ text: `You do not have permission (${STAFF_NODES.mode}.${wanted}).`, color: 'red' });
        }
        const r = await staff.setDuty(me.uuid, wanted, c.actor);
        if (!succeeded(c, r)) return;
        if (wanted === null) return c.reply('You are off staff duty: your game mode and visibility are back as they were.');
        const m = modeNamed(wanted)!;
        const parts = [m.gameMode ? `game mode ${m.gameMode}` : 'your own game mode'];
        if (m.vanish) parts.push(ctx.optional.vanish ? 'vanished' : 'not vanished (the vanish module is off)');
        c.reply(`You are on staff duty (${wanted}): ${parts.join(', ')}. /staff again to leave.`);
      },
    }),
    command({
      name: 'sc',
      aliases: ['staffchat'],
      permission: STAFF_NODES.chat,
      description: 'Says something in staff chat; without a message, switches your chat to staff chat and back.',
      args: [arg.text('message').optional()],
      run(c, { message }) {
        if (message !== undefined) {
          const r = staff.chat(c.sender.kind === 'player' ? c.sender.player : null, message);
          succeeded(c, r);
          return;
        }
        if (c.sender.kind !== 'player') return c.reply({ text: 'Usage: sc <message> (the console has no chat to switch).', color: 'red' });
        const on = !staff.chatMode(c.sender.player.uuid);
        staff.setChatMode(c.sender.player.uuid, on);
        c.reply(on ? 'Your chat now goes to staff chat only. /sc again to talk to everyone.' : 'Your chat goes to everyone again.');
      },
    }),
  ];
}
