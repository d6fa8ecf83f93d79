// Every row of the route table: the service's own, the kernel's (./players.routes.ts) and each module's
// (`src/modules/<area>/<area>.routes.ts`). The server and the OpenAPI document both read this list.

import { COMMANDGATE_ROUTES } from '../modules/commandgate/commandgate.routes.ts';
import { ECONOMY_ROUTES } from '../modules/economy/economy.routes.ts';
import { EXTLINK_ROUTES } from '../modules/extlink/extlink.routes.ts';
import { PLAYERSTATE_ROUTES } from '../modules/playerstate/playerstate.routes.ts';
import { HOMES_ROUTES } from '../modules/homes/homes.routes.ts';
import { HOLOGRAMS_ROUTES } from '../modules/holograms/holograms.routes.ts';
import { KITS_ROUTES } from '../modules/kits/kits.routes.ts';
import { INVROLLBACK_ROUTES } from '../modules/invrollback/invrollback.routes.ts';
import { JAIL_ROUTES } from '../modules/moderation/jail.routes.ts';
import { MESSAGING_ROUTES } from '../modules/messaging/messaging.routes.ts';
import { MODERATION_ROUTES } from '../modules/moderation/moderation.routes.ts';
import { NPCS_ROUTES } from '../modules/npcs/npcs.routes.ts';
import { PLAYERWARPS_ROUTES } from '../modules/playerwarps/playerwarps.routes.ts';
import { TPA_ROUTES } from '../modules/tpa/tpa.routes.ts';
import { PLAYTIME_ROUTES } from '../modules/playtime/playtime.routes.ts';
import { POWERTOOLS_ROUTES } from '../modules/powertools/powertools.routes.ts';
import { REGIONS_ROUTES } from '../modules/regions/regions.routes.ts';
import { SCOREBOARD_ROUTES } from '../modules/scoreboard/scoreboard.routes.ts';
import { SKINS_ROUTES } from '../modules/skins/skins.routes.ts';
import { SECURITY_ROUTES } from '../modules/security/security.routes.ts';
import { PRESENCE_ROUTES } from '../modules/presence/presence.routes.ts';
import { TRADE_ROUTES } from '../modules/trade/trade.routes.ts';
import { VAULTS_ROUTES } from '../modules/vaults/vaults.routes.ts';
import { VANISH_ROUTES } from '../modules/vanish/vanish.routes.ts';
import { WARPS_ROUTES } from '../modules/warps/warps.routes.ts';
import { WORLDS_ROUTES } from '../modules/worlds/worlds.routes.ts';
import { RANKS_ROUTES } from '../modules/ranks/ranks.routes.ts';
import { VOTES_ROUTES } from '../modules/votes/votes.routes.ts';
import { STAFF_ROUTES } from '../modules/staff/staff.routes.ts';
import { PLAYERS_ROUTES } from './players.routes.ts';
import { TELEPORT_ROUTES } from './teleport.routes.ts';
import { statusRoute } from './route-table.ts';
import type { RouteDefinition } from '../core/routes.ts';

export const ROUTES: readonly RouteDefinition[] = [statusRoute, ...PLAYERS_ROUTES, ...ECONOMY_ROUTES, ...HOMES_ROUTES, ...WARPS_ROUTES, ...PLAYERWARPS_ROUTES, ...KITS_ROUTES, ...VAULTS_ROUTES, ...VANISH_ROUTES, ...PLAYERSTATE_ROUTES, ...TELEPORT_ROUTES, ...TPA_ROUTES, ...MODERATION_ROUTES, ...JAIL_ROUTES, ...PRESENCE_ROUTES, ...PLAYTIME_ROUTES, ...WORLDS_ROUTES, ...EXTLINK_ROUTES, ...INVROLLBACK_ROUTES, ...MESSAGING_ROUTES, ...RANKS_ROUTES, ...VOTES_ROUTES, ...REGIONS_ROUTES, ...SKINS_ROUTES, ...TRADE_ROUTES, ...SECURITY_ROUTES, ...SCOREBOARD_ROUTES, ...COMMANDGATE_ROUTES, ...STAFF_ROUTES, ...NPCS_ROUTES, ...HOLOGRAMS_ROUTES, ...POWERTOOLS_ROUTES];
