import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { EntityRegistry, canSee, skinProblem, skinTextureUrl } from './entity-registry.ts';
import type { Location } from './platform.ts';

const here: Location = { world: 'world', x: 1.5, y: 65, z: -2.5, yaw: 45, pitch: 0 };
const alice = '11111111-1111-3111-8111-111111111111';
const bob = '22222222-2222-3222-8222-222222222222';
const texture = (url: string) => Buffer.from(JSON.stringify({ textures: { SKIN: { url } } })).toString('base64');

function registry() {
  return new EntityRegistry(() => ['world', 'world_nether']);
}

function refusal(result: { ok: boolean; message?: string }): string {
  assert.equal(result.ok, false, 'refused');
  return result.message!;
}

describe('EntityRegistry', () => {
  it('gives each spawned entity an id of its own, kept after others are removed', () => {
    const r = registry();
    const a = r.addNpc({ name: 'Guide', location: here });
    const b = r.addText({ lines: ['Hello'], location: here });
    assert.ok(a.ok && b.ok);
    assert.notEqual(a.entity.id, b.entity.id);
    r.remove(a.entity.id);
    const c = r.addNpc({ name: 'Guide', location: here });
    assert.ok(c.ok);
    assert.ok(![a.entity.id, b.entity.id].includes(c.entity.id));
    assert.deepEqual(
      r.all().map((e) => e.id),
      [b.entity.id, c.entity.id],
    );
  });

  it('refuses NPC names the game cannot show, saying why', () => {
    const r = registry();
    assert.match(refusal(r.addNpc({ name: '', location: here })), /1 to 16 characters.*has 0/);
    assert.match(refusal(r.addNpc({ name: 'A_very_long_name_', location: here })), /has 17/);
    assert.match(refusal(r.addNpc({ name: 'two\nlines', location: here })), /line breaks/);
    assert.equal(r.addNpc({ name: 'Sixteen_chars_ok', location: here }).ok, true);
  });

  it('refuses a location in a world that is not loaded, or with coordinates that are not numbers', () => {
    const r = registry();
    assert.match(refusal(r.addNpc({ name: 'Lost', location: { ...here, world: 'moon' } })), /"moon" is not loaded \(loaded: world, world_nether\)/);
    assert.match(refusal(r.addText({ lines: ['x'], location: { ...here, y: Number.NaN } })), /y is not a finite number/);
    assert.match(refusal(r.addText({ lines: ['x'], location: { ...here, x: 4e7 } })), /outside the world's bounds/);
  });

  it('refuses a text display without lines or with too many', () => {
    const r = registry();
    assert.match(refusal(r.addText({ lines: [], location: here })), /1 to 64 lines; 0 were given/);
    assert.match(refusal(r.addText({ lines: Array(65).fill('x'), location: here })), /65 were given/);
  });

  it('refuses a viewer that is not a uuid', () => {
    assert.match(refusal(registry().addNpc({ name: 'Guide', location: here, viewers: ['Alice'] })), /"Alice" is not a player uuid/);
  });

  it('refuses changing lines of an NPC or of an entity that does not exist', () => {
    const r = registry();
    const npc = r.addNpc({ name: 'Guide', location: here });
    assert.ok(npc.ok);
    assert.match(refusal(r.setLines(npc.entity.id, ['x'])), /is an NPC, not a text display/);
    assert.match(refusal(r.setLines('text-99', ['x'])), /No spawned entity has the id "text-99"/);
  });

  it('shows an entity to everyone in its world unless hidden from them', () => {
    const r = registry();
    const added = r.addText({ lines: ['Hi'], location: here });
    assert.ok(added.ok);
    const e = added.entity;
    assert.equal(canSee(e, { uuid: alice, world: 'world' }), true);
    assert.equal(canSee(e, { uuid: alice, world: 'world_nether' }), false);
    r.setVisible(e.id, alice, false);
    assert.equal(canSee(e, { uuid: alice, world: 'world' }), false);
    assert.equal(canSee(e, { uuid: bob, world: 'world' }), true);
    r.setVisible(e.id, alice, true);
    assert.equal(canSee(e, { uuid: alice, world: 'world' }), true);
  });

  it('shows an entity spawned for some viewers to them alone, and to those shown it later', () => {
    const r = registry();
    const added = r.addNpc({ name: 'Secret', location: here, viewers: [alice] });
    assert.ok(added.ok);
    const e = added.entity;
    assert.equal(canSee(e, { uuid: alice, world: 'world' }), true);
    assert.equal(canSee(e, { uuid: bob, world: 'world' }), false);
    r.setVisible(e.id, bob, true);
    assert.equal(canSee(e, { uuid: bob, world: 'world' }), true);
    r.setVisible(e.id, alice, false);
    assert.equal(canSee(e, { uuid: alice, world: 'world' }), false);
  });
});

describe('skins', () => {
  it('reads the texture URL of a texture property', () => {
    assert.equal(skinTextureUrl({ value: texture('http://textures.minecraft.net/texture/abc') }), 'http://textures.minecraft.net/texture/abc');
  });

  it('refuses a value that is not a texture property, and a signature that is not base64', () => {
    assert.match(skinProblem({ value: 'not base64!' })!, /not a texture property/);
    assert.match(skinProblem({ value: Buffer.from('{"name":"x"}').toString('base64') })!, /textures.SKIN.url/);
    assert.match(skinProblem({ value: texture('http://x/y'), signature: 'no spaces allowed' })!, /signature is not base64/);
    assert.equal(skinProblem({ value: texture('http://x/y'), signature: 'c2ln' }), undefined);
  });
});
