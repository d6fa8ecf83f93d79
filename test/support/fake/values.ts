// Values the fake platform and the tests built on it share: a message's plain text, offline-mode
// uuids, and how item stacks merge.

import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import type { StackOps } from '../../../src/platform/inventory.ts';
import type { ItemStack, Text } from '../../../src/platform/platform.ts';

/** The plain text of a message (a component's text and its extras, in order). */
export function plain(message: Text): string {
  if (typeof message === 'string') return message;
  return message.text + (message.extra ?? []).map((e) => plain(e)).join('');
}

/** The uuid an offline-mode server gives a name (version 3, from `OfflinePlayer:<name>`). */
export function offlineUuid(name: string): string {
  const b = createHash('md5').update(`OfflinePlayer:${name}`).digest();
  b[6] = (b[6]! & 0x0f) | 0x30;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = b.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

const require = createRequire(import.meta.url);
let stackSizes: Record<string, { stackSize: number } | undefined> | undefined;

/** Stacks as the game merges them: the same material, name, enchantments and data. */
export const ITEM_STACK_OPS: StackOps<ItemStack> = {
  kind: (s) => JSON.stringify([s.material, s.name ?? null, s.enchantments ?? null, s.data ?? null]),
  count: (s) => s.count,
  max: (s) => {
    stackSizes ??= (require('minecraft-data') as (v: string) => { itemsByName: Record<string, { stackSize: number }> })('1.21.4').itemsByName;
    return stackSizes[s.material]?.stackSize ?? 64;
  },
  withCount: (s, count) => ({ ...s, count }),
};
