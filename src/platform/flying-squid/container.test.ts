import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { ItemStack } from '../platform.ts';
import { ITEM_STACK_OPS as ops } from '../../../test/support/fake-platform.ts';
import { chestMenu, clientAgrees, inventoryMenu, NO_DRAG, OUTSIDE, simulateClick, type Click, type DragState, type WindowState } from './container.ts';
import { armorSlotOfMaterial } from './items.ts';

/** Stacks as the fake platform keeps them: swords stack to 1, bread and dirt to 64. */
type S = ItemStack;

/** A one-row chest (slots 0-8), the main inventory (9-35) and the hotbar (36-44). */
const CHEST = 9;
const HOTBAR = 36;
const s = (material: string, count = 1): S => ({ material: material === 'sword' ? 'diamond_sword' : material, count });

function window(slots: Record<number, S>, cursor: S | null = null): WindowState<S> {
  return { slots: Array.from({ length: 45 }, (_, i) => slots[i] ?? null), cursor };
}

const chest = chestMenu(CHEST, ops);
function click(w: WindowState<S>, c: Click, drag: DragState = NO_DRAG) {
  return simulateClick(w, drag, c, chest, ops);
}

/** The non-empty slots as { index: "kind×count" }, and the cursor. */
function shown(w: WindowState<S>) {
  const slots: Record<number, string> = {};
  w.slots.forEach((x, i) => {
    if (x) slots[i] = `${x.material.replace('diamond_', '')}×${x.count}`;
  });
  return { slots, cursor: w.cursor ? `${w.cursor.material.replace('diamond_', '')}×${w.cursor.count}` : null };
}

describe('chest window clicks', () => {
  it('left click picks up a whole stack; right click the larger half', () => {
    assert.deepEqual(shown(click(window({ 3: s('bread', 16) }), { slot: 3, button: 0, mode: 0 }).state), { slots: {}, cursor: 'bread×16' });
    assert.deepEqual(shown(click(window({ 3: s('bread', 15) }), { slot: 3, button: 1, mode: 0 }).state), { slots: { 3: 'bread×7' }, cursor: 'bread×8' });
  });

  it('left click puts the whole cursor down, right click one', () => {
    assert.deepEqual(shown(click(window({}, s('bread', 5)), { slot: 40, button: 0, mode: 0 }).state), { slots: { 40: 'bread×5' }, cursor: null });
    assert.deepEqual(shown(click(window({}, s('bread', 5)), { slot: 40, button: 1, mode: 0 }).state), { slots: { 40: 'bread×1' }, cursor: 'bread×4' });
  });

  it('tops up a stack of the same kind to its limit, and swaps a different kind', () => {
    assert.deepEqual(shown(click(window({ 0: s('bread', 60) }, s('bread', 10)), { slot: 0, button: 0, mode: 0 }).state), { slots: { 0: 'bread×64' }, cursor: 'bread×6' });
    assert.deepEqual(shown(click(window({ 0: s('bread', 60) }, s('sword')), { slot: 0, button: 0, mode: 0 }).state), { slots: { 0: 'sword×1' }, cursor: 'bread×60' });
  });

  it('shift-click moves from the chest into the inventory from the hotbar end, topping up stacks first', () => {
    const r = click(window({ 0: s('bread', 20), 12: s('bread', 60) }), { slot: 0, button: 0, mode: 1 }).state;
    assert.deepEqual(shown(r), { slots: { 12: 'bread×64', 44: 'bread×16' }, cursor: null });
  });

  it('shift-click moves from the inventory into the first free chest slot; a full chest keeps it', () => {
    assert.deepEqual(shown(click(window({ 0: s('dirt', 64), 20: s('sword') }), { slot: 20, button: 0, mode: 1 }).state), { slots: { 0: 'dirt×64', 1: 'sword×1' }, cursor: null });
    const full = Object.fromEntries(Array.from({ length: CHEST }, (_, i) => [i, s('dirt', 64)]));
    assert.deepEqual(shown(click(window({ ...full, 20: s('sword') }), { slot: 20, button: 0, mode: 1 }).state).slots[20], 'sword×1');
  });

  it('a number key swaps the slot with that hotbar slot', () => {
    const r = click(window({ 2: s('sword'), [HOTBAR + 4]: s('bread', 3) }), { slot: 2, button: 4, mode: 2 }).state;
    assert.deepEqual(shown(r).slots, { 2: 'bread×3', [HOTBAR + 4]: 'sword×1' });
  });

  it('a left drag spreads the cursor evenly over the slots, the rest stays held; a right drag puts one in each', () => {
    let w = window({ 1: s('bread', 2) }, s('bread', 10));
    let d = click(w, { slot: OUTSIDE, button: 0, mode: 5 }).drag;
    for (const slot of [0, 1, 2]) d = click(w, { slot, button: 1, mode: 5 }, d).drag;
    w = click(w, { slot: OUTSIDE, button: 2, mode: 5 }, d).state;
    assert.deepEqual(shown(w), { slots: { 0: 'bread×3', 1: 'bread×5', 2: 'bread×3' }, cursor: 'bread×1' });

    let r = window({}, s('bread', 10));
    let rd = click(r, { slot: OUTSIDE, button: 4, mode: 5 }).drag;
    for (const slot of [5, 6]) rd = click(r, { slot, button: 5, mode: 5 }, rd).drag;
    r = click(r, { slot: OUTSIDE, button: 6, mode: 5 }, rd).state;
    assert.deepEqual(shown(r), { slots: { 5: 'bread×1', 6: 'bread×1' }, cursor: 'bread×8' });
  });

  it('a drag over one slot is a plain click there; a middle (creative) drag does nothing', () => {
    const w = window({}, s('bread', 10));
    let d = click(w, { slot: OUTSIDE, button: 0, mode: 5 }).drag;
    d = click(w, { slot: 7, button: 1, mode: 5 }, d).drag;
    assert.deepEqual(shown(click(w, { slot: OUTSIDE, button: 2, mode: 5 }, d).state), { slots: { 7: 'bread×10' }, cursor: null });
    assert.deepEqual(click(w, { slot: OUTSIDE, button: 8, mode: 5 }).drag, NO_DRAG);
  });

  it('another click during a drag ends the drag and does nothing else', () => {
    const w = window({ 3: s('dirt', 4) }, s('bread', 10));
    const d = click(w, { slot: OUTSIDE, button: 0, mode: 5 }).drag;
    const r = click(w, { slot: 3, button: 0, mode: 0 }, d);
    assert.deepEqual([shown(r.state), r.drag], [shown(w), NO_DRAG]);
  });

  it('a double-click gathers the kind of the cursor, non-full stacks first', () => {
    const r = click(window({ 0: s('bread', 64), 10: s('bread', 30), 30: s('bread', 5), 31: s('dirt', 9) }, s('bread', 10)), { slot: 4, button: 0, mode: 6 }).state;
    assert.deepEqual(shown(r), { slots: { 0: 'bread×45', 31: 'dirt×9' }, cursor: 'bread×64' });
  });

  it('dropping (Q, clicks outside), the offhand key, the middle click and unknown clicks change nothing', () => {
    const w = window({ 3: s('bread', 16), [HOTBAR]: s('sword') }, s('dirt', 2));
    for (const c of [
      { slot: 3, button: 0, mode: 4 },
      { slot: 3, button: 1, mode: 4 },
      { slot: OUTSIDE, button: 0, mode: 0 },
      { slot: OUTSIDE, button: 1, mode: 1 },
      { slot: 3, button: 40, mode: 2 },
      { slot: 3, button: 2, mode: 3 },
      { slot: 99, button: 0, mode: 0 },
      { slot: 3, button: 0, mode: 9 },
    ]) {
      const r = click(w, c);
      assert.deepEqual([shown(r.state), r.dropped], [shown(w), []], JSON.stringify(c));
    }
    const q = click(window({ 3: s('bread', 16) }), { slot: 3, button: 0, mode: 4 });
    assert.deepEqual([shown(q.state).slots, q.dropped], [{ 3: 'bread×16' }, []]);
  });
});

