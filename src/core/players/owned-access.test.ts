import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { KnownPlayer } from '../kernel/api.ts';
import { InvalidInput } from '../values/invalid-input.ts';
import { nameRule, ownedAccess } from './owned-access.ts';

const uuidOf = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;
const player = (n: number, name: string): KnownPlayer => ({ uuid: uuidOf(n), name, firstSeen: '2026-01-01T00:00:00.000Z', lastSeen: '2026-01-01T00:00:00.000Z', online: false });
const ANN = player(1, 'Ann'); // owner
const BEN = player(2, 'Ben'); // manager
const CAT = player(3, 'Cat'); // stranger
const DAN = player(4, 'Dan'); // admin
const PLAYERS = [ANN, BEN, CAT, DAN];

interface Sign {
  name: string;
  owner: string;
  managers: string[];
}

function setup() {
  const signs: Sign[] = [{ name: 'shop', owner: ANN.uuid, managers: [BEN.uuid] }];
  const found: string[] = [];
  const access = ownedAccess<Sign>({
    kind: 'sign',
    adminNode: 'test.sign.admin',
    nameOf: nameRule(/^[a-z]{1,8}$/i, 'a sign name', '1-8 of a-z'),
    find: async (name) => {
      found.push(name);
      return signs.find((s) => s.name === name);
    },
    notFound: (name) => `There is no sign named ${name}.`,
    isManager: async (s, uuid) => s.managers.includes(uuid),
    players: { get: async (uuid) => PLAYERS.find((p) => p.uuid === uuid) },
    permissions: { playerHas: (uuid, node) => uuid === DAN.uuid && node === 'test.sign.admin' },
  });
  return { access, found };
}

describe('owner, manager and stranger (the shared access check)', () => {
  it('lets the owner, an admin and the console do everything, owner-only changes too', async () => {
    const { access } = setup();
    for (const actor of [ANN.uuid, DAN.uuid, null]) {
      const r = await access.authorise('shop', actor, 'delete', true);
      assert.ok(r.ok, `actor ${actor}`);
      assert.equal(r.value.row.name, 'shop');
      assert.equal(r.value.player?.uuid ?? null, actor);
    }
  });

  it('lets a manager make a manager change but refuses them an owner-only one', async () => {
    const { access } = setup();
    const move = await access.authorise('shop', BEN.uuid, 'move', false);
    assert.ok(move.ok);
    assert.equal(move.value.player?.name, 'Ben');
    assert.deepEqual(await access.authorise('shop', BEN.uuid, 'delete', true), {
      ok: false,
      code: 'refused',
      message: 'Ben may not delete the sign shop: only its owner may.',
    });
  });

  it('refuses a stranger, naming who may', async () => {
    const { access } = setup();
    assert.deepEqual(await access.authorise('shop', CAT.uuid, 'move', false), {
      ok: false,
      code: 'refused',
      message: 'Cat may not move the sign shop: only its owner and managers may.',
    });
  });

  it('finds the row by its lower-cased name; a name nobody has is not-found', async () => {
    const { access, found } = setup();
    assert.ok((await access.authorise('SHOP', ANN.uuid, 'move', false)).ok);
    assert.deepEqual(found, ['shop']);
    assert.deepEqual(await access.authorise('gone', null, 'move', false), { ok: false, code: 'not-found', message: 'There is no sign named gone.' });
  });

  it('declines an actor the server has never seen, before looking for the row', async () => {
    const { access, found } = setup();
    const r = await access.authorise('shop', uuidOf(9), 'move', false);
    assert.equal(r.ok ? 'ok' : r.code, 'not-found');
    assert.deepEqual(found, []);
  });

  it('refuses a malformed name or actor as bad input naming the field', async () => {
    const { access } = setup();
    await assert.rejects(access.authorise('no way', ANN.uuid, 'move', false), (e: unknown) => e instanceof InvalidInput && e.field === 'name' && e.message === '"no way" is not a sign name: use 1-8 of a-z.');
    await assert.rejects(access.authorise('shop', 'ann', 'move', false), (e: unknown) => e instanceof InvalidInput && e.field === 'actor');
  });

  it('names the field a name check was told, and refuses what is not text', () => {
    const check = nameRule(/^[a-z]{1,8}$/i, 'a sign name', '1-8 of a-z');
    assert.equal(check('Shop'), 'shop');
    assert.throws(() => check('x1', 'new-name'), (e: unknown) => e instanceof InvalidInput && e.field === 'new-name');
    // An array reads as "shop" to a regular expression: refused all the same, not a crash.
    assert.throws(() => check(['shop'] as unknown as string), (e: unknown) => e instanceof InvalidInput && e.message === '"shop" is not a sign name: use 1-8 of a-z.');
  });

  it('counts the console and an admin node holder as admins, nobody else', () => {
    const { access } = setup();
    assert.deepEqual([null, DAN.uuid, ANN.uuid, BEN.uuid].map(access.isAdmin), [true, true, false, false]);
  });
});
