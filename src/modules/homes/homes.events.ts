// The homes' events: every one of the spec's home context. Each names the player and the slot, and
// carries what changed (locations rendered as in the reads).

import { Type } from '@sinclair/typebox';
import { defineEventSchema, PlayerFields } from '../../core/events.ts';
import { LocationAnswer } from '../../core/location.ts';
import { Label, Slot, Visibility } from './homes.schemas.ts';

const NullableLabel = Type.Union([Label, Type.Null()]);
const Icon = Type.String({ description: 'A game material name.' });
const home = { ...PlayerFields, slot: Slot, label: NullableLabel };

export const HomeCreate = defineEventSchema(
  'home.create',
  { ...home, location: LocationAnswer, icon: Icon, visibility: Visibility },
  'A home was set on an empty slot.',
);
export const HomeRelocate = defineEventSchema(
  'home.relocate',
  { ...home, location: LocationAnswer, 'previous-location': LocationAnswer },
  'A home got a new location (set on an occupied slot, or move).',
);
export const HomeRename = defineEventSchema('home.rename', { ...home, 'previous-label': NullableLabel }, 'A home’s label changed (null: none).');
export const HomeDelete = defineEventSchema('home.delete', { ...home, location: LocationAnswer }, 'A home was deleted; its slot is empty.');
export const HomeIconChange = defineEventSchema('home.icon-change', { ...home, icon: Icon, 'previous-icon': Icon }, 'A home’s icon changed.');
export const HomeVisibilityChange = defineEventSchema(
  'home.visibility-change',
  { ...home, visibility: Visibility, 'previous-visibility': Visibility },
  'A home became public or private.',
);
export const HomeLimitReached = defineEventSchema(
  'home.limit-reached',
  {
    ...PlayerFields,
    slot: Slot,
    limit: Type.Integer({ minimum: 0, description: 'The player’s limit: slots 1 to limit may be set.' }),
    count: Type.Integer({ minimum: 0, description: 'Homes the player has.' }),
  },
  'Setting a home was refused because the slot is beyond the player’s limit.',
);
