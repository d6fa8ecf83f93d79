// What a server publishes, made as the composition root makes it: the route table of every module
// the product ships (src/modules/index.ts), for the tests that walk or check every row.

import { ALL_MODULES } from '../../src/modules/index.ts';
import type { RouteDefinition } from '../../src/core/kernel/routes.ts';
import { routeTable } from '../../src/rest/routes.ts';

export const ROUTES: readonly RouteDefinition[] = routeTable(ALL_MODULES);
