import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Actor } from '../kernel/actor.ts';
import type { KnownPlayer } from '../kernel/api.ts';
import { argsFor, arg as pureArg } from './command-args.ts';
import { createCommandRegistry } from './command-registry.ts';
import { helpCommand } from './help-command.ts';
import { command, permissionNodes, sub, usageLines, type DeclaredCommand } from './command-tree.ts';
import { memoryLogger } from '../log/log.ts';
import { FakePlatform } from '../../../test/support/fake-platform.ts';

function known(name: string): KnownPlayer {
  return { uuid: `uuid-of-${name.toLowerCase()}`, name, firstSeen: '2024-01-01T00:00:00.000Z', lastSeen: '2024-01-02T00:00:00.000Z', online: false };
}

/** Alice is online; Carol joined once and left. Alice holds `held`. */
function setup(held: readonly string[] = []) {
  const platform = new FakePlatform({ worlds: ['world', 'world_nether'] });
  const permissions = { has: (actor: Actor, node: string) => actor.kind === 'console' || (actor.kind === 'player' && held.includes(node)) };
  const registry = createCommandRegistry({ platform, permissions, log: memoryLogger() });
  platform.setCommandHandler(registry);
  const players = {
    find: async (word: string) => {
      const online = platform.playerByName(word);
      if (online) return { ...known(online.name), uuid: online.uuid, online: true };
      return word.toLowerCase() === 'carol' ? known('Carol') : undefined;
    },
  };
  const arg = argsFor({ platform, players });
  const ran: Array<Record<string, unknown>> = [];
  const record = (values: object) => void ran.push({ ...values });
  registry.register(helpCommand(registry));

  const pay = command({
    name: 'pay',
    permission: null,
    description: 'Pays.',
    args: [arg.knownPlayer('player'), arg.amount('amount'), arg.word('currency', () => ['coins', 'gems']).optional()],
    run(c, { player, amount, currency }) {
      // The values arrive typed: a known player, a number, a word or undefined.
      const name: string = player.name;
      const n: number = amount;
      const cur: string | undefined = currency;
      // @ts-expect-error an amount is a number, not any
      const notText: string = amount;
      void notText;
      record({ name, n, cur });
      c.reply('paid');
    },
  });
  const eco = command({
    name: 'eco',
    permission: null,
    description: 'Admin money.',
    subcommands: [
      sub({ name: 'give', permission: 'test.eco.give', args: [arg.player('player'), arg.amount('amount')], run: (_c, v) => record({ give: v.player.name, amount: v.amount }) }),
      sub({ name: 'take', permission: 'test.eco.take', args: [arg.player('player'), arg.amount('amount')], run: (_c, v) => record({ take: v.player.name }) }),
      sub({ name: 'set', permission: 'test.eco.set', args: [arg.player('player'), arg.amount('amount', { zero: true })], run: (_c, v) => record({ set: v.amount }) }),
      sub({ name: 'reset', permission: 'test.eco.set', playerOnly: true, run: () => record({ reset: true }) }),
    ],
  });
  const kit = command({
    name: 'kit',
    permission: null,
    description: 'Kits.',
    args: [arg.word('id', () => ['starter', 'gem']).optional()],
    run: (_c, { id }) => record({ claim: id ?? null }),
    subcommands: [sub({ name: 'give', permission: 'test.kit.give', args: [arg.knownPlayer('player'), arg.word('id')], run: (_c, v) => record({ give: v.id, to: v.player.name }) })],
  });
  const pv = command({
    name: 'pv',
    permission: null,
    description: 'Vaults.',
    args: [arg.slot('number').optional()],
    run: (_c, { number }) => record({ open: number ?? null }),
    then: (s) => [
      s({ name: 'name', args: [arg.text('text').orWords(['clear'])], run: (_c, v) => record({ vault: v.number, name: v.text }) }),
      s({ name: 'icon', args: [arg.material('material').orWords(['clear'])], run: (_c, v) => record({ vault: v.number, icon: v.material }) }),
    ],
  });
  const misc = command({
    name: 'misc',
    permission: null,
    description: 'Every other type.',
    subcommands: [
      sub({ name: 'rate', args: [arg.word('warp'), arg.integer('rating', { min: 1, max: 5 })], run: (_c, v) => record({ rating: v.rating }) }),
      sub({ name: 'go', args: [arg.world('world')], run: (_c, v) => record({ world: v.world }) }),
      sub({ name: 'mode', args: [arg.choice('mode', ['survival', 'creative'])], run: (_c, v) => record({ mode: v.mode }) }),
      sub({ name: 'say', args: [arg.text('message')], run: (_c, v) => record({ said: v.message }) }),
    ],
  });
  for (const c of [pay, eco, kit, pv, misc]) registry.register(c);
  const alice = platform.join('Alice')!.uuid;
  const said = () => platform.messagesOf(alice);
  return { platform, registry, ran, alice, said, pay, eco };
}

