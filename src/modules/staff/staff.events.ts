// The staff events: staff.mode when a player goes on duty, switches mode or leaves duty, and
// staff.chat for every staff-chat message.

import { Type } from '@sinclair/typebox';
import { defineEvents, eventPayload, PlayerFields, type PayloadsOf } from '../../core/kernel/events.ts';
import { MAX_STAFF_CHAT, ModeName } from './staff.schemas.ts';

export const STAFF_EVENTS = defineEvents({
  'staff.mode': eventPayload(
    {
      ...PlayerFields,
      'on-duty': Type.Boolean({ description: 'true: the player is on duty now (went on, or switched mode); false: they left duty.' }),
      mode: Type.Union([ModeName, Type.Null()], { description: 'The mode they are in now; null when they left duty.' }),
      'previous-mode': Type.Union([ModeName, Type.Null()], { description: 'The mode they were in before; null when they were not on duty.' }),
      reason: Type.Union([Type.Literal('command'), Type.Literal('quit'), Type.Literal('restart')], {
        description: '`command`: /staff; `quit`: duty ended because they left the game; `restart`: duty ended by a server stop (told when they next join).',
      }),
      actor: Type.String({ description: 'Who did it: the player’s name, or `console` for an end of duty the server made.' }),
    },
    'A player went on duty, switched staff mode, or left duty.',
  ),
  'staff.chat': eventPayload(
    {
      'sender-id': Type.Union([Type.String({ format: 'uuid' }), Type.Null()], { description: 'The player who wrote it; null for the console.' }),
      'sender-name': Type.String({ description: 'The player’s name, or `console`.' }),
      message: Type.String({ minLength: 1, maxLength: MAX_STAFF_CHAT }),
      recipients: Type.Integer({ minimum: 0, description: 'Online players holding core.staff.chat who were shown it (the sender included).' }),
    },
    'A message in staff chat (/sc, or chat while staff-chat mode is on).',
  ),
});

declare module '../../core/kernel/events.ts' {
  interface EventPayloads extends PayloadsOf<typeof STAFF_EVENTS> {}
}
