// In-game command of the vaults: /pv lists the sender's vaults, /pv <n> opens one (creating it on
// first opening within the limit), /pv <n> name <text>|clear and /pv <n> icon <material>|clear
// label it.

import { completeFrom, senderPlayer, succeeded } from '../../core/command-helpers.ts';
import type { CommandDefinition } from '../../core/commands.ts';
import { materialsStartingWith } from '../../core/materials.ts';
import type { Vault } from './vaults.schemas.ts';
import type { VaultsService } from './vaults.service.ts';

export const VAULT_NODES = {
  use: 'core.vault.use',
} as const;

const USAGE = 'Usage: /pv [n], /pv <n> name <text>|clear, /pv <n> icon <material>|clear';

export function vaultsCommands(vaults: VaultsService): CommandDefinition[] {
  const describe = (v: Vault) => `${v.index}${v.name ? ` (${v.name})` : ''}${v.icon ? ` [${v.icon}]` : ''}: ${v['item-count']} items in ${v['slots-used']} slots`;

  return [
    {
      name: 'pv',
      aliases: ['vault', 'playervault'],
      permission: VAULT_NODES.use,
      description: 'Opens one of your vaults, lists them, or names one or gives it an icon.',
      usage: 'pv [n] | pv <n> name <text>|clear | pv <n> icon <material>|clear',
      playerOnly: true,
      async run(c, args) {
        const me = senderPlayer(c);
        const [first, what] = args;
        if (first === undefined) {
          const r = await vaults.list(me.uuid);
          if (!succeeded(c, r)) return;
          c.reply(`Your vaults (${r.value.count}, you may open 1 to ${r.value.limit}):${r.value.count === 0 ? ' none yet; open one with /pv 1' : ''}`);
          for (const v of r.value.vaults) c.reply(describe(v));
          return;
        }
        if (!/^\d{1,4}$/.test(first) || Number(first) < 1) return c.reply(USAGE);
        const index = Number(first);
        if (what === undefined) {
          succeeded(c, await vaults.open(me.uuid, index, c.actor));
          return;
        }
        const text = c.rest.replace(/^\S+\s+\S+\s*/, '');
        if ((what !== 'name' && what !== 'icon') || text === '') return c.reply(USAGE);
        const value = text === 'clear' ? null : text;
        // A malformed name (InvalidInput) is told to the sender by the command framework.
        const r = await vaults.label(me.uuid, index, what === 'name' ? { name: value } : { icon: value }, c.actor);
        if (succeeded(c, r)) c.reply(`Vault ${describe(r.value)}.`);
      },
      complete(c, args) {
        if (args.length === 1) return completeFrom(Array.from({ length: Math.min(vaults.limit(senderPlayer(c).uuid), 54) }, (_, i) => String(i + 1)), args[0] ?? '');
        if (args.length === 2) return completeFrom(['name', 'icon'], args[1] ?? '');
        if (args.length === 3 && args[1] === 'icon') return materialsStartingWith(args[2] ?? '');
        return [];
      },
    },
  ];
}
