// Clicks on entities as interact events, against flying-squid's own behaviour code (the attack
// its pvp plugin runs after the platform has reported the click).

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { EventEmitter } from 'node:events';
import { createRequire } from 'node:module';
import { clickAction, watchClicks } from './interact.ts';
import type { FsPlayer } from './fs-types.ts';
import type { OnlinePlayer, PlatformEvents } from '../platform.ts';

const require = createRequire(import.meta.url);
type Behavior = (event: string, data: Record<string, unknown>, onSuccess?: (d: unknown) => unknown) => Promise<unknown>;
const createBehavior = require('flying-squid/src/lib/behavior') as (entity: EventEmitter) => Behavior;

const alice: OnlinePlayer = { uuid: '11111111-1111-3111-8111-111111111111', name: 'Alice', address: '127.0.0.1' };
const bob: OnlinePlayer = { uuid: '22222222-2222-3222-8222-222222222222', name: 'Bob', address: '127.0.0.1' };
const NPC_ENTITY = 50;
const BOB_ENTITY = 7;

/** A player as flying-squid makes one, with its pvp plugin's handler: an attack on Bob hurts him. */
function setUp(handler: (e: PlatformEvents['interact']) => void) {
  const client = new EventEmitter();
  const player = Object.assign(new EventEmitter(), { _client: client }) as unknown as FsPlayer & EventEmitter;
  const behavior = createBehavior(player);
  const hurt: number[] = [];
  client.on('use_entity', ({ mouse, target }: { mouse: number; target: number }) => {
    if (mouse === 1 && target === BOB_ENTITY) void behavior('attack', { attackedEntity: { id: target } }, () => hurt.push(target));
  });
  const events: Array<PlatformEvents['interact']> = [];
  watchClicks(player, alice, {
    clickedEntity: (id) => (id === NPC_ENTITY ? 'npc-1' : undefined),
    playerOf: (id) => (id === BOB_ENTITY ? bob : undefined),
    emit: (e) => {
      events.push(e);
      handler(e);
    },
  });
  const click = async (packet: { target: number; mouse: number; hand?: number }) => {
    client.emit('use_entity', packet);
    await new Promise((r) => setImmediate(r));
  };
  return { click, events, hurt };
}

describe('clicks on entities', () => {
  it('reports one use per right-click: the main hand\'s interact, not interact-at or the off hand', () => {
    assert.equal(clickAction({ target: 1, mouse: 2, hand: 0 }), undefined);
    assert.equal(clickAction({ target: 1, mouse: 0, hand: 0 }), 'use');
    assert.equal(clickAction({ target: 1, mouse: 0, hand: 1 }), undefined);
    assert.equal(clickAction({ target: 1, mouse: 1 }), 'attack');
  });

  it('reports a click on a spawned entity by its platform id', async () => {
    const { click, events } = setUp(() => {});
    await click({ target: NPC_ENTITY, mouse: 1 });
    await click({ target: NPC_ENTITY, mouse: 0, hand: 0 });
    assert.deepEqual(
      events.map((e) => [e.action, e.target]),
      [
        ['attack', { kind: 'entity', id: 'npc-1' }],
        ['use', { kind: 'entity', id: 'npc-1' }],
      ],
    );
    assert.equal(events[0]!.player.uuid, alice.uuid);
  });

  it('reports a click on another player, whose attack still hurts unless cancelled', async () => {
    let cancel = false;
    const { click, events, hurt } = setUp((e) => {
      if (cancel) e.cancel();
    });
    await click({ target: BOB_ENTITY, mouse: 1 });
    assert.deepEqual(events[0]!.target, { kind: 'player', player: bob });
    assert.deepEqual(hurt, [BOB_ENTITY]);
    cancel = true;
    await click({ target: BOB_ENTITY, mouse: 1 });
    assert.equal(events.length, 2);
    assert.deepEqual(hurt, [BOB_ENTITY], 'the cancelled attack dealt no damage');
    cancel = false;
    await click({ target: BOB_ENTITY, mouse: 1 });
    assert.deepEqual(hurt, [BOB_ENTITY, BOB_ENTITY], 'a cancel does not outlive its click');
  });

  it('reports nothing for a click on an entity that is neither', async () => {
    const { click, events } = setUp(() => {});
    await click({ target: 999, mouse: 1 });
    assert.deepEqual(events, []);
  });
});
