// Item stacks between the platform's ItemStack and the game's items (prismarine-item at 1.21.4,
// where an item is an id, a count and data components). A custom name is the custom_name
// component (not italic, as a kit's name is meant), enchantments the enchantments component with
// ids of the enchantment registry the server sends at login (minecraft-data's order).
// A stack that came from the game keeps its whole component list in ItemStack.data, so passing
// it through a module's storage loses nothing.

import { createRequire } from 'node:module';
import type { ItemStack } from '../platform.ts';
import type { StackOps } from '../inventory.ts';
import type { ArmorSlot } from './container.ts';
import { textToNbt } from './text.ts';

const require = createRequire(import.meta.url);
const nbt = require('prismarine-nbt') as { simplify(tag: unknown): unknown };

export interface Component {
  type: string;
  data?: unknown;
}

/** A prismarine-item Item at 1.21.4, as flying-squid keeps inventories. */
export interface GameItem {
  type: number;
  count: number;
  name: string;
  stackSize: number;
  components: Component[];
  removedComponents: Array<{ type: string }>;
  /** Set by the window that holds it (flying-squid saves inventories by it). */
  slot?: number;
}

/** The wire form of a slot (the protocol's Slot type). */
export interface NotchItem {
  itemCount: number;
  itemId?: number;
  addedComponentCount?: number;
  removedComponentCount?: number;
  components: Component[];
  removeComponents: Array<{ type: string }>;
}

interface Registry {
  items: Record<number, { id: number; name: string; stackSize: number } | undefined>;
  itemsByName: Record<string, { id: number; name: string; stackSize: number } | undefined>;
  enchantments: Record<number, { id: number; name: string } | undefined>;
  enchantmentsByName: Record<string, { id: number; name: string } | undefined>;
}

export interface ItemClass {
  fromNotch(item: NotchItem): GameItem | null;
}

/** What ItemStack.data holds: the item without its count. */
interface StackData {
  itemId: number;
  components: Component[];
  removeComponents: Array<{ type: string }>;
}

export interface ItemCodec {
  /** The game item of a stack (count as given), or undefined for an unknown material. */
  toGame(stack: ItemStack): GameItem | undefined;
  toStack(item: GameItem): ItemStack;
  /** The wire form of a slot (empty for null). */
  notch(item: GameItem | null | undefined): NotchItem;
  /** The game item of a wire or stored slot; null when empty, or not an item of the game. */
  fromNotch(item: NotchItem): GameItem | null;
  /** A plain item of the game by id (flying-squid's item entities keep only an id and a count). */
  plain(itemId: number, count: number): GameItem | null;
  /** The armour slot the item is worn in, if it is worn. */
  armorSlot(item: GameItem): ArmorSlot | undefined;
  ops: StackOps<GameItem>;
}

/** The armour slot an item of the game is worn in, by its name (vanilla's equippable items). */
export function armorSlotOfMaterial(name: string): ArmorSlot | undefined {
  if (/_helmet$|_head$|_skull$|^carved_pumpkin$/.test(name)) return 'head';
  if (/_chestplate$|^elytra$/.test(name)) return 'chest';
  if (/_leggings$/.test(name)) return 'legs';
  if (/_boots$/.test(name)) return 'feet';
  return undefined;
}

function sortedByType<T extends { type: string }>(list: readonly T[]): T[] {
  return [...list].sort((a, b) => (a.type < b.type ? -1 : a.type > b.type ? 1 : 0));
}

/** Plain text of a text component as NBT (a compound or a bare string tag), for custom names. */
function plainOfNbt(tag: unknown): string {
  const v = nbt.simplify(tag);
  const plain = (t: unknown): string => {
    if (typeof t === 'string') return t;
    if (t && typeof t === 'object') {
      const o = t as { text?: unknown; extra?: unknown[] };
      const own = typeof o.text === 'string' ? o.text : typeof (o as Record<string, unknown>)[''] === 'string' ? String((o as Record<string, unknown>)['']) : '';
      return own + (Array.isArray(o.extra) ? o.extra.map(plain).join('') : '');
    }
    return '';
  };
  return plain(v);
}

