// The vaults' published API: numbered private chests per player (counting from 1) up to a limit
// from a permission node or vaults.conf, each with an optional name and icon. A vault exists from
// its first opening (within the limit). Its contents are stored here, slot by slot, as the platform
// reports them while the owner has its window open; they are never part of an answer.
//
// Saves of one vault run one at a time in the order the game reported the changes; `flush` waits
// for them (the module's stop does, before the database closes).

import type { Actor } from '../../core/kernel/actor.ts';
import type { AuditService, KnownPlayer, PermissionsService, PlayersService } from '../../core/kernel/api.ts';
import type { Clock } from '../../core/kernel/clock.ts';
import type { Db } from '../../core/storage/db.ts';
import type { EventBus } from '../../core/kernel/events.ts';
import { InvalidInput } from '../../core/values/invalid-input.ts';
import { createKeyedQueue } from '../../core/storage/keyed-queue.ts';
import { knownPlayer, playerFields } from '../../core/players/known-player.ts';
import type { Logger } from '../../core/log/log.ts';
import { materialName } from '../../core/values/materials.ts';
import { fail, ok, type Result } from '../../core/kernel/result.ts';
import type { ChestHandle, GamePlatform, ItemStack } from '../../platform/platform.ts';
import { MAX_VAULTS, type VaultsConfig } from './vaults.config.ts';
import { NAME_PATTERN, type Vault, type VaultList } from './vaults.schemas.ts';
import { createVaultsStore, type VaultRow } from './vaults.store.ts';

export const VAULT_LIMIT_PREFIX = 'core.vault.limit';

/** A label change: a field left out is unchanged, null clears it (spec rule 6). */
export interface LabelChange {
  name?: string | null;
  icon?: string | null;
}

export interface VaultsService {
  /** Every vault of a player, the count, their limit and the rows of a vault. */
  list(uuid: string): Promise<Result<VaultList>>;
  /** One vault (never its contents); not-found when the player has not opened it yet. */
  get(uuid: string, index: number): Promise<Result<Vault>>;
  /** The number of vaults a player may open (1 to limit). */
  limit(uuid: string): number;
  /**
   * Shows the vault's window to its owner, creating the vault on first opening (vault.open).
   * player-offline when the owner is not in the game; refused beyond their limit.
   */
  open(uuid: string, index: number, actor: Actor): Promise<Result<Vault>>;
  /** Names it and/or gives it an icon (rule 6); not-found when it does not exist; refused for an unknown material. */
  label(uuid: string, index: number, change: LabelChange, actor: Actor): Promise<Result<Vault>>;
  /** Removes the vault and everything in it (its window closes); not-found when it does not exist. */
  delete(uuid: string, index: number, actor: Actor): Promise<Result<Vault>>;
  /** Resolves when every change the game has reported is stored. */
  flush(): Promise<void>;
}

export interface VaultsDeps {
  db: Db;
  events: EventBus;
  clock: Clock;
  players: PlayersService;
  permissions: Pick<PermissionsService, 'numeric'>;
  audit: Pick<AuditService, 'record'>;
  platform: GamePlatform;
  log: Logger;
  /** Read at each use: `core reload` may change the limit (never `rows`, which needs a restart). */
  config: () => VaultsConfig;
}

/** A vault's window on its owner's screen. */
interface OpenVault {
  handle?: ChestHandle;
  /** The contents as last stored, to tell a change. */
  stored: string;
  itemCount: number;
  /** Items in slots beyond the rows of vaults.conf (left from a time it had more): kept, not shown. */
  hidden: number;
  deleted: boolean;
}

const NAME = new RegExp(NAME_PATTERN);
const countItems = (items: ReadonlyArray<ItemStack | null>) => items.reduce((n, i) => n + (i?.count ?? 0), 0);

