// Schemas of the vaults' answers and requests (TypeBox): validation, types and the OpenAPI document
// come from these. Vault contents and item stacks are never part of an answer (the spec): a vault
// tells how many items it holds, not which.

import { Type, type Static } from '@sinclair/typebox';
import { PlayerUuid } from '../../core/values/schemas.ts';
import { MAX_VAULTS } from './vaults.config.ts';

export const VaultIndex = Type.Integer({ minimum: 1, maximum: MAX_VAULTS, description: 'Vault number, counting from 1.' });
/** A vault's name: 1-32 characters, no control characters. */
export const NAME_PATTERN = '^[^\\x00-\\x1F\\x7F]{1,32}$';
export const VaultName = Type.String({ minLength: 1, maxLength: 32, pattern: NAME_PATTERN, description: 'A name for the vault, 1-32 characters (shown as its window title).' });
const Icon = Type.String({ minLength: 1, maxLength: 64, description: 'A game material name (Minecraft 1.21.4 items), e.g. "chest".' });
const Instant = Type.String({ format: 'date-time' });

export const Vault = Type.Object(
  {
    index: VaultIndex,
    name: Type.Union([VaultName, Type.Null()], { description: 'Null until labelled.' }),
    icon: Type.Union([Icon, Type.Null()], { description: 'Null until given one.' }),
    'item-count': Type.Integer({ minimum: 0, description: 'How many items it holds, all stacks together (the items themselves are never shown).' }),
    'slots-used': Type.Integer({ minimum: 0, description: 'How many of its slots hold something.' }),
    'created-at': Instant,
    'updated-at': Type.String({ format: 'date-time', description: 'Last change of contents, name or icon.' }),
  },
  { $id: 'Vault', additionalProperties: false },
);
export type Vault = Static<typeof Vault>;

export const VaultList = Type.Object(
  {
    vaults: Type.Array(Vault, { description: 'Every vault the player has (a vault exists from its first opening), by index.' }),
    count: Type.Integer({ minimum: 0, description: 'How many vaults the player has.' }),
    limit: Type.Integer({
      minimum: 0,
      description: 'Vaults the player may open (1 to limit): the highest core.vault.limit.<n> node they hold, else default-limit of vaults.conf.',
    }),
    'row-size': Type.Integer({ minimum: 1, maximum: 6, description: 'Rows of 9 slots in each vault (rows of vaults.conf).' }),
    'slots-per-vault': Type.Integer({ minimum: 9, maximum: 54, description: 'Slots in each vault: row-size × 9.' }),
  },
  { additionalProperties: false },
);
export type VaultList = Static<typeof VaultList>;

export const VaultParams = Type.Object({ uuid: PlayerUuid, index: VaultIndex }, { additionalProperties: false });

export const LabelBody = Type.Object(
  {
    name: Type.Optional(Type.Union([VaultName, Type.Null()], { description: 'The new name; null clears it; left out: unchanged.' })),
    icon: Type.Optional(Type.Union([Icon, Type.Null()], { description: 'The new icon, a game material name; null clears it; left out: unchanged.' })),
  },
  { additionalProperties: false, minProperties: 1, description: 'name, icon, or both; a body with neither is 400.' },
);
export type LabelBody = Static<typeof LabelBody>;
