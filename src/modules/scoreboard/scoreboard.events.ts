// The scoreboard's event: scoreboard.visibility, when a player's sidebar preference changes (by
// /sidebar or by the route).

import { Type } from '@sinclair/typebox';
import { defineEvents, eventPayload, PlayerFields, type PayloadsOf } from '../../core/kernel/events.ts';

export const SCOREBOARD_EVENTS = defineEvents({
  'scoreboard.visibility': eventPayload(
    {
      ...PlayerFields,
      hidden: Type.Boolean({ description: 'true: the player hid the sidebar; false: it is shown again.' }),
      actor: Type.String({ description: 'Who did it: a player name (/sidebar), `console`, or `core-rest/<label>`.' }),
    },
    'A player hid their sidebar or showed it again.',
  ),
});

declare module '../../core/kernel/events.ts' {
  interface EventPayloads extends PayloadsOf<typeof SCOREBOARD_EVENTS> {}
}
