// Homes, warps, the spawn, player warps, teleport requests, worlds and regions against the real game, on one
// server (test/e2e/support/area-parts.ts): each area's part proves what only the real game shows.

import { runAreaParts } from './support/area-parts.ts';
import { homesPart } from './areas/homes.ts';
import { warpsPart } from './areas/warps.ts';
import { spawnPart } from './areas/spawn.ts';
import { playerwarpsPart } from './areas/playerwarps.ts';
import { tpaPart } from './areas/tpa.ts';
import { worldsPart } from './areas/worlds.ts';
import { regionsPart } from './areas/regions.ts';

runAreaParts('places against the real game', [homesPart, warpsPart, spawnPart, playerwarpsPart, tpaPart, worldsPart, regionsPart]);
