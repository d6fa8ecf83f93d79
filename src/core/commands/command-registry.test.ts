import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Actor } from '../kernel/actor.ts';
import { createCommandRegistry, stopCommand, tokenize } from './command-registry.ts';
import { helpCommand } from './help-command.ts';
import type { CommandDefinition } from './commands.ts';
import { memoryLogger } from '../log/log.ts';
import { fromDatabase } from '../storage/storage-errors.ts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { FakePlatform } from '../../../test/support/fake-platform.ts';

function setup(held: readonly string[] = []) {
  const platform = new FakePlatform();
  const log = memoryLogger();
  const permissions = {
    has: (actor: Actor, node: string) => actor.kind === 'console' || (actor.kind === 'player' && held.includes(node)),
  };
  const registry = createCommandRegistry({ platform, permissions, log });
  platform.setCommandHandler(registry);
  const calls: Array<{ args: string[]; rest: string; actor: Actor }> = [];
  const echo: CommandDefinition = {
    name: 'echo',
    aliases: ['say2'],
    permission: null,
    description: 'Repeats.',
    usage: 'echo <words…>',
    run(ctx, args) {
      calls.push({ args, rest: ctx.rest, actor: ctx.actor });
      ctx.reply(args.join('|'));
    },
    complete: (_ctx, args) => (args.length === 1 ? ['alpha', 'beta', 'Apple'] : []),
  };
  registry.register(echo);
  registry.register({ name: 'secret', permission: 'core.secret', description: 'Hidden.', usage: 'secret', run: (ctx) => ctx.reply('done') });
  registry.register({ name: 'fly', permission: null, playerOnly: true, description: 'Flies.', usage: 'fly', run: (ctx) => ctx.reply('flying') });
  registry.register({
    name: 'boom',
    permission: null,
    description: 'Fails.',
    usage: 'boom',
    run: async () => {
      throw new Error('kaboom');
    },
  });
  let stops = 0;
  registry.register(helpCommand(registry));
  registry.register(stopCommand(() => stops++));
  const alice = platform.join('Alice')!.uuid;
  return { platform, log, registry, calls, alice, stops: () => stops };
}

describe('tokenize', () => {
  it('splits on spaces and keeps quoted words whole', () => {
    assert.deepEqual(tokenize('pw create "My Shop" here').words, ['pw', 'create', 'My Shop', 'here']);
    assert.deepEqual(tokenize("say 'two words'  end").words, ['say', 'two words', 'end']);
  });
  it('leaves an apostrophe inside a word alone', () => {
    assert.deepEqual(tokenize("msg bob don't go").words, ['msg', 'bob', "don't", 'go']);
  });
  it('reads \\" and \\\\ inside double quotes', () => {
    assert.deepEqual(tokenize('x "a \\"b\\" \\\\c"').words, ['x', 'a "b" \\c']);
  });
  it('runs an unclosed quote to the end of the line', () => {
    assert.deepEqual(tokenize('x "open end').words, ['x', 'open end']);
  });
  it('keeps the text after the command name as typed', () => {
    assert.equal(tokenize('msg  bob   hello   "there" ').rest, 'bob   hello   "there"');
  });
  it('tells where each word starts, at its opening quote', () => {
    assert.deepEqual(tokenize('pw  "a b" c').starts, [0, 4, 10]);
  });
  it('reads an empty quoted word', () => {
    assert.deepEqual(tokenize('x "" y').words, ['x', '', 'y']);
  });
});

