// The inventory snapshots' published API: a player's whole inventory (36 storage slots, armour,
// off-hand, the selected hotbar slot; every item in the platform's full form) copied on death, on
// quit, by command and before every restore; listed newest first; put back while the player is
// online. Per player, the newest max-per-player snapshots are kept.

import { actorName, type Actor } from '../../core/kernel/actor.ts';
import type { AuditService, KnownPlayer, PlayersService } from '../../core/kernel/api.ts';
import type { Clock } from '../../core/kernel/clock.ts';
import type { Db } from '../../core/storage/db.ts';
import type { EventBus } from '../../core/kernel/events.ts';
import { InvalidInput } from '../../core/values/invalid-input.ts';
import { knownPlayer, playerFields } from '../../core/players/known-player.ts';
import type { Logger } from '../../core/log/log.ts';
import { fail, ok, type Result } from '../../core/kernel/result.ts';
import type { GamePlatform, ItemStack } from '../../platform/platform.ts';
import type { PlayerInventory } from '../../platform/player-inventory.ts';
import type { InvRollbackConfig } from './invrollback.config.ts';
import type { Restored, Snapshot, SnapshotCause, SnapshotList } from './invrollback.schemas.ts';
import { createInvRollbackStore, type SnapshotRow } from './invrollback.store.ts';

export interface InvRollbackService {
  /** The player's snapshots, newest first, with the count and the retention limit. */
  list(uuid: string): Promise<Result<SnapshotList>>;
  /** Copies an online player's inventory now (cause `command`); player-offline otherwise. */
  take(uuid: string, actor: Actor): Promise<Result<Snapshot>>;
  /**
   * Replaces the online player's whole inventory with a snapshot of theirs, after copying what
   * they hold (cause `restore-safety`). not-found for a snapshot they do not have; player-offline
   * when they are not in the game.
   */
  restore(uuid: string, id: number, actor: Actor): Promise<Result<Restored>>;
  /** The automatic copies: on death and as the player leaves (nothing is stored for an empty inventory). */
  died(uuid: string): void;
  left(player: { uuid: string; name: string }, inventory: PlayerInventory | undefined): void;
  /** Resolves when every automatic copy begun is stored. */
  flush(): Promise<void>;
}

export interface InvRollbackDeps {
  db: Db;
  events: EventBus;
  clock: Clock;
  players: PlayersService;
  audit: Pick<AuditService, 'record'>;
  platform: GamePlatform;
  log: Logger;
  config: () => InvRollbackConfig;
}

/** The actor recorded for the copies nobody asked for (death, quit). */
export const SERVER_ACTOR = 'server';

function stacksOf(inv: PlayerInventory): ItemStack[] {
  return [...inv.storage, inv.armor.head, inv.armor.chest, inv.armor.legs, inv.armor.feet, inv.offHand].filter((s): s is ItemStack => s !== null);
}
export const itemCount = (inv: PlayerInventory) => stacksOf(inv).reduce((n, s) => n + s.count, 0);

const render = (r: SnapshotRow): Snapshot => ({
  id: r.id,
  cause: r.cause as SnapshotCause,
  'taken-at': r.takenAt,
  actor: r.actor,
  'item-count': r.itemCount,
  'slots-used': r.slotsUsed,
});

export function createInvRollbackService(deps: InvRollbackDeps): InvRollbackService {
  const { events, clock, players, audit, platform, log, config } = deps;
  const store = createInvRollbackStore(deps.db);
  const { db } = store;
  const pending = new Set<Promise<unknown>>();

  async function save(uuid: string, inventory: PlayerInventory, cause: SnapshotCause, actor: string): Promise<SnapshotRow> {
    return db.transaction().execute(async (tx) => {
      const row = await store.insert(
        tx,
        { uuid, cause, actor, takenAt: clock.now().toISOString(), itemCount: itemCount(inventory), slotsUsed: stacksOf(inventory).length },
        inventory,
      );
      await store.prune(tx, uuid, config().maxPerPlayer);
      return row;
    });
  }

  function automatic(p: { uuid: string; name: string }, inventory: PlayerInventory | undefined, cause: SnapshotCause): void {
    if (!inventory || stacksOf(inventory).length === 0) return;
    const job = save(p.uuid, inventory, cause, SERVER_ACTOR)
      .catch((e: unknown) => log.error(`could not store the ${cause} inventory snapshot of ${p.name}`, e))
      .finally(() => pending.delete(job));
    pending.add(job);
  }

  const offline = (p: KnownPlayer, what: string) => fail('player-offline', `${p.name} is not online: ${what} needs the player in the game.`);

  return {
    async list(uuid) {
      const who = await knownPlayer(players, uuid);
      if (!who.ok) return who;
      const snapshots = (await store.list(db, who.value.uuid)).map(render);
      return ok({ snapshots, count: snapshots.length, limit: config().maxPerPlayer });
    },

    async take(uuid, actor) {
      const who = await knownPlayer(players, uuid);
      if (!who.ok) return who;
      const p = who.value;
      const inventory = platform.playerInventory(p.uuid);
      if (!inventory) return offline(p, 'a snapshot');
      const row = await save(p.uuid, inventory, 'command', actorName(actor));
      await audit.record({ actor, action: 'invrollback.snapshot', target: p.uuid, details: { snapshot: row.id, 'item-count': row.itemCount } });
      return ok(render(row));
    },

    async restore(uuid, id, actor) {
      if (!Number.isSafeInteger(id) || id < 1) throw new InvalidInput('snapshot', 'A snapshot identifier is a positive whole number.');
      const who = await knownPlayer(players, uuid);
      if (!who.ok) return who;
      const p = who.value;
      const found = await store.get(db, p.uuid, id);
      if (!found) return fail('not-found', `${p.name} has no snapshot ${id}.`);
      const current = platform.playerInventory(p.uuid);
      if (!current) return offline(p, 'a restore');
      const safety = await save(p.uuid, current, 'restore-safety', actorName(actor));
      const { inventory } = found;
      let written: boolean;
      try {
        written = platform.setPlayerInventory(p.uuid, {
          storage: inventory.storage,
          armor: inventory.armor,
          offHand: inventory.offHand,
          selectedSlot: inventory.selectedSlot,
        });
      } catch (e) {
        log.error(`could not restore snapshot ${id} of ${p.name}`, e);
        return fail('failed', `Snapshot ${id} could not be put back (${e instanceof Error ? e.message : String(e)}); ${p.name}'s inventory is unchanged.`);
      }
      if (!written) return offline(p, 'a restore');
      const now = itemCount(platform.playerInventory(p.uuid) ?? inventory);
      await audit.record({ actor, action: 'invrollback.restore', target: p.uuid, details: { snapshot: id, 'safety-snapshot': safety.id } });
      events.emit('invrollback.inventory-restore', {
        ...playerFields(p),
        snapshot: id,
        cause: found.row.cause as SnapshotCause,
        'taken-at': found.row.takenAt,
        'item-count': now,
        'safety-snapshot': safety.id,
        actor: actorName(actor),
      });
      return ok({ restored: render(found.row), 'safety-snapshot': { id: safety.id, 'item-count': safety.itemCount } });
    },

    died(uuid) {
      const p = platform.player(uuid);
      if (p) automatic(p, platform.playerInventory(uuid), 'death');
    },

    left(player, inventory) {
      automatic(player, inventory, 'quit');
    },

    async flush() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
  };
}
