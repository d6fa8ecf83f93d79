// The every-event test's players part: see part.ts. (To be written.)

import type { EventPart } from './part.ts';

export const playersPart: EventPart = { steps: [] };
