// data/core/vaults.conf: how many vaults a player has when no permission node says otherwise, and
// how many rows each vault has. At `core reload` the limit applies at once; `rows` needs a restart,
// because a vault open on a player's screen has its size, and its contents are stored against it.

import { Type } from '@sinclair/typebox';
import { defineConfig, type ConfigOf } from '../../core/config/config-define.ts';
import { lines } from '../../core/config/config-schema.ts';

/** The largest limit (and vault index) a config file or a permission node can give. */
export const MAX_VAULTS = 1000;

export const vaultsConfig = defineConfig({
  file: 'vaults.conf',
  header: 'Core player vaults: private chests a player opens with /pv <n>.',
  schema: Type.Object({
    'default-limit': Type.Integer({
      default: 2,
      minimum: 0,
      maximum: MAX_VAULTS,
      description: lines(
        'Vaults a player has (vaults 1 to this number) unless they hold a permission node',
        `core.vault.limit.<n>: then the highest such <n> is their limit. 0 to ${MAX_VAULTS}.`,
      ),
    }),
    rows: Type.Integer({
      default: 6,
      minimum: 1,
      maximum: 6,
      restart: true,
      description: lines(
        'Rows of 9 slots in each vault, 1 to 6 (6: 54 slots, as a large chest). Lowering it hides the',
        'items of the rows taken away (they are kept, and show again when it is raised).',
      ),
    }),
  }),
});

export type VaultsConfig = ConfigOf<typeof vaultsConfig>;

export const vaultsReloadable = (configDir: string) => vaultsConfig.reloadable(configDir);
