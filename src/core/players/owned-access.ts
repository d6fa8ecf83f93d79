// Who may do what to a thing a player owns (spec rule 4: player warps, NPCs and holograms are written
// in terms of owner, manager and stranger). The owner may do everything; a manager what the module
// lets managers do (every change not `ownerOnly`); a stranger none of it. A player holding the kind's
// admin node, and the console (actor null), act as owner of every one. The name is checked first,
// so every write refuses a malformed name the same way. Each module says what differs: its words,
// its admin node, its name rule, how it finds a row and how it reads the managers.

import type { KnownPlayer, PermissionsService, PlayersService } from '../kernel/api.ts';
import { InvalidInput } from '../values/invalid-input.ts';
import { knownPlayer } from './known-player.ts';
import { fail, ok, type Result, type Tell } from '../kernel/result.ts';

/** The player a write is performed as (a uuid), or null for the console, which may do everything. */
export type OwnedActor = string | null;

/** What every owned row has. */
export interface OwnedRow {
  name: string;
  /** The owner's uuid. */
  owner: string;
}

export interface OwnedAccessSpec<Row extends OwnedRow> {
  /** The kind in messages: "NPC", "hologram", "player warp". */
  kind: string;
  /** The permission node whose holders act as owner of every one. */
  adminNode: string;
  /** The name as stored, or InvalidInput naming `field` (see `nameRule`). */
  nameOf(name: string, field: string): string;
  /** The row of that (checked) name, if there is one. */
  find(name: string): Promise<Row | undefined>;
  /** The sentence for a name nobody has: "There is no NPC x." */
  notFound(name: string): string;
  /** Whether the player (a uuid) is a manager of the row. */
  isManager(row: Row, uuid: string): boolean | Promise<boolean>;
  /** The words for players of a name nobody has, from the module's catalogue (else they read `notFound`). */
  tellNotFound?(name: string): Tell;
  /** The words for players of a refused change (else they read the sentence). */
  tellRefused?(player: KnownPlayer, row: Row, ownerOnly: boolean): Tell;
  players: Pick<PlayersService, 'get'>;
  permissions: Pick<PermissionsService, 'playerHas'>;
}

/**
 * A name check: lower-cased when it matches `pattern`, else InvalidInput naming the field (`name`
 * unless told):
 * `"x" is not <noun>: use <rule>.` (for example `an NPC id`, `1-16 of a-z, 0-9, _ and -`).
 */
export function nameRule(pattern: RegExp, noun: string, rule: string): (name: string, field?: string) => string {
  return (name, field = 'name') => {
    if (typeof name !== 'string' || !pattern.test(name)) throw new InvalidInput(field, `"${name}" is not ${noun}: use ${rule}.`);
    return name.toLowerCase();
  };
}

export function ownedAccess<Row extends OwnedRow>(spec: OwnedAccessSpec<Row>) {
  const { kind, adminNode, nameOf, find, notFound, isManager, players, permissions, tellNotFound, tellRefused } = spec;

  const known = (uuid: string, field = 'uuid') => knownPlayer(players, uuid, field);

  async function named(name: string): Promise<Result<Row>> {
    const row = await find(name);
    return row ? ok(row) : fail('not-found', notFound(name), tellNotFound?.(name));
  }

  /** The console, and a player holding the admin node. */
  const isAdmin = (actor: OwnedActor) => actor === null || permissions.playerHas(actor, adminNode);

  /**
   * The row and the acting player, when the actor may make the change: the owner and admins
   * always; managers unless `ownerOnly`. Otherwise not-found (no such actor or row) or refused:
   * "<player> may not <what> the <kind> <name>: only its owner [and managers] may."
   */
  async function authorise(name: string, actor: OwnedActor, what: string, ownerOnly: boolean): Promise<Result<{ row: Row; player: KnownPlayer | null }>> {
    const n = nameOf(name, 'name');
    let player: KnownPlayer | null = null;
    if (actor !== null) {
      const who = await known(actor, 'actor');
      if (!who.ok) return who;
      player = who.value;
    }
    const found = await named(n);
    if (!found.ok) return found;
    const row = found.value;
    if (player === null || row.owner === player.uuid || isAdmin(player.uuid)) return ok({ row, player });
    if (!ownerOnly && (await isManager(row, player.uuid))) return ok({ row, player });
    const who = ownerOnly ? 'its owner' : 'its owner and managers';
    return fail('refused', `${player.name} may not ${what} the ${kind} ${row.name}: only ${who} may.`, tellRefused?.(player, row, ownerOnly));
  }

  return { known, named, isAdmin, authorise };
}
