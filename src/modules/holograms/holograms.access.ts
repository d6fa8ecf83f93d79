// Who may do what to a hologram. The owner may do everything; a manager may move it and edit its
// lines; anyone else (a stranger) may only look at it and click it. A player holding
// `core.holo.admin`, and the console (actor null), act as owner of every hologram. Names are checked
// here too, so every write refuses a malformed name the same way.

import type { KnownPlayer, PermissionsService, PlayersService } from '../../core/api.ts';
import type { Db } from '../../core/db.ts';
import { InvalidInput } from '../../core/invalid-input.ts';
import { knownPlayer } from '../../core/known-player.ts';
import { fail, ok, type Result } from '../../core/result.ts';
import { HOLOGRAM_NAME } from './holograms.schemas.ts';
import type { HologramRow, HologramsStore } from './holograms.store.ts';

export const HOLO_ADMIN = 'core.holo.admin';

/** The player a write is performed as (a uuid), or null for the console, which may do everything. */
export type HoloActor = string | null;

export interface HologramAccessDeps {
  db: Db;
  store: HologramsStore;
  players: Pick<PlayersService, 'get'>;
  permissions: Pick<PermissionsService, 'playerHas'>;
}

export function hologramAccess({ db, store, players, permissions }: HologramAccessDeps) {
  function nameOf(name: string, field = 'name'): string {
    if (typeof name !== 'string' || !HOLOGRAM_NAME.test(name)) throw new InvalidInput(field, `"${name}" is not a hologram name: use 1-32 of a-z, 0-9, _ and -.`);
    return name.toLowerCase();
  }

  const known = (uuid: string, field = 'uuid') => knownPlayer(players, uuid, field);

  async function named(name: string): Promise<Result<HologramRow>> {
    const h = await store.one(db, name);
    return h ? ok(h) : fail('not-found', `There is no hologram named ${name}.`);
  }

  const isAdmin = (uuid: string) => permissions.playerHas(uuid, HOLO_ADMIN);

  /**
   * The hologram and the acting player, when the actor may make the change: the owner and admins
   * always; managers unless `ownerOnly`. Otherwise not-found (no such actor or hologram) or refused.
   */
  async function authorise(name: string, actor: HoloActor, what: string, ownerOnly: boolean): Promise<Result<{ hologram: HologramRow; player: KnownPlayer | null }>> {
    const n = nameOf(name);
    let player: KnownPlayer | null = null;
    if (actor !== null) {
      const who = await known(actor, 'actor');
      if (!who.ok) return who;
      player = who.value;
    }
    const found = await named(n);
    if (!found.ok) return found;
    const h = found.value;
    if (player === null || h.owner === player.uuid || isAdmin(player.uuid)) return ok({ hologram: h, player });
    if (!ownerOnly && h.managers.some((m) => m.uuid === player.uuid)) return ok({ hologram: h, player });
    const who = ownerOnly ? 'its owner' : 'its owner and managers';
    return fail('refused', `${player.name} may not ${what} the hologram ${h.name}: only ${who} may.`);
  }

  return { nameOf, known, named, isAdmin, authorise };
}