describe('declared commands: parsing', () => {
  it('hands the typed values to run, an optional one left out as undefined', async () => {
    const s = setup();
    await s.platform.run(s.alice, 'pay carol 2.50');
    await s.platform.run(s.alice, 'pay Alice 3 gems');
    assert.deepEqual(s.ran, [
      { name: 'Carol', n: 2.5, cur: undefined },
      { name: 'Alice', n: 3, cur: 'gems' },
    ]);
  });

  it('names a player who is not online, or who never joined', async () => {
    const s = setup(['test.eco.give']);
    await s.platform.run(s.alice, 'eco give Bob 5');
    await s.platform.run(s.alice, 'eco give Carol 5');
    await s.platform.run(s.alice, 'pay Dave 5');
    assert.deepEqual(s.said(), ['No player named Bob is online.', 'No player named Carol is online.', 'No player named Dave has ever joined this server.']);
    assert.deepEqual(s.ran, []);
  });

  it('says what is wrong with an amount', async () => {
    const s = setup(['test.eco.set']);
    for (const a of ['abc', '0', '-5', '1e5', '2.']) await s.platform.run(s.alice, `pay Alice ${a}`);
    await s.platform.run(s.alice, 'eco set Alice 0');
    assert.deepEqual(s.said(), [
      '"abc" is not an amount: write a number such as 5 or 2.50.',
      '"0" is not an amount: it must be more than 0.',
      '"-5" is not an amount: it cannot be negative.',
      '"1e5" is not an amount: write a number such as 5 or 2.50.',
      '"2." is not an amount: write a number such as 5 or 2.50.',
    ]);
    assert.deepEqual(s.ran, [{ set: 0 }]);
  });

  it('says what is wrong with a whole number, a slot, a material, a world and a choice', async () => {
    const s = setup();
    await s.platform.run(s.alice, 'misc rate spawn 9');
    await s.platform.run(s.alice, 'misc rate spawn 2.5');
    await s.platform.run(s.alice, 'pv 0');
    await s.platform.run(s.alice, 'pv 1 icon banana');
    await s.platform.run(s.alice, 'misc go moon');
    await s.platform.run(s.alice, 'misc mode hardcore');
    assert.deepEqual(s.said(), [
      '"9" is not a valid rating: it must be a whole number from 1 to 5.',
      '"2.5" is not a valid rating: it must be a whole number from 1 to 5.',
      '"0" is not a valid number: it must be a whole number of 1 or more.',
      '"banana" is not a game material name (e.g. stone, oak_planks, diamond).',
      'There is no world named "moon". Worlds: world, world_nether.',
      '"hardcore" is not one of survival, creative.',
    ]);
    assert.deepEqual(s.ran, []);
  });

  it('reads materials, worlds and choices in any case, as the game names them', async () => {
    const s = setup();
    await s.platform.run(s.alice, 'pv 2 icon minecraft:Oak_Door');
    await s.platform.run(s.alice, 'misc go WORLD_nether');
    await s.platform.run(s.alice, 'misc mode Creative');
    await s.platform.run(s.alice, 'pv 2 icon CLEAR');
    assert.deepEqual(s.ran, [{ vault: 2, icon: 'oak_door' }, { world: 'world_nether' }, { mode: 'creative' }, { vault: 2, icon: 'clear' }]);
  });

  it('keeps a text argument as typed, spaces and quotes included', async () => {
    const s = setup();
    await s.platform.run(s.alice, 'misc say  hello   "big" world ');
    await s.platform.run(s.alice, 'pv 3 name Farm  stuff');
    assert.deepEqual(s.ran, [{ said: 'hello   "big" world' }, { vault: 3, name: 'Farm  stuff' }]);
  });

  it('answers the usage for a missing argument or a word too many, with the slash only for a player', async () => {
    const s = setup();
    await s.platform.run(s.alice, 'pay Alice');
    await s.platform.run(s.alice, 'pay Alice 5 coins extra');
    await s.platform.run('console', 'pay Alice');
    assert.deepEqual(s.said(), ['Usage: /pay <player> <amount> [currency]', 'Usage: /pay <player> <amount> [currency]']);
    assert.deepEqual(s.platform.consoleText(), ['Usage: pay <player> <amount> [currency]']);
    assert.deepEqual(s.ran, []);
  });

  it('runs the parent when the first word is no subcommand, and the subcommand when it is', async () => {
    const s = setup(['test.kit.give']);
    await s.platform.run(s.alice, 'kit');
    await s.platform.run(s.alice, 'kit starter');
    await s.platform.run(s.alice, 'KIT GIVE carol gem');
    assert.deepEqual(s.ran, [{ claim: null }, { claim: 'starter' }, { give: 'gem', to: 'Carol' }]);
  });

  it('hands a subcommand after arguments the values of its parent', async () => {
    const s = setup();
    await s.platform.run(s.alice, 'pv');
    await s.platform.run(s.alice, 'pv 4');
    await s.platform.run(s.alice, 'pv 4 name clear');
    assert.deepEqual(s.ran, [{ open: null }, { open: 4 }, { vault: 4, name: 'clear' }]);
    await s.platform.run(s.alice, 'pv 4 colour red');
    assert.deepEqual(s.said(), ['Usage: /pv [number], /pv <number> name <text|clear>, /pv <number> icon <material|clear>']);
  });
});

