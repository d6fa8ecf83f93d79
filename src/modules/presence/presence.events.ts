// The presence event: presence.afk, on every change of a player's away flag, whatever caused it.

import { Type } from '@sinclair/typebox';
import { defineEvents, eventPayload, PlayerFields, type PayloadsOf } from '../../core/kernel/events.ts';
import { AfkCause, Reason } from './presence.schemas.ts';

export const PRESENCE_EVENTS = defineEvents({
  'presence.afk': eventPayload(
    {
      ...PlayerFields,
      away: Type.Boolean({ description: 'true: the player went away; false: they are back (or left while away).' }),
      reason: Type.Union([Reason, Type.Null()], { description: 'The reason of the away spell that began or ended; null when none was given.' }),
      since: Type.String({ format: 'date-time', description: 'When the away spell that began or ended began.' }),
      'away-seconds': Type.Union([Type.Integer({ minimum: 0 }), Type.Null()], {
        description: 'On the way back (away false): whole seconds the player was away. Null when they went away.',
      }),
      cause: AfkCause,
      actor: Type.Union([Type.String(), Type.Null()], {
        description: 'Who changed it, as the audit log names them (a player name, console, core-rest/<label>), for /afk and the route; null for an automatic change.',
      }),
    },
    "A player's away (AFK) flag changed.",
  ),
});

declare module '../../core/kernel/events.ts' {
  interface EventPayloads extends PayloadsOf<typeof PRESENCE_EVENTS> {}
}
