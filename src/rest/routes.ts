// Every row of the route table: the service's own and each module's
// (`src/modules/<area>/<area>.routes.ts`). The server and the OpenAPI document both read this list.

import { ECONOMY_ROUTES } from '../modules/economy/economy.routes.ts';
import { PLAYERWARPS_ROUTES } from '../modules/playerwarps/playerwarps.routes.ts';
import { statusRoute, type RouteDefinition } from './route-table.ts';

export const ROUTES: readonly RouteDefinition[] = [statusRoute, ...ECONOMY_ROUTES, ...PLAYERWARPS_ROUTES];
