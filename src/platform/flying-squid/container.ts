// The clicks of a chest window, done by the server as the game's own server does them (vanilla
// AbstractContainerMenu.doClick with a chest menu's quick move), so that the server, not the
// client, decides where items go. Since 1.17 the client also sends the slots it believes changed;
// the adapter compares them with this result and sends the whole window again on a difference,
// as vanilla does. Pure and generic over the stack type.
//
// Supported: pick up and place (left and right), shift-click, number keys 1-9, dragging (left and
// right), double-click collecting. Not supported, so they change nothing and the window is sent
// again: dropping items out of the window (Q, clicks outside), the offhand swap key, and the
// creative-only middle click and middle drag.

import type { StackOps } from '../inventory.ts';

export interface Click {
  slot: number;
  button: number;
  mode: number;
}

export interface WindowState<T> {
  /** The container's slots, then the player's main inventory (27), then the hotbar (9). */
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

export function simulateClick<T>(
  before: WindowState<T>,
  dragBefore: DragState,
  click: Click,
  containerSlots: number,
  ops: StackOps<T>,
): { state: WindowState<T>; drag: DragState } {
  const slots = [...before.slots];
  let cursor = before.cursor;
  const total = slots.length;
  const inRange = (i: number) => Number.isInteger(i) && i >= 0 && i < total;
  const same = (a: T | null, b: T | null) => a !== null && b !== null && ops.kind(a) === ops.kind(b);
  const take = (s: T, n: number): T | null => (ops.count(s) - n > 0 ? ops.withCount(s, ops.count(s) - n) : null);
  const result = (drag: DragState) => ({ state: { slots, cursor }, drag });
  /** vanilla canItemQuickReplace(slot, stack, true): empty, or the same kind not over full. */
  const quickReplaceable = (i: number, stack: T) => {
    const s = slots[i] ?? null;
    return s === null || (same(s, stack) && ops.count(s) <= ops.max(stack));
  };

  const { mode, button, slot } = click;

  if (mode === 5) return drag();
  // Any other click ends a drag in progress, and does nothing else.
  if (dragBefore.status !== 0) return result(NO_DRAG);

  switch (mode) {
    case 0:
      if ((button === 0 || button === 1) && inRange(slot)) pickup(slot, button);
      break;
    case 1:
      if ((button === 0 || button === 1) && inRange(slot)) quickMove(slot);
      break;
    case 2:
      if (button >= 0 && button <= 8 && inRange(slot)) swap(slot, total - 9 + button);
      break;
    case 6:
      if (button === 0 && inRange(slot)) collect(slot);
      break;
  }
  return result(NO_DRAG);

  function pickup(i: number, button: number): void {
    const s = slots[i] ?? null;
    if (s === null) {
      if (cursor === null) return;
      const n = Math.min(button === 0 ? ops.count(cursor) : 1, ops.max(cursor));
      slots[i] = ops.withCount(cursor, n);
      cursor = take(cursor, n);
    } else if (cursor === null) {
      const n = button === 0 ? ops.count(s) : Math.ceil(ops.count(s) / 2);
      cursor = ops.withCount(s, n);
      slots[i] = take(s, n);
    } else if (same(s, cursor)) {
      const n = Math.min(button === 0 ? ops.count(cursor) : 1, ops.max(s) - ops.count(s));
      if (n <= 0) return;
      slots[i] = ops.withCount(s, ops.count(s) + n);
      cursor = take(cursor, n);
    } else if (ops.count(cursor) <= ops.max(cursor)) {
      slots[i] = cursor;
      cursor = s;
    }
  }

  /** Shift-click: from the container to the inventory (from its end), or the other way. */
  function quickMove(i: number): void {
    const s = slots[i] ?? null;
    if (s === null) return;
    if (i < containerSlots) moveTo(i, s, containerSlots, total, true);
    else moveTo(i, s, 0, containerSlots, false);
  }

  /** vanilla moveItemStackTo: top up stacks of the kind, then the first empty slot. */
  function moveTo(from: number, stack: T, start: number, end: number, reverse: boolean): void {
    let left = ops.count(stack);
    const max = ops.max(stack);
    const order = Array.from({ length: end - start }, (_, k) => (reverse ? end - 1 - k : start + k));
    if (max > 1) {
      for (const j of order) {
        if (left === 0) break;
        const t = slots[j] ?? null;
        if (t === null || !same(t, stack) || ops.count(t) >= max) continue;
        const n = Math.min(left, max - ops.count(t));
        slots[j] = ops.withCount(t, ops.count(t) + n);
        left -= n;
      }
    }
    if (left > 0) {
      const empty = order.find((j) => (slots[j] ?? null) === null);
      if (empty !== undefined) {
        const n = Math.min(left, max);
        slots[empty] = ops.withCount(stack, n);
        left -= n;
      }
    }
    slots[from] = left > 0 ? ops.withCount(stack, left) : null;
  }

  /** A number key: the slot and that hotbar slot trade places. */
  function swap(i: number, hotbar: number): void {
    if (i === hotbar) return;
    const s = slots[i] ?? null;
    const h = slots[hotbar] ?? null;
    if (s === null && h === null) return;
    if (h !== null && s === null && ops.count(h) > ops.max(h)) return;
    slots[i] = h;
    slots[hotbar] = s;
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
  function drag(): { state: WindowState<T>; drag: DragState } {
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
      if (inRange(slot) && !d.slots.includes(slot) && quickReplaceable(slot, cursor) && ops.count(cursor) > d.slots.length) d.slots.push(slot);
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
    const max = ops.max(carried);
    const each = dragBefore.type === 0 ? Math.floor(ops.count(carried) / chosen.length) : 1;
    for (const j of chosen) {
      if (!quickReplaceable(j, carried) || ops.count(carried) < chosen.length) continue;
      const had = slots[j] === null || slots[j] === undefined ? 0 : ops.count(slots[j]!);
      const now = Math.min(each + had, max);
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
