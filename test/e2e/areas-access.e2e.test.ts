// Security factors, the command gate, account links and the audit log against the real game, on one
// server (test/e2e/support/area-parts.ts): each area's part proves what only the real game shows.

import { runAreaParts } from './support/area-parts.ts';
import { securityPart } from './areas/security.ts';
import { commandgatePart } from './areas/commandgate.ts';
import { extlinkPart } from './areas/extlink.ts';
import { auditPart } from './areas/audit.ts';

runAreaParts('access and accounts against the real game', [securityPart, commandgatePart, extlinkPart, auditPart]);
