// The shapes moderation answers and emits, shared by its two halves: sanctions (ban, mute, warn,
// kick, IP bans, alts: moderation.service.ts) and jails (jail.service.ts). Times are ISO-8601
// instants; durations whole seconds; an absent value is null, never a missing key.

import { Type, type Static } from '@sinclair/typebox';

export const Reason = Type.String({ minLength: 1, maxLength: 256, description: 'Why, as the moderator wrote it (1 to 256 characters).' });
export const NullableReason = Type.Union([Reason, Type.Null()], { description: 'Why, or null when no reason was given.' });
export const DurationSeconds = Type.Integer({
  minimum: 1,
  maximum: 315_360_000,
  description: 'Whole seconds the sanction lasts (1 second to 10 years); absent makes it permanent.',
});
export const NullableDuration = Type.Union([DurationSeconds, Type.Null()], { description: 'How long it lasts in seconds; null: permanent.' });
export const Instant = Type.String({ format: 'date-time' });
export const NullableInstant = Type.Union([Instant, Type.Null()]);
export const Silent = Type.Boolean({
  default: false,
  description: 'true: no server-wide announcement; the sanction still applies, is audited, and the player is still told.',
});
export const ActorName = Type.String({ description: 'Who did it: `console`, a player name, or `core-rest/<label>`.' });
export const JailName = Type.String({ pattern: '^[a-z0-9_-]{1,32}$', description: 'A jail, by name: 1 to 32 of a-z, 0-9, _ and -.' });

/** What a ban, mute or jail has in common: who, why, since when, until when. */
const sanction = {
  reason: NullableReason,
  actor: ActorName,
  'issued-at': Instant,
  'duration-seconds': NullableDuration,
  'expires-at': Type.Union([Instant, Type.Null()], { description: 'When it ends by itself; null: permanent.' }),
};

export const Ban = Type.Object(sanction, { additionalProperties: false, description: 'A ban in force: the player cannot join.' });
export type Ban = Static<typeof Ban>;
export const Mute = Type.Object(sanction, { additionalProperties: false, description: 'A mute in force: no chat, private messages or signs.' });
export type Mute = Static<typeof Mute>;
export const Jailing = Type.Object(
  { ...sanction, jail: JailName },
  { additionalProperties: false, description: 'A jail sentence in force: the player is kept in that jail.' },
);
export type Jailing = Static<typeof Jailing>;
export const Warning = Type.Object(
  { id: Type.Integer({ minimum: 1 }), reason: Reason, actor: ActorName, 'issued-at': Instant },
  { additionalProperties: false },
);
export type Warning = Static<typeof Warning>;

export const Sanctions = Type.Object(
  {
    ban: Type.Union([Ban, Type.Null()]),
    mute: Type.Union([Mute, Type.Null()]),
    jail: Type.Union([Jailing, Type.Null()]),
    warnings: Type.Union([Type.Array(Warning, { minItems: 1 }), Type.Null()], { description: 'Every warning, oldest first; null when none.' }),
  },
  { additionalProperties: false, description: 'What is in force against a player now; each null when none.' },
);
export type Sanctions = Static<typeof Sanctions>;
