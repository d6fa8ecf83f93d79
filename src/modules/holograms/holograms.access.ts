// Who may do what to a hologram (the shared owner/manager/stranger check, src/core/players/owned-access.ts).
// The owner may do everything; a manager may move it and edit its lines; anyone else (a stranger)
// may only look at it and click it. A player holding `core.holo.admin`, and the console (actor
// null), act as owner of every hologram. Names are checked here too, so every write refuses a
// malformed name the same way.

import type { PermissionsService, PlayersService } from '../../core/kernel/api.ts';
import { nameRule, type OwnedActor, ownedAccess } from '../../core/players/owned-access.ts';
import { HOLOGRAM_NAME } from './holograms.schemas.ts';
import type { HologramsDb, HologramsStore } from './holograms.store.ts';

export const HOLO_ADMIN = 'core.holo.admin';

/** The player a write is performed as (a uuid), or null for the console, which may do everything. */
export type HoloActor = OwnedActor;

export interface HologramAccessDeps {
  db: HologramsDb;
  store: HologramsStore;
  players: Pick<PlayersService, 'get'>;
  permissions: Pick<PermissionsService, 'playerHas'>;
}

const nameOf = nameRule(HOLOGRAM_NAME, 'a hologram name', '1-32 of a-z, 0-9, _ and -');

export function hologramAccess({ db, store, players, permissions }: HologramAccessDeps) {
  const access = ownedAccess({
    kind: 'hologram',
    adminNode: HOLO_ADMIN,
    nameOf,
    find: (name) => store.one(db, name),
    notFound: (name) => `There is no hologram named ${name}.`,
    isManager: (h, uuid) => h.managers.some((m) => m.uuid === uuid),
    players,
    permissions,
  });
  return { ...access, nameOf };
}
