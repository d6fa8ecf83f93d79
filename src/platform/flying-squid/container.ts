// The clicks of a window, done by the server as the game's own server does them (vanilla
// AbstractContainerMenu.doClick, with the quick move of a chest menu or of the player's inventory
// menu), so that the server, not the client, decides where items go. Since 1.17 the client also
// sends the slots it believes changed; the adapter compares them with this result and sends the
// whole window again on a difference, as vanilla does. Pure and generic over the stack type.
//
// Supported: pick up and place (left and right), shift-click, number keys 1-9 (and the offhand key
// where the window shows the offhand), dragging (left and right), double-click collecting, and, in
// a menu that allows them, drops: Q and Ctrl+Q over a slot, and a click outside the window with
// items on the cursor. Dropped stacks leave the window and are returned in `dropped`; the caller
// puts them in the world. Not supported, so they change nothing and the window is sent again: the
// creative-only middle click and middle drag, crafting (the inventory's 2x2 grid takes no items),
// bundles, and drops where the menu does not allow them.

import type { StackOps } from '../inventory.ts';
import type { Menu } from './menus.ts';

export { chestMenu, inventoryMenu, INVENTORY_WINDOW, type ArmorSlot, type Menu } from './menus.ts';

export interface Click {
  slot: number;
  button: number;
  mode: number;
}

export interface WindowState<T> {
  /** Every slot of the window, as the client numbers them. */
  slots: Array<T | null>;
  /** What the player holds on the mouse cursor. */
  cursor: T | null;
}

/** A drag in progress (vanilla's quick-craft): 0 none or waiting to start, 1 adding slots. */
export interface DragState {
  status: number;
  type: number;
  slots: number[];
}

export const NO_DRAG: DragState = { status: 0, type: 0, slots: [] };

/** Where a drop outside the window is aimed. */
export const OUTSIDE = -999;

export interface ClickResult<T> {
  state: WindowState<T>;
  drag: DragState;
  /** Stacks the click threw out of the window, in order. */
  dropped: T[];
}

