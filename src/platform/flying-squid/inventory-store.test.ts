import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { InventoryStore, inventoryFile, parseInventoryFile } from './inventory-store.ts';
import type { NotchItem } from './items.ts';

const uuid = '797bad90-405a-3b0c-bc6e-c386fcab7958';
const sword: NotchItem = {
  itemCount: 1,
  itemId: 869,
  components: [{ type: 'custom_name', data: { type: 'compound', name: '', value: { text: { type: 'string', value: 'Excalibur' } } } }, { type: 'enchantments', data: { enchantments: [{ id: 32, level: 5 }], showTooltip: true } }],
  removeComponents: [],
};
const bread: NotchItem = { itemCount: 10, itemId: 886, components: [], removeComponents: [] };

function store() {
  const dir = join(mkdtempSync(join(tmpdir(), 'core-inv-')), 'core-inventories');
  const warnings: string[] = [];
  return { dir, warnings, store: new InventoryStore({ dir, warn: (m) => warnings.push(m) }) };
}

describe('the inventory store', () => {
  it('writes every slot with its components and reads it back', async () => {
    const { store: s, dir } = store();
    await s.save(uuid, () => inventoryFile([{ slot: 37, item: sword }, { slot: 36, item: bread }]));
    const back = (await s.load(uuid))!;
    assert.deepEqual([...back.slots.entries()], [
      [36, bread],
      [37, sword],
    ]);
    assert.deepEqual(readdirSync(dir), [`${uuid}.json`], 'no temporary file is left');
    assert.equal(await s.load('8e289159-2034-3a16-96b9-9fa637848b3b'), undefined, 'no file, no inventory');
  });

  it('coalesces writes asked for while one runs into one more, of the latest state', async () => {
    const { store: s, dir } = store();
    let reads = 0;
    let count = 1;
    const source = () => {
      reads++;
      return inventoryFile([{ slot: 36, item: { ...bread, itemCount: count } }]);
    };
    const writes = [s.save(uuid, source)];
    for (count = 2; count <= 20; count++) writes.push(s.save(uuid, source));
    count = 20;
    await Promise.all(writes);
    await s.flush();
    assert.equal(reads, 2, 'the first write and one more');
    assert.equal(parseInventoryFile(readFileSync(join(dir, `${uuid}.json`), 'utf8')).slots.get(36)!.itemCount, 20);
  });

  it('does not write the same state twice', async () => {
    const { store: s, dir } = store();
    const text = inventoryFile([{ slot: 36, item: bread }]);
    await s.save(uuid, () => text);
    writeFileSync(join(dir, `${uuid}.json`), 'changed behind its back');
    await s.save(uuid, () => text);
    assert.equal(readFileSync(join(dir, `${uuid}.json`), 'utf8'), 'changed behind its back');
  });

  it('writes a change asked for right after a save that had nothing to write (an item given back as a player leaves)', async () => {
    const { store: s } = store();
    let slots = [{ slot: 36, item: bread }];
    const source = () => inventoryFile(slots);
    await s.save(uuid, source);
    // Nothing changed since: this pass ends without touching the disk...
    void s.save(uuid, source);
    // ...and in the same moment the player leaves holding one more item.
    slots = [{ slot: 36, item: bread }, { slot: 37, item: sword }];
    void s.save(uuid, source, true);
    const back = await s.load(uuid);
    assert.deepEqual([...back!.slots.keys()], [36, 37]);
  });

  it('reads after a write under way has finished', async () => {
    const { store: s } = store();
    void s.save(uuid, () => inventoryFile([{ slot: 40, item: sword }]), true);
    const back = await s.load(uuid);
    assert.deepEqual([...back!.slots.keys()], [40]);
  });

  it('sets a file it cannot read aside and reports it', async () => {
    const { store: s, dir, warnings } = store();
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, `${uuid}.json`), '{"format":1,"slots":[{"slot":');
    assert.equal(await s.load(uuid), undefined);
    assert.equal(warnings.length, 1);
    assert.match(readdirSync(dir)[0]!, new RegExp(`^${uuid}\\.json\\.bad-\\d+$`));
  });

  it('refuses a name that is not a uuid', () => {
    const { store: s } = store();
    assert.throws(() => s.fileOf('../../etc/passwd'));
  });
});
