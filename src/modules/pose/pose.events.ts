// The pose event: pose.pose, on every change of a player's pose (sitting down, lying down,
// getting up), whatever caused it.

import { Type } from '@sinclair/typebox';
import { defineEvents, eventPayload, PlayerFields, type PayloadsOf } from '../../core/kernel/events.ts';
import { LocationAnswer } from '../../core/values/location.ts';

export const PoseName = Type.Union([Type.Literal('standing'), Type.Literal('sitting'), Type.Literal('laying')], {
  description: 'standing, sitting (on an invisible seat, /sit) or laying (lying flat, /lay).',
});

export const PoseCause = Type.Union(
  [Type.Literal('command'), Type.Literal('sneak'), Type.Literal('move'), Type.Literal('teleport'), Type.Literal('damage'), Type.Literal('quit')],
  {
    description:
      'What changed it: command (/sit or /lay, also when run again to get up), sneak, move (walked into another block), teleport, damage (took damage) or quit (left the server).',
  },
);

export const POSE_EVENTS = defineEvents({
  'pose.pose': eventPayload(
    {
      ...PlayerFields,
      pose: PoseName,
      previous: PoseName,
      cause: PoseCause,
      location: LocationAnswer,
    },
    "A player's pose changed: they sat or lay down (location: where), or got up (location: where they sat or lay).",
  ),
});

declare module '../../core/kernel/events.ts' {
  interface EventPayloads extends PayloadsOf<typeof POSE_EVENTS> {}
}
