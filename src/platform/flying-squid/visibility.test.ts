// The flying-squid visibility with players stood in for by recorders: what a viewer is sent when a
// player is hidden from them or shown again, and which of flying-squid's packets the filter drops.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { announcedName, FlyingSquidVisibility, type VisibilitySession } from './visibility.ts';
import type { Packet } from './packets.ts';

function session(name: string, entityId: number) {
  const packets: Packet[] = [];
  const s: VisibilitySession = { online: { uuid: `uuid-${name}`, name, address: '127.0.0.1' }, entityId, send: (p) => packets.push(p) };
  return { s, packets, uuid: s.online.uuid };
}

function setup() {
  const ann = session('Ann', 7);
  const bea = session('Bea', 8);
  const all = [ann, bea];
  const revealed: string[] = [];
  const v = new FlyingSquidVisibility({
    session: (uuid) => all.find((x) => x.uuid === uuid)?.s,
    reveal: (viewer, target) => revealed.push(`${viewer.online.name} sees ${target.online.name}`),
    ruleFailed: () => {},
  });
  v.arriving(ann.s);
  v.arriving(bea.s);
  return { v, ann, bea, revealed };
}

describe('the flying-squid visibility', () => {
  it("removes the hidden player's tab line and entity from the viewer, and asks for them back when shown", () => {
    const { v, ann, bea, revealed } = setup();
    v.hidePlayer(bea.uuid, ann.uuid);
    assert.deepEqual(
      bea.packets.map((p) => [p.name, p.params]),
      [
        ['player_remove', { players: [ann.uuid] }],
        ['entity_destroy', { entityIds: [7] }],
      ],
    );
    assert.deepEqual(ann.packets, []);
    v.showPlayer(bea.uuid, ann.uuid);
    assert.deepEqual(revealed, ['Bea sees Ann']);
  });

  it("drops flying-squid's packets about a hidden player for that viewer only, and lets removals through", () => {
    const { v, ann, bea } = setup();
    v.hidePlayer(bea.uuid, ann.uuid);
    for (const name of ['spawn_entity', 'rel_entity_move', 'entity_look', 'entity_head_rotation', 'entity_metadata', 'entity_equipment', 'animation', 'entity_teleport']) {
      assert.equal(v.filter(bea.uuid, name, { entityId: 7 }), undefined, `${name} about Ann is dropped for Bea`);
      assert.deepEqual(v.filter(ann.uuid, name, { entityId: 7 }), { entityId: 7 });
    }
    assert.equal(v.filter(bea.uuid, 'collect', { collectedEntityId: 30, collectorEntityId: 7, pickupItemCount: 1 }), undefined);
    assert.deepEqual(v.filter(bea.uuid, 'entity_destroy', { entityIds: [7] }), { entityIds: [7] });
    assert.deepEqual(v.filter(bea.uuid, 'player_remove', { players: [ann.uuid] }), { players: [ann.uuid] });
    assert.deepEqual(v.filter(bea.uuid, 'rel_entity_move', { entityId: 8 }), { entityId: 8 });
  });

  it("takes a hidden player's entries out of the tab list packets", () => {
    const { v, ann, bea } = setup();
    v.hidePlayer(bea.uuid, ann.uuid);
    const latency = { action: { update_latency: true }, data: [{ uuid: ann.uuid, latency: 5 }, { uuid: bea.uuid, latency: 9 }] };
    assert.deepEqual(v.filter(bea.uuid, 'player_info', latency), { ...latency, data: [{ uuid: bea.uuid, latency: 9 }] });
    assert.equal(v.filter(bea.uuid, 'player_info', { action: { add_player: true }, data: [{ uuid: ann.uuid }] }), undefined);
    assert.equal(v.filter(ann.uuid, 'player_info', latency), latency);
  });

  it('hides a player who arrives from the viewers a rule hides them from, before anything is sent', () => {
    const { v, bea } = setup();
    v.addVisibilityRule((_viewer, target) => target.name !== 'Cid');
    const cid = session('Cid', 9);
    v.arriving(cid.s);
    assert.equal(v.filter(bea.uuid, 'spawn_entity', { entityId: 9 }), undefined);
    assert.equal(v.filter(bea.uuid, 'player_info', { action: { add_player: true }, data: [{ uuid: cid.uuid }] }), undefined);
    assert.deepEqual(bea.packets, [], 'nothing to take away: nothing about Cid was sent yet');
    v.left(cid.uuid);
    assert.deepEqual(v.filter(bea.uuid, 'spawn_entity', { entityId: 9 }), { entityId: 9 }, 'a later entity with that id is not hidden');
  });
});

describe("flying-squid's join and leave lines", () => {
  it('name the player they announce, so that the line reaches only those who can see them', () => {
    assert.equal(announcedName('&eAlice joined the game.'), 'Alice');
    assert.equal(announcedName('&eBob_2 left the game.'), 'Bob_2');
    assert.equal(announcedName('[Alice] joined the game'), undefined);
    assert.equal(announcedName('Alice says she joined the game.'), undefined);
  });
});
