// In-game commands of the teleport requests: /tpa, /tpahere, /tpaccept, /tpdeny, /tpacancel.

import { argsFor } from '../../core/commands/command-args.ts';
import { senderPlayer, succeeded } from '../../core/commands/command-helpers.ts';
import { command } from '../../core/commands/command-tree.ts';
import type { CommandContext, CommandDefinition } from '../../core/commands/commands.ts';
import type { ModuleContext } from '../../core/kernel/module.ts';
import { duration } from '../../core/messages/catalogue.ts';
import { msg } from './tpa.messages.ts';
import type { TpaService } from './tpa.service.ts';
import type { RequestKind } from './tpa.schemas.ts';

/** Every node is a player node: everyone holds them unless withheld. */
export const TPA_NODES = {
  tpa: 'core.teleport.tpa',
  tpahere: 'core.teleport.tpahere',
  accept: 'core.teleport.tpaccept',
  deny: 'core.teleport.tpdeny',
  cancel: 'core.teleport.tpacancel',
} as const;

export function tpaCommands(tpa: TpaService, ctx: ModuleContext): CommandDefinition[] {
  const arg = argsFor(ctx);
  const { platform } = ctx;

  /** Names of those who sent the sender a request (completion of /tpaccept and /tpdeny). */
  const senders = (c: CommandContext): string[] => {
    if (c.sender.kind !== 'player') return [];
    const me = c.sender.player.uuid;
    void tpa.requests(me).then((r) => {
      if (r.ok) cache.set(me, r.value.incoming.map((q) => q['sender-name']));
    });
    return cache.get(me) ?? [];
  };
  const cache = new Map<string, string[]>();

  /** A request's sender by name; they must be online (a request ends when its sender leaves). */
  const from = arg.word('player', senders);

  function uuidOf(c: CommandContext, name: string | undefined): string | undefined | false {
    if (name === undefined) return undefined;
    const p = platform.playerByName(name);
    if (!p) {
      c.reply(msg('tpa.none-from', { player: name }));
      return false;
    }
    return p.uuid;
  }

  const request = (kind: RequestKind) =>
    command({
      name: kind,
      permission: kind === 'tpa' ? TPA_NODES.tpa : TPA_NODES.tpahere,
      description: kind === 'tpa' ? 'Asks a player to let you teleport to them.' : 'Asks a player to teleport to you.',
      playerOnly: true,
      args: [arg.player('player')],
      run(c, { player }) {
        const r = tpa.send(senderPlayer(c).uuid, player.uuid, kind);
        if (!succeeded(c, r)) return;
        const wait = Math.round((Date.parse(r.value['expires-at']) - Date.parse(r.value['sent-at'])) / 1000);
        c.reply(msg('tpa.sent', { player: player.name, wait: duration(wait) }));
      },
    });

  return [
    request('tpa'),
    request('tpahere'),
    command({
      name: 'tpaccept',
      aliases: ['tpyes'],
      permission: TPA_NODES.accept,
      description: 'Accepts a teleport request: from that player, or the newest you received.',
      playerOnly: true,
      args: [from.optional()],
      async run(c, { player }) {
        const sender = uuidOf(c, player);
        if (sender === false) return;
        const r = tpa.accept(senderPlayer(c).uuid, sender);
        if (!succeeded(c, r)) return;
        c.reply(msg('tpa.accepted', { player: r.value.request['sender-name'] }));
        // Both players are told how the move ends (after its warm-up); the command waits for it.
        await r.value.teleport;
      },
    }),
    command({
      name: 'tpdeny',
      aliases: ['tpno'],
      permission: TPA_NODES.deny,
      description: 'Denies a teleport request: from that player, or the newest you received.',
      playerOnly: true,
      args: [from.optional()],
      run(c, { player }) {
        const sender = uuidOf(c, player);
        if (sender === false) return;
        const r = tpa.deny(senderPlayer(c).uuid, sender);
        if (succeeded(c, r)) c.reply(msg('tpa.denied', { player: r.value['sender-name'] }));
      },
    }),
    command({
      name: 'tpacancel',
      permission: TPA_NODES.cancel,
      description: 'Cancels your teleport request to that player, or all of yours.',
      playerOnly: true,
      args: [arg.player('player').optional()],
      run(c, { player }) {
        const r = tpa.cancel(senderPlayer(c).uuid, player?.uuid);
        if (!succeeded(c, r)) return;
        const names = r.value.map((q) => q['target-name']).join(', ');
        c.reply(msg(r.value.length === 1 ? 'tpa.cancelled' : 'tpa.cancelled-many', { players: names }));
      },
    }),
  ];
}