describe('declared commands: permissions', () => {
  it('refuses a subcommand whose node the sender lacks, naming the node', async () => {
    const s = setup(['test.eco.give']);
    await s.platform.run(s.alice, 'eco take Alice 5');
    assert.deepEqual(s.said(), ['You do not have permission (test.eco.take).']);
    await s.platform.run(s.alice, 'eco give Alice 5');
    assert.deepEqual(s.ran, [{ give: 'Alice', amount: 5 }]);
  });

  it('refuses a player-only subcommand at the console', async () => {
    const s = setup();
    await s.platform.run('console', 'eco reset');
    assert.deepEqual(s.platform.consoleText(), ['Only a player can use "eco reset"; it cannot be run from the console.']);
  });

  it('answers a word that is no subcommand with the usage lines the sender may use', async () => {
    const s = setup(['test.eco.give', 'test.eco.take']);
    await s.platform.run(s.alice, 'eco steal Alice 5');
    assert.deepEqual(s.said(), ['Usage: /eco give|take <player> <amount>']);
    await s.platform.run('console', 'eco');
    assert.deepEqual(s.platform.consoleText(), ['Usage: eco give|take|set <player> <amount>']);
  });
});

describe('declared commands: completion', () => {
  it('offers online players, then the completions of the next argument', () => {
    const s = setup();
    s.platform.join('Bob');
    assert.deepEqual(s.platform.complete(s.alice, 'pay '), ['Alice', 'Bob']);
    assert.deepEqual(s.platform.complete(s.alice, 'pay b'), ['Bob']);
    assert.deepEqual(s.platform.complete(s.alice, 'pay Bob 5 '), ['coins', 'gems']);
    assert.deepEqual(s.platform.complete(s.alice, 'pay Bob 5 coins '), []);
  });

  it('offers a player only to senders who can see them (a vanished player is not offered), and everyone to the console', () => {
    const s = setup();
    const bob = s.platform.join('Bob')!;
    s.platform.join('Cid');
    s.platform.hidePlayer(s.alice, bob.uuid);
    assert.deepEqual(s.platform.complete(s.alice, 'pay '), ['Alice', 'Cid']);
    assert.deepEqual(s.platform.complete(s.alice, 'eco give b'), []);
    assert.deepEqual(s.platform.complete(bob.uuid, 'pay '), ['Alice', 'Bob', 'Cid']);
    assert.deepEqual(s.platform.complete('console', 'eco give '), ['Alice', 'Bob', 'Cid']);
    s.platform.showPlayer(s.alice, bob.uuid);
    assert.deepEqual(s.platform.complete(s.alice, 'pay b'), ['Bob']);
  });

  it('answers an online player the sender cannot see as not online; the console and those who see them name them', async () => {
    const s = setup(['test.eco.give']);
    const bob = s.platform.join('Bob')!;
    s.platform.hidePlayer(s.alice, bob.uuid);
    await s.platform.run(s.alice, 'eco give Bob 5');
    assert.deepEqual(s.said(), ['No player named Bob is online.']);
    await s.platform.run('console', 'eco give Bob 5');
    s.platform.showPlayer(s.alice, bob.uuid);
    await s.platform.run(s.alice, 'eco give Bob 6');
    assert.deepEqual(s.ran, [
      { give: 'Bob', amount: 5 },
      { give: 'Bob', amount: 6 },
    ]);
  });

  it('offers only the subcommands the sender may use (player-only ones not at the console), after the parent’s own argument', () => {
    const s = setup(['test.eco.give']);
    assert.deepEqual(s.platform.complete(s.alice, 'eco '), ['give']);
    assert.deepEqual(s.platform.complete('console', 'eco '), ['give', 'take', 'set']);
    assert.deepEqual(s.platform.complete(s.alice, 'eco take '), []);
    assert.deepEqual(s.platform.complete(s.alice, 'kit '), ['starter', 'gem']);
    assert.deepEqual(s.platform.complete('console', 'kit g'), ['gem', 'give']);
    assert.deepEqual(s.platform.complete('console', 'kit give Alice '), []);
  });

  it('offers materials, worlds, choices, a range, and the subcommands that follow arguments', () => {
    const s = setup();
    assert.deepEqual(s.platform.complete(s.alice, 'pv 2 icon oak_sa'), ['oak_sapling']);
    assert.ok(s.platform.complete(s.alice, 'pv 2 icon ').includes('clear'));
    assert.deepEqual(s.platform.complete(s.alice, 'pv 2 '), ['name', 'icon']);
    assert.deepEqual(s.platform.complete(s.alice, 'misc go w'), ['world', 'world_nether']);
    assert.deepEqual(s.platform.complete(s.alice, 'misc mode '), ['survival', 'creative']);
    assert.deepEqual(s.platform.complete(s.alice, 'misc rate spawn '), ['1', '2', '3', '4', '5']);
  });
});

