// Schemas of the presence answers and requests (TypeBox): validation, types and the OpenAPI
// document come from these.

import { Type, type Static } from '@sinclair/typebox';

/** The longest away reason. */
export const MAX_REASON = 100;

export const Reason = Type.String({
  minLength: 1,
  maxLength: MAX_REASON,
  description: `Why the player is away: 1-${MAX_REASON} characters, shown to others in the announcement.`,
});
const NullableReason = Type.Union([Reason, Type.Null()], { description: 'Why the player is away; null when no reason was given or they are not away.' });
const Since = Type.Union([Type.String({ format: 'date-time' }), Type.Null()], { description: 'When the player went away; null when they are not away.' });

export const Presence = Type.Object(
  {
    away: Type.Boolean({ description: 'Whether the player is away (AFK) now. Always false for an offline player.' }),
    since: Since,
    reason: NullableReason,
    online: Type.Boolean({ description: 'Whether the player is online now, on this server or another server of the network.' }),
    server: Type.Union([Type.String(), Type.Null()], {
      description: "The server of the network the player is on now (network.conf's server-name); null when offline. Away flags and idle time are known for players on this server only.",
    }),
    'idle-seconds': Type.Union([Type.Integer({ minimum: 0 }), Type.Null()], {
      description: 'Whole seconds since the player last did something that counts as activity (or joined); null for an offline player.',
    }),
  },
  { $id: 'Presence', additionalProperties: false },
);
export type Presence = Static<typeof Presence>;

export const AwayPlayer = Type.Object(
  {
    uuid: Type.String({ format: 'uuid', description: 'The player uuid, dashed lower case.' }),
    name: Type.String(),
    since: Type.String({ format: 'date-time', description: 'When the player went away.' }),
    reason: NullableReason,
    'away-seconds': Type.Integer({ minimum: 0, description: 'Whole seconds the player has been away.' }),
  },
  { $id: 'AwayPlayer', additionalProperties: false },
);
export type AwayPlayer = Static<typeof AwayPlayer>;

export const AwayList = Type.Object(
  {
    players: Type.Array(AwayPlayer, { description: 'Every online player who is away now, longest away first.' }),
    count: Type.Integer({ minimum: 0 }),
  },
  { additionalProperties: false },
);
export type AwayList = Static<typeof AwayList>;

export const SetAfkBody = Type.Object(
  {
    away: Type.Optional(Type.Boolean({ default: true, description: 'true marks the player away (the default), false clears it.' })),
    reason: Type.Optional(
      Type.Union([Reason, Type.Null()], { description: 'Why the player is away (only with away true); absent or null: no reason.' }),
    ),
  },
  { additionalProperties: false },
);
export type SetAfkBody = Static<typeof SetAfkBody>;

/** What made a player's away flag change (the `cause` of presence.afk). */
export const AfkCause = Type.Union(
  [
    Type.Literal('idle'),
    Type.Literal('afk-command'),
    Type.Literal('route'),
    Type.Literal('move'),
    Type.Literal('chat'),
    Type.Literal('command'),
    Type.Literal('interact'),
    Type.Literal('quit'),
  ],
  {
    description:
      'idle: no activity for afk-after-seconds; afk-command: the player ran /afk; route: POST /players/{uuid}/presence/afk; ' +
      'move: the player walked into another block; chat: they sent a chat message; command: they ran another command; ' +
      'interact: they broke, placed or used something or hit or used an entity; quit: they left the server while away.',
  },
);
export type AfkCause = Static<typeof AfkCause>;
