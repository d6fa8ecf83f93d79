// The flying-squid display's packets for each change, with players stood in for by recorders:
// what goes over the wire (and that each packet is well-formed); bots see the result in
// test/e2e/display.e2e.test.ts.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { FlyingSquidDisplay, type DisplayHost, type DisplayViewer } from './display.ts';
import { packetProblems } from './packet-check.ts';
import type { Packet } from './packets.ts';
import type { Location } from '../platform.ts';

function recorder(name: string, at: Partial<Location> = {}) {
  const packets: Packet[] = [];
  const viewer: DisplayViewer = { online: { uuid: `uuid-${name}`, name, address: '127.0.0.1' }, send: (p) => packets.push(p) };
  return { viewer, packets, at: { world: 'world', x: 0, y: 64, z: 0, yaw: 0, pitch: 0, ...at } };
}

function setup() {
  const ann = recorder('Ann');
  const bea = recorder('Bea', { x: 10 });
  const all = [ann, bea];
  const host: DisplayHost = {
    viewer: (uuid) => all.find((r) => r.viewer.online.uuid === uuid)?.viewer,
    viewers: () => all.map((r) => r.viewer),
    location: (uuid) => all.find((r) => r.viewer.online.uuid === uuid)?.at,
    soundId: (name) => (name === 'block.note_block.pling' ? 1019 : undefined),
  };
  return { display: new FlyingSquidDisplay(host), ann, bea };
}

/** The packets since the last call, each checked against the 1.21.4 protocol, as "name:detail". */
function drain(packets: Packet[]): string[] {
  const out = packets.splice(0).map((p) => {
    assert.deepEqual(packetProblems(p.name, p.params), [], `${p.name} is well-formed`);
    const detail = p.params.action ?? p.params.mode ?? p.params.itemName ?? p.params.entity_name ?? '';
    return `${p.name}:${typeof detail === 'object' ? Object.keys(detail).join('+') : String(detail)}`;
  });
  return out;
}

describe('the flying-squid sidebar', () => {
  it('builds the sidebar once, then sends only the lines and title that changed (it never takes it down in between)', () => {
    const { display, ann } = setup();
    display.setSidebar(ann.viewer.online.uuid, { title: 'Stats', lines: ['a', 'b', 'c'] });
    assert.deepEqual(drain(ann.packets), [
      'scoreboard_objective:0',
      'scoreboard_display_objective:',
      'scoreboard_score:core.line.0',
      'scoreboard_score:core.line.1',
      'scoreboard_score:core.line.2',
    ]);
    display.setSidebar(ann.viewer.online.uuid, { title: 'Stats', lines: ['a', 'B', 'c', 'd'] });
    assert.deepEqual(drain(ann.packets), ['scoreboard_score:core.line.1', 'scoreboard_score:core.line.3']);
    display.setSidebar(ann.viewer.online.uuid, { title: 'Your stats', lines: ['a'] });
    assert.deepEqual(drain(ann.packets), ['scoreboard_objective:2', 'reset_score:core.line.1', 'reset_score:core.line.2', 'reset_score:core.line.3']);
    display.setSidebar(ann.viewer.online.uuid, { title: 'Your stats', lines: ['a'] });
    assert.deepEqual(drain(ann.packets), []);
    display.removeSidebar(ann.viewer.online.uuid);
    display.removeSidebar(ann.viewer.online.uuid);
    assert.deepEqual(drain(ann.packets), ['scoreboard_objective:1']);
  });
});

describe('the flying-squid nametags', () => {
  it('makes a team per viewer, changes it in place, and removes it, also when the wearer leaves', () => {
    const { display, ann, bea } = setup();
    const target = ann.viewer.online.uuid;
    display.setNametag(target, { prefix: '[A] ' });
    assert.deepEqual(drain(ann.packets), ['teams:0']);
    assert.deepEqual(drain(bea.packets), ['teams:0']);
    display.setNametag(target, { prefix: '[B] ' }, bea.viewer.online.uuid);
    assert.deepEqual(drain(ann.packets), []);
    assert.deepEqual(drain(bea.packets), ['teams:2']);
    display.setNametag(target, undefined);
    assert.deepEqual(drain(ann.packets), ['teams:1']);
    assert.deepEqual(drain(bea.packets), ['teams:2'], "Bea's own nametag stays");
    display.left(ann.viewer.online);
    assert.deepEqual(drain(bea.packets), ['teams:1']);
  });

  it("sends a player who joins everyone's header, the nametags and the tab names", () => {
    const { display, ann, bea } = setup();
    display.setTabListText({ header: 'H', footer: 'F' });
    display.setNametag(ann.viewer.online.uuid, { suffix: '!' });
    display.setTabName(ann.viewer.online.uuid, 'Annie');
    drain(bea.packets);
    display.joined(bea.viewer);
    assert.deepEqual(drain(bea.packets), ['playerlist_header:', 'teams:2', 'player_info:update_display_name']);
  });
});

describe('the flying-squid sounds', () => {
  it('plays a sound at a location to the players in range only', () => {
    const { display, ann, bea } = setup();
    const at = { world: 'world', x: 0, y: 64, z: 0, yaw: 0, pitch: 0 };
    assert.equal(display.playSound('minecraft:block.note_block.pling', { ...at, x: -6 }), 2);
    assert.equal(display.playSound('block.note_block.pling', { ...at, x: -6 }, { volume: 0.5 }), 2);
    assert.equal(display.playSound('block.note_block.pling', { ...at, x: -10 }), 1);
    assert.equal(display.playSound('block.note_block.pling', { ...at, world: 'world_nether' }), 0);
    assert.equal(drain(ann.packets).length, 3);
    assert.equal(drain(bea.packets).length, 2);
  });
});
