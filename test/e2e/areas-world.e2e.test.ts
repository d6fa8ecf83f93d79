// NPCs, holograms, items on the ground and mobs, powertools and the scoreboard against the real game,
// on one server (test/e2e/support/area-parts.ts): each area's part proves what only the real game
// shows, mostly what the bots see (entities, text displays, items, mobs, the sidebar).

import { runAreaParts } from './support/area-parts.ts';
import { itemworldPart } from './areas/itemworld.ts';
import { npcsPart } from './areas/npcs.ts';
import { hologramsPart } from './areas/holograms.ts';
import { scoreboardPart } from './areas/scoreboard.ts';
import { powertoolsPart } from './areas/powertools.ts';

runAreaParts('the world against the real game', [itemworldPart, npcsPart, hologramsPart, scoreboardPart, powertoolsPart]);
