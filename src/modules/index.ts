// The one list of the modules the product ships. The composition root (src/main.ts) hands it to the
// kernel, which hands it to the add-on (`kernel.modules`); everything else reads each module's
// declaration (`defineModule` in its folder's index.ts), and no other file names a module. A new
// module is its folder and one line here (docs/architecture.md, "Adding a module").
//
// The order is that of the switches in modules.conf and of the modules' rows in the route table
// (and so in the API reference); the kernel boots those switched on in data/core/modules.conf in
// the order their declared dependencies need.

import type { ModuleDefinition } from '../core/kernel/module.ts';
import { commandGateModule } from './commandgate/index.ts';
import { economyModule } from './economy/index.ts';
import { extlinkModule } from './extlink/index.ts';
import { homesModule } from './homes/index.ts';
import { hologramsModule } from './holograms/index.ts';
import { invRollbackModule } from './invrollback/index.ts';
import { itemworldModule } from './itemworld/index.ts';
import { kitsModule } from './kits/index.ts';
import { playerStateModule } from './playerstate/index.ts';
import { messagingModule } from './messaging/index.ts';
import { moderationModule } from './moderation/index.ts';
import { npcsModule } from './npcs/index.ts';
import { playerWarpsModule } from './playerwarps/index.ts';
import { playtimeModule } from './playtime/index.ts';
import { powertoolsModule } from './powertools/index.ts';
import { poseModule } from './pose/index.ts';
import { presenceModule } from './presence/index.ts';
import { ranksModule } from './ranks/index.ts';
import { regionsModule } from './regions/index.ts';
import { scoreboardModule } from './scoreboard/index.ts';
import { skinsModule } from './skins/index.ts';
import { teleportModule } from './teleport/index.ts';
import { tradeModule } from './trade/index.ts';
import { securityModule } from './security/index.ts';
import { vaultsModule } from './vaults/index.ts';
import { tpaModule } from './tpa/index.ts';
import { vanishModule } from './vanish/index.ts';
import { warpsModule } from './warps/index.ts';
import { worldsModule } from './worlds/index.ts';
import { votesModule } from './votes/index.ts';
import { staffModule } from './staff/index.ts';
import { communicationModule } from './communication/index.ts';
import { essentialsModule } from './essentials/index.ts';
import { spawnModule } from './spawn/index.ts';

export const ALL_MODULES: readonly ModuleDefinition[] = [economyModule, homesModule, warpsModule, spawnModule, playerWarpsModule, kitsModule, vaultsModule, vanishModule, playerStateModule, teleportModule, tpaModule, moderationModule, presenceModule, playtimeModule, worldsModule, extlinkModule, invRollbackModule, messagingModule, ranksModule, votesModule, regionsModule, skinsModule, tradeModule, securityModule, scoreboardModule, commandGateModule, staffModule, communicationModule, npcsModule, hologramsModule, powertoolsModule, poseModule, itemworldModule, essentialsModule];
