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

// ---- The sanctions' requests and the answers of their writes and reads ---------------------------

export const SanctionBody = Type.Object(
  { reason: Type.Optional(Reason), 'duration-seconds': Type.Optional(DurationSeconds), silent: Type.Optional(Silent) },
  { additionalProperties: false },
);
export type SanctionBody = Static<typeof SanctionBody>;
export const LiftBody = Type.Object({ silent: Type.Optional(Silent) }, { additionalProperties: false });
export type LiftBody = Static<typeof LiftBody>;
export const KickBody = Type.Object({ reason: Type.Optional(Reason), silent: Type.Optional(Silent) }, { additionalProperties: false });
export type KickBody = Static<typeof KickBody>;
export const WarnBody = Type.Object({ reason: Reason, silent: Type.Optional(Silent) }, { additionalProperties: false });
export type WarnBody = Static<typeof WarnBody>;

export const Kick = Type.Object(
  { reason: NullableReason, actor: ActorName, 'kicked-at': Instant },
  { additionalProperties: false, description: 'A kick done: the player was disconnected with the reason.' },
);
export type Kick = Static<typeof Kick>;
export const Warned = Type.Object(
  { warning: Warning, warnings: Type.Integer({ minimum: 1, description: 'How many warnings the player has now.' }) },
  { additionalProperties: false },
);
export type Warned = Static<typeof Warned>;

export const HistoryEntry = Type.Object(
  {
    id: Type.Integer({ minimum: 1, description: 'The audit entry; a larger id is a later action.' }),
    action: Type.String({ description: 'What was done, e.g. `moderation.ban`, `home.set`.' }),
    actor: ActorName,
    at: Instant,
    details: Type.Record(Type.String(), Type.Unknown(), { description: 'What the action recorded (reason, duration…).' }),
  },
  { additionalProperties: false },
);
export type HistoryEntry = Static<typeof HistoryEntry>;
export const History = Type.Object(
  { entries: Type.Array(HistoryEntry, { description: 'The audited actions whose target is the player, newest first.' }) },
  { additionalProperties: false },
);
export type History = Static<typeof History>;

const Account = Type.Object(
  { 'player-id': Type.String({ format: 'uuid' }), 'player-name': Type.String() },
  { additionalProperties: false },
);
export const IpBan = Type.Object(
  { address: Type.String(), ...sanction, players: Type.Array(Account, { description: 'The accounts seen from that address.' }) },
  { additionalProperties: false, description: 'An address ban in force: nobody can join from it.' },
);
export type IpBan = Static<typeof IpBan>;
export const Alts = Type.Object(
  {
    addresses: Type.Array(Type.String(), { description: 'The addresses the player joined from, the last one first.' }),
    alts: Type.Array(Type.Object({ ...Account.properties, addresses: Type.Array(Type.String()) }, { additionalProperties: false }), {
      description: 'Other accounts seen from any of those addresses, with the shared addresses.',
    }),
  },
  { additionalProperties: false },
);
export type Alts = Static<typeof Alts>;
