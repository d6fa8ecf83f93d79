// The skins' event: skin.change, when a player chooses a skin or goes back to their own.

import { Type } from '@sinclair/typebox';
import { defineEvents, eventPayload, PlayerFields, type PayloadsOf } from '../../core/kernel/events.ts';
import { Account } from './skins.schemas.ts';

const NullableAccount = Type.Union([Account, Type.Null()]);

export const SKIN_EVENTS = defineEvents({
  'skin.change': eventPayload(
    {
      ...PlayerFields,
      account: Type.Union([Account, Type.Null()], { description: 'The account whose skin they now wear; null: their own again.' }),
      'previous-account': NullableAccount,
      'texture-url': Type.Union([Type.String(), Type.Null()], { description: 'The new skin image; null: their own again.' }),
    },
    'A player chose a skin (/skin <account>) or cleared it (/skin clear).',
  ),
});

declare module '../../core/kernel/events.ts' {
  interface EventPayloads extends PayloadsOf<typeof SKIN_EVENTS> {}
}
