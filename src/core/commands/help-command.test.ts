import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Actor } from '../kernel/actor.ts';
import { arg } from './command-args.ts';
import { createCommandRegistry } from './command-registry.ts';
import { command, sub } from './command-tree.ts';
import { HELP_PAGE_SIZE, helpCommand } from './help-command.ts';
import { memoryLogger } from '../log/log.ts';
import type { Text, TextComponent } from '../../platform/platform.ts';
import { FakePlatform, plain } from '../../../test/support/fake-platform.ts';
import { startTestKernel, type TestKernel } from '../../../test/support/test-kernel.ts';
import { ALL_MODULES } from '../../modules/index.ts';
import { CONSOLE } from '../kernel/actor.ts';

/**
 * Alice is online and holds `held`. Twenty commands anyone may use (c01 … c20), `help`, and three a
 * player without nodes may not: `eco` (its own node), `zone` (no node, but every subcommand needs
 * one) and `fly` (for players only, so not the console's).
 */
function setup(held: readonly string[] = []) {
  const platform = new FakePlatform();
  const permissions = { has: (actor: Actor, node: string) => actor.kind === 'console' || (actor.kind === 'player' && held.includes(node)) };
  const registry = createCommandRegistry({ platform, permissions, log: memoryLogger() });
  platform.setCommandHandler(registry);
  for (let i = 1; i <= 20; i++) {
    const name = `c${String(i).padStart(2, '0')}`;
    registry.register(command({ name, permission: null, description: `Does ${name}.`, run: () => {} }));
  }
  registry.register(helpCommand(registry));
  registry.register(command({ name: 'eco', aliases: ['economy'], permission: 'test.eco', description: 'Money.', args: [arg.word('player')], run: () => {} }));
  registry.register(
    command({
      name: 'zone',
      permission: null,
      description: 'Zones.',
      subcommands: [
        sub({ name: 'define', permission: 'test.zone.define', args: [arg.word('id')], run: () => {} }),
        sub({ name: 'info', permission: 'test.zone.info', run: () => {} }),
      ],
    }),
  );
  registry.register(command({ name: 'fly', permission: null, playerOnly: true, description: 'Flies.', run: () => {} }));
  const alice = platform.join('Alice')!.uuid;
  /** What Alice reads when she runs the line: the components as sent. */
  const read = async (line: string): Promise<Text[]> => {
    platform.clearMessages();
    await platform.run(alice, line);
    return [...(platform.messages.get(alice) ?? [])];
  };
  return { platform, registry, alice, read };
}

const component = (t: Text | undefined): TextComponent => {
  assert.ok(t !== undefined && typeof t !== 'string', `a component: ${JSON.stringify(t)}`);
  return t;
};
/** Every component of a message, its children's included. */
const flat = (t: Text): TextComponent[] => (typeof t === 'string' ? [] : [t, ...(t.extra ?? []).flatMap(flat)]);

