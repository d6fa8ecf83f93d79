// Stack arithmetic shared by the platform's adapter and its fake: how items go into an inventory.
// Generic over the stack type (the adapter's game items, the fake's ItemStacks), so both give
// items by the same rule: merge into stacks of the same kind first, then fill empty slots, all or
// nothing.

export interface StackOps<T> {
  /** Stacks of the same kind merge (the same material with the same components). */
  kind(stack: T): string;
  count(stack: T): number;
  /** The most one slot holds of this stack's kind. */
  max(stack: T): number;
  /** A copy with another count (at least 1). */
  withCount(stack: T, count: number): T;
}

/**
 * The slots after putting the items in: each first tops up stacks of its kind, then takes empty
 * slots, both in `order` (slot indexes); undefined when they do not all fit (nothing is changed).
 */
export function placeItems<T>(slots: ReadonlyArray<T | null>, items: readonly T[], ops: StackOps<T>, order: readonly number[]): Array<T | null> | undefined {
  const out = [...slots];
  for (const item of items) {
    let left = ops.count(item);
    const kind = ops.kind(item);
    const max = ops.max(item);
    for (const i of order) {
      if (left === 0) break;
      const s = out[i];
      if (s === null || s === undefined || ops.kind(s) !== kind || ops.count(s) >= max) continue;
      const moved = Math.min(left, max - ops.count(s));
      out[i] = ops.withCount(s, ops.count(s) + moved);
      left -= moved;
    }
    for (const i of order) {
      if (left === 0) break;
      if (out[i] !== null && out[i] !== undefined) continue;
      const moved = Math.min(left, max);
      out[i] = ops.withCount(item, moved);
      left -= moved;
    }
    if (left > 0) return undefined;
  }
  return out;
}

/** How many of the item (up to its count) the slots in `order` take: tops of its kind and empty slots. */
export function roomFor<T>(slots: ReadonlyArray<T | null>, item: T, ops: StackOps<T>, order: readonly number[]): number {
  const kind = ops.kind(item);
  const max = ops.max(item);
  let room = 0;
  for (const i of order) {
    const s = slots[i];
    if (s === null || s === undefined) room += max;
    else if (ops.kind(s) === kind) room += Math.max(0, max - ops.count(s));
    if (room >= ops.count(item)) return ops.count(item);
  }
  return room;
}

/** The game's order for new items: the hotbar (0-8), then the main inventory (9-35). */
export const STORAGE_ORDER: readonly number[] = Array.from({ length: 36 }, (_, i) => i);
