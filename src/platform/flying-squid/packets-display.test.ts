// Every display packet serialised with minecraft-protocol's 1.21.4 serializer and read back as the
// game client reads it: a malformed packet fails here.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import * as D from './packets-display.ts';
import { packetProblems, roundTrip } from './packet-check.ts';
import type { Packet } from './packets.ts';
import { textToNbt } from './text.ts';

const require = createRequire(import.meta.url);
const nbt = require('prismarine-nbt') as { simplify(t: unknown): unknown };
const uuid = '40f5db53-a47a-33ee-b1f6-db0e20deded4';

/** Asserts the packet is well-formed and returns the fields the client reads (absent ones left out). */
function clientReads(packet: Packet): Record<string, unknown> {
  assert.deepEqual(packetProblems(packet.name, packet.params), [], `${packet.name} is well-formed`);
  return Object.fromEntries(Object.entries(roundTrip(packet.name, packet.params)).filter(([, v]) => v !== undefined));
}

const text = (t: unknown) => (nbt.simplify(t) as { text: string }).text;

describe('sidebar packets', () => {
  it('creates an objective without score numbers and retitles it', () => {
    const created = clientReads(D.sidebarObjective(textToNbt('Stats'), true));
    assert.equal(created.action, 0);
    assert.equal(created.name, D.SIDEBAR_OBJECTIVE);
    assert.equal(text(created.displayText), 'Stats');
    assert.equal(created.number_format, 0);
    const retitled = clientReads(D.sidebarObjective(textToNbt('More stats'), false));
    assert.equal(retitled.action, 2);
    assert.equal(text(retitled.displayText), 'More stats');
  });

  it('shows the objective in the sidebar slot and removes it', () => {
    assert.deepEqual(clientReads(D.sidebarShow()), { position: 1, name: D.SIDEBAR_OBJECTIVE });
    assert.deepEqual(clientReads(D.sidebarRemove()), { name: D.SIDEBAR_OBJECTIVE, action: 1 });
  });

  it('gives lines falling scores, so the first line is drawn on top, with their text as display name', () => {
    const top = clientReads(D.sidebarLine(0, textToNbt({ text: 'Coins: 5', color: 'gold' })));
    const next = clientReads(D.sidebarLine(1, textToNbt('Rank: none')));
    assert.equal(top.scoreName, D.SIDEBAR_OBJECTIVE);
    assert.ok((top.value as number) > (next.value as number));
    assert.notEqual(top.itemName, next.itemName);
    assert.ok(!String(top.itemName).startsWith('#'), 'a holder starting with # is hidden by the game');
    assert.deepEqual(nbt.simplify(top.display_name), { text: 'Coins: 5', color: 'gold' });
    assert.equal(top.number_format, 0);
  });

  it('removes one line', () => {
    assert.deepEqual(clientReads(D.sidebarLineRemove(3)), { entity_name: D.sidebarEntry(3), objective_name: D.SIDEBAR_OBJECTIVE });
  });
});

describe('nametag packets', () => {
  it('creates a team holding the player, with prefix, suffix and colour', () => {
    const back = clientReads(D.nametagSet('Alice', { prefix: textToNbt('[Admin] '), suffix: textToNbt(' *'), color: 'red' }, true));
    assert.equal(back.team, D.nametagTeam('Alice'));
    assert.equal(back.mode, 0);
    assert.equal(text(back.prefix), '[Admin] ');
    assert.equal(text(back.suffix), ' *');
    assert.equal(back.formatting, 12);
    assert.deepEqual(back.players, ['Alice']);
  });

  it('changes a team without touching its members, and keeps the default colour without one', () => {
    const back = clientReads(D.nametagSet('Alice', { prefix: textToNbt(''), suffix: textToNbt('') }, false));
    assert.equal(back.mode, 2);
    assert.equal(back.formatting, 21);
    assert.equal(back.players, undefined);
  });

  it('removes a team', () => {
    assert.deepEqual(clientReads(D.nametagRemove('Alice')), { team: D.nametagTeam('Alice'), mode: 1 });
  });
});

describe('tab list packets', () => {
  it('sets the header and footer', () => {
    const back = clientReads(D.tabListText(textToNbt('Welcome'), textToNbt({ text: 'play.example.org', color: 'aqua' })));
    assert.equal(text(back.header), 'Welcome');
    assert.equal(text(back.footer), 'play.example.org');
  });

  it('sets a display name and clears it again', () => {
    const set = clientReads(D.tabListName(uuid, textToNbt('Captain Alice'))) as { data: Array<{ uuid: string; displayName?: unknown }> };
    assert.equal(set.data[0]!.uuid, uuid);
    assert.equal(text(set.data[0]!.displayName), 'Captain Alice');
    const cleared = clientReads(D.tabListName(uuid, undefined)) as { data: Array<{ displayName?: unknown }> };
    assert.equal(cleared.data[0]!.displayName, undefined);
  });
});

describe('title packets', () => {
  it('sets the times, the subtitle and the title', () => {
    assert.deepEqual(clientReads(D.titleTimes(5, 40, 10)), { fadeIn: 5, stay: 40, fadeOut: 10 });
    assert.equal(text(clientReads(D.titleText(textToNbt('Welcome'))).text), 'Welcome');
    assert.equal(text(clientReads(D.subtitleText(textToNbt('to the server'))).text), 'to the server');
  });

  it('clears the title', () => {
    assert.deepEqual(clientReads(D.clearTitles()), { reset: true });
  });
});

describe('hiding a player', () => {
  it('destroys the entity', () => {
    assert.deepEqual(clientReads(D.entityDestroy([12, 13])), { entityIds: [12, 13] });
  });
});
