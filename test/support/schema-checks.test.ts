// The shared checks fail a test on what the published documents do not allow: a wrong answer, a
// wrong error envelope, a wrong event, whether on the e2e wire or on a unit test's event bus.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { defineModule } from '../../src/core/kernel/module.ts';
import { manualClock } from '../../src/core/kernel/clock.ts';
import { eventCatalogue } from '../../src/core/kernel/event-catalogue.ts';
import { createEventBus } from '../../src/core/kernel/events.ts';
import { memoryLogger } from '../../src/core/log/log.ts';
import { HOME_EVENTS } from '../../src/modules/homes/homes.events.ts';
import { answerProblem, assertAnswer, assertEvent, checkedEventBus, routeOf } from './schema-checks.ts';
import { startTestKernel } from './test-kernel.ts';

const ANN = '0a1b2c3d-4e5f-6789-abcd-ef0123456789';
const AT = '2026-01-01T00:00:00.000Z';
const SPOT = { world: 'world', x: 1, y: 64, z: 2, yaw: 0, pitch: 0 };
const HOME = { 'player-id': ANN, 'player-name': 'Ann', slot: 1, label: null, location: SPOT, icon: 'red_bed', visibility: 'private' };

describe('the answer checks', () => {
  it('find the row as the server routes the path: a fixed segment before a parameter', () => {
    assert.equal(routeOf('GET', `/api/v1/players/${ANN}/balance?currency=coins`)?.name, 'GET /players/:uuid/balance');
    assert.equal(routeOf('GET', '/players/by-name/balance')?.name, 'GET /players/by-name/:name');
    assert.equal(routeOf('POST', '/players/by-name/balance'), undefined);
  });

  it('pass an answer the row’s schema allows, a declined operation and a proper error', () => {
    assert.equal(answerProblem('GET', `/players/${ANN}/balance`, 200, { ok: true, data: { currency: 'coins', amount: 1.5 } }), undefined);
    assert.equal(answerProblem('GET', `/players/${ANN}/balance`, 200, { ok: false, code: 'not-found', message: 'Nobody.' }), undefined);
    assert.equal(answerProblem('GET', '/players/x/balance', 400, { ok: false, code: 'bad-request', message: 'uuid: no.', field: 'uuid' }), undefined);
    assert.equal(answerProblem('GET', '/players/by-name/nobody', 404, { ok: false, code: 'not-found', message: 'Nobody.' }), undefined);
    assert.equal(answerProblem('GET', '/nowhere', 404, { ok: false, code: 'not-found', message: 'No route.' }), undefined);
  });

  it('fail a test on data the row’s answer schema does not allow, naming the field', () => {
    const wrong = { ok: true, data: { currency: 'coins', amount: '1.5' } };
    assert.match(answerProblem('GET', `/players/${ANN}/balance`, 200, wrong) ?? '', /^GET \/players\/:uuid\/balance: \/amount /);
    assert.throws(() => assertAnswer('GET', `/players/${ANN}/balance`, 200, wrong), assert.AssertionError);
    assert.match(answerProblem('GET', `/players/${ANN}/balance`, 200, { ok: true, data: { currency: 'coins', amount: 1, cents: 100 } }) ?? '', /cents/);
    assert.match(answerProblem('GET', '/status', 200, { ok: true, data: {}, extra: 1 }) ?? '', /ok and data only/);
    assert.match(answerProblem('GET', '/nowhere', 200, { ok: true, data: {} }) ?? '', /no route serves it/);
  });

  it('fail a test on an error envelope the document does not promise', () => {
    assert.match(answerProblem('GET', `/players/${ANN}/balance`, 200, { ok: false, code: 'bad-request', message: 'x' }) ?? '', /declined/);
    assert.match(answerProblem('GET', '/players/x/balance', 400, { ok: false, code: 'bad-request', message: 'uuid: no.' }) ?? '', /names the field/);
    assert.match(answerProblem('POST', `/players/${ANN}/balance/set`, 403, { ok: false, code: 'forbidden', message: 'No.' }) ?? '', /missing scope/);
    assert.match(answerProblem('GET', '/status', 401, { ok: false, code: 'forbidden', message: 'No.', scope: 'read' }) ?? '', /forbidden belongs with HTTP 403, answered 401/);
    assert.match(answerProblem('GET', `/players/${ANN}/balance`, 404, { ok: false, code: 'not-found', message: 'Nobody.' }) ?? '', /not-found belongs with HTTP 200, answered 404/);
    assert.match(answerProblem('GET', '/status', 500, { error: 'boom' }) ?? '', /\(500\)/);
  });
});

describe('the event checks', () => {
  it('pass an event its schema allows and fail a test on one it does not', () => {
    assert.doesNotThrow(() => assertEvent('home.create', { ...HOME, 'occurred-at': AT }));
    assert.throws(() => assertEvent('home.create', { ...HOME, slot: '1', 'occurred-at': AT }), /home\.create: \/slot /);
    assert.throws(() => assertEvent('home.create', HOME), /occurred-at/);
  });

  it('make a checked bus throw from emit on a wrong event, and keep it for the end of the test', () => {
    const bus = checkedEventBus(createEventBus(manualClock(), memoryLogger()), eventCatalogue([HOME_EVENTS]));
    const seen: string[] = [];
    bus.subscribe((e) => seen.push(e.name));
    bus.emit('home.create', { ...HOME, visibility: 'private' });
    assert.deepEqual(bus.problems, []);
    const broken = { ...HOME, visibility: 'private' as const, icon: 7 } as unknown as Parameters<typeof bus.emit<'home.create'>>[1];
    assert.throws(() => bus.emit('home.create', broken), /home\.create: \/icon /);
    assert.equal(bus.problems.length, 1);
    assert.deepEqual(seen, ['home.create', 'home.create'], 'listeners still hear it: the check only reports');
  });

  it('make the test kernel fail at close when a module emitted a wrong event, even one whose throw was caught', async () => {
    const sloppy = defineModule({
      name: 'sloppy',
      dependsOn: [],
      migrations: [],
      events: HOME_EVENTS,
      createService: (ctx) => ({
        set() {
          try {
            ctx.events.emit('home.delete', { ...HOME, location: SPOT, slot: 0.5 });
          } catch {
            // a careless caller swallows it; close() still reports it
          }
        },
      }),
    });
    const t = await startTestKernel({ modules: [sloppy] });
    (t.kernel.api as unknown as { sloppy: { set(): void } }).sloppy.set();
    await assert.rejects(t.close(), /every event emitted fits its schema/);
  });
});