describe("the player's own inventory window (window 0)", () => {
  const menu = inventoryMenu<S>(ops, (x) => armorSlotOfMaterial(x.material));
  const inv = (slots: Record<number, S>, cursor: S | null = null): WindowState<S> => ({ slots: Array.from({ length: 46 }, (_, i) => slots[i] ?? null), cursor });
  const at = (w: WindowState<S>, c: Click, drag: DragState = NO_DRAG) => simulateClick(w, drag, c, menu, ops);

  it('moves a stack from one slot to another by two clicks', () => {
    const picked = at(inv({ 37: s('sword') }), { slot: 37, button: 0, mode: 0 }).state;
    assert.deepEqual(shown(picked), { slots: {}, cursor: 'sword×1' });
    assert.deepEqual(shown(at(picked, { slot: 20, button: 0, mode: 0 }).state), { slots: { 20: 'sword×1' }, cursor: null });
  });

  it('shift-click moves the main inventory to the hotbar and the hotbar to the main inventory', () => {
    assert.deepEqual(shown(at(inv({ 20: s('bread', 5), 40: s('bread', 60) }), { slot: 20, button: 0, mode: 1 }).state).slots, { 36: 'bread×1', 40: 'bread×64' });
    assert.deepEqual(shown(at(inv({ 36: s('dirt', 5) }), { slot: 36, button: 0, mode: 1 }).state).slots, { 9: 'dirt×5' });
  });

  it('shift-click puts armour on when its slot is free, else moves it as any item; the armour slots hold one piece of their kind', () => {
    assert.deepEqual(shown(at(inv({ 20: s('iron_helmet') }), { slot: 20, button: 0, mode: 1 }).state).slots, { 5: 'iron_helmet×1' });
    assert.deepEqual(shown(at(inv({ 5: s('diamond_helmet'), 20: s('iron_helmet') }), { slot: 20, button: 0, mode: 1 }).state).slots, { 5: 'helmet×1', 36: 'iron_helmet×1' });
    assert.deepEqual(shown(at(inv({ 8: s('iron_boots') }), { slot: 8, button: 0, mode: 1 }).state).slots, { 9: 'iron_boots×1' });
    // Boots do not go on the head; bread goes nowhere in the armour slots.
    assert.deepEqual(shown(at(inv({}, s('iron_boots')), { slot: 5, button: 0, mode: 0 }).state), { slots: {}, cursor: 'iron_boots×1' });
    assert.deepEqual(shown(at(inv({}, s('bread', 3)), { slot: 6, button: 0, mode: 0 }).state), { slots: {}, cursor: 'bread×3' });
    assert.deepEqual(shown(at(inv({}, s('iron_boots')), { slot: 8, button: 0, mode: 0 }).state), { slots: { 8: 'iron_boots×1' }, cursor: null });
  });

  it('the crafting grid and its result take nothing (there is no crafting)', () => {
    for (const slot of [0, 1, 2, 3, 4]) {
      assert.deepEqual(shown(at(inv({}, s('bread', 3)), { slot, button: 0, mode: 0 }).state), { slots: {}, cursor: 'bread×3' }, `slot ${slot}`);
      assert.deepEqual(shown(at(inv({ 36: s('bread', 3) }), { slot, button: 0, mode: 2 }).state).slots, { 36: 'bread×3' }, `key into ${slot}`);
    }
  });

  it('a number key swaps with the hotbar (36 + key), the offhand key (40) with slot 45', () => {
    assert.deepEqual(shown(at(inv({ 20: s('sword'), 38: s('bread', 2) }), { slot: 20, button: 2, mode: 2 }).state).slots, { 20: 'bread×2', 38: 'sword×1' });
    assert.deepEqual(shown(at(inv({ 20: s('sword') }), { slot: 20, button: 40, mode: 2 }).state).slots, { 45: 'sword×1' });
  });

  it('a number key putting part of a stack on the head sends the helmet into the inventory', () => {
    const r = at(inv({ 5: s('iron_helmet'), 36: s('carved_pumpkin', 3) }), { slot: 5, button: 0, mode: 2 });
    assert.deepEqual([shown(r.state).slots, r.dropped], [{ 5: 'carved_pumpkin×1', 36: 'carved_pumpkin×2', 37: 'iron_helmet×1' }, []]);
  });

  it('Q over a slot throws one and keeps the rest; Ctrl+Q throws the stack; a click outside the held stack or (right) one of it', () => {
    const one = at(inv({ 36: s('bread', 10) }), { slot: 36, button: 0, mode: 4 });
    assert.deepEqual([shown(one.state).slots, one.dropped], [{ 36: 'bread×9' }, [s('bread', 1)]]);
    const all = at(inv({ 36: s('bread', 10) }), { slot: 36, button: 1, mode: 4 });
    assert.deepEqual([shown(all.state).slots, all.dropped], [{}, [s('bread', 10)]]);
    const held = inv({}, s('dirt', 5));
    const out = at(held, { slot: OUTSIDE, button: 0, mode: 0 });
    assert.deepEqual([out.state.cursor, out.dropped], [null, [s('dirt', 5)]]);
    const outOne = at(held, { slot: OUTSIDE, button: 1, mode: 0 });
    assert.deepEqual([shown(outOne.state).cursor, outOne.dropped], ['dirt×4', [s('dirt', 1)]]);
    // Q with items on the cursor, or over an empty slot, throws nothing.
    assert.deepEqual(at(inv({ 36: s('bread', 16) }, s('dirt', 1)), { slot: 36, button: 0, mode: 4 }).dropped, []);
    assert.deepEqual(at(inv({}), { slot: 20, button: 0, mode: 4 }).dropped, []);
  });
});

