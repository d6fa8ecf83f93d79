// Who may do what to a player warp. The owner may do everything; a manager may relocate, rename,
// archive, restore and edit the whitelist, bans, public flag and description; anyone else (a
// stranger) may only visit, when the warp lets them. A player holding `core.pwarp.admin`, and the
// console (actor null), act as owner of every warp. Names are checked here too, so every write
// refuses a malformed or reserved name the same way.

import type { KnownPlayer, PermissionsService, PlayersService } from '../../core/api.ts';
import type { Db } from '../../core/db.ts';
import { InvalidInput } from '../../core/invalid-input.ts';
import { knownPlayer } from '../../core/known-player.ts';
import { fail, ok, type Result } from '../../core/result.ts';
import { WARP_NAME } from './playerwarps.schemas.ts';
import type { WarpActor } from './playerwarps.service.ts';
import type { PlayerWarpsStore, WarpRow } from './playerwarps.store.ts';

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

export interface WarpAccessDeps {
  db: Db;
  store: PlayerWarpsStore;
  players: PlayersService;
  permissions: Pick<PermissionsService, 'playerHas'>;
}

export function warpAccess({ db, store, players, permissions }: WarpAccessDeps) {
  function nameOf(name: string, field: string): string {
    if (!WARP_NAME.test(name)) throw new InvalidInput(field, `"${name}" is not a warp name: use 1-32 of a-z, 0-9, _ and -.`);
    return name.toLowerCase();
  }

  function newNameOf(name: string, field: string): string {
    const n = nameOf(name, field);
    if (RESERVED_NAMES.includes(n)) throw new InvalidInput(field, `"${n}" is a word of the /pwarp command and cannot name a warp.`);
    return n;
  }

  const known = (uuid: string, field = 'uuid') => knownPlayer(players, uuid, field);

  async function warpNamed(name: string): Promise<Result<WarpRow>> {
    const w = await store.byName(db, name);
    return w ? ok(w) : fail('not-found', `There is no player warp named ${name}.`);
  }

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

  /**
   * The warp and the acting player, when the actor may make the change: the owner and admins
   * always; managers unless `ownerOnly`. Otherwise not-found (no such actor or warp) or refused.
   */
  async function authorise(
    name: string,
    actor: WarpActor,
    what: string,
    ownerOnly: boolean,
  ): Promise<Result<{ warp: WarpRow; player: KnownPlayer | null }>> {
    const n = nameOf(name, 'name');
    let player: KnownPlayer | null = null;
    if (actor !== null) {
      const who = await known(actor, 'actor');
      if (!who.ok) return who;
      player = who.value;
    }
    const found = await warpNamed(n);
    if (!found.ok) return found;
    const w = found.value;
    const s = await standing(w, player?.uuid ?? null);
    if (s.owner || s.admin || (s.manager && !ownerOnly)) return ok({ warp: w, player });
    const who = ownerOnly ? 'its owner' : 'its owner and managers';
    return fail('refused', `${player?.name ?? 'You'} may not ${what} the player warp ${w.name}: only ${who} may.`);
  }

  return { nameOf, newNameOf, known, warpNamed, standing, authorise };
}
