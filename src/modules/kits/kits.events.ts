// The kits' event: kit.claim, after a claim has given the items (and charged the cost). An admin's
// give is not a claim and emits nothing here (it is in the audit log).

import { Type } from '@sinclair/typebox';
import { defineEventSchema, PlayerFields } from '../../core/events.ts';
import { Money } from '../../core/schemas.ts';
import { KitId } from './kits.schemas.ts';

export const KitClaim = defineEventSchema(
  'kit.claim',
  { ...PlayerFields, kit: KitId, cost: Type.Union([Money, Type.Null()], { description: 'What the claim cost; null: free.' }) },
  'A player claimed a kit (in game with /kit <id>, or through POST /players/{uuid}/kits/{id}/claim).',
);