describe('declared commands: usage', () => {
  it('makes the usage line from the declaration, sharing a line between subcommands alike', () => {
    const s = setup();
    assert.equal(s.pay.usage, 'pay <player> <amount> [currency]');
    assert.equal(s.eco.usage, 'eco give|take|set <player> <amount> | eco reset');
    assert.equal(s.registry.get('kit')!.usage, 'kit [id] | kit give <player> <id>');
    assert.equal(s.registry.get('misc')!.usage, 'misc rate|go|mode|say …');
  });

  it('lists in help only the forms the sender may use', async () => {
    const s = setup(['test.eco.set']);
    await s.platform.run(s.alice, 'help eco');
    assert.deepEqual(s.said().slice(0, 3), ['Usage: /eco set <player> <amount>', '       /eco reset', 'Admin money.']);
    const c = { sender: s.platform.sender(s.alice), actor: { kind: 'console' }, rest: '', reply: () => {}, has: (n: string) => n === 'test.eco.set' } satisfies Parameters<typeof usageLines>[1];
    assert.deepEqual(usageLines(s.eco as DeclaredCommand, c), ['/eco set <player> <amount>', '/eco reset']);
  });
});

describe('declared commands: what a sender may use', () => {
  it('makes the summary line of the forms the sender may use, and none when they may use none', () => {
    const s = setup(['test.eco.set']);
    const c = (held: readonly string[]) => ({ sender: s.platform.sender(s.alice), actor: { kind: 'console' }, rest: '', reply: () => {}, has: (n: string) => held.includes(n) }) satisfies Parameters<typeof usageLines>[1];
    assert.deepEqual(s.eco.summaryFor!(c(['test.eco.set'])), ['eco set <player> <amount>', 'eco reset']);
    assert.deepEqual(s.eco.summaryFor!(c([])), []);
    assert.deepEqual(s.eco.usageFor!(c([])), []);
    assert.ok(s.registry.mayUse(s.platform.sender(s.alice), s.eco));
    const none = setup();
    assert.ok(!none.registry.mayUse(none.platform.sender(none.alice), none.eco));
    assert.ok(!none.registry.names(none.platform.sender(none.alice)).includes('eco'));
  });

  it('tells a sender who may use no form of it the nodes they lack, not an empty usage', async () => {
    const s = setup();
    await s.platform.run(s.alice, 'eco');
    assert.deepEqual(s.said(), ['You do not have permission (test.eco.give, test.eco.take, test.eco.set).']);
  });
});

