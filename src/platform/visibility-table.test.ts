import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { VisibilityTable, type VisibilityChange } from './visibility-table.ts';
import type { OnlinePlayer } from './platform.ts';

const player = (name: string): OnlinePlayer => ({ uuid: `uuid-${name}`, name, address: '127.0.0.1' });
const [ann, bea, cid] = [player('Ann'), player('Bea'), player('Cid')];

function table() {
  const changes: string[] = [];
  const errors: unknown[] = [];
  const t = new VisibilityTable(
    (c: VisibilityChange) => changes.push(`${c.viewer.name} ${c.visible ? 'sees' : 'loses'} ${c.target.name}`),
    (e) => errors.push(e),
  );
  return { t, changes, errors };
}

describe('VisibilityTable', () => {
  it('lets everyone see everyone until told otherwise, and nobody see a player who is not present', () => {
    const { t } = table();
    t.joined(ann);
    t.joined(bea);
    assert.equal(t.canSee(ann.uuid, bea.uuid), true);
    assert.equal(t.canSee(ann.uuid, ann.uuid), true);
    assert.equal(t.canSee(ann.uuid, cid.uuid), false);
  });

  it('hides one pair by hand, one way, and tells the platform of each change', () => {
    const { t, changes } = table();
    t.joined(ann);
    t.joined(bea);
    t.hide(bea.uuid, ann.uuid);
    assert.equal(t.canSee(bea.uuid, ann.uuid), false);
    assert.equal(t.canSee(ann.uuid, bea.uuid), true);
    t.hide(bea.uuid, ann.uuid);
    t.show(bea.uuid, ann.uuid);
    assert.deepEqual(changes, ['Bea loses Ann', 'Bea sees Ann']);
  });

  it('remembers a pair hidden by hand while either player is away, without telling of the join', () => {
    const { t, changes } = table();
    t.hide(bea.uuid, ann.uuid);
    t.joined(ann);
    t.joined(bea);
    assert.equal(t.canSee(bea.uuid, ann.uuid), false);
    t.left(ann.uuid);
    t.joined(ann);
    assert.equal(t.canSee(bea.uuid, ann.uuid), false);
    assert.deepEqual(changes, []);
  });

  it('asks the rules for a player who joins later, and again only on refresh', () => {
    const { t, changes } = table();
    const vanished = new Set([ann.uuid]);
    t.joined(ann);
    t.addRule((_viewer, target) => !vanished.has(target.uuid));
    t.joined(bea);
    assert.equal(t.canSee(bea.uuid, ann.uuid), false);
    assert.equal(t.canSee(ann.uuid, bea.uuid), true);
    vanished.clear();
    assert.equal(t.canSee(bea.uuid, ann.uuid), false, 'not asked again before refresh');
    t.refresh();
    assert.equal(t.canSee(bea.uuid, ann.uuid), true);
    assert.deepEqual(changes, ['Bea sees Ann']);
  });

  it('shows again whom only a removed rule hid', () => {
    const { t, changes } = table();
    for (const p of [ann, bea, cid]) t.joined(p);
    t.hide(cid.uuid, ann.uuid);
    const remove = t.addRule((_viewer, target) => target.uuid !== ann.uuid);
    remove();
    assert.equal(t.canSee(bea.uuid, ann.uuid), true);
    assert.equal(t.canSee(cid.uuid, ann.uuid), false);
    assert.deepEqual(changes, ['Cid loses Ann', 'Bea loses Ann', 'Bea sees Ann']);
  });

  it('hides when a rule throws, and reports the error', () => {
    const { t, errors } = table();
    t.joined(ann);
    t.addRule(() => {
      throw new Error('rule broke');
    });
    t.joined(bea);
    assert.equal(t.canSee(bea.uuid, ann.uuid), false);
    assert.ok(errors.length > 0);
  });

  it('never hides a player from themself, whatever the rules say', () => {
    const { t, changes } = table();
    t.joined(ann);
    t.joined(bea);
    t.addRule(() => false);
    t.hide(ann.uuid, ann.uuid);
    t.show(ann.uuid, ann.uuid);
    t.refresh();
    assert.equal(t.canSee(ann.uuid, ann.uuid), true);
    assert.deepEqual(changes, ['Ann loses Bea', 'Bea loses Ann']);
  });

  it('lists the present players hidden from a viewer', () => {
    const { t } = table();
    for (const p of [ann, bea, cid]) t.joined(p);
    t.hide(bea.uuid, ann.uuid);
    assert.deepEqual(t.hiddenFrom(bea.uuid).map((p) => p.name), ['Ann']);
    assert.deepEqual(t.hiddenFrom(cid.uuid), []);
  });
});
