// Who may do what to an NPC. The owner may do everything; a manager may move it, rename it, change
// its skin and its command; anyone else (a stranger) may only look at it and click it. A player
// holding `core.npc.admin`, and the console (actor null), act as owner of every NPC. Ids are
// checked here too, so every call refuses a malformed id the same way.

import type { KnownPlayer, PermissionsService, PlayersService } from '../../core/api.ts';
import type { Db } from '../../core/db.ts';
import { InvalidInput } from '../../core/invalid-input.ts';
import { knownPlayer } from '../../core/known-player.ts';
import { fail, ok, type Result } from '../../core/result.ts';
import { NPC_NAME } from './npcs.schemas.ts';
import type { NpcRow, NpcsStore } from './npcs.store.ts';

export const NPC_ADMIN = 'core.npc.admin';

/** The player a write is performed as (a uuid), or null for the console, which may do everything. */
export type NpcActor = string | null;

export function npcAccess(deps: { db: Db; store: NpcsStore; players: PlayersService; permissions: Pick<PermissionsService, 'playerHas'> }) {
  const { db, store, players, permissions } = deps;

  function idOf(name: string, field = 'name'): string {
    if (!NPC_NAME.test(name)) throw new InvalidInput(field, `"${name}" is not an NPC id: use 1-16 of a-z, 0-9, _ and -.`);
    return name.toLowerCase();
  }

  const known = (uuid: string, field = 'uuid') => knownPlayer(players, uuid, field);

  async function npcNamed(name: string): Promise<Result<NpcRow>> {
    const n = await store.byName(db, name);
    return n ? ok(n) : fail('not-found', `There is no NPC ${name}.`);
  }

  const isAdmin = (actor: NpcActor) => actor === null || permissions.playerHas(actor, NPC_ADMIN);

  /**
   * The NPC and the acting player, when the actor may make the change: the owner and admins
   * always; managers unless `ownerOnly`. Otherwise not-found (no such actor or NPC) or refused.
   */
  async function authorise(name: string, actor: NpcActor, what: string, ownerOnly: boolean): Promise<Result<{ npc: NpcRow; player: KnownPlayer | null }>> {
    const id = idOf(name);
    let player: KnownPlayer | null = null;
    if (actor !== null) {
      const who = await known(actor, 'actor');
      if (!who.ok) return who;
      player = who.value;
    }
    const found = await npcNamed(id);
    if (!found.ok) return found;
    const npc = found.value;
    if (player === null || npc.owner === player.uuid || isAdmin(player.uuid)) return ok({ npc, player });
    if (!ownerOnly && (await store.isManager(db, npc.name, player.uuid))) return ok({ npc, player });
    const who = ownerOnly ? 'its owner' : 'its owner and managers';
    return fail('refused', `${player.name} may not ${what} the NPC ${npc.name}: only ${who} may.`);
  }

  return { idOf, known, npcNamed, isAdmin, authorise };
}
