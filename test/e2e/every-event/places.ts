// The every-event test's places part: see part.ts. (To be written.)

import type { EventPart } from './part.ts';

export const placesPart: EventPart = { steps: [] };
