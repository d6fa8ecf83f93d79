// Moderation, jails and staff mode against the real game, on one server
// (test/e2e/support/area-parts.ts): each area's part proves what only the real game shows.

import { runAreaParts } from './support/area-parts.ts';
import { jailPart } from './areas/jail.ts';
import { moderationPart } from './areas/moderation.ts';
import { staffPart } from './areas/staff.ts';

runAreaParts('moderation against the real game', [moderationPart, jailPart, staffPart]);