export function simulateClick<T>(before: WindowState<T>, dragBefore: DragState, click: Click, menu: Menu<T>, ops: StackOps<T>): ClickResult<T> {
  const slots: Array<T | null> = Array.from({ length: menu.size }, (_, i) => before.slots[i] ?? null);
  let cursor = before.cursor;
  const dropped: T[] = [];
  const total = menu.size;
  const inRange = (i: number) => Number.isInteger(i) && i >= 0 && i < total;
  const same = (a: T | null, b: T | null) => a !== null && b !== null && ops.kind(a) === ops.kind(b);
  const take = (s: T, n: number): T | null => (ops.count(s) - n > 0 ? ops.withCount(s, ops.count(s) - n) : null);
  const result = (drag: DragState): ClickResult<T> => ({ state: { slots, cursor }, drag, dropped });
  /** vanilla canItemQuickReplace(slot, stack, true): empty, or the same kind not over full. */
  const quickReplaceable = (i: number, stack: T) => {
    const s = slots[i] ?? null;
    return s === null || (same(s, stack) && ops.count(s) <= ops.max(stack));
  };
  /** vanilla Slot.getMaxStackSize(stack). */
  const maxIn = (i: number, stack: T) => Math.min(ops.max(stack), menu.maxIn(i, stack));

  const { mode, button, slot } = click;

  if (mode === 5) return drag();
  // Any other click ends a drag in progress, and does nothing else.
  if (dragBefore.status !== 0) return result(NO_DRAG);

  switch (mode) {
    case 0:
    case 1:
      if (button !== 0 && button !== 1) break;
      if (slot === OUTSIDE) {
        if (menu.drops) dropCursor(button);
      }
      else if (inRange(slot)) {
        if (mode === 0) pickup(slot, button);
        else quickMove(slot);
      }
      break;
    case 2: {
      const other = menu.keySlot(button);
      if (other !== undefined && inRange(slot)) swap(slot, other);
      break;
    }
    case 4:
      if (menu.drops && (button === 0 || button === 1) && inRange(slot) && cursor === null) throwFrom(slot, button);
      break;
    case 6:
      if (button === 0 && inRange(slot)) collect(slot);
      break;
  }
  return result(NO_DRAG);

  /** vanilla Slot.safeInsert: up to n of the cursor into the slot, if it takes them. */
  function insert(i: number, n: number): void {
    if (cursor === null || !menu.mayPlace(i, cursor)) return;
    const s = slots[i] ?? null;
    const k = Math.min(n, ops.count(cursor), maxIn(i, cursor) - (s === null ? 0 : ops.count(s)));
    if (k <= 0) return;
    if (s === null) slots[i] = ops.withCount(cursor, k);
    else if (same(s, cursor)) slots[i] = ops.withCount(s, ops.count(s) + k);
    else return;
    cursor = take(cursor, k);
  }

  function pickup(i: number, button: number): void {
    const s = slots[i] ?? null;
    if (s === null) {
      if (cursor !== null) insert(i, button === 0 ? ops.count(cursor) : 1);
    } else if (cursor === null) {
      const n = button === 0 ? ops.count(s) : Math.ceil(ops.count(s) / 2);
      cursor = ops.withCount(s, n);
      slots[i] = take(s, n);
    } else if (menu.mayPlace(i, cursor)) {
      if (same(s, cursor)) insert(i, button === 0 ? ops.count(cursor) : 1);
      else if (ops.count(cursor) <= maxIn(i, cursor)) {
        slots[i] = cursor;
        cursor = s;
      }
    } else if (same(s, cursor)) {
      // A slot that takes nothing still gives to a cursor of its kind.
      const n = Math.min(ops.count(s), ops.max(cursor) - ops.count(cursor));
      if (n <= 0) return;
      cursor = ops.withCount(cursor, ops.count(cursor) + n);
      slots[i] = take(s, n);
    }
  }

  /** A click outside the window: the whole cursor (left) or one of it (right) is thrown. */
  function dropCursor(button: number): void {
    if (cursor === null) return;
    const n = button === 0 ? ops.count(cursor) : 1;
    dropped.push(ops.withCount(cursor, n));
    cursor = take(cursor, n);
  }

  /** Q over a slot throws one, Ctrl+Q the stack (only with an empty cursor). */
  function throwFrom(i: number, button: number): void {
    const s = slots[i] ?? null;
    if (s === null) return;
    const n = button === 0 ? 1 : ops.count(s);
    dropped.push(ops.withCount(s, n));
    slots[i] = take(s, n);
  }

  /** Shift-click: the menu's quick move, repeated while it moves something (vanilla doClick). */
  function quickMove(i: number): void {
    for (let round = 0; round < total; round++) {
      const s = slots[i] ?? null;
      if (s === null) return;
      const target = menu.quickMoveTarget(i, s, slots);
      if (!target) return;
      const left = moveItemStackTo(s, target.start, target.end, target.reverse);
      slots[i] = left > 0 ? ops.withCount(s, left) : null;
      if (left === ops.count(s)) return;
    }
  }

  /** vanilla moveItemStackTo: top up stacks of the kind, then the first empty slot that takes it. Returns what is left. */
  function moveItemStackTo(stack: T, start: number, end: number, reverse: boolean): number {
    let left = ops.count(stack);
    const order = Array.from({ length: end - start }, (_, k) => (reverse ? end - 1 - k : start + k));
    if (ops.max(stack) > 1) {
      for (const j of order) {
        if (left === 0) break;
        const t = slots[j] ?? null;
        if (t === null || !same(t, stack)) continue;
        const max = maxIn(j, stack);
        if (ops.count(t) >= max) continue;
        const n = Math.min(left, max - ops.count(t));
        slots[j] = ops.withCount(t, ops.count(t) + n);
        left -= n;
      }
    }
    if (left > 0) {
      const empty = order.find((j) => (slots[j] ?? null) === null && menu.mayPlace(j, stack));
      if (empty !== undefined) {
        const n = Math.min(left, maxIn(empty, stack));
        slots[empty] = ops.withCount(stack, n);
        left -= n;
      }
    }
    return left;
  }

  /** A number key: the slot and that hotbar (or offhand) slot trade places, as far as the slot takes it. */
  function swap(i: number, key: number): void {
    if (i === key) return;
    const s = slots[i] ?? null;
    const h = slots[key] ?? null;
    if (s === null && h === null) return;
    if (h === null) {
      if (!menu.mayPlace(key, s!)) return;
      slots[key] = s;
      slots[i] = null;
    } else if (s === null) {
      if (!menu.mayPlace(i, h)) return;
      const k = maxIn(i, h);
      slots[i] = ops.withCount(h, Math.min(k, ops.count(h)));
      slots[key] = take(h, Math.min(k, ops.count(h)));
    } else {
      if (!menu.mayPlace(i, h) || !menu.mayPlace(key, s)) return;
      const k = maxIn(i, h);
      if (ops.count(h) > k) {
        // Part of the key's stack goes in; the slot's stack finds room in the inventory or is thrown.
        slots[i] = ops.withCount(h, k);
        slots[key] = take(h, k);
        addToStorage(s);
      } else {
        slots[i] = h;
        slots[key] = s;
      }
    }
  }

  /** vanilla Inventory.add, or a throw when there is no room. */
  function addToStorage(stack: T): void {
    let left = ops.count(stack);
    for (const pass of [0, 1]) {
      for (const j of menu.storage) {
        if (left === 0) return;
        const t = slots[j] ?? null;
        const max = maxIn(j, stack);
        if (pass === 0 && t !== null && same(t, stack) && ops.count(t) < max) {
          const n = Math.min(left, max - ops.count(t));
          slots[j] = ops.withCount(t, ops.count(t) + n);
          left -= n;
        } else if (pass === 1 && t === null && menu.mayPlace(j, stack)) {
          const n = Math.min(left, max);
          slots[j] = ops.withCount(stack, n);
          left -= n;
        }
      }
    }
    if (left > 0) dropped.push(ops.withCount(stack, left));
  }

  /** Double-click: gather stacks of the cursor's kind, non-full ones first. */
  function collect(i: number): void {
    if (cursor === null || (slots[i] ?? null) !== null) return;
    const max = ops.max(cursor);
    for (let pass = 0; pass < 2; pass++) {
      for (let j = 0; j < total && ops.count(cursor) < max; j++) {
        const t = slots[j] ?? null;
        if (t === null || !same(t, cursor)) continue;
        if (pass === 0 && ops.count(t) === ops.max(t)) continue;
        const n = Math.min(ops.count(t), max - ops.count(cursor));
        cursor = ops.withCount(cursor, ops.count(cursor) + n);
        slots[j] = take(t, n);
      }
    }
  }

  /** Dragging over slots: start (outside), add slots, end (outside); vanilla's quick-craft. */
  function drag(): ClickResult<T> {
    const stage = button & 3;
    const type = (button >> 2) & 3;
    const prev = dragBefore.status;
    // Stages go 0 → 1 (repeated) → 2; anything else starts over.
    if ((prev !== 1 || stage !== 2) && prev !== stage) return result(NO_DRAG);
    if (cursor === null) return result(NO_DRAG);
    if (stage === 0) {
      // Type 2 (middle button) clones, which only creative players may.
      return result(type === 0 || type === 1 ? { status: 1, type, slots: [] } : NO_DRAG);
    }
    if (stage === 1) {
      const d = { ...dragBefore, slots: [...dragBefore.slots] };
      if (inRange(slot) && !d.slots.includes(slot) && quickReplaceable(slot, cursor) && menu.mayPlace(slot, cursor) && ops.count(cursor) > d.slots.length) d.slots.push(slot);
      return result(d);
    }
    if (stage !== 2) return result(NO_DRAG);
    const chosen = dragBefore.slots;
    if (chosen.length === 0) return result(NO_DRAG);
    if (chosen.length === 1) {
      pickup(chosen[0]!, dragBefore.type);
      return result(NO_DRAG);
    }
    const carried = cursor;
    let left = ops.count(carried);
    const each = dragBefore.type === 0 ? Math.floor(ops.count(carried) / chosen.length) : 1;
    for (const j of chosen) {
      if (!quickReplaceable(j, carried) || !menu.mayPlace(j, carried) || ops.count(carried) < chosen.length) continue;
      const had = slots[j] === null || slots[j] === undefined ? 0 : ops.count(slots[j]!);
      const now = Math.min(each + had, maxIn(j, carried));
      left -= now - had;
      slots[j] = ops.withCount(carried, now);
    }
    cursor = left > 0 ? ops.withCount(carried, left) : null;
    return result(NO_DRAG);
  }
}

/**
 * Whether the client's view after its click (its window before, with the slots it says changed
 * and its cursor) is what the server made of the click, comparing item ids and counts.
 */
export function clientAgrees<T>(
  server: WindowState<T>,
  clientBefore: ReadonlyArray<T | null>,
  changed: ReadonlyArray<{ location: number; item: { itemId?: number; itemCount: number } }>,
  cursor: { itemId?: number; itemCount: number },
  idOf: (stack: T) => number,
  countOf: (stack: T) => number,
): boolean {
  const key = (s: T | null | undefined) => (s === null || s === undefined ? '' : `${idOf(s)}x${countOf(s)}`);
  const wire = (i: { itemId?: number; itemCount: number }) => (i.itemCount > 0 ? `${i.itemId}x${i.itemCount}` : '');
  const view = clientBefore.map(key);
  for (const c of changed) {
    if (!Number.isInteger(c.location) || c.location < 0 || c.location >= view.length) return false;
    view[c.location] = wire(c.item);
  }
  return view.every((v, i) => v === key(server.slots[i])) && wire(cursor) === key(server.cursor);
}
