// The every-event test's game part: see part.ts. (To be written.)

import type { EventPart } from './part.ts';

export const gamePart: EventPart = { steps: [] };
