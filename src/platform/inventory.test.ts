import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ITEM_STACK_OPS as ops } from '../../test/support/fake-platform.ts';
import { placeItems, roomFor, STORAGE_ORDER } from './inventory.ts';
import type { ItemStack } from './platform.ts';

type S = ItemStack;
const empty = (): Array<S | null> => Array<S | null>(36).fill(null);

describe('placeItems', () => {
  it('tops up stacks of the same kind before it takes an empty slot, hotbar first', () => {
    const slots = empty();
    slots[20] = { material: 'bread', count: 60 };
    const out = placeItems(slots, [{ material: 'bread', count: 16 }], ops, STORAGE_ORDER)!;
    assert.deepEqual([out[20], out[0]], [{ material: 'bread', count: 64 }, { material: 'bread', count: 12 }]);
    assert.equal(slots[20]!.count, 60, 'the slots given are not changed');
  });

  it('splits a count over several stacks of the kind’s size', () => {
    const out = placeItems(empty(), [{ material: 'diamond_sword', count: 3 }, { material: 'dirt', count: 100 }], ops, STORAGE_ORDER)!;
    assert.deepEqual(out.slice(0, 5), [{ material: 'diamond_sword', count: 1 }, { material: 'diamond_sword', count: 1 }, { material: 'diamond_sword', count: 1 }, { material: 'dirt', count: 64 }, { material: 'dirt', count: 36 }]);
  });

  it('gives nothing when not everything fits', () => {
    const slots = empty().map((_, i) => (i === 7 ? null : { material: 'dirt', count: 64 }));
    assert.notEqual(placeItems(slots, [{ material: 'diamond_sword', count: 1 }], ops, STORAGE_ORDER), undefined);
    assert.equal(placeItems(slots, [{ material: 'diamond_sword', count: 1 }, { material: 'bread', count: 1 }], ops, STORAGE_ORDER), undefined);
  });
});

describe('roomFor', () => {
  it('counts the tops of stacks of the kind and the empty slots, up to the item’s count', () => {
    const slots = empty().map((): S | null => ({ material: 'dirt', count: 64 }));
    assert.equal(roomFor(slots, { material: 'bread', count: 5 }, ops, STORAGE_ORDER), 0);
    slots[3] = { material: 'bread', count: 62 };
    assert.equal(roomFor(slots, { material: 'bread', count: 5 }, ops, STORAGE_ORDER), 2);
    slots[30] = null;
    assert.equal(roomFor(slots, { material: 'bread', count: 5 }, ops, STORAGE_ORDER), 5);
    assert.equal(roomFor(slots, { material: 'bread', count: 500 }, ops, STORAGE_ORDER), 66);
  });
});
