import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { createItemCodec } from './items.ts';

const require = createRequire(import.meta.url);
const registry = require('prismarine-registry')('1.21.4');
const codec = createItemCodec(registry, require('prismarine-item')(registry));

describe('item stacks in the game', () => {
  it('makes a stack of a material with its count', () => {
    const bread = codec.toGame({ material: 'bread', count: 16 })!;
    assert.deepEqual([bread.type, bread.count, bread.components], [registry.itemsByName.bread.id, 16, []]);
    assert.equal(codec.toGame({ material: 'no_such_item', count: 1 }), undefined);
    assert.equal(codec.toGame({ material: 'air', count: 1 }), undefined);
  });

  it('gives a custom name (not italic) and enchantments by registry id, and reads them back', () => {
    const sword = codec.toGame({ material: 'diamond_sword', count: 1, name: 'Excalibur', enchantments: { sharpness: 5, unbreaking: 3 } })!;
    const name = sword.components.find((c) => c.type === 'custom_name')!.data as { value: { text: { value: string }; italic: { value: number } } };
    assert.deepEqual([name.value.text.value, name.value.italic.value], ['Excalibur', 0]);
    assert.deepEqual(sword.components.find((c) => c.type === 'enchantments')!.data, {
      enchantments: [
        { id: registry.enchantmentsByName.sharpness.id, level: 5 },
        { id: registry.enchantmentsByName.unbreaking.id, level: 3 },
      ],
      showTooltip: true,
    });
    const back = codec.toStack(sword);
    assert.deepEqual([back.material, back.count, back.name, back.enchantments], ['diamond_sword', 1, 'Excalibur', { sharpness: 5, unbreaking: 3 }]);
  });

  it('keeps every component of a stack through ItemStack.data and JSON (a damaged sword stays damaged)', () => {
    const Item = require('prismarine-item')(registry);
    const worn = Item.fromNotch({ itemCount: 1, itemId: registry.itemsByName.iron_sword.id, addedComponentCount: 1, removedComponentCount: 0, components: [{ type: 'damage', data: 120 }], removeComponents: [] });
    const stored = JSON.parse(JSON.stringify(codec.toStack(worn)));
    const again = codec.toGame(stored)!;
    assert.deepEqual(again.components, [{ type: 'damage', data: 120 }]);
    assert.equal(codec.ops.kind(again), codec.ops.kind(worn));
    assert.notEqual(codec.ops.kind(again), codec.ops.kind(codec.toGame({ material: 'iron_sword', count: 1 })!));
  });

  it('merges by kind up to the item’s stack size', () => {
    const ender = codec.toGame({ material: 'ender_pearl', count: 1 })!;
    assert.deepEqual([codec.ops.max(ender), codec.ops.max(codec.toGame({ material: 'stone', count: 1 })!)], [16, 64]);
    assert.equal(codec.ops.withCount(ender, 5).count, 5);
    assert.equal(codec.notch(null).itemCount, 0);
  });
});
