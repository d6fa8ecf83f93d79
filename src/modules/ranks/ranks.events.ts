// The ranks' events: every one of the spec's rank context. Each names the player, the rung reached
// and the one left.

import { Type } from '@sinclair/typebox';
import { defineEvents, eventPayload, PlayerFields, type PayloadsOf } from '../../core/kernel/events.ts';
import { Money } from '../../core/values/schemas.ts';

const change = {
  ...PlayerFields,
  rank: Type.String({ description: 'The rung reached.' }),
  'previous-rank': Type.Union([Type.String(), Type.Null()], { description: 'The rung left; null when the player had none.' }),
  prestige: Type.Integer({ minimum: 0, description: 'Prestiges taken, after the change.' }),
};
const Actor = Type.String({ description: 'Who did it: console, a player name, or core-rest/<label>.' });

export const RANK_EVENTS = defineEvents({
  'rank.up': eventPayload({ ...change, cost: Money, actor: Actor }, 'A player ranked up one rung, paying its cost (/rankup or the route).'),
  'rank.set': eventPayload({ ...change, actor: Actor }, 'An admin put a player on a rung, without cost or requirements.'),
  'rank.prestige': eventPayload({ ...change, cost: Money, actor: Actor }, 'A player at the top prestiged: back to the first rung, one prestige more.'),
});

declare module '../../core/kernel/events.ts' {
  interface EventPayloads extends PayloadsOf<typeof RANK_EVENTS> {}
}
