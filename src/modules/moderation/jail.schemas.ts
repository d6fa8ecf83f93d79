// Schemas of the jails' requests and answers (TypeBox). The sentence itself (Jailing) and the
// names, reasons and durations are the moderation module's shared shapes.

import { Type, type Static } from '@sinclair/typebox';
import { LocationAnswer } from '../../core/values/location.ts';
import { DurationSeconds, JailName, Reason, Silent } from './moderation.schemas.ts';

export const JailLocation = Type.Object(
  {
    name: JailName,
    location: LocationAnswer,
    'created-at': Type.String({ format: 'date-time' }),
    'updated-at': Type.String({ format: 'date-time', description: 'When it was last set (moved).' }),
  },
  { additionalProperties: false, description: 'A jail: the point prisoners are kept at.' },
);
export type JailLocation = Static<typeof JailLocation>;

export const JailBody = Type.Object(
  {
    jail: JailName,
    reason: Type.Optional(Reason),
    'duration-seconds': Type.Optional(DurationSeconds),
    silent: Type.Optional(Silent),
  },
  {
    additionalProperties: false,
    description: 'jail: a jail defined in game (/setjail); duration-seconds present makes the sentence temporary, absent permanent.',
  },
);
export type JailBody = Static<typeof JailBody>;

export const UnjailBody = Type.Object({ silent: Type.Optional(Silent) }, { additionalProperties: false });
export type UnjailBody = Static<typeof UnjailBody>;
