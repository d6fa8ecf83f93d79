import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Actor } from '../kernel/actor.ts';
import { createCommandRegistry } from './command-registry.ts';
import { memoryLogger } from '../log/log.ts';
import { tpsCommand, TPS_NODE } from './tps-command.ts';
import { FakePlatform } from '../../../test/support/fake-platform.ts';

function setup(held: readonly string[] = []) {
  const platform = new FakePlatform();
  const permissions = { has: (actor: Actor, node: string) => actor.kind === 'console' || (actor.kind === 'player' && held.includes(node)) };
  const registry = createCommandRegistry({ platform, permissions, log: memoryLogger() });
  platform.setCommandHandler(registry);
  registry.register(tpsCommand(platform));
  return { platform, alice: platform.join('Alice')!.uuid };
}

describe('tps', () => {
  it('tells the console the tick rate and the interval p50, p99 and max over the last minute', async () => {
    const { platform } = setup();
    // A minute exactly: 1152 ticks 50 ms apart, then 20 slow ones (over 1 %, so they make the p99).
    platform.ticks.tick(50, 1152);
    platform.ticks.tick(120, 20);
    await platform.run('console', 'tps');
    assert.deepEqual(platform.consoleText(), [
      'TPS 19.53 over the last 60 s (1172 ticks); tick interval p50 50.0 ms, p99 120.0 ms, max 120.0 ms; last tick 0.0 ms ago',
    ]);
  });

  it('covers the last N seconds when given', async () => {
    const { platform } = setup();
    platform.ticks.tick(300, 5);
    platform.ticks.tick(50, 200);
    await platform.run('console', 'tps 10');
    assert.match(platform.consoleText()[0] ?? '', /^TPS 20\.00 over the last 10 s \(200 ticks\); tick interval p50 50\.0 ms, p99 50\.0 ms, max 50\.0 ms/);
  });

  it('refuses a window outside 1 to 60 seconds, naming the rule', async () => {
    const { platform } = setup();
    await platform.run('console', 'tps 61');
    assert.match(platform.consoleText().join('\n'), /"61" is not a valid seconds: it must be/);
  });

  it(`answers a player holding ${TPS_NODE}, and refuses one who does not`, async () => {
    const allowed = setup([TPS_NODE]);
    allowed.platform.ticks.tick(50, 40);
    await allowed.platform.run(allowed.alice, '/tps');
    assert.match(allowed.platform.messagesOf(allowed.alice).join('\n'), /^TPS 20\.00 over the last 2 s \(40 ticks\)/);
    const refused = setup();
    await refused.platform.run(refused.alice, '/tps');
    assert.doesNotMatch(refused.platform.messagesOf(refused.alice).join('\n'), /TPS/);
    assert.match(refused.platform.messagesOf(refused.alice).join('\n'), /core\.tps/);
  });
});
