// The communication events: communication.announcer-reload when `core reload` reads
// announcer.conf again, and communication.broadcast-opt-out when a player hides or shows
// announcements.

import { Type } from '@sinclair/typebox';
import { defineEvents, eventPayload, PlayerFields, type PayloadsOf } from '../../core/kernel/events.ts';
import { MAX_INTERVAL } from './communication.config.ts';

export const COMMUNICATION_EVENTS = defineEvents({
  'communication.announcer-reload': eventPayload(
    {
      changed: Type.Boolean({ description: 'Whether the file had changed (false: read again as it was).' }),
      enabled: Type.Boolean({ description: 'Whether announcements are shown.' }),
      messages: Type.Integer({ minimum: 0, description: 'How many messages the announcer has now.' }),
      'interval-seconds': Type.Integer({ minimum: 1, maximum: MAX_INTERVAL }),
      order: Type.Union([Type.Literal('sequential'), Type.Literal('random')]),
    },
    'core reload read announcer.conf again and the announcer uses it from now on (a file found invalid keeps the old settings and emits nothing).',
  ),
  'communication.broadcast-opt-out': eventPayload(
    {
      ...PlayerFields,
      'opted-out': Type.Boolean({ description: 'true: the player hid announcements; false: they show them again.' }),
      actor: Type.String({ description: 'Who did it: the player’s name.' }),
    },
    'A player hid announcements (/announcements off) or showed them again (/announcements on).',
  ),
});

declare module '../../core/kernel/events.ts' {
  interface EventPayloads extends PayloadsOf<typeof COMMUNICATION_EVENTS> {}
}
