// Player state, vanish, presence, skins, poses, finding players, messaging, communication and the
// everyday commands against the real game, on one server (test/e2e/support/area-parts.ts): each area's part proves
// what only the real game shows.

import { runAreaParts } from './support/area-parts.ts';
import { playerstatePart } from './areas/playerstate.ts';
import { vanishPart } from './areas/vanish.ts';
import { presencePart } from './areas/presence.ts';
import { skinsPart } from './areas/skins.ts';
import { posePart } from './areas/pose.ts';
import { playersPart } from './areas/players.ts';
import { messagingPart } from './areas/messaging.ts';
import { communicationPart } from './areas/communication.ts';
import { essentialsPart } from './areas/essentials.ts';

runAreaParts('players against the real game', [playerstatePart, vanishPart, presencePart, skinsPart, posePart, playersPart, messagingPart, communicationPart, essentialsPart]);