describe('whether the client agrees', () => {
  const id = (x: S) => (x.material === 'bread' ? 1 : 2);
  const n = (x: S) => x.count;
  const before = window({ 3: s('bread', 16) });
  const after = click(before, { slot: 3, button: 0, mode: 0 }).state;

  it('when the slots it says changed and its cursor are what the server made', () => {
    assert.equal(clientAgrees(after, before.slots, [{ location: 3, item: { itemCount: 0 } }], { itemId: 1, itemCount: 16 }, id, n), true);
  });

  it('not when it claims more than there is, leaves out a change, names another cursor or a slot out of the window', () => {
    assert.equal(clientAgrees(after, before.slots, [{ location: 3, item: { itemCount: 0 } }], { itemId: 1, itemCount: 64 }, id, n), false);
    assert.equal(clientAgrees(after, before.slots, [], { itemId: 1, itemCount: 16 }, id, n), false);
    assert.equal(clientAgrees(after, before.slots, [{ location: 3, item: { itemCount: 0 } }], { itemId: 2, itemCount: 16 }, id, n), false);
    assert.equal(clientAgrees(after, before.slots, [{ location: 3, item: { itemCount: 0 } }, { location: 45, item: { itemId: 1, itemCount: 1 } }], { itemId: 1, itemCount: 16 }, id, n), false);
  });
});
