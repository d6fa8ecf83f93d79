// The request and answer shapes of the teleport routes (teleport.routes.ts):
// where /back would take a player, and a teleport's from and to.

import { Type } from '@sinclair/typebox';
import { LocationAnswer, LocationInput } from '../../core/values/location.ts';

export const BackLocationAnswer = Type.Object(
  {
    location: LocationAnswer,
    cause: Type.String({ description: 'What left it: the cause of the teleport (home, warp, tpa, …), or death where the player died.' }),
    'captured-at': Type.String({ format: 'date-time', description: 'When it was captured.' }),
  },
  { additionalProperties: false, description: 'Where /back would take the player now.' },
);

export const TeleportedAnswer = Type.Object(
  { from: LocationAnswer, to: LocationAnswer },
  { additionalProperties: false, description: 'Where the player stood (now their back location) and where they were moved.' },
);

/** The body of POST /players/{uuid}/teleport. */
export const TeleportBody = Type.Object({ location: LocationInput }, { additionalProperties: false });
