import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { installChains } from './chains.ts';
import { manualClock } from './clock.ts';
import { createCommandRegistry } from '../commands/command-registry.ts';
import { createEventBus, type EmittedEvent } from './events.ts';
import { memoryLogger } from '../log/log.ts';
import { createModuleScope } from './module-scope.ts';
import { createPlaceholders } from '../text/placeholders.ts';
import { manualScheduler } from './scheduler.ts';
import { FakePlatform } from '../../../test/support/fake-platform.ts';

function setup() {
  const platform = new FakePlatform();
  const clock = manualClock();
  const log = memoryLogger();
  const events = createEventBus(clock, log);
  const scheduler = manualScheduler(clock, log);
  const chains = installChains(platform, log);
  const commands = createCommandRegistry({ platform, permissions: { has: () => true }, log });
  platform.setCommandHandler(commands);
  commands.register({ name: 'ping', permission: null, description: 'Pong.', usage: 'ping', run: (c) => c.reply('pong') });
  const placeholders = createPlaceholders({ platform, log });
  const shared = { platform, events, scheduler, chat: chains.chat, logins: chains.logins, commands, placeholders };
  return { platform, clock, events, shared, scope: createModuleScope('votes', shared) };
}

describe('createModuleScope', () => {
  it('removes the placeholders the module registered when disposed; the kernel ones stay', async () => {
    const { shared, scope } = setup();
    scope.placeholders!.register('votes', () => '7', 'votes this month');
    assert.equal(await shared.placeholders.apply('{votes} / {online}'), '7 / 0');
    scope.dispose();
    assert.equal(await shared.placeholders.apply('{votes} / {online}'), '{votes} / 0');
  });

  it('removes the platform listeners the module added, and only those, when disposed', () => {
    const { platform, scope } = setup();
    const outside = () => {};
    platform.on('join', outside);
    const joins: string[] = [];
    scope.platform.on('join', ({ player }) => joins.push(player.name));
    scope.platform.on('quit', () => {});
    scope.platform.on('move', () => {});
    assert.deepEqual([platform.listenerCount('join'), platform.listenerCount('quit'), platform.listenerCount('move')], [2, 1, 1]);
    platform.join('Alice');
    scope.dispose();
    assert.deepEqual([platform.listenerCount('join'), platform.listenerCount('quit'), platform.listenerCount('move')], [1, 0, 0]);
    platform.join('Bob');
    assert.deepEqual(joins, ['Alice']);
  });

  it('lets the module take a listener off itself, and counts a handler added twice once', () => {
    const { platform, scope } = setup();
    const handler = () => {};
    scope.platform.on('chat', handler);
    scope.platform.on('chat', handler);
    assert.equal(platform.listenerCount('chat'), 1);
    scope.platform.off('chat', handler);
    assert.equal(platform.listenerCount('chat'), 0);
    scope.dispose();
    assert.equal(platform.listenerCount('chat'), 0);
  });

  it('ends the event subscriptions of the module', () => {
    const { events, scope } = setup();
    const heard: EmittedEvent[] = [];
    scope.events.subscribe((e) => heard.push(e));
    const unsubscribe = scope.events.subscribe((e) => heard.push(e));
    unsubscribe();
    scope.events.emit('communication.announcer-reload', { changed: false, enabled: true, messages: 1, 'interval-seconds': 60, order: 'sequential' });
    scope.dispose();
    events.emit('communication.announcer-reload', { changed: false, enabled: true, messages: 2, 'interval-seconds': 60, order: 'sequential' });
    assert.deepEqual(
      heard.map((e) => e.data.messages),
      [1],
    );
  });

  it('cancels the tasks the module scheduled', async () => {
    const { clock, scope } = setup();
    const runs: string[] = [];
    scope.scheduler.every(1000, () => void runs.push('sweep'));
    scope.scheduler.after(5000, () => void runs.push('expiry'));
    await clock.advance(1);
    scope.dispose();
    await clock.advance(10);
    assert.deepEqual(runs, ['sweep']);
  });

  it('removes its chat filters, login gates, command checks and command list filters', async () => {
    const { platform, scope } = setup();
    scope.chat.addFilter(() => ({ cancel: true }));
    scope.logins.addGate(() => 'Banned.');
    scope.commands.addCheck(() => 'Frozen.');
    scope.commands.addListFilter(() => false);
    assert.equal(platform.join('Mallory'), undefined);
    assert.deepEqual(platform.handler!.names({ kind: 'console' }), []);
    scope.dispose();
    const alice = platform.join('Alice')!.uuid;
    assert.equal(platform.chat(alice, 'hi'), true);
    await platform.run(alice, 'ping');
    assert.deepEqual(platform.messagesOf(alice), ['pong']);
    assert.deepEqual(platform.handler!.names({ kind: 'console' }), ['ping']);
  });

  it('takes off what it tracks (a gate added through another module’s service) when disposed, and only that', () => {
    const { scope } = setup();
    const gates = new Set<string>();
    const addGate = (gate: string) => {
      gates.add(gate);
      return () => void gates.delete(gate);
    };
    addGate('too far');
    const released = scope.track(addGate('released'));
    scope.track(addGate('jailed'));
    released();
    assert.deepEqual([...gates], ['too far', 'jailed']);
    scope.dispose();
    assert.deepEqual([...gates], ['too far']);
    released();
    assert.deepEqual([...gates], ['too far'], 'a remover runs once');
  });

  it('passes every other call to the platform itself', () => {
    const { platform, scope } = setup();
    const alice = platform.join('Alice')!.uuid;
    assert.equal(scope.platform.port, 25565);
    assert.equal(scope.platform.player(alice)?.name, 'Alice');
    assert.equal(scope.platform.sendMessage(alice, 'hello'), true);
    assert.deepEqual(platform.messagesOf(alice), ['hello']);
  });

  it("refuses to let a module replace the kernel's chat filter, login gate or command handler, saying what to use", () => {
    const { platform, scope } = setup();
    assert.throws(() => scope.platform.setChatFilter(() => false), /module "votes" may not call platform\.setChatFilter: .*ctx\.chat\.addFilter/);
    assert.throws(() => scope.platform.setLoginGate(undefined), /ctx\.logins\.addGate/);
    assert.throws(() => scope.platform.setCommandHandler(platform.handler!), /ctx\.commands/);
    assert.ok(platform.chatFilter && platform.loginGate);
  });
});
