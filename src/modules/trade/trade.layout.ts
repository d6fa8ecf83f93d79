// The trade window: 4 rows of 9. Each player sees their own side on the left (columns 1-4 of the
// top three rows, 12 slots) and the partner's on the right (columns 6-9), a glass divider between,
// and a button under each side: their own (bottom left) to confirm or take it back, the partner's
// (bottom right) showing whether the partner has confirmed. Only the player's own 12 slots take
// and give items; every other slot is locked.

import type { ItemStack } from '../../platform/platform.ts';

export const ROWS = 4;
export const SIZE = ROWS * 9;
export const OFFER_SLOTS = 12;
export const OWN_SLOTS: readonly number[] = [0, 1, 2].flatMap((r) => [0, 1, 2, 3].map((c) => r * 9 + c));
export const OTHER_SLOTS: readonly number[] = [0, 1, 2].flatMap((r) => [5, 6, 7, 8].map((c) => r * 9 + c));
export const OWN_BUTTON = 27;
export const OTHER_BUTTON = 35;
export const ALL_SLOTS: readonly number[] = Array.from({ length: SIZE }, (_, i) => i);
export const LOCKED: readonly number[] = Array.from({ length: SIZE }, (_, i) => i).filter((i) => !OWN_SLOTS.includes(i));

export type Offer = Array<ItemStack | null>;

export const emptyOffer = (): Offer => Array<ItemStack | null>(OFFER_SLOTS).fill(null);

/** The stacks of an offer. */
export const stacksOf = (offer: Offer): ItemStack[] => offer.filter((s): s is ItemStack => s !== null);

/** How many items an offer holds. */
export const countOf = (offer: Offer): number => stacksOf(offer).reduce((n, s) => n + s.count, 0);

/** What one trader sees. */
export function layout(own: Offer, other: Offer, ownConfirmed: boolean, otherConfirmed: boolean, otherName: string): Array<ItemStack | null> {
  const pane: ItemStack = { material: 'gray_stained_glass_pane', count: 1, name: ' ' };
  const items: Array<ItemStack | null> = Array.from({ length: SIZE }, () => pane);
  OWN_SLOTS.forEach((slot, i) => (items[slot] = own[i] ?? null));
  OTHER_SLOTS.forEach((slot, i) => (items[slot] = other[i] ?? null));
  items[OWN_BUTTON] = ownConfirmed
    ? { material: 'lime_wool', count: 1, name: 'You confirmed (click to take it back)' }
    : { material: 'red_wool', count: 1, name: 'Click to confirm the trade' };
  items[OTHER_BUTTON] = otherConfirmed
    ? { material: 'lime_wool', count: 1, name: `${otherName} confirmed` }
    : { material: 'red_wool', count: 1, name: `${otherName} has not confirmed` };
  return items;
}

/** The trader's own side read from their window. */
export function offerIn(items: ReadonlyArray<ItemStack | null>): Offer {
  return OWN_SLOTS.map((slot) => items[slot] ?? null);
}

/**
 * Stacks in `actual` beyond what `expected` held, slot by slot (material and count compared):
 * what a closing window holds that the trade did not put there (what the cursor held, put back
 * into the chest when the player left).
 */
export function extras(expected: ReadonlyArray<ItemStack | null>, actual: ReadonlyArray<ItemStack | null>, slots: readonly number[]): ItemStack[] {
  const out: ItemStack[] = [];
  for (const i of slots) {
    const a = actual[i] ?? null;
    const e = expected[i] ?? null;
    if (a === null) continue;
    if (e === null || e.material !== a.material) out.push(a);
    else if (a.count > e.count) out.push({ ...a, count: a.count - e.count });
  }
  return out;
}
