// The player state's events: every one of the spec's playerstate context. Each names the player and
// who made the change (`console`, a player name or `core-rest/<label>`), and carries the new and the
// previous value.

import { Type } from '@sinclair/typebox';
import { defineEvents, eventPayload, PlayerFields, type PayloadsOf } from '../../core/kernel/events.ts';
import { GameModeName, Multiplier, SpeedKind } from './playerstate.schemas.ts';

const Actor = Type.String({ description: 'Who did it: `console`, a player name, or `core-rest/<label>`.' });
const Health = Type.Number({ minimum: 0, maximum: 20, description: 'Health in half-hearts, 0 to 20.' });
const Food = Type.Integer({ minimum: 0, maximum: 20, description: 'Food level, 0 to 20.' });
const base = { ...PlayerFields, actor: Actor };

export const PLAYERSTATE_EVENTS = defineEvents({
  'playerstate.player-god-toggle': eventPayload({ ...base, enabled: Type.Boolean() }, 'God mode was switched on or off.'),
  'playerstate.player-fly-toggle': eventPayload({ ...base, enabled: Type.Boolean() }, 'Flight (/fly) was granted or taken away.'),
  'playerstate.player-game-mode-change': eventPayload(
    { ...base, 'game-mode': GameModeName, 'previous-game-mode': GameModeName },
    'The game mode changed.',
  ),
  'playerstate.player-speed-change': eventPayload(
    { ...base, kind: SpeedKind, multiplier: Multiplier, 'previous-multiplier': Multiplier },
    'The walking or flying speed changed.',
  ),
  'playerstate.player-heal': eventPayload(
    { ...base, health: Health, 'previous-health': Health, food: Food, 'previous-food': Food },
    'The player was healed: full health, and full food as EssentialsX does.',
  ),
  'playerstate.player-feed': eventPayload({ ...base, food: Food, 'previous-food': Food }, 'The player was fed: full food and saturation.'),
});

declare module '../../core/kernel/events.ts' {
  interface EventPayloads extends PayloadsOf<typeof PLAYERSTATE_EVENTS> {}
}
