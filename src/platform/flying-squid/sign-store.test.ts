import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { memoryLogger } from '../../core/log/log.ts';
import { SignStore, type SignEntry } from './sign-store.ts';

const sign = (x: number, y: number, z: number, first: string): SignEntry => ({ x, y, z, material: 'oak_sign', front: [first, '', '', ''], back: ['', '', '', ''] });

describe('the sign store', () => {
  it('finds signs by position and by chunk, negative coordinates included', () => {
    const store = new SignStore(() => undefined, memoryLogger());
    store.set('world', sign(-1, 64, -17, 'a'));
    store.set('world', sign(15, 64, 0, 'b'));
    assert.equal(store.get('world', { x: -1, y: 64, z: -17 })?.front[0], 'a');
    assert.deepEqual(store.inChunk('world', -1, -2).map((s) => s.front[0]), ['a']);
    assert.deepEqual(store.inChunk('world', 0, 0).map((s) => s.front[0]), ['b']);
    assert.deepEqual(store.inChunk('other', 0, 0), []);
    store.delete('world', { x: 15, y: 64, z: 0 });
    assert.equal(store.get('world', { x: 15, y: 64, z: 0 }), undefined);
  });

  it("keeps the signs in the world's folder across a restart; a world without a folder keeps none", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'core-signs-'));
    const folderOf = (world: string) => (world === 'world' ? dir : undefined);
    const first = new SignStore(folderOf, memoryLogger());
    first.set('world', sign(3, 70, 4, 'kept'));
    first.set('world', sign(5, 70, 4, 'gone'));
    first.delete('world', { x: 5, y: 70, z: 4 });
    first.set('world_nether', sign(1, 1, 1, 'memory'));
    await first.flush();
    const second = new SignStore(folderOf, memoryLogger());
    assert.deepEqual(second.get('world', { x: 3, y: 70, z: 4 }), sign(3, 70, 4, 'kept'));
    assert.equal(second.get('world', { x: 5, y: 70, z: 4 }), undefined);
    assert.equal(second.get('world_nether', { x: 1, y: 1, z: 1 }), undefined);
    assert.equal(JSON.parse(readFileSync(join(dir, 'signs.json'), 'utf8')).signs.length, 1);
  });

  it('starts blank from a damaged file, and skips entries that are not signs', () => {
    const broken = mkdtempSync(join(tmpdir(), 'core-signs-'));
    writeFileSync(join(broken, 'signs.json'), '{ not json');
    const log = memoryLogger();
    assert.deepEqual(new SignStore(() => broken, log).inChunk('world', 0, 0), []);
    assert.ok(log.lines.some((l) => /signs of world world could not be read/.test(l)), 'the damage is logged');
    const odd = mkdtempSync(join(tmpdir(), 'core-signs-'));
    writeFileSync(join(odd, 'signs.json'), JSON.stringify({ signs: [sign(1, 2, 3, 'ok'), { ...sign(4, 2, 3, 'x'), material: 'stone' }, { ...sign(5, 2, 3, 'x'), front: ['a'] }, null] }));
    assert.deepEqual(new SignStore(() => odd, log).inChunk('world', 0, 0).map((s) => s.x), [1]);
  });
});
