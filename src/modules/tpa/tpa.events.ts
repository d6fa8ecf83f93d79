// The teleport requests' events: the five of the spec's teleport context that the kernel does not
// emit (it emits player-teleport, back-location-capture and the warm-up ones). Each names the
// sender as the player, the target, and the kind of request.

import { Type } from '@sinclair/typebox';
import { defineEvents, eventPayload, PlayerFields, type PayloadsOf } from '../../core/kernel/events.ts';
import { Kind } from './tpa.schemas.ts';

const request = {
  ...PlayerFields,
  'target-id': Type.String({ format: 'uuid', description: 'The player the request was sent to.' }),
  'target-name': Type.String(),
  kind: Kind,
};

export const CANCEL_REASONS = ['cancelled', 'replaced', 'quit'] as const;
export type CancelReason = (typeof CANCEL_REASONS)[number];

export const TPA_EVENTS = defineEvents({
  'teleport.request-send': eventPayload(
    { ...request, 'expires-at': Type.String({ format: 'date-time' }) },
    'A player (player-id) sent a teleport request to another (target-id).',
  ),
  'teleport.request-accept': eventPayload(request, 'The target accepted a teleport request; the teleport (with its warm-up) follows.'),
  'teleport.request-deny': eventPayload(request, 'The target denied a teleport request.'),
  'teleport.request-cancel': eventPayload(
    {
      ...request,
      reason: Type.Union(
        CANCEL_REASONS.map((r) => Type.Literal(r)),
        { description: 'cancelled: the sender cancelled it; replaced: the sender sent the same player a new one; quit: one of the two left the game.' },
      ),
    },
    'A teleport request ended unanswered before its expiry.',
  ),
  'teleport.request-expire': eventPayload(request, 'A teleport request expired unanswered.'),
});

declare module '../../core/kernel/events.ts' {
  interface EventPayloads extends PayloadsOf<typeof TPA_EVENTS> {}
}
