// The every-event test's accounts part: see part.ts. (To be written.)

import type { EventPart } from './part.ts';

export const accountsPart: EventPart = { steps: [] };
