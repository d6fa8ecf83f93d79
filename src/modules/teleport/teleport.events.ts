// The teleport events the teleport service emits (teleport.service.ts): a move, the back
// location it captured, and warm-ups started and cancelled. Each names the player and the cause
// (the area that asked: home, warp, playerwarp, …).

import { Type } from '@sinclair/typebox';
import { defineEvents, eventPayload, PlayerFields, type PayloadsOf } from '../../core/kernel/events.ts';
import { LocationAnswer } from '../../core/values/location.ts';

const Cause = Type.String({ description: 'What moved the player: home, warp, playerwarp, back, tpa, tpahere, tp, tphere, rest, …; death for a back location captured where the player died.' });

export const WARMUP_CANCEL_REASONS = ['moved', 'quit', 'another-teleport', 'shutdown', 'died'] as const;
export type WarmupCancelReason = (typeof WARMUP_CANCEL_REASONS)[number];

export const TELEPORT_EVENTS = defineEvents({
  'teleport.player-teleport': eventPayload(
    { ...PlayerFields, cause: Cause, from: LocationAnswer, to: LocationAnswer },
    'A player was teleported (after their warm-up, if they had one).',
  ),
  'teleport.back-location-capture': eventPayload(
    { ...PlayerFields, cause: Cause, location: LocationAnswer },
    'The place a player was teleported from (or died at: cause death) became their back location.',
  ),
  'teleport.warmup-start': eventPayload(
    {
      ...PlayerFields,
      cause: Cause,
      seconds: Type.Number({ exclusiveMinimum: 0, description: 'How long the player must stand still.' }),
      to: LocationAnswer,
    },
    'A teleport waits for the player to stand still for its warm-up.',
  ),
  'teleport.warmup-cancel': eventPayload(
    {
      ...PlayerFields,
      cause: Cause,
      reason: Type.Union(
        WARMUP_CANCEL_REASONS.map((r) => Type.Literal(r)),
        { description: 'moved: to another block; quit: left the game; another-teleport: a new teleport replaced it; shutdown: the server stopped; died: the player died.' },
      ),
      to: LocationAnswer,
    },
    'A teleport was cancelled during its warm-up; the player was not moved.',
  ),
});

declare module '../../core/kernel/events.ts' {
  interface EventPayloads extends PayloadsOf<typeof TELEPORT_EVENTS> {}
}