export function createVaultsService(deps: VaultsDeps): VaultsService {
  const { events, clock, players, permissions, audit, platform, log, config } = deps;
  const store = createVaultsStore(deps.db);
  const { db } = store;
  const saves = createKeyedQueue();
  const open = new Map<string, OpenVault>();
  const rows = config().rows;
  const size = rows * 9;
  const keyOf = (uuid: string, index: number) => `${uuid}/${index}`;

  const limitOf = (uuid: string): number => Math.min(MAX_VAULTS, permissions.numeric(uuid, VAULT_LIMIT_PREFIX) ?? config().defaultLimit);

  function checkIndex(index: number): number {
    if (!Number.isInteger(index) || index < 1 || index > MAX_VAULTS) throw new InvalidInput('index', `A vault number is a whole number from 1 to ${MAX_VAULTS}.`);
    return index;
  }

  const render = (v: VaultRow): Vault => ({
    index: v.index,
    name: v.name,
    icon: v.icon,
    'item-count': v.itemCount,
    'slots-used': v.slotsUsed,
    'created-at': v.createdAt,
    'updated-at': v.updatedAt,
  });

  const missing = (p: KnownPlayer, index: number) => fail('not-found', `${p.name} has no vault ${index} (a vault exists from its first opening).`);

  /** Stores what the owner changed, unless the vault was deleted meanwhile (vault.contents-change). */
  function save(p: KnownPlayer, index: number, state: OpenVault, items: Array<ItemStack | null>): void {
    void saves
      .run(keyOf(p.uuid, index), async () => {
        const text = JSON.stringify(items);
        if (state.deleted || text === state.stored) return;
        await db.transaction().execute((tx) => store.setContents(tx, p.uuid, index, items, clock.now().toISOString()));
        const previous = state.itemCount;
        state.stored = text;
        state.itemCount = countItems(items) + state.hidden;
        events.emit('vault.contents-change', { ...playerFields(p), index, 'item-count': state.itemCount, 'previous-item-count': previous });
      })
      .catch((e: unknown) => log.error(`could not store vault ${index} of ${p.name}`, e));
  }

  async function existing(uuid: string, index: number): Promise<Result<{ p: KnownPlayer; v: VaultRow }>> {
    checkIndex(index);
    const who = await knownPlayer(players, uuid);
    if (!who.ok) return who;
    const v = await store.get(db, who.value.uuid, index);
    return v ? ok({ p: who.value, v }) : missing(who.value, index);
  }

  return {
    limit: limitOf,
    flush: () => saves.idle(),

    async list(uuid) {
      const who = await knownPlayer(players, uuid);
      if (!who.ok) return who;
      const vaults = (await store.list(db, who.value.uuid)).map(render);
      return ok({ vaults, count: vaults.length, limit: limitOf(who.value.uuid), 'row-size': rows, 'slots-per-vault': size });
    },

    async get(uuid, index) {
      const r = await existing(uuid, index);
      return r.ok ? ok(render(r.value.v)) : r;
    },

    async open(uuid, index, actor) {
      checkIndex(index);
      const who = await knownPlayer(players, uuid);
      if (!who.ok) return who;
      const p = who.value;
      if (!platform.player(p.uuid)) return fail('player-offline', `${p.name} is not online: a vault opens on its owner's screen.`);
      const limit = limitOf(p.uuid);
      if (index > limit) return fail('refused', `${p.name} may open vaults 1 to ${limit}; vault ${index} is beyond that limit.`);
      const key = keyOf(p.uuid, index);
      // Open already (a second /pv 1): that window closes first and its last change is stored.
      open.get(key)?.handle?.close();
      // After the saves queued for this vault, so its window shows what was last stored.
      const r = await saves.run(key, async (): Promise<Result<{ v: VaultRow; created: boolean }>> => {
        let v = await store.get(db, p.uuid, index);
        const created = !v;
        v ??= await store.insert(db, p.uuid, index, clock.now().toISOString());
        const items = await store.contents(db, p.uuid, index, size);
        const state: OpenVault = { stored: JSON.stringify(items), itemCount: v.itemCount, hidden: v.itemCount - countItems(items), deleted: false };
        const handle = platform.openChest(p.uuid, {
          title: v.name ?? `Vault ${index}`,
          rows,
          items,
          onChange: (now) => save(p, index, state, now),
          onClose: (now) => {
            save(p, index, state, now);
            if (open.get(key) === state) open.delete(key);
          },
        });
        if (!handle) return fail('player-offline', `${p.name} cannot be shown the vault now: they left the game, or are dead.`);
        state.handle = handle;
        open.set(key, state);
        return ok({ v, created });
      });
      if (!r.ok) return r;
      const { v, created } = r.value;
      await audit.record({ actor, action: 'vault.open', target: p.uuid, details: { index, created } });
      events.emit('vault.open', { ...playerFields(p), index, name: v.name, 'item-count': v.itemCount, created });
      return ok(render(v));
    },

    async label(uuid, index, change, actor) {
      checkIndex(index);
      const fields: LabelChange = {};
      if (change.name !== undefined) {
        if (change.name !== null && (typeof change.name !== 'string' || !NAME.test(change.name))) {
          throw new InvalidInput('name', 'A vault name is 1-32 characters, without control characters.');
        }
        fields.name = change.name;
      }
      if (change.icon !== undefined) fields.icon = change.icon;
      if (Object.keys(fields).length === 0) throw new InvalidInput('body', 'Send name, icon or both (null clears one).');
      const found = await existing(uuid, index);
      if (!found.ok) return found;
      const { p } = found.value;
      if (typeof fields.icon === 'string') {
        const material = materialName(fields.icon);
        if (!material) return fail('refused', `"${fields.icon}" is not a game material name (e.g. chest, diamond, ender_chest).`);
        fields.icon = material;
      }
      const at = clock.now().toISOString();
      await store.update(db, p.uuid, index, at, fields);
      await audit.record({ actor, action: 'vault.label', target: p.uuid, details: { index, ...fields } });
      return ok(render({ ...found.value.v, ...fields, updatedAt: at }));
    },

    async delete(uuid, index, actor) {
      const found = await existing(uuid, index);
      if (!found.ok) return found;
      const { p } = found.value;
      const key = keyOf(p.uuid, index);
      const state = open.get(key);
      if (state) {
        // Its window closes first; what it held then goes with the vault.
        state.deleted = true;
        state.handle?.close();
      }
      const before = await saves.run(key, () =>
        db.transaction().execute(async (tx) => {
          const v = await store.get(tx, p.uuid, index);
          return v && (await store.remove(tx, p.uuid, index)) ? v : undefined;
        }),
      );
      if (!before) return missing(p, index);
      await audit.record({ actor, action: 'vault.delete', target: p.uuid, details: { index, 'item-count': before.itemCount } });
      return ok(render(before));
    },
  };
}
