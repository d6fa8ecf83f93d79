// The trade's events: a trade completed (items swapped) or was cancelled (items returned). Both
// name the player who sent the request as the player, and the partner who accepted it.

import { Type } from '@sinclair/typebox';
import { defineEvents, eventPayload, PlayerFields, type PayloadsOf } from '../../core/kernel/events.ts';

const trade = {
  ...PlayerFields,
  'partner-id': Type.String({ format: 'uuid', description: 'The player who accepted the request.' }),
  'partner-name': Type.String(),
  'trade-id': Type.String(),
  'player-item-count': Type.Integer({ minimum: 0, description: 'Items the player offered.' }),
  'partner-item-count': Type.Integer({ minimum: 0, description: 'Items the partner offered.' }),
};

export const CANCEL_REASONS = ['cancelled', 'closed', 'quit', 'moved-away', 'stopped'] as const;
export type CancelReason = (typeof CANCEL_REASONS)[number];

export const TRADE_EVENTS = defineEvents({
  'trade.complete': eventPayload(trade, 'Both players confirmed: each received what the other offered.'),
  'trade.cancel': eventPayload(
    {
      ...trade,
      reason: Type.Union(
        CANCEL_REASONS.map((r) => Type.Literal(r)),
        {
          description:
            'cancelled: /trade cancel; closed: a trader closed the window; quit: a trader left the game; moved-away: they stood too far apart or in different worlds; stopped: the server or module stopped.',
        },
      ),
      'cancelled-by': Type.Union([Type.String({ format: 'uuid' }), Type.Null()], { description: 'The trader who caused it, or null (server).' }),
    },
    'An open trade ended without a swap: every item went back to its owner.',
  ),
});

declare module '../../core/kernel/events.ts' {
  interface EventPayloads extends PayloadsOf<typeof TRADE_EVENTS> {}
}
