// In-game command of the vaults: /pv lists the sender's vaults, /pv <n> opens one (creating it on
// first opening within the limit), /pv <n> name <text>|clear and /pv <n> icon <material>|clear
// label it.

import { arg } from '../../core/commands/command-args.ts';
import { senderPlayer, succeeded } from '../../core/commands/command-helpers.ts';
import { command } from '../../core/commands/command-tree.ts';
import type { CommandContext, CommandDefinition } from '../../core/commands/commands.ts';
import type { Vault } from './vaults.schemas.ts';
import type { LabelChange, VaultsService } from './vaults.service.ts';

export const VAULT_NODES = {
  use: 'core.vault.use',
} as const;

export function vaultsCommands(vaults: VaultsService): CommandDefinition[] {
  const describe = (v: Vault) => `${v.index}${v.name ? ` (${v.name})` : ''}${v.icon ? ` [${v.icon}]` : ''}: ${v['item-count']} items in ${v['slots-used']} slots`;

  async function label(c: CommandContext, index: number, change: LabelChange): Promise<void> {
    // A malformed name (InvalidInput) is told to the sender by the command framework.
    const r = await vaults.label(senderPlayer(c).uuid, index, change, c.actor);
    if (succeeded(c, r)) c.reply(`Vault ${describe(r.value)}.`);
  }
  const cleared = (v: string) => (v === 'clear' ? null : v);

  return [
    command({
      name: 'pv',
      aliases: ['vault', 'playervault'],
      permission: VAULT_NODES.use,
      description: 'Opens one of your vaults, lists them, or names one or gives it an icon.',
      playerOnly: true,
      args: [arg.slot('number').completedBy((c) => Array.from({ length: Math.min(vaults.limit(senderPlayer(c).uuid), 54) }, (_, i) => String(i + 1))).optional()],
      async run(c, { number }) {
        const me = senderPlayer(c);
        if (number !== undefined) {
          succeeded(c, await vaults.open(me.uuid, number, c.actor));
          return;
        }
        const r = await vaults.list(me.uuid);
        if (!succeeded(c, r)) return;
        c.reply(`Your vaults (${r.value.count}, you may open 1 to ${r.value.limit}):${r.value.count === 0 ? ' none yet; open one with /pv 1' : ''}`);
        for (const v of r.value.vaults) c.reply(describe(v));
      },
      then: (s) => [
        s({ name: 'name', args: [arg.text('text').orWords(['clear'])], run: (c, { number, text }) => label(c, number, { name: cleared(text) }) }),
        s({ name: 'icon', args: [arg.material('material').orWords(['clear'])], run: (c, { number, material }) => label(c, number, { icon: cleared(material) }) }),
      ],
    }),
  ];
}