function isStackData(d: unknown): d is StackData {
  if (!d || typeof d !== 'object') return false;
  const o = d as Record<string, unknown>;
  return typeof o.itemId === 'number' && Array.isArray(o.components) && Array.isArray(o.removeComponents);
}

export function createItemCodec(registry: Registry, Item: ItemClass): ItemCodec {
  const notch = (item: GameItem | null | undefined): NotchItem => {
    if (!item || item.count <= 0) return { itemCount: 0, components: [], removeComponents: [] };
    return {
      itemCount: item.count,
      itemId: item.type,
      addedComponentCount: item.components.length,
      removedComponentCount: item.removedComponents.length,
      components: item.components,
      removeComponents: item.removedComponents,
    };
  };

  const make = (itemId: number, count: number, components: Component[], removeComponents: Array<{ type: string }>): GameItem => {
    const item = Item.fromNotch({
      itemCount: count,
      itemId,
      addedComponentCount: components.length,
      removedComponentCount: removeComponents.length,
      components,
      removeComponents,
    });
    if (!item) throw new Error(`no item for id ${itemId} × ${count}`);
    return item;
  };

  const max = (item: GameItem): number => {
    const own = item.components.find((c) => c.type === 'max_stack_size')?.data;
    return typeof own === 'number' && own > 0 ? own : Math.max(1, item.stackSize || 1);
  };

  const ops: StackOps<GameItem> = {
    kind: (item) => JSON.stringify([item.type, sortedByType(item.components), sortedByType(item.removedComponents)]),
    count: (item) => item.count,
    max,
    withCount: (item, count) => make(item.type, count, item.components, item.removedComponents),
  };

  const fromNotch = (n: NotchItem): GameItem | null => {
    const count = Math.trunc(Number(n?.itemCount));
    if (!Number.isFinite(count) || count <= 0 || typeof n.itemId !== 'number' || !registry.items[n.itemId]) return null;
    const components = Array.isArray(n.components) ? n.components : [];
    const removed = Array.isArray(n.removeComponents) ? n.removeComponents : [];
    return make(n.itemId, count, components, removed);
  };

  return {
    notch,
    ops,
    fromNotch,
    plain: (itemId, count) => fromNotch({ itemId, itemCount: count, components: [], removeComponents: [] }),
    armorSlot: (item) => armorSlotOfMaterial(registry.items[item.type]?.name ?? item.name),
    toGame(stack) {
      if (isStackData(stack.data) && registry.items[stack.data.itemId]) {
        const d = JSON.parse(JSON.stringify(stack.data)) as StackData;
        return make(d.itemId, stack.count, d.components, d.removeComponents);
      }
      const entry = registry.itemsByName[stack.material];
      if (!entry || stack.material === 'air') return undefined;
      const components: Component[] = [];
      if (stack.name !== undefined) components.push({ type: 'custom_name', data: textToNbt({ text: stack.name, italic: false }) });
      const enchantments = Object.entries(stack.enchantments ?? {}).flatMap(([name, level]) => {
        const e = registry.enchantmentsByName[name];
        return e ? [{ id: e.id, level }] : [];
      });
      if (enchantments.length > 0) components.push({ type: 'enchantments', data: { enchantments, showTooltip: true } });
      return make(entry.id, stack.count, components, []);
    },
    toStack(item) {
      const stack: ItemStack = { material: registry.items[item.type]?.name ?? item.name, count: item.count };
      const name = item.components.find((c) => c.type === 'custom_name');
      if (name) stack.name = plainOfNbt(name.data);
      const ench = item.components.find((c) => c.type === 'enchantments')?.data as { enchantments?: Array<{ id: number; level: number }> } | undefined;
      if (ench?.enchantments?.length) {
        stack.enchantments = Object.fromEntries(ench.enchantments.map((e) => [registry.enchantments[e.id]?.name ?? String(e.id), e.level]));
      }
      const data: StackData = { itemId: item.type, components: item.components, removeComponents: item.removedComponents };
      stack.data = JSON.parse(JSON.stringify(data)) as StackData;
      return stack;
    },
  };
}
