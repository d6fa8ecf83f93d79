// data/core/kits.conf: the kits. Written with two example kits on first start, never overwritten.
// A kit that cannot be read stops the start with a message naming the file, the line and the key:
// a kit with a misspelt item would otherwise hand out nothing, or the wrong thing, at every claim.

import { join } from 'node:path';
import { readConfigFile, type ConfigTable } from '../../core/config-file.ts';
import type { ReloadableConfig } from '../../core/config-reload.ts';
import { enchantmentName, materialName } from '../../core/materials.ts';
import type { ItemStack } from '../../platform/platform.ts';
import type { Money } from '../../core/schemas.ts';
import { toMajor, toMinor } from '../../core/money.ts';

export interface KitConfig {
  id: string;
  name: string;
  items: ItemStack[];
  cooldownSeconds: number;
  /** The price of a claim (never 0: a free kit has none). */
  cost: Money | null;
  /** The node a player needs to claim it; null: everyone may. */
  permission: string | null;
}

/** What kits.conf needs to know of the economy. */
export interface KitCurrencies {
  default: string;
  currencies: ReadonlyArray<{ name: string; 'decimal-places': number }>;
}

export const KIT_ID_PATTERN = '^[a-z0-9_-]{1,32}$';
/** Words of the /kit command that cannot name a kit. */
export const RESERVED_KIT_IDS: readonly string[] = ['give'];
/** The most items of one material line of a kit. */
export const MAX_ITEM_COUNT = 1000;
export const MAX_NAME_LENGTH = 64;

export const KITS_CONF_DEFAULT = `# Core kits: sets of items a player claims with /kit <id>; an admin gives one with
# /kit give <player> <id> (which ignores cooldown, cost and permission).
#
# One [kits.<id>] table per kit. The id is what players type: 1-32 of a-z, 0-9, _ and -.
# Keys of a kit:
#   name              the name players read (default: the id), at most ${MAX_NAME_LENGTH} characters
#   items             the items, each { material = "<name>", count = <n> } with a game material
#                     (item) name of Minecraft 1.21.4 and a count from 1 to ${MAX_ITEM_COUNT} (default 1);
#                     optionally name = "<custom name>" and enchantments = { <enchantment> = <level> }
#   cooldown-seconds  seconds a player waits between two claims of the kit (default 0: no wait)
#   cost              the price of a claim (default 0: free), charged from the player's wallet
#   currency          the currency of the cost (default: the default currency of economy.conf)
#   permission        the permission node a player needs to claim it (left out: everyone may)

# A kit anyone may claim once an hour, free.
[kits.starter]
name = "Starter"
items = [
  { material = "stone_sword" },
  { material = "bread", count = 16 },
]
cooldown-seconds = 3600
cost = 0

# A kit for players who hold core.kit.vip: once a day, for 50 of the default currency.
[kits.vip]
name = "VIP"
items = [
  { material = "diamond", count = 2 },
  { material = "diamond_sword", name = "VIP Blade", enchantments = { sharpness = 3 } },
]
cooldown-seconds = 86400
cost = 50
permission = "core.kit.vip"
`;

const KIT_KEYS = ['name', 'items', 'cooldown-seconds', 'cost', 'currency', 'permission'];
const ITEM_KEYS = ['material', 'count', 'name', 'enchantments'];

const isTable = (v: unknown): v is ConfigTable => typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof Date);

/**
 * The line of a kit's problem: the first line, from the kit's own [kits.<id>] header on, that
 * holds `needle` (a key or a quoted value); the header itself when none does.
 */
