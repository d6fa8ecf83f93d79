// Schemas of the homes' answers and requests (TypeBox): validation, types and the OpenAPI document
// come from these.

import { Type, type Static } from '@sinclair/typebox';
import { LocationAnswer, LocationInput } from '../../core/values/location.ts';
import { PlayerUuid } from '../../core/values/schemas.ts';
import { MAX_SLOT } from './homes.config.ts';

/** A label: 1-32 of letters, digits, _ and -, not only digits (a number names a slot). */
export const LABEL_PATTERN = '^(?![0-9]+$)[A-Za-z0-9_-]{1,32}$';

export const Slot = Type.Integer({ minimum: 1, maximum: MAX_SLOT, description: 'Home slot, counting from 1.' });
export const Label = Type.String({
  minLength: 1,
  maxLength: 32,
  pattern: LABEL_PATTERN,
  description: 'A name for the home: 1-32 of letters, digits, _ and -, not only digits; unique among the player’s homes (case-insensitive).',
});
export const Visibility = Type.Union([Type.Literal('public'), Type.Literal('private')], {
  description: 'public: any player may visit it with /home <owner>:<slot>; private: only its owner.',
});
export type Visibility = Static<typeof Visibility>;

export const Home = Type.Object(
  {
    slot: Slot,
    label: Type.Union([Label, Type.Null()], { description: 'Null when the home has no label.' }),
    location: LocationAnswer,
    icon: Type.String({ description: 'A game material name (Minecraft 1.21.4 items), e.g. "red_bed".' }),
    visibility: Visibility,
    'created-at': Type.String({ format: 'date-time' }),
    'updated-at': Type.String({ format: 'date-time', description: 'Last change of location, label, icon or visibility.' }),
  },
  { $id: 'Home', additionalProperties: false },
);
export type Home = Static<typeof Home>;

export const HomeList = Type.Object(
  {
    homes: Type.Array(Home, { description: 'Every home the player has, by slot.' }),
    count: Type.Integer({ minimum: 0, description: 'How many homes the player has.' }),
    limit: Type.Integer({
      minimum: 0,
      description: 'Slots the player may set (1 to limit): the highest core.home.limit.<n> node they hold, else default-limit of homes.conf.',
    }),
  },
  { additionalProperties: false },
);
export type HomeList = Static<typeof HomeList>;

export const DeletedHome = Type.Object(
  {
    slot: Slot,
    deleted: Type.Boolean({ description: 'False when the slot was empty already (nothing changed).' }),
    home: Type.Union([Home, Type.Null()], { description: 'The home as it was before deletion; null when the slot was empty.' }),
  },
  { additionalProperties: false },
);
export type DeletedHome = Static<typeof DeletedHome>;

export const HomeParams = Type.Object({ uuid: PlayerUuid, slot: Slot }, { additionalProperties: false });
export const LocationBody = Type.Object({ location: LocationInput }, { additionalProperties: false });
export const RenameBody = Type.Object(
  { label: Type.Union([Label, Type.Null()], { description: 'The new label; null removes it.' }) },
  { additionalProperties: false },
);