describe('help for a player: pages', () => {
  it('shows nine commands a page, sorted, under a header naming the page and the count', async () => {
    const s = setup();
    const page = (await s.read('help')).map(plain);
    // c01 … c20, fly and help: 22 commands, 3 pages.
    assert.equal(page[0], 'Help: page 1 of 3 (22 commands you may use)');
    assert.deepEqual(
      page.slice(1, 1 + HELP_PAGE_SIZE),
      ['c01', 'c02', 'c03', 'c04', 'c05', 'c06', 'c07', 'c08', 'c09'].map((n) => `/${n} - Does ${n}.`),
    );
    assert.equal(page.at(-1), '« Previous | Next » Type /help 2 to read the next page.');
    assert.equal(page.length, HELP_PAGE_SIZE + 2);
    const last = (await s.read('help 3')).map(plain);
    assert.deepEqual(last, ['Help: page 3 of 3 (22 commands you may use)', '/c19 - Does c19.', '/c20 - Does c20.', '/fly - Flies.', '/help [page|command] - Lists the commands you may use, a page at a time, or explains one.', '« Previous | Next » This is the last page.']);
  });

  it('makes each line suggest its command, and shows its forms and node on hover', async () => {
    const s = setup(['test.eco']);
    // c19, c20, eco, fly, help.
    const page = await s.read('help 3');
    const eco = component(page.find((t) => plain(t).startsWith('/eco')));
    assert.equal(plain(eco), '/eco <player> - Money.');
    assert.deepEqual(eco.clickEvent, { action: 'suggest_command', value: '/eco ' });
    assert.equal(eco.hoverEvent?.action, 'show_text');
    assert.equal(plain(eco.hoverEvent!.contents), '/eco <player>\nPermission: test.eco\nClick to type /eco in the chat.');
  });

  it('makes Previous and Next run /help with the page next to this one, and greys out the one there is none of', async () => {
    const s = setup();
    const buttons = async (line: string) => {
      const footer = (await s.read(line)).at(-1)!;
      const of = (label: string) => flat(footer).find((c) => c.text === label)!;
      return { previous: of('« Previous'), next: of('Next »') };
    };
    const first = await buttons('help');
    assert.equal(first.previous.clickEvent, undefined);
    assert.equal(first.previous.color, 'dark_gray');
    assert.deepEqual(first.next.clickEvent, { action: 'run_command', value: '/help 2' });
    const middle = await buttons('/help 2');
    assert.deepEqual(middle.previous.clickEvent, { action: 'run_command', value: '/help 1' });
    assert.deepEqual(middle.next.clickEvent, { action: 'run_command', value: '/help 3' });
    const last = await buttons('help 3');
    assert.deepEqual(last.previous.clickEvent, { action: 'run_command', value: '/help 2' });
    assert.equal(last.next.clickEvent, undefined);
  });

  it('refuses a page beyond the last, naming the last, and a page before the first', async () => {
    const s = setup();
    assert.deepEqual((await s.read('help 4')).map(plain), ['There is no page 4. The help has 3 pages: type /help 3 for the last.']);
    assert.deepEqual((await s.read('help 99999999999999999999')).map(plain), ['There is no page 99999999999999999999. The help has 3 pages: type /help 3 for the last.']);
    assert.deepEqual((await s.read('help 0')).map(plain), ['There is no page 0: pages start at 1. Type /help for the first.']);
    assert.deepEqual((await s.read('help -2')).map(plain), ['There is no page -2: pages start at 1. Type /help for the first.']);
    assert.equal(component((await s.read('help 4'))[0]).color, 'red');
  });

  it('shows one page without a footer when the commands fit on it', async () => {
    const s = setup();
    for (let i = 1; i <= 20; i++) s.registry.addListFilter((_sender, name) => name !== `c${String(i).padStart(2, '0')}`);
    assert.deepEqual((await s.read('help')).map(plain), ['Help: page 1 of 1 (2 commands you may use)', '/fly - Flies.', '/help [page|command] - Lists the commands you may use, a page at a time, or explains one.']);
    assert.deepEqual((await s.read('help 2')).map(plain), ['There is no page 2. The help has one page: type /help to read it.']);
  });

  it('refuses a second word, with the usage', async () => {
    const s = setup();
    assert.deepEqual((await s.read('help c01 c02')).map(plain), ['Usage: /help [page|command]']);
  });
});

describe('help for a player: what is listed', () => {
  it('leaves out a command whose node they lack, and one of which they may use no form', async () => {
    const s = setup();
    const all = [...(await s.read('help')), ...(await s.read('help 2')), ...(await s.read('help 3'))].map(plain);
    assert.ok(!all.some((l) => /^\/(eco|zone)\b/.test(l)), all.join('\n'));
    assert.ok(!s.registry.names(s.platform.sender(s.alice)).includes('zone'), 'nor is it offered as a name');
    assert.deepEqual(s.platform.complete(s.alice, 'z'), []);
  });

  it('lists them, with only the forms they may use, once they hold a node', async () => {
    const s = setup(['test.eco', 'test.zone.info']);
    const all = [...(await s.read('help')), ...(await s.read('help 2')), ...(await s.read('help 3'))].map(plain);
    assert.ok(all.includes('/eco <player> - Money.'), all.join('\n'));
    assert.ok(all.includes('/zone info - Zones.'), all.join('\n'));
    assert.equal(all[0], 'Help: page 1 of 3 (24 commands you may use)');
  });

  it('still tells one who runs such a command which node they lack', async () => {
    const s = setup();
    assert.deepEqual((await s.read('zone')).map(plain), ['You do not have permission (test.zone.define, test.zone.info).']);
    assert.deepEqual((await s.read('zone define x')).map(plain), ['You do not have permission (test.zone.define).']);
  });
});

describe('help <command>', () => {
  it('explains a command by name, alias or with its slash: the forms they may use, what it does, aliases and node', async () => {
    const s = setup(['test.eco']);
    const expected = ['Usage: /eco <player>', 'Money.', 'Aliases: /economy', 'Permission: test.eco'];
    assert.deepEqual((await s.read('help eco')).map(plain), expected);
    assert.deepEqual((await s.read('help /economy')).map(plain), expected);
    assert.deepEqual(component((await s.read('help ECO'))[0]).clickEvent, { action: 'suggest_command', value: '/eco ' });
  });

  it('lists only the forms they may use', async () => {
    const s = setup(['test.zone.info', 'test.zone.define']);
    assert.deepEqual((await s.read('help zone')).map(plain), ['Usage: /zone define <id>', '       /zone info', 'Zones.']);
  });

  it('answers a command they may not use as an unknown one, with /help to type (and click)', async () => {
    const s = setup();
    for (const word of ['eco', 'zone', 'nosuch']) {
      const told = await s.read(`help ${word}`);
      assert.deepEqual(told.map(plain), [`Unknown command "${word}". Type /help for the commands you may use.`]);
      assert.ok(flat(told[0]!).some((c) => c.text === '/help' && c.clickEvent?.value === '/help'));
    }
    assert.deepEqual((await s.read('/nosuch')).map(plain), ['Unknown command "nosuch". Type /help for the commands you may use.']);
  });
});

