// The kits' event: kit.claim, after a claim has given the items (and charged the cost). An admin's
// give is not a claim and emits nothing here (it is in the audit log).

import { Type } from '@sinclair/typebox';
import { defineEvents, eventPayload, PlayerFields, type PayloadsOf } from '../../core/kernel/events.ts';
import { Money } from '../../core/values/schemas.ts';
import { KitId } from './kits.schemas.ts';

export const KIT_EVENTS = defineEvents({
  'kit.claim': eventPayload(
    { ...PlayerFields, kit: KitId, cost: Type.Union([Money, Type.Null()], { description: 'What the claim cost; null: free.' }) },
    'A player claimed a kit (in game with /kit <id>, or through POST /players/{uuid}/kits/{id}/claim).',
  ),
});

declare module '../../core/kernel/events.ts' {
  interface EventPayloads extends PayloadsOf<typeof KIT_EVENTS> {}
}
