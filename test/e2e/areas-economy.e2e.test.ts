// Economy, kits, vaults, trade, inventory snapshots, votes and ranks against the real game, on one
// server (test/e2e/support/area-parts.ts): each area's part proves what only the real game shows.

import { runAreaParts } from './support/area-parts.ts';
import { economyPart } from './areas/economy.ts';
import { kitsPart } from './areas/kits.ts';
import { vaultsPart } from './areas/vaults.ts';
import { tradePart } from './areas/trade.ts';
import { invrollbackPart } from './areas/invrollback.ts';
import { votesPart } from './areas/votes.ts';
import { ranksPart } from './areas/ranks.ts';

runAreaParts('economy and items against the real game', [economyPart, kitsPart, vaultsPart, tradePart, invrollbackPart, votesPart, ranksPart]);