describe('commands.execute', () => {
  it('runs a command with its arguments, quotes allowed, as the player', async () => {
    const s = setup();
    await s.platform.run(s.alice, '/echo one "two three"');
    assert.deepEqual(s.calls[0]?.args, ['one', 'two three']);
    assert.deepEqual(s.calls[0]?.actor, { kind: 'player', uuid: s.alice, name: 'Alice' });
    assert.deepEqual(s.platform.messagesOf(s.alice), ['one|two three']);
  });

  it('finds a command by alias and whatever the case', async () => {
    const s = setup();
    await s.platform.run(s.alice, 'SAY2 x');
    assert.deepEqual(s.platform.messagesOf(s.alice), ['x']);
  });

  it('answers the console on the console, as the console actor', async () => {
    const s = setup();
    await s.platform.run('console', 'echo hi');
    assert.deepEqual(s.platform.consoleText(), ['hi']);
    assert.deepEqual(s.calls[0]?.actor, { kind: 'console' });
  });

  it('refuses a player without the node, naming it', async () => {
    const s = setup();
    await s.platform.run(s.alice, 'secret');
    assert.deepEqual(s.platform.messagesOf(s.alice), ['You do not have permission (core.secret).']);
  });

  it('lets a player holding the node run it', async () => {
    const s = setup(['core.secret']);
    await s.platform.run(s.alice, 'secret');
    assert.deepEqual(s.platform.messagesOf(s.alice), ['done']);
  });

  it('answers an unknown command with a pointer to help', async () => {
    const s = setup();
    await s.platform.run(s.alice, 'nosuch thing');
    assert.deepEqual(s.platform.messagesOf(s.alice), ['Unknown command "nosuch". Type /help for the commands you may use.']);
  });

  it('refuses a player-only command at the console', async () => {
    const s = setup();
    await s.platform.run('console', 'fly');
    assert.deepEqual(s.platform.consoleText(), ['Only a player can use "fly"; it cannot be run from the console.']);
    await s.platform.run(s.alice, 'fly');
    assert.deepEqual(s.platform.messagesOf(s.alice), ['flying']);
  });

  it('logs a thrown error with its stack and tells the sender, without crashing', async () => {
    const s = setup();
    await s.platform.run(s.alice, 'boom');
    assert.deepEqual(s.platform.messagesOf(s.alice), ['An internal error occurred.']);
    const text = s.log.lines.join('\n');
    assert.match(text, /ERROR command "boom" run by Alice failed/);
    assert.match(text, /Error: kaboom\n\s+at /);
    await s.platform.run(s.alice, 'echo still alive');
    assert.deepEqual(s.platform.messagesOf(s.alice).at(-1), 'still|alive');
  });

  it('leaves the words of a command whose arguments may be secrets out of its log lines', async () => {
    const s = setup();
    s.registry.register({
      name: 'code',
      permission: null,
      secretArgs: true,
      description: 'Proves.',
      usage: 'code <digits>',
      run: async () => {
        throw new Error('kaboom');
      },
    });
    assert.equal(s.registry.loggable('/CODE 123456'), '/CODE …');
    assert.equal(s.registry.loggable('echo 123456'), 'echo 123456');
    await s.platform.run(s.alice, 'code 123456');
    const text = s.log.lines.join('\n');
    assert.match(text, /ERROR command "code …" run by Alice failed/);
    assert.doesNotMatch(text, /123456/);
  });

  it('tells the sender when the database is locked, and logs one line naming the file, without a stack', async () => {
    const s = setup();
    const dir = mkdtempSync(join(tmpdir(), 'core-locked-'));
    const file = join(dir, 'core.db');
    const db = new DatabaseSync(file);
    const other = new DatabaseSync(file);
    try {
      other.exec('BEGIN IMMEDIATE');
      s.registry.register({
        name: 'save',
        permission: null,
        description: 'Writes.',
        usage: 'save',
        run: async () => {
          try {
            db.exec('PRAGMA busy_timeout = 0; BEGIN IMMEDIATE');
          } catch (e) {
            throw fromDatabase(e, file);
          }
        },
      });
      await s.platform.run(s.alice, 'save');
      assert.deepEqual(s.platform.messagesOf(s.alice), ["The server's database is locked by another program, so the request was not carried out; try again later."]);
      assert.deepEqual(
        s.log.lines.map((l) => l.replace(/^.* ERROR /, 'ERROR ')),
        [`ERROR command "save" run by Alice declined: the database ${file} is locked by another program (database is locked)`],
      );
    } finally {
      other.close();
      db.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('tells the sender the message of input a service refused as malformed, and logs nothing', async () => {
    const s = setup();
    class InvalidInput extends Error {
      readonly field = 'amount';
      override readonly name = 'InvalidInput';
    }
    s.registry.register({
      name: 'pay',
      permission: null,
      description: '',
      usage: 'pay',
      run: () => {
        throw new InvalidInput('The amount has more than 2 decimal places.');
      },
    });
    await s.platform.run(s.alice, 'pay');
    assert.deepEqual(s.platform.messagesOf(s.alice), ['The amount has more than 2 decimal places.']);
    assert.deepEqual(s.log.lines, []);
  });

  it('does nothing for an empty line', async () => {
    const s = setup();
    await s.platform.run(s.alice, '   ');
    assert.deepEqual(s.platform.messagesOf(s.alice), []);
  });
});

describe('checks before a command runs', () => {
  it('refuses a command with the text of the first check that refuses, before its permission check, and asks no later check', async () => {
    const s = setup();
    const asked: string[] = [];
    s.registry.addCheck((_sender, command) => void asked.push(`gate ${command}`));
    s.registry.addCheck((sender, command) => {
      asked.push(`freeze ${command}`);
      return sender.kind === 'player' ? 'You are frozen: verify yourself first.' : undefined;
    });
    s.registry.addCheck(() => {
      asked.push('never');
      return 'never';
    });
    await s.platform.run(s.alice, 'secret');
    assert.deepEqual(s.platform.messagesOf(s.alice), ['You are frozen: verify yourself first.'], 'not the permission refusal');
    assert.deepEqual(asked, ['gate secret', 'freeze secret']);
  });

  it('passes the command by its own name whatever alias was typed, with the words after it', async () => {
    const s = setup();
    const seen: Array<[string, readonly string[]]> = [];
    s.registry.addCheck((_sender, command, args) => void seen.push([command, args]));
    await s.platform.run(s.alice, 'SAY2 one "two three"');
    assert.deepEqual(seen, [['echo', ['one', 'two three']]]);
    assert.deepEqual(s.platform.messagesOf(s.alice), ['one|two three']);
  });

  it('asks for console commands too, and a check may let the console through', async () => {
    const s = setup();
    const senders: string[] = [];
    s.registry.addCheck((sender, command) => {
      senders.push(sender.kind);
      return command === 'stop' && sender.kind === 'player' ? 'Not now.' : undefined;
    });
    await s.platform.run('console', 'stop');
    assert.equal(s.stops(), 1);
    s.registry.addCheck((sender) => (sender.kind === 'console' ? { text: 'The console is locked.', color: 'gold' } : undefined));
    await s.platform.run('console', 'echo hi');
    assert.deepEqual(s.platform.consoleText(), ['Stopping the server.', 'The console is locked.']);
    assert.deepEqual(senders, ['console', 'console']);
    assert.equal(s.calls.length, 0);
  });

  it('runs the command again once the refusing check is removed', async () => {
    const s = setup();
    const remove = s.registry.addCheck(() => 'Blocked.');
    await s.platform.run(s.alice, 'echo a');
    remove();
    await s.platform.run(s.alice, 'echo b');
    assert.deepEqual(s.platform.messagesOf(s.alice), ['Blocked.', 'b']);
  });

  it('refuses the command when a check throws, logging the error', async () => {
    const s = setup();
    s.registry.addCheck(() => {
      throw new Error('rules unreadable');
    });
    await s.platform.run(s.alice, 'echo a');
    assert.equal(s.calls.length, 0);
    assert.deepEqual(s.platform.messagesOf(s.alice), ['This command could not be checked, so it was not run.']);
    assert.match(s.log.lines.join('\n'), /a check before the command "echo" failed[\s\S]*rules unreadable/);
  });

  it('is not asked about an unknown command', async () => {
    const s = setup();
    s.registry.addCheck(() => 'Blocked.');
    await s.platform.run(s.alice, 'nosuch');
    assert.deepEqual(s.platform.messagesOf(s.alice), ['Unknown command "nosuch". Type /help for the commands you may use.']);
  });
});

describe('filters of the listed commands', () => {
  it('hide a command (by its own name, aliases too) from names, completion and help, but do not stop it running', async () => {
    const s = setup();
    const asked: string[] = [];
    const remove = s.registry.addListFilter((sender, command) => {
      asked.push(command);
      return !(sender.kind === 'player' && command === 'echo');
    });
    assert.deepEqual(s.registry.names(s.platform.sender(s.alice)), ['boom', 'fly', 'help']);
    assert.ok(asked.includes('echo') && !asked.includes('say2'), 'asked with the own name, never an alias');
    assert.deepEqual(s.platform.complete(s.alice, 'echo '), []);
    assert.deepEqual(s.platform.complete('console', 's'), ['say2', 'secret', 'stop']);
    await s.platform.run(s.alice, 'help echo');
    await s.platform.run(s.alice, 'echo still');
    assert.deepEqual(s.platform.messagesOf(s.alice), ['Unknown command "echo". Type /help for the commands you may use.', 'still']);
    remove();
    assert.deepEqual(s.registry.names(s.platform.sender(s.alice)), ['boom', 'echo', 'fly', 'help', 'say2']);
  });

  it('hide nothing when a filter throws, and log it', () => {
    const s = setup();
    s.registry.addListFilter(() => {
      throw new Error('rules unreadable');
    });
    assert.deepEqual(s.registry.names(s.platform.sender(s.alice)), ['boom', 'echo', 'fly', 'help', 'say2']);
    assert.match(s.log.lines.join('\n'), /a filter of the listed commands failed on "echo"[\s\S]*rules unreadable/);
  });
});

describe('commands.register', () => {
  it('refuses a name or alias that is already taken', () => {
    const s = setup();
    assert.throws(
      () => s.registry.register({ name: 'say2', permission: null, description: '', usage: '', run: () => {} }),
      /"say2" of say2 is already registered by echo/,
    );
  });
});

describe('commands.complete', () => {
  it('completes the command names the sender may use', () => {
    const s = setup();
    assert.deepEqual(s.platform.complete(s.alice, ''), ['boom', 'echo', 'fly', 'help', 'say2']);
    assert.deepEqual(s.platform.complete(s.alice, 's'), ['say2']);
    assert.deepEqual(s.platform.complete('console', 's'), ['say2', 'secret', 'stop']);
    assert.ok(!s.platform.complete('console', '').includes('fly'));
  });

  it("hands the arguments to the command's complete and keeps what matches the last word", () => {
    const s = setup();
    assert.deepEqual(s.platform.complete(s.alice, 'echo '), ['alpha', 'beta', 'Apple']);
    assert.deepEqual(s.platform.complete(s.alice, 'echo a'), ['alpha', 'Apple']);
    assert.deepEqual(s.platform.complete(s.alice, 'echo alpha '), []);
  });

  it('completes nothing for a command the sender may not use', () => {
    const s = setup();
    s.registry.register({ name: 'hidden', permission: 'core.hidden', description: '', usage: 'hidden', run: () => {}, complete: () => ['x'] });
    assert.deepEqual(s.platform.complete(s.alice, 'hidden '), []);
    assert.deepEqual(s.platform.complete('console', 'hidden '), ['x']);
  });

  it('lists names and aliases the sender may use for the command tree', () => {
    const s = setup();
    assert.deepEqual(s.registry.names(s.platform.sender(s.alice)), ['boom', 'echo', 'fly', 'help', 'say2']);
  });
});

describe('stop', () => {
  it('calls onStop when the console runs it', async () => {
    const s = setup();
    await s.platform.run('console', 'stop');
    assert.equal(s.stops(), 1);
    assert.deepEqual(s.platform.consoleText(), ['Stopping the server.']);
  });

  it('refuses a player without core.stop', async () => {
    const s = setup();
    await s.platform.run(s.alice, 'stop');
    assert.equal(s.stops(), 0);
    assert.deepEqual(s.platform.messagesOf(s.alice), ['You do not have permission (core.stop).']);
  });
});
