// /2fa: `/2fa <code>` proves the factor after joining from an untrusted device; `/2fa setup` shows a
// new secret once (copyable, and the otpauth URI as a link), `/2fa confirm <code>` turns it on,
// `/2fa disable <code>` turns it off.

import type { CommandContext, CommandDefinition } from '../../core/commands/commands.ts';
import { succeeded, senderPlayer } from '../../core/commands/command-helpers.ts';
import { arg, argsFor } from '../../core/commands/command-args.ts';
import type { ModuleContext } from '../../core/kernel/module.ts';
import { command, sub } from '../../core/commands/command-tree.ts';
import type { SecurityService } from './security.service.ts';
import { VERIFY_COMMAND } from './security.enforce.ts';

export const SECURITY_NODES = {
  /** Enrol, confirm, disable and prove a factor (every player). */
  use: 'core.security.use',
  /** Admin: remove another player's factor (a lost phone). */
  reset: 'core.security.reset',
} as const;

const code = arg.custom('code', {
  shown: 'code',
  parse: (word) => (/^\d{6}$/.test(word) ? { ok: true, value: word } : { ok: false, message: `"${word}" is not a code: a code is the 6 digits your authenticator app shows.` }),
});

export function securityCommands(security: SecurityService, ctx: ModuleContext): CommandDefinition[] {
  const args = argsFor(ctx);
  const done = (c: CommandContext, text: string) => c.reply({ text, color: 'green' });
  return [
    command({
      name: VERIFY_COMMAND,
      permission: SECURITY_NODES.use,
      description: 'Two-factor authentication: prove your code, or set it up, confirm or turn it off.',
      // The codes are secrets for their 30 seconds: the log shows "/2fa …".
      secretArgs: true,
      args: [code],
      async run(c, { code: value }) {
        if (c.sender.kind !== 'player') return c.reply({ text: 'Only a player can prove a code. The console may use /2fa reset <player>.', color: 'red' });
        const r = await security.verify(senderPlayer(c), value, c.actor);
        if (succeeded(c, r)) done(c, 'Code accepted: welcome. This device is now trusted.');
      },
      subcommands: [
        sub({
          name: 'setup',
          permission: SECURITY_NODES.use,
          playerOnly: true,
          args: [],
          async run(c) {
            const r = await security.setup(senderPlayer(c), c.actor);
            if (!succeeded(c, r)) return;
            const { secret, uri } = r.value;
            c.reply({
              text: 'Add this secret to your authenticator app (shown only now; click to copy): ',
              color: 'gold',
              extra: [
                {
                  text: secret,
                  color: 'aqua',
                  underlined: true,
                  clickEvent: { action: 'copy_to_clipboard', value: secret },
                  hoverEvent: { action: 'show_text', contents: 'Click to copy the secret' },
                },
              ],
            });
            c.reply({
              text: '[Copy the otpauth link]',
              color: 'aqua',
              underlined: true,
              clickEvent: { action: 'copy_to_clipboard', value: uri },
              hoverEvent: { action: 'show_text', contents: 'Click to copy the otpauth:// link (for apps that import it)' },
            });
            c.reply('Then turn it on with /2fa confirm <code>.');
          },
        }),
        sub({
          name: 'confirm',
          permission: SECURITY_NODES.use,
          playerOnly: true,
          args: [code],
          async run(c, { code: value }) {
            const r = await security.confirm(senderPlayer(c), value, c.actor);
            if (succeeded(c, r)) done(c, 'Two-factor authentication is on. Joins from a new device will ask for a code.');
          },
        }),
        sub({
          name: 'disable',
          permission: SECURITY_NODES.use,
          playerOnly: true,
          args: [code],
          async run(c, { code: value }) {
            const r = await security.disable(senderPlayer(c), value, c.actor);
            if (succeeded(c, r)) done(c, 'Two-factor authentication is off.');
          },
        }),
        sub({
          name: 'reset',
          permission: SECURITY_NODES.reset,
          args: [args.knownPlayer('player')],
          async run(c, { player }) {
            const r = await security.reset(player.uuid, c.actor);
            if (succeeded(c, r)) done(c, `Two-factor authentication of ${player.name} removed: they may set it up again.`);
          },
        }),
      ],
    }),
  ];
}
