// In-game command of the snapshots: /invrollback snapshot|list|restore <player> …, an admin tool
// (run from the console too).

import { argsFor } from '../../core/commands/command-args.ts';
import { succeeded } from '../../core/commands/command-helpers.ts';
import { command } from '../../core/commands/command-tree.ts';
import type { CommandDefinition } from '../../core/commands/commands.ts';
import type { ModuleContext } from '../../core/kernel/module.ts';
import type { Snapshot } from './invrollback.schemas.ts';
import type { InvRollbackService } from './invrollback.service.ts';

export const INVROLLBACK_NODES = {
  snapshot: 'core.invrollback.snapshot',
  list: 'core.invrollback.list',
  restore: 'core.invrollback.restore',
} as const;

export const describeSnapshot = (s: Snapshot) => `#${s.id} ${s.cause} at ${s['taken-at']} by ${s.actor}: ${s['item-count']} items in ${s['slots-used']} slots`;

export function invRollbackCommands(snapshots: InvRollbackService, ctx: ModuleContext): CommandDefinition[] {
  const arg = argsFor(ctx);
  return [
    command({
      name: 'invrollback',
      aliases: ['invrb'],
      permission: null,
      description: 'Inventory snapshots: take one, list them newest first, or restore one to an online player.',
      subcommands: [],
      then: (s) => [
        s({
          name: 'snapshot',
          permission: INVROLLBACK_NODES.snapshot,
          description: "Copies an online player's whole inventory now.",
          args: [arg.player('player')],
          async run(c, { player }) {
            const r = await snapshots.take(player.uuid, c.actor);
            if (succeeded(c, r)) c.reply(`Snapshot of ${player.name}: ${describeSnapshot(r.value)}.`);
          },
        }),
        s({
          name: 'list',
          permission: INVROLLBACK_NODES.list,
          description: "Lists a player's snapshots, newest first.",
          args: [arg.knownPlayer('player')],
          async run(c, { player }) {
            const r = await snapshots.list(player.uuid);
            if (!succeeded(c, r)) return;
            c.reply(`Snapshots of ${player.name} (${r.value.count}, up to ${r.value.limit} kept):${r.value.count === 0 ? ' none' : ''}`);
            for (const snap of r.value.snapshots) c.reply(describeSnapshot(snap));
          },
        }),
        s({
          name: 'restore',
          permission: INVROLLBACK_NODES.restore,
          description: "Replaces an online player's inventory with one of their snapshots (a safety copy is taken first).",
          args: [arg.knownPlayer('player'), arg.slot('id')],
          async run(c, { player, id }) {
            const r = await snapshots.restore(player.uuid, id, c.actor);
            if (!succeeded(c, r)) return;
            c.reply(`Restored snapshot #${id} to ${player.name}; what they held before is snapshot #${r.value['safety-snapshot'].id}.`);
          },
        }),
      ],
    }),
  ];
}
