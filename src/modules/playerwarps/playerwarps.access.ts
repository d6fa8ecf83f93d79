// Who may do what to a player warp. The owner may do everything; a manager may relocate, rename,
// archive, restore and edit the whitelist, bans, public flag and description; anyone else (a
// stranger) may only visit, when the warp lets them. A player holding `core.pwarp.admin`, and the
// console (actor null), act as owner of every warp. Names are checked here too, so every write
// refuses a malformed or reserved name the same way.

import type { PermissionsService, PlayersService } from '../../core/kernel/api.ts';
import { InvalidInput } from '../../core/values/invalid-input.ts';
import { nameRule, ownedAccess } from '../../core/players/owned-access.ts';
import { WARP_NAME } from './playerwarps.schemas.ts';
import { msg } from './playerwarps.messages.ts';
import type { WarpActor } from './playerwarps.service.ts';
import type { PlayerWarpsDb, PlayerWarpsStore, WarpRow } from './playerwarps.store.ts';

export const PWARP_ADMIN = 'core.pwarp.admin';

/** Words of `/pwarp` that cannot be warp names, or `/pwarp <name>` could not visit them. */
export const RESERVED_NAMES: readonly string[] = [
  'create', 'list', 'mine', 'info', 'visit', 'relocate', 'rename', 'archive', 'restore', 'delete', 'manager',
  'whitelist', 'ban', 'unban', 'public', 'private', 'fee', 'description', 'history', 'help',
];

/** What an actor is to a warp. */
export interface Standing {
  owner: boolean;
  manager: boolean;
  admin: boolean;
  whitelisted: boolean;
  banned: boolean;
}

const nameOf = nameRule(WARP_NAME, 'a warp name', '1-32 of a-z, 0-9, _ and -');

export interface WarpAccessDeps {
  db: PlayerWarpsDb;
  store: PlayerWarpsStore;
  players: PlayersService;
  permissions: Pick<PermissionsService, 'playerHas'>;
}

export function warpAccess({ db, store, players, permissions }: WarpAccessDeps) {
  function newNameOf(name: string, field: string): string {
    const n = nameOf(name, field);
    if (RESERVED_NAMES.includes(n)) throw new InvalidInput(field, `"${n}" is a word of the /pwarp command and cannot name a warp.`);
    return n;
  }

  const { known, named, authorise } = ownedAccess({
    kind: 'player warp',
    adminNode: PWARP_ADMIN,
    nameOf,
    find: (name) => store.byName(db, name),
    notFound: (name) => `There is no player warp named ${name}.`,
    tellNotFound: (name) => ({ you: msg('playerwarps.unknown', { warp: name }) }),
    tellRefused: (_player, w, ownerOnly) => ({ you: msg(ownerOnly ? 'playerwarps.owner-only' : 'playerwarps.owner-and-managers', { warp: w.name }) }),
    isManager: async (w, uuid) => (await store.roles(db, w.id, uuid)).has('manager'),
    players,
    permissions,
  });

  async function standing(w: WarpRow, actor: WarpActor): Promise<Standing> {
    if (actor === null) return { owner: false, manager: false, admin: true, whitelisted: false, banned: false };
    const roles = await store.roles(db, w.id, actor);
    return {
      owner: w.owner === actor,
      manager: roles.has('manager'),
      admin: permissions.playerHas(actor, PWARP_ADMIN),
      whitelisted: roles.has('whitelist'),
      banned: roles.has('ban'),
    };
  }

  return { nameOf, newNameOf, known, named, standing, authorise };
}
