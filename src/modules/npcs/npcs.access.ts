// Who may do what to an NPC (the shared owner/manager/stranger check, src/core/players/owned-access.ts). The
// owner may do everything; a manager may move it, rename it, change its skin and its command; anyone
// else (a stranger) may only look at it and click it. A player holding `core.npc.admin`, and the
// console (actor null), act as owner of every NPC. Ids are checked here too, so every call refuses a
// malformed id the same way.

import type { PermissionsService, PlayersService } from '../../core/kernel/api.ts';
import { nameRule, type OwnedActor, ownedAccess } from '../../core/players/owned-access.ts';
import { NPC_NAME } from './npcs.schemas.ts';
import type { NpcsDb, NpcsStore } from './npcs.store.ts';

export const NPC_ADMIN = 'core.npc.admin';

/** The player a write is performed as (a uuid), or null for the console, which may do everything. */
export type NpcActor = OwnedActor;

const idOf = nameRule(NPC_NAME, 'an NPC id', '1-16 of a-z, 0-9, _ and -');

export function npcAccess(deps: { db: NpcsDb; store: NpcsStore; players: PlayersService; permissions: Pick<PermissionsService, 'playerHas'> }) {
  const { db, store, players, permissions } = deps;
  const access = ownedAccess({
    kind: 'NPC',
    adminNode: NPC_ADMIN,
    nameOf: idOf,
    find: (name) => store.byName(db, name),
    notFound: (name) => `There is no NPC ${name}.`,
    isManager: (npc, uuid) => store.isManager(db, npc.name, uuid),
    players,
    permissions,
  });
  return { ...access, idOf };
}
