// The security factors' events. None carries factor material or the device address.

import { Type } from '@sinclair/typebox';
import { defineEvents, eventPayload, PlayerFields, type PayloadsOf } from '../../core/kernel/events.ts';

export const SECURITY_EVENTS = defineEvents({
  'security.verification-pass': eventPayload(
    {
      ...PlayerFields,
      'trusted-until': Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
        description: 'Until when the device is now trusted; null when trusted-days is 0.',
      }),
    },
    'A player proved their factor after joining from an untrusted device; they may play.',
  ),
  'security.verification-fail': eventPayload(
    {
      ...PlayerFields,
      'failed-attempts': Type.Integer({ minimum: 1, description: 'Wrong codes in a row so far.' }),
      'attempts-left': Type.Integer({ minimum: 0, description: 'Wrong codes left before a lockout (0: this one locked them out).' }),
    },
    'A player gave a wrong code while proving their factor.',
  ),
  'security.lockout': eventPayload(
    {
      ...PlayerFields,
      until: Type.String({ format: 'date-time', description: 'When the lockout ends.' }),
      'failed-attempts': Type.Integer({ minimum: 1 }),
    },
    'Too many wrong codes: the player is kicked and cannot join until the lockout ends or is unlocked.',
  ),
});

declare module '../../core/kernel/events.ts' {
  interface EventPayloads extends PayloadsOf<typeof SECURITY_EVENTS> {}
}
