// Schemas of the player state's answers and requests (TypeBox): validation, types and the OpenAPI
// document come from these.

import { Type, type Static } from '@sinclair/typebox';
import { GAME_MODES } from '../../platform/platform.ts';

/** Speed multipliers: 1 is the vanilla speed, 0 stands still, 10 is the fastest allowed. */
export const MIN_SPEED = 0;
export const MAX_SPEED = 10;

export const GameModeName = Type.Union(
  GAME_MODES.map((m) => Type.Literal(m)),
  { description: 'survival, creative, adventure or spectator.' },
);

export const Multiplier = Type.Number({
  minimum: MIN_SPEED,
  maximum: MAX_SPEED,
  description: `A multiple of the vanilla speed: ${MIN_SPEED} (standing still) to ${MAX_SPEED}; 1 is normal.`,
});

export const SpeedKind = Type.Union([Type.Literal('walk'), Type.Literal('fly')], { description: 'Which speed: walking or flying.' });
export type SpeedKind = Static<typeof SpeedKind>;

export const PlayerStateAnswer = Type.Object(
  {
    god: Type.Boolean({ description: 'God mode: the player takes no damage from any cause.' }),
    fly: Type.Boolean({ description: 'Flight granted with /fly or the fly route (kept in every game mode).' }),
    'flight-allowed': Type.Boolean({ description: 'Whether the player may fly now: fly, or a creative or spectator game mode.' }),
    flying: Type.Boolean({ description: 'Whether the player is flying now (as the client last told the server).' }),
    'game-mode': GameModeName,
    'walk-speed': Multiplier,
    'fly-speed': Multiplier,
    health: Type.Number({ minimum: 0, maximum: 20, description: 'Health in half-hearts, 0 to 20.' }),
    food: Type.Integer({ minimum: 0, maximum: 20, description: 'Food level, 0 to 20.' }),
  },
  { $id: 'PlayerState', additionalProperties: false },
);
export type PlayerStateAnswer = Static<typeof PlayerStateAnswer>;

export const EnabledBody = Type.Object(
  { enabled: Type.Optional(Type.Boolean({ default: true, description: 'On (default) or off.' })) },
  { additionalProperties: false },
);
export const GameModeBody = Type.Object({ mode: GameModeName }, { additionalProperties: false });
export const SpeedBody = Type.Object({ multiplier: Multiplier }, { additionalProperties: false });
