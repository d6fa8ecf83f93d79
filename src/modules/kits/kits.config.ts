// data/core/kits.conf: the kits. Written with two example kits on first start, never overwritten.
// A kit that cannot be read stops the start with a message naming the file, the line and the key:
// a kit with a misspelt item would otherwise hand out nothing, or the wrong thing, at every claim.
// Kits added, removed or changed apply at `core reload` (to the next claim); prices are checked
// against the currencies in force, so economy.conf is read again first.

import { Type } from '@sinclair/typebox';
import { defineConfig, type ConfigCheck } from '../../core/config/config-define.ts';
import { lines, type Settings } from '../../core/config/config-schema.ts';
import { enchantmentKey, material, permissionNode } from '../../core/config/config-values.ts';
import type { ItemStack } from '../../platform/platform.ts';
import type { Money } from '../../core/values/schemas.ts';
import { toMajor, toMinor } from '../../core/values/money.ts';

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

const name = (errorMessage: string) => Type.String({ pattern: '\\S', maxLength: MAX_NAME_LENGTH, errorMessage });

const Item = Type.Object(
  {
    material: material({ errorMessage: { type: 'must be a game material name, e.g. "bread"', required: 'is needed: a game material name, e.g. "bread"' } }),
    count: Type.Integer({ default: 1, minimum: 1, maximum: MAX_ITEM_COUNT }),
    name: Type.Optional(name(`must be text of 1 to ${MAX_NAME_LENGTH} characters`)),
    enchantments: Type.Optional(
      Type.Transform(Type.Record(Type.String(), Type.Integer({ minimum: 1, maximum: 255, errorMessage: 'a level is a whole number from 1 to 255' }), { errorMessage: 'must be a table such as { sharpness = 3 }' }))
        .Decode((table) => Object.fromEntries(Object.entries(table).map(([e, level]) => [enchantmentKey(e), level])))
        .Encode((v) => v),
    ),
  },
  { title: 'an item', errorMessage: { type: 'must be a table such as { material = "bread", count = 16 }' } },
);

const Kit = Type.Object(
  {
    name: Type.Optional(name(`must be text of 1 to ${MAX_NAME_LENGTH} characters`)),
    items: Type.Array(Item, { minItems: 1, errorMessage: 'must be a list of at least one item, e.g. [ { material = "bread", count = 16 } ]' }),
    'cooldown-seconds': Type.Integer({ default: 0, minimum: 0, errorMessage: 'must be a whole number of seconds, at least 0' }),
    cost: Type.Number({ default: 0 }),
    currency: Type.Optional(Type.String()),
    permission: Type.Optional(permissionNode({ errorMessage: 'must be a permission node such as "core.kit.vip" (parts of a-z, 0-9, _ and - joined by dots)' })),
  },
  { title: 'a kit' },
);

export const kitsConfig = defineConfig({
  file: 'kits.conf',
  header: lines(
    'Core kits: sets of items a player claims with /kit <id>; an admin gives one with',
    '/kit give <player> <id> (which ignores cooldown, cost and permission).',
    '',
    'One [kits.<id>] table per kit. The id is what players type: 1-32 of a-z, 0-9, _ and -.',
    'Keys of a kit:',
    `  name              the name players read (default: the id), at most ${MAX_NAME_LENGTH} characters`,
    '  items             the items, each { material = "<name>", count = <n> } with a game material',
    `                    (item) name of Minecraft 1.21.4 and a count from 1 to ${MAX_ITEM_COUNT} (default 1);`,
    '                    optionally name = "<custom name>" and enchantments = { <enchantment> = <level> }',
    '  cooldown-seconds  seconds a player waits between two claims of the kit (default 0: no wait)',
    "  cost              the price of a claim (default 0: free), charged from the player's wallet",
    '  currency          the currency of the cost (default: the default currency of economy.conf)',
    '  permission        the permission node a player needs to claim it (left out: everyone may)',
  ),
  schema: Type.Object({
    kits: Type.Record(Type.String({ pattern: KIT_ID_PATTERN }), Kit, {
      default: {},
      errorMessage: { type: 'must hold [kits.<id>] tables', propertyNames: 'a kit id is 1-32 of a-z, 0-9, _ and -' },
      examples: [
        {
          starter: { name: 'Starter', items: [{ material: 'stone_sword' }, { material: 'bread', count: 16 }], 'cooldown-seconds': 3600, cost: 0 },
          vip: {
            name: 'VIP',
            items: [{ material: 'diamond', count: 2 }, { material: 'diamond_sword', name: 'VIP Blade', enchantments: { sharpness: 3 } }],
            'cooldown-seconds': 86400,
            cost: 50,
            permission: 'core.kit.vip',
          },
        },
      ],
      comments: {
        starter: 'A kit anyone may claim once an hour, free.',
        vip: 'A kit for players who hold core.kit.vip: once a day, for 50 of the default currency.',
      },
    }),
  }),
  unknownKey: () => 'is not a key of this file; kits are [kits.<id>] tables',
  decode: (settings, at: ConfigCheck<KitCurrencies>): KitConfig[] => Object.entries(settings.kits).map(([id, kit]) => kitOf(id, kit, at)),
});

type KitSettings = Settings<typeof Kit>;

function kitOf(id: string, kit: KitSettings, check: ConfigCheck<KitCurrencies>): KitConfig {
  const money = check.context;
  const at = `kits.${id}`;
  if (RESERVED_KIT_IDS.includes(id)) check.problem(at, `"${id}" is a word of the /kit command and cannot name a kit`);
  const currency = money.currencies.find((c) => c.name === (kit.currency ?? money.default));
  if (!currency) check.problem(`${at}.currency`, `must name a currency of economy.conf (${money.currencies.map((c) => c.name).join(', ')})`);
  const cost = kit.cost >= 0 ? toMinor(kit.cost, currency['decimal-places']) : undefined;
  if (!cost?.ok) check.problem(`${at}.cost`, `must be an amount of at least 0 with at most ${currency['decimal-places']} decimal places (${currency.name})`);
  return {
    id,
    name: kit.name ?? id,
    items: kit.items.map((item) => ({ material: item.material, count: item.count, ...(item.name === undefined ? {} : { name: item.name }), ...(item.enchantments ? { enchantments: item.enchantments } : {}) })),
    cooldownSeconds: kit.cooldownSeconds,
    cost: cost.minor > 0 ? { currency: currency.name, amount: toMajor(cost.minor, currency['decimal-places']) } : null,
    permission: kit.permission ?? null,
  };
}

export const kitsReloadable = (configDir: string, money: () => KitCurrencies) => kitsConfig.reloadable(configDir, money);