describe('help at the console', () => {
  it('lists every command it may use at once, without slashes, and says "help" without one', async () => {
    const s = setup();
    await s.platform.run('console', 'help');
    const lines = s.platform.consoleText();
    // 20, help, eco and zone (both forms); fly is for players.
    assert.equal(lines[0], 'Commands you may use (23):');
    assert.equal(lines.length, 24);
    assert.ok(lines.includes('zone define <id> | zone info - Zones.'));
    assert.ok(!lines.some((l) => l.startsWith('fly')));
    s.platform.clearMessages();
    await s.platform.run('console', 'help 2');
    assert.equal(s.platform.consoleText().length, 24, 'the whole list, whatever the page');
    s.platform.clearMessages();
    await s.platform.run('console', 'help nosuch');
    await s.platform.run('console', 'nosuch');
    assert.deepEqual(s.platform.consoleText(), ['Unknown command "nosuch". Type "help" for the commands you may use.', 'Unknown command "nosuch". Type "help" for the commands you may use.']);
  });

  it('explains a command without the slash, and says a player-only one is for players', async () => {
    const s = setup();
    await s.platform.run('console', 'help economy');
    await s.platform.run('console', 'help fly');
    assert.deepEqual(s.platform.consoleText(), ['Usage: eco <player>', 'Money.', 'Aliases: economy', 'Permission: test.eco', '"fly" is a command for players in the game; the console cannot use it.']);
  });
});

describe('help: completion', () => {
  it('offers the page numbers and the names of the commands the player may use', () => {
    const s = setup();
    const offered = s.platform.complete(s.alice, 'help ');
    assert.deepEqual(offered.slice(0, 3), ['1', '2', '3']);
    assert.ok(offered.includes('c01') && offered.includes('fly') && !offered.includes('4'));
    assert.ok(!offered.includes('eco') && !offered.includes('zone'));
    assert.deepEqual(s.platform.complete(s.alice, 'help f'), ['fly']);
    const holder = setup(['test.eco']);
    assert.deepEqual(holder.platform.complete(holder.alice, 'help ec'), ['eco', 'economy']);
  });

  it('offers the console names only: it has no pages', () => {
    const s = setup();
    const offered = s.platform.complete('console', 'help ');
    assert.ok(offered.includes('eco') && !offered.includes('1') && !offered.includes('fly'));
  });
});

describe('help on the kernel with every module', () => {
  let t: TestKernel;
  before(async () => {
    t = await startTestKernel({ modules: ALL_MODULES });
  });
  after(() => t.close());

  /** Every line of every page the player reads. */
  async function everyPage(uuid: string): Promise<string[]> {
    t.platform.clearMessages();
    await t.platform.run(uuid, 'help');
    const pages = Number(/ of (\d+) /.exec(t.platform.messagesOf(uuid)[0]!)![1]);
    for (let n = 2; n <= pages; n++) await t.platform.run(uuid, `help ${n}`);
    return t.platform.messagesOf(uuid);
  }

  it('lists to a player without nodes none of the admin commands, nor the forms they may not use', async () => {
    const ann = await t.join('Ann');
    const lines = await everyPage(ann.uuid);
    const listed = lines.flatMap((l) => /^\/(\S+)/.exec(l)?.[1] ?? []);
    for (const admin of ['eco', 'gmc', 'gamemode', 'invrollback', 'tps', 'perm', 'stop', 'ban']) assert.ok(!listed.includes(admin), `/${admin} listed:\n${lines.join('\n')}`);
    for (const theirs of ['help', 'home', 'npc', 'region', 'spawn', 'tpa'].filter((n) => t.kernel.commands.list().some((c) => c.name === n))) {
      assert.ok(listed.includes(theirs), `/${theirs} not listed:\n${lines.join('\n')}`);
    }
    const region = lines.find((l) => l.startsWith('/region'))!;
    assert.ok(!/define|delete|pos1/.test(region.split(' - ')[0]!), region);
    assert.ok(!lines.some((l) => /^\/npc .*\bcreate\b/.test(l)), 'no /npc create without core.npc.create');
    t.platform.clearMessages();
    await t.platform.run(ann.uuid, 'help eco');
    assert.deepEqual(t.platform.messagesOf(ann.uuid), ['Unknown command "eco". Type /help for the commands you may use.']);
  });

  it('lists /eco and /gmc to a player once they hold the nodes', async () => {
    const ben = await t.join('Ben');
    for (const node of ['core.economy.admin', 'core.playerstate.gamemode']) assert.ok((await t.kernel.api.permissions.grant(ben.uuid, node, CONSOLE)).ok);
    const listed = (await everyPage(ben.uuid)).flatMap((l) => /^\/(\S+)/.exec(l)?.[1] ?? []);
    for (const now of ['eco', 'gmc', 'gamemode']) assert.ok(listed.includes(now), `/${now} not listed: ${listed.join(' ')}`);
  });
});