function lineOf(text: string, id: string | undefined, needle: string | undefined): number | undefined {
  const lines = text.split(/\r?\n/);
  const header = id === undefined ? 0 : lines.findIndex((l) => new RegExp(`^\\s*\\[\\s*kits\\s*\\.\\s*["']?${id.replace(/[-]/g, '\\-')}["']?\\s*\\]`).test(l));
  if (header < 0) return undefined;
  if (needle !== undefined) {
    for (let i = header + (id === undefined ? 0 : 1); i < lines.length; i++) {
      if (id !== undefined && /^\s*\[/.test(lines[i]!)) break;
      if (lines[i]!.includes(needle)) return i + 1;
    }
  }
  return id === undefined ? undefined : header + 1;
}

export function loadKitsConfig(configDir: string, money: KitCurrencies): KitConfig[] {
  const path = join(configDir, 'kits.conf');
  const read = readConfigFile(path, KITS_CONF_DEFAULT);
  if (!read.ok) throw new Error(read.message);
  const { table, text } = read;
  /** `<file> line <n>, key "<key>": <problem>`, as every config file of the plugin reports. */
  const problem = (key: string, what: string, id?: string, needle?: string) => {
    const line = lineOf(text, id, needle ?? key.split('.').pop()?.replace(/\[\d+\]$/, ''));
    return new Error(`${path}${line === undefined ? '' : ` line ${line}`}, key "${key}": ${what}`);
  };

  for (const key of Object.keys(table)) if (key !== 'kits') throw problem(key, 'is not a key of this file; kits are [kits.<id>] tables');
  const raw = table.kits ?? {};
  if (!isTable(raw)) throw problem('kits', 'must hold [kits.<id>] tables');

  const kits: KitConfig[] = [];
  for (const [id, value] of Object.entries(raw)) {
    const at = `kits.${id}`;
    if (!new RegExp(KIT_ID_PATTERN).test(id)) throw problem(at, 'a kit id is 1-32 of a-z, 0-9, _ and -', undefined, id);
    if (RESERVED_KIT_IDS.includes(id)) throw problem(at, `"${id}" is a word of the /kit command and cannot name a kit`, id);
    if (!isTable(value)) throw problem(at, 'must be a table', undefined, id);
    for (const k of Object.keys(value)) if (!KIT_KEYS.includes(k)) throw problem(`${at}.${k}`, `is not a key of a kit (${KIT_KEYS.join(', ')})`, id);

    const name = value.name ?? id;
    if (typeof name !== 'string' || name.trim() === '' || name.length > MAX_NAME_LENGTH) {
      throw problem(`${at}.name`, `must be text of 1 to ${MAX_NAME_LENGTH} characters`, id);
    }

    const rawItems = value.items;
    if (!Array.isArray(rawItems) || rawItems.length === 0) throw problem(`${at}.items`, 'must be a list of at least one item, e.g. [ { material = "bread", count = 16 } ]', id);
    const items = rawItems.map((item, i) => {
      const key = `${at}.items[${i + 1}]`;
      if (!isTable(item)) throw problem(key, 'must be a table such as { material = "bread", count = 16 }', id, 'items');
      for (const k of Object.keys(item)) if (!ITEM_KEYS.includes(k)) throw problem(`${key}.${k}`, `is not a key of an item (${ITEM_KEYS.join(', ')})`, id, k);
      const materialRaw = item.material;
      if (typeof materialRaw !== 'string') throw problem(`${key}.material`, 'is needed: a game material name, e.g. "bread"', id, 'items');
      const material = materialName(materialRaw);
      if (!material) throw problem(`${key}.material`, `"${materialRaw}" is not a game material name (an item of Minecraft 1.21.4, e.g. "bread")`, id, `"${materialRaw}"`);
      const count = item.count ?? 1;
      if (typeof count !== 'number' || !Number.isInteger(count) || count < 1 || count > MAX_ITEM_COUNT) {
        throw problem(`${key}.count`, `must be a whole number from 1 to ${MAX_ITEM_COUNT}`, id, `"${materialRaw}"`);
      }
      const stack: ItemStack = { material, count };
      if (item.name !== undefined) {
        if (typeof item.name !== 'string' || item.name.trim() === '' || item.name.length > MAX_NAME_LENGTH) {
          throw problem(`${key}.name`, `must be text of 1 to ${MAX_NAME_LENGTH} characters`, id, `"${materialRaw}"`);
        }
        stack.name = item.name;
      }
      if (item.enchantments !== undefined) {
        if (!isTable(item.enchantments)) throw problem(`${key}.enchantments`, 'must be a table such as { sharpness = 3 }', id, `"${materialRaw}"`);
        const enchantments: Record<string, number> = {};
        for (const [e, level] of Object.entries(item.enchantments)) {
          const ench = enchantmentName(e);
          if (!ench) throw problem(`${key}.enchantments.${e}`, `"${e}" is not an enchantment of Minecraft 1.21.4 (e.g. sharpness, unbreaking)`, id, e);
          if (typeof level !== 'number' || !Number.isInteger(level) || level < 1 || level > 255) {
            throw problem(`${key}.enchantments.${e}`, 'a level is a whole number from 1 to 255', id, e);
          }
          enchantments[ench] = level;
        }
        stack.enchantments = enchantments;
      }
      return stack;
    });

    const cooldown = value['cooldown-seconds'] ?? 0;
    if (typeof cooldown !== 'number' || !Number.isInteger(cooldown) || cooldown < 0) {
      throw problem(`${at}.cooldown-seconds`, 'must be a whole number of seconds, at least 0', id);
    }

    const currencyName = value.currency ?? money.default;
    const currency = money.currencies.find((c) => c.name === currencyName);
    if (typeof currencyName !== 'string' || !currency) {
      throw problem(`${at}.currency`, `must name a currency of economy.conf (${money.currencies.map((c) => c.name).join(', ')})`, id);
    }
    const costRaw = value.cost ?? 0;
    const cost = typeof costRaw === 'number' && costRaw >= 0 ? toMinor(costRaw, currency['decimal-places']) : undefined;
    if (!cost?.ok) throw problem(`${at}.cost`, `must be an amount of at least 0 with at most ${currency['decimal-places']} decimal places (${currency.name})`, id);

    const permission = value.permission ?? null;
    if (permission !== null && (typeof permission !== 'string' || !/^[a-z0-9_-]+(\.[a-z0-9_-]+)*$/.test(permission.toLowerCase()))) {
      throw problem(`${at}.permission`, 'must be a permission node such as "core.kit.vip" (parts of a-z, 0-9, _ and - joined by dots)', id);
    }

    kits.push({
      id,
      name,
      items,
      cooldownSeconds: cooldown,
      cost: cost.minor > 0 ? { currency: currency.name, amount: toMajor(cost.minor, currency['decimal-places']) } : null,
      permission: permission === null ? null : permission.toLowerCase(),
    });
  }
  return kits;
}

/**
 * kits.conf for `core reload`: kits added, removed or changed apply at once (to the next claim).
 * Costs are checked against the currencies in force, so economy.conf is read again first.
 */
export function kitsReloadable(configDir: string, money: () => KitCurrencies): ReloadableConfig<readonly KitConfig[]> {
  return {
    path: join(configDir, 'kits.conf'),
    read: () => loadKitsConfig(configDir, money()),
    keys: (kits) => new Map(kits.map((k) => [`kits.${k.id}`, k])),
  };
}
