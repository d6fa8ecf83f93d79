// The vanish event: vanish.toggle, when a player vanishes or shows themself again (by a command, a
// route or another player).

import { Type } from '@sinclair/typebox';
import { defineEvents, eventPayload, PlayerFields, type PayloadsOf } from '../../core/kernel/events.ts';
import { Level } from './vanish.schemas.ts';

export const VANISH_EVENTS = defineEvents({
  'vanish.toggle': eventPayload(
    {
      ...PlayerFields,
      vanished: Type.Boolean({ description: 'true: the player vanished; false: they are shown again.' }),
      level: Level,
      online: Type.Boolean({ description: 'Whether the player is online (an offline player vanished is hidden from when they join).' }),
      actor: Type.String({ description: 'Who did it: `console`, a player name, or `core-rest/<label>`.' }),
    },
    'A player vanished or became visible again.',
  ),
});

declare module '../../core/kernel/events.ts' {
  interface EventPayloads extends PayloadsOf<typeof VANISH_EVENTS> {}
}
