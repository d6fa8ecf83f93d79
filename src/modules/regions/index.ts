// The regions module: cuboid regions with a priority, defined in game with /region; read over the
// Remote Access Service. No protection rule uses them yet (docs/regions.md).

import { defineModule } from '../../core/kernel/module.ts';
import { REGION_NODES, regionsCommands, type Selections } from './regions.commands.ts';
import { createRegionsService, type RegionsService } from './regions.service.ts';
import { REGIONS_MIGRATIONS } from './regions.store.ts';
import { REGIONS_ROUTES } from './regions.routes.ts';

declare module '../../core/kernel/api.ts' {
  interface ModuleServices {
    regions: RegionsService;
  }
}

/** Each running service's corners (a module runs once per kernel; a test kernel may restart). */
const selectionsOf = new WeakMap<RegionsService, Selections>();

export const regionsModule = defineModule({
  name: 'regions',
  description: 'Cuboid regions with a priority: /region pos1|pos2|define|delete|list|info.',
  dependsOn: [],
  migrations: REGIONS_MIGRATIONS,
  routes: REGIONS_ROUTES,
  playerNodes: [REGION_NODES.list, REGION_NODES.info],
  createService: (ctx) => {
    const regions = createRegionsService({ db: ctx.db, clock: ctx.clock, audit: ctx.audit, platform: ctx.platform });
    const selections: Selections = new Map();
    selectionsOf.set(regions, selections);
    ctx.platform.on('quit', ({ player }) => selections.delete(player.uuid));
    return regions;
  },
  commands: (regions, ctx) => regionsCommands(regions, ctx, selectionsOf.get(regions) ?? new Map()),
});
