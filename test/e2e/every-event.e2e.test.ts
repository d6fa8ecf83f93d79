// Every one of the catalogue's 87 event names is emitted by the product: one server with every
// module on, Ann and Ben joined, and a writer's event stream subscribed to `*`. Each part
// (test/e2e/every-event/*.ts) runs steps a player, an admin at the console or a program over HTTP
// would take; after each step the events it names must arrive, each checked against its schema.
// The last case checks that the stream carried every name of the catalogue.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { EVENT_NAMES } from '../../src/core/kernel/events.ts';
import { startScene, type Scene } from './support/rest-server.ts';
import type { EventPart } from './every-event/part.ts';
import { gamePart } from './every-event/game.ts';
import { placesPart } from './every-event/places.ts';
import { playersPart } from './every-event/players.ts';
import { accountsPart } from './every-event/accounts.ts';

const PARTS: ReadonlyArray<[string, EventPart]> = [
  ['game', gamePart],
  ['places', placesPart],
  ['players', playersPart],
  ['accounts', accountsPart],
];

describe('every event of the catalogue is emitted by the product', () => {
  let scene: Scene;

  before(async () => {
    const config: Record<string, string> = {};
    for (const [, part] of PARTS) {
      for (const [file, content] of Object.entries(part.config ?? {})) {
        if (file in config) throw new Error(`two parts write ${file}`);
        config[file] = content;
      }
    }
    scene = await startScene(['*'], { config });
  });
  after(() => scene?.close());

  for (const [partName, part] of PARTS) {
    describe(partName, () => {
      for (const step of part.steps) {
        it(`${step.name} (${step.events.join(', ')})`, async () => {
          await step.run(scene);
          for (const name of step.events) await scene.events.next(name, undefined, 15000);
        });
      }
    });
  }

  it('carried every name of the catalogue, each with the fields its schema documents', () => {
    assert.deepEqual(scene.events.problems, []);
    const seen = new Set(scene.events.received.map((e) => e.event));
    assert.deepEqual(
      EVENT_NAMES.filter((n) => !seen.has(n)),
      [],
      'names never emitted',
    );
    assert.equal(EVENT_NAMES.length, 87);
  });
});
