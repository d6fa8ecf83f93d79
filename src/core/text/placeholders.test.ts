import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createPlaceholders } from './placeholders.ts';
import { FakePlatform } from '../../../test/support/fake-platform.ts';
import { memoryLogger } from '../log/log.ts';

function setUp() {
  const platform = new FakePlatform();
  const log = memoryLogger();
  return { platform, errors: log.lines, placeholders: createPlaceholders({ platform, log }) };
}

describe('placeholders', () => {
  it('replaces the kernel ones for the player who sees the text', async () => {
    const { platform, placeholders } = setUp();
    const ann = platform.join('Ann')!;
    platform.join('Ben');
    assert.equal(await placeholders.apply('Hi {player}, {online} online in {WORLD}', ann), 'Hi Ann, 2 online in world');
  });

  it('leaves a token nobody registered, or one without a value, as written', async () => {
    const { placeholders } = setUp();
    assert.equal(await placeholders.apply('{player} has {nothing}'), '{player} has {nothing}');
  });

  it('a module adds its own and takes it away again; a name registered twice throws', async () => {
    const { platform, placeholders } = setUp();
    const ann = platform.join('Ann')!;
    const remove = placeholders.register('balance', async (p) => (p ? '$12.50' : undefined), 'the balance');
    assert.throws(() => placeholders.register('Balance', () => 'x', 'again'), /registered twice/);
    assert.equal(await placeholders.apply('{balance}', ann), '$12.50');
    assert.ok(placeholders.list().some((p) => p.name === 'balance'));
    remove();
    assert.equal(await placeholders.apply('{balance}', ann), '{balance}');
    assert.throws(() => placeholders.register('two words', () => 'x', 'bad'), /not a placeholder name/);
  });

  it('a resolver that fails is logged and leaves its token', async () => {
    const { placeholders, errors } = setUp();
    placeholders.register('broken', () => {
      throw new Error('boom');
    }, 'fails');
    assert.equal(await placeholders.apply('[{broken}] {online}'), '[{broken}] 0');
    assert.match(errors.join('\n'), /\{broken\} could not be worked out/);
  });
});
