// The vaults' events: vault.open when a vault's window opens, vault.contents-change when the
// player changes what it holds (after it is stored). Items are never part of an event.

import { Type } from '@sinclair/typebox';
import { defineEvents, eventPayload, PlayerFields, type PayloadsOf } from '../../core/kernel/events.ts';
import { VaultIndex, VaultName } from './vaults.schemas.ts';

const ItemCount = Type.Integer({ minimum: 0, description: 'How many items the vault holds, all stacks together.' });

export const VAULT_EVENTS = defineEvents({
  'vault.open': eventPayload(
    {
      ...PlayerFields,
      index: VaultIndex,
      name: Type.Union([VaultName, Type.Null()]),
      'item-count': ItemCount,
      created: Type.Boolean({ description: 'Whether this first opening created the vault.' }),
    },
    'A vault’s window opened on its owner’s screen (/pv <n>, or POST /players/{uuid}/vaults/{index}/open).',
  ),
  'vault.contents-change': eventPayload(
    { ...PlayerFields, index: VaultIndex, 'item-count': ItemCount, 'previous-item-count': ItemCount },
    'The owner put items into the vault or took some out; the change is stored. One event per change the game reports (a click), and one when the window closes if the close changed it.',
  ),
});

declare module '../../core/kernel/events.ts' {
  interface EventPayloads extends PayloadsOf<typeof VAULT_EVENTS> {}
}
