// Schemas of the skins' answers and requests (TypeBox).

import { Type, type Static } from '@sinclair/typebox';
import { PlayerFields } from '../../core/kernel/events.ts';

/** A game account name: 1-16 of letters, digits and _. */
export const ACCOUNT_PATTERN = '^[A-Za-z0-9_]{1,16}$';

export const Account = Type.String({ minLength: 1, maxLength: 16, pattern: ACCOUNT_PATTERN, description: 'A game account name, as the account service spells it.' });

export const ChosenSkin = Type.Object(
  {
    ...PlayerFields,
    account: Account,
    'account-id': Type.String({ format: 'uuid', description: 'The account whose skin it is.' }),
    'texture-url': Type.String({ description: 'The skin image (textures.SKIN.url of the value).' }),
    value: Type.String({ description: 'The textures property as the account service signed it (base64).' }),
    signature: Type.Union([Type.String(), Type.Null()], { description: 'The account service’s signature of value; null when it gave none.' }),
    'chosen-at': Type.String({ format: 'date-time' }),
    'fetched-at': Type.String({ format: 'date-time', description: 'When the skin was last fetched from the account service.' }),
  },
  { $id: 'ChosenSkin', additionalProperties: false },
);
export type ChosenSkin = Static<typeof ChosenSkin>;
