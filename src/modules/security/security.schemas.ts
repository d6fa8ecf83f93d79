// Schemas of the security answers (TypeBox). No answer carries factor material: no secret, no code,
// no URI, and no device address.

import { Type, type Static } from '@sinclair/typebox';

const Instant = (description: string) => Type.String({ format: 'date-time', description });

export const Factor = Type.Object(
  {
    type: Type.Literal('totp', { description: 'A time-based one-time password (RFC 6238: SHA-1, 30 s, 6 digits).' }),
    'enrolled-at': Instant('When the player confirmed it with /2fa confirm.'),
  },
  { additionalProperties: false },
);

export const Lockout = Type.Object(
  {
    'locked-out': Type.Boolean({ description: 'Whether the player is locked out now (kicked, and cannot join).' }),
    until: Type.Union([Instant('When the lockout ends.'), Type.Null()], { description: 'Null when not locked out.' }),
    'failed-attempts': Type.Integer({ minimum: 0, description: 'Wrong codes in a row since the last pass or lockout.' }),
  },
  { additionalProperties: false },
);

export const Security = Type.Object(
  {
    factors: Type.Array(Factor, { description: 'The factors on file (an enrolment not yet confirmed is not one).' }),
    'trusted-devices': Type.Integer({ minimum: 0, description: 'Devices (join addresses) whose trust has not expired.' }),
    'awaiting-verification': Type.Boolean({ description: 'Whether the player is online and has not yet proved their factor.' }),
    lockout: Lockout,
  },
  { additionalProperties: false },
);
export type Security = Static<typeof Security>;

export const Unlocked = Type.Object(
  {
    unlocked: Type.Boolean({ description: 'False when the player was not locked out (nothing changed but the failure count).' }),
    security: Security,
  },
  { additionalProperties: false },
);
export type Unlocked = Static<typeof Unlocked>;

export const Forced = Type.Object(
  {
    forgotten: Type.Integer({ minimum: 0, description: 'Trusted devices forgotten (0 when there were none).' }),
    security: Security,
  },
  { additionalProperties: false },
);
export type Forced = Static<typeof Forced>;
