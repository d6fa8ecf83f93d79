// The homes' events: every one of the spec's home context. Each names the player and the slot, and
// carries what changed (locations rendered as in the reads).

import { Type } from '@sinclair/typebox';
import { defineEvents, eventPayload, PlayerFields, type PayloadsOf } from '../../core/kernel/events.ts';
import { LocationAnswer } from '../../core/values/location.ts';
import { Label, Slot, Visibility } from './homes.schemas.ts';

const NullableLabel = Type.Union([Label, Type.Null()]);
const Icon = Type.String({ description: 'A game material name.' });
const home = { ...PlayerFields, slot: Slot, label: NullableLabel };

export const HOME_EVENTS = defineEvents({
  'home.create': eventPayload({ ...home, location: LocationAnswer, icon: Icon, visibility: Visibility }, 'A home was set on an empty slot.'),
  'home.relocate': eventPayload(
    { ...home, location: LocationAnswer, 'previous-location': LocationAnswer },
    'A home got a new location (set on an occupied slot, or move).',
  ),
  'home.rename': eventPayload({ ...home, 'previous-label': NullableLabel }, 'A home’s label changed (null: none).'),
  'home.delete': eventPayload({ ...home, location: LocationAnswer }, 'A home was deleted; its slot is empty.'),
  'home.icon-change': eventPayload({ ...home, icon: Icon, 'previous-icon': Icon }, 'A home’s icon changed.'),
  'home.visibility-change': eventPayload(
    { ...home, visibility: Visibility, 'previous-visibility': Visibility },
    'A home became public or private.',
  ),
  'home.limit-reached': eventPayload(
    {
      ...PlayerFields,
      slot: Slot,
      limit: Type.Integer({ minimum: 0, description: 'The player’s limit: slots 1 to limit may be set.' }),
      count: Type.Integer({ minimum: 0, description: 'Homes the player has.' }),
    },
    'Setting a home was refused because the slot is beyond the player’s limit.',
  ),
});

declare module '../../core/kernel/events.ts' {
  interface EventPayloads extends PayloadsOf<typeof HOME_EVENTS> {}
}