describe('declared commands: declaration mistakes', () => {
  it('refuses a required argument after an optional one, a text argument not last, and a name used twice', () => {
    const a = pureArg;
    assert.throws(() => command({ name: 'x', permission: null, description: '', args: [a.word('a').optional(), a.word('b')], run: () => {} }), /required argument after the optional "a"/);
    assert.throws(() => command({ name: 'x', permission: null, description: '', args: [a.text('a'), a.word('b')], run: () => {} }), /text argument "a" must come last/);
    assert.throws(
      () => command({ name: 'x', permission: null, description: '', args: [a.word('a')], then: (s) => [s({ name: 'y', args: [a.word('a')], run: () => {} })] }),
      /argument "a" of "y" is declared twice/,
    );
    assert.throws(() => command({ name: 'x', permission: null, description: '', subcommands: [sub({ name: 'y', run: () => {} }), sub({ name: 'y', run: () => {} })] }), /"y" of "x" is declared twice/);
  });
});

describe('declared commands: reading one’s own argument kinds', () => {
  it('shows an argument under another label and completes it from the words typed before it', async () => {
    const s = setup();
    const seen: string[][] = [];
    s.registry.register(
      command({
        name: 'grant',
        permission: null,
        description: '',
        args: [pureArg.word('who'), pureArg.word('node').shownAs('node|group').completedBy((_c, _typed, before) => (seen.push([...before]), ['a.b']))],
        run: () => {},
      }),
    );
    assert.equal(s.registry.get('grant')!.usage, 'grant <who> <node|group>');
    assert.deepEqual(s.platform.complete(s.alice, 'grant Bob '), ['a.b']);
    assert.deepEqual(seen, [['Bob']]);
  });

  it('gathers every node the commands check, their subcommands’ included', () => {
    const s = setup();
    assert.deepEqual(permissionNodes(s.registry.list()), ['test.eco.give', 'test.eco.set', 'test.eco.take', 'test.kit.give']);
  });
});
