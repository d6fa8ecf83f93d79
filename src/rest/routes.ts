// The route table: the service's own rows (`GET /status`, and the kernel's players rows,
// ./players.routes.ts), then every known module's rows as its definition declares them
// (`defineModule({ routes })`), in the order of the module list. The add-on receives the module
// definitions from the composition root; it names no module. The server and the OpenAPI document
// both read this table.

import type { RouteDefinition } from '../core/kernel/routes.ts';
import { PLAYERS_ROUTES } from './players.routes.ts';
import { statusRoute } from './route-table.ts';

/** What the table reads of a module's definition. */
export interface RoutedModule {
  readonly name: string;
  readonly routes?: readonly RouteDefinition[];
}

/** The rows that are the service's own, answered whatever modules are on. */
export const SERVICE_ROUTES: readonly RouteDefinition[] = [statusRoute, ...PLAYERS_ROUTES];

/**
 * The whole table for these modules (every known one, on or off: a module that is off answers 503).
 * A row a module declares for another module, or one declared twice, is a programming error and
 * throws at start.
 */
export function routeTable(modules: readonly RoutedModule[]): readonly RouteDefinition[] {
  const rows = [...SERVICE_ROUTES];
  for (const m of modules) {
    for (const row of m.routes ?? []) {
      if (row.module !== null && row.module !== m.name) throw new Error(`${row.name}: the module "${m.name}" declares a row of the module "${row.module}"`);
      rows.push(row);
    }
  }
  const seen = new Set<string>();
  for (const row of rows) {
    if (seen.has(row.name)) throw new Error(`${row.name}: two rows of the route table have this method and path`);
    seen.add(row.name);
  }
  return rows;
}
