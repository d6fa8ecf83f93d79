import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CONSOLE } from '../kernel/actor.ts';
import { startTestKernel, type TestKernel } from '../../../test/support/test-kernel.ts';

const TARGET = '069a79f4-44e9-4726-a5be-fca90e38aaf5';

describe('audit', () => {
  let t: TestKernel;
  before(async () => {
    t = await startTestKernel();
  });
  after(() => t.close());

  it('records the console as "console", a player by name and a token as core-rest/<label>', async () => {
    const audit = t.kernel.api.audit;
    await audit.record({ actor: CONSOLE, action: 'test.one', target: TARGET });
    t.clock.advance(1);
    await audit.record({ actor: { kind: 'player', uuid: TARGET, name: 'Notch' }, action: 'test.two', target: TARGET, details: { amount: 5 } });
    t.clock.advance(1);
    await audit.record({ actor: { kind: 'rest', label: 'panel' }, action: 'test.three', target: TARGET });
    const history = await audit.history(TARGET, 10);
    assert.deepEqual(
      history.map((e) => [e.actor, e.action]),
      [
        ['core-rest/panel', 'test.three'],
        ['Notch', 'test.two'],
        ['console', 'test.one'],
      ],
    );
    assert.deepEqual(history[1]?.details, { amount: 5 });
    assert.deepEqual(history[2]?.details, {});
    assert.equal(history[0]?.at, t.clock.now().toISOString());
    assert.equal(history[0]?.target, TARGET);
  });

  it('lists the newest first and stops at the limit', async () => {
    const other = '11111111-2222-3333-4444-555555555555';
    for (let i = 1; i <= 5; i++) await t.kernel.api.audit.record({ actor: CONSOLE, action: `step.${i}`, target: other });
    const two = await t.kernel.api.audit.history(other, 2);
    assert.deepEqual(two.map((e) => e.action), ['step.5', 'step.4']);
    assert.ok(two[0]!.id > two[1]!.id);
  });

  it('finds a target however its uuid was written', async () => {
    const upper = TARGET.replaceAll('-', '').toUpperCase();
    await t.kernel.api.audit.record({ actor: CONSOLE, action: 'test.four', target: upper });
    const history = await t.kernel.api.audit.history(upper, 1);
    assert.equal(history[0]?.action, 'test.four');
    assert.equal(history[0]?.target, TARGET);
  });

  it('keeps entries without a target out of every history', async () => {
    await t.kernel.api.audit.record({ actor: CONSOLE, action: 'server.thing', target: null });
    const history = await t.kernel.api.audit.history(TARGET, 100);
    assert.ok(history.every((e) => e.action !== 'server.thing'));
  });

  it('answers an empty history for a player nobody acted on', async () => {
    assert.deepEqual(await t.kernel.api.audit.history('00000000-0000-0000-0000-000000000000', 10), []);
  });
});
