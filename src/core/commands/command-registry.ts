// The command framework: the one CommandHandler the platform hands every command line to, and the
// registry modules add their commands to. It parses the line, refuses what the sender may not run
// (with a sentence naming the missing node), runs the command, and turns a thrown error into a
// logged stack and a short reply, so a bug in one command never takes the server down.

import type { Actor } from '../kernel/actor.ts';
import type { PermissionsService } from '../kernel/api.ts';
import { createChain } from '../kernel/chains.ts';
import type { CommandCheck, CommandChecks, CommandListFilter, CommandContext, CommandDefinition, CommandRegistry } from './commands.ts';
import type { Logger } from '../log/log.ts';
import { storageFault, storageFaultLog } from '../storage/storage-errors.ts';
import type { CommandHandler, CommandSender, GamePlatform, Text } from '../../platform/platform.ts';
import { isSaid, type Said } from '../messages/catalogue.ts';
import type { Messages } from '../messages/messages.ts';

export interface Tokens {
  /** The words of the line; a quoted word may hold spaces. */
  words: string[];
  /** Where each word starts in the line (at its opening quote, if quoted). */
  starts: number[];
  /** The text after the first word as typed (quotes kept), for commands that take free text. */
  rest: string;
  /** Whether the line ends outside a word (the word being completed is then ''). */
  endsWithSpace: boolean;
}

/**
 * Splits a command line into words. A word that starts with `"` or `'` runs to the matching quote
 * followed by a space or the end of the line (so `don't` stays one plain word); inside double
 * quotes, `\"` and `\\` stand for `"` and `\`. An unclosed quote runs to the end of the line.
 */
export function tokenize(line: string): Tokens {
  const words: string[] = [];
  const starts: number[] = [];
  let rest = '';
  let i = 0;
  const n = line.length;
  const isSpace = (c: string | undefined): boolean => c === ' ' || c === '\t';
  while (i < n) {
    while (i < n && isSpace(line[i])) i++;
    if (i >= n) break;
    if (words.length === 1) rest = line.slice(i).replace(/\s+$/, '');
    starts.push(i);
    const q = line[i];
    let word = '';
    if (q === '"' || q === "'") {
      i++;
      let closed = false;
      while (i < n) {
        const c = line[i]!;
        if (q === '"' && c === '\\' && (line[i + 1] === '"' || line[i + 1] === '\\')) {
          word += line[i + 1];
          i += 2;
          continue;
        }
        if (c === q && (i + 1 >= n || isSpace(line[i + 1]))) {
          i++;
          closed = true;
          break;
        }
        word += c;
        i++;
      }
      if (!closed) {
        words.push(word);
        return { words, starts, rest, endsWithSpace: false };
      }
    } else {
      while (i < n && !isSpace(line[i])) word += line[i++];
    }
    words.push(word);
  }
  return { words, starts, rest, endsWithSpace: n > 0 && isSpace(line[n - 1]) };
}

export function actorOf(sender: CommandSender): Actor {
  return sender.kind === 'console' ? { kind: 'console' } : { kind: 'player', uuid: sender.player.uuid, name: sender.player.name };
}

const refusal = (text: string): Text => ({ text, color: 'red' });

/**
 * The answer to a word that names no command the sender may use. A player types `/help` (and may
 * click it); the console types its commands without the slash.
 */
export function unknownCommand(sender: CommandSender, word: string): Text {
  if (sender.kind === 'console') return refusal(`Unknown command "${word}". Type "help" for the commands you may use.`);
  return {
    text: `Unknown command "${word}". Type `,
    color: 'red',
    extra: [
      { text: '/help', color: 'yellow', clickEvent: { action: 'run_command', value: '/help' }, hoverEvent: { action: 'show_text', contents: 'Click to list the commands you may use' } },
      ' for the commands you may use.',
    ],
  };
}

function isInvalidInput(e: unknown): e is Error & { field: string } {
  return e instanceof Error && e.name === 'InvalidInput' && typeof (e as { field?: unknown }).field === 'string';
}

export interface CommandFramework extends CommandRegistry, CommandChecks, Required<CommandHandler> {
  /** A registered command by name or alias (case-insensitive). */
  get(name: string): CommandDefinition | undefined;
  /**
   * Whether the command is the sender's to list and complete: its permission, player-only commands
   * for players, at least one form of a declared command they may use, and no list filter hiding it.
   */
  mayUse(sender: CommandSender, command: CommandDefinition): boolean;
}

export function createCommandRegistry(options: {
  platform: GamePlatform;
  permissions: Pick<PermissionsService, 'has'>;
  log: Logger;
  /** Writes a catalogue's message for a reader (a player's uuid, or the console): the kernel's messages. */
  messages?: Pick<Messages, 'render'>;
}): CommandFramework {
  const { platform, permissions, log } = options;
  const textOf = (message: Text | Said, reader: string | undefined): Text => {
    if (!isSaid(message)) return message;
    if (!options.messages) throw new Error(`the message "${message.key}" was replied by a command registry made without messages`);
    return options.messages.render(message, reader);
  };
  const logFault = storageFaultLog(log);
  const commands: CommandDefinition[] = [];
  const byName = new Map<string, CommandDefinition>();
  const checks = createChain<CommandCheck>();
  const listFilters = createChain<CommandListFilter>();

  /** Whether a list filter hides the command; a filter that throws hides nothing (and is logged). */
  function hidden(sender: CommandSender, command: CommandDefinition): boolean {
    const name = command.name.toLowerCase();
    return listFilters.links().some((filter) => {
      try {
        return !filter(sender, name);
      } catch (e) {
        log.error(`a filter of the listed commands failed on "${name}"`, e);
        return false;
      }
    });
  }

  /** The refusal of the first check that refuses; a check that throws refuses (and is logged). */
  function checked(sender: CommandSender, command: CommandDefinition, args: readonly string[]): Text | undefined {
    const name = command.name.toLowerCase();
    for (const check of checks.links()) {
      try {
        const refused = check(sender, name, args);
        if (refused !== undefined) return typeof refused === 'string' ? refusal(refused) : refused;
      } catch (e) {
        log.error(`a check before the command "${name}" failed; the command was not run`, e);
        return refusal('This command could not be checked, so it was not run.');
      }
    }
    return undefined;
  }

  function context(sender: CommandSender, rest: string): CommandContext {
    const actor = actorOf(sender);
    return {
      sender,
      actor,
      rest,
      reply: (message, options) => {
        if (sender.kind === 'console') platform.consoleMessage(textOf(message, undefined), options);
        else platform.sendMessage(sender.player.uuid, textOf(message, sender.player.uuid));
      },
      has: (node) => permissions.has(actor, node),
    };
  }

  const framework: CommandFramework = {
    register(command) {
      const names = [command.name, ...(command.aliases ?? [])].map((s) => s.toLowerCase());
      for (const name of names) {
        if (!/^[a-z0-9_:-]+$/.test(name)) throw new Error(`command name "${name}" may hold only a-z, 0-9, _, : and -`);
        const taken = byName.get(name);
        if (taken) throw new Error(`command "${name}" of ${command.name} is already registered by ${taken.name}`);
      }
      for (const name of names) byName.set(name, command);
      commands.push(command);
    },
    list: () => commands,
    addCheck: (check) => checks.add(check),
    addListFilter: (filter) => listFilters.add(filter),
    get: (name) => byName.get(name.toLowerCase()),
    loggable(line) {
      const bare = line.replace(/^\//, '');
      const first = /^\S+/.exec(bare.trimStart())?.[0];
      if (first === undefined || framework.get(first)?.secretArgs !== true) return line;
      return `${line.startsWith('/') ? '/' : ''}${first} …`;
    },
    mayUse(sender, command) {
      if (command.playerOnly && sender.kind !== 'player') return false;
      if (command.permission !== null && !permissions.has(actorOf(sender), command.permission)) return false;
      // A declared command is theirs when they may run at least one of its forms: `/region` for a
      // player holding only the nodes of its subcommands' info and list, not for one holding none.
      if (command.usageFor && command.usageFor(context(sender, '')).length === 0) return false;
      return !hidden(sender, command);
    },

    async execute(sender, line) {
      const { words, rest } = tokenize(line.replace(/^\//, ''));
      const [first, ...args] = words;
      if (first === undefined) return;
      const ctx = context(sender, rest);
      const command = framework.get(first);
      if (!command) {
        ctx.reply(unknownCommand(sender, first));
        return;
      }
      const refused = checked(sender, command, args);
      if (refused !== undefined) {
        ctx.reply(refused);
        return;
      }
      if (command.playerOnly && sender.kind !== 'player') {
        ctx.reply(refusal(`Only a player can use "${command.name}"; it cannot be run from the console.`));
        return;
      }
      if (command.permission !== null && !ctx.has(command.permission)) {
        ctx.reply(refusal(`You do not have permission (${command.permission}).`));
        return;
      }
      try {
        await command.run(ctx, args);
      } catch (e) {
        // Input a service refuses as malformed (InvalidInput, src/core/values/invalid-input.ts) is the
        // sender's mistake, not a bug: they are told what is wrong. Matched by name and field so
        // the framework does not depend on where the class lives.
        if (isInvalidInput(e)) {
          ctx.reply(refusal(e.message));
          return;
        }
        const who = sender.kind === 'console' ? 'the console' : sender.player.name;
        // The database cannot be used (locked, a full disk): the sender is told, one line is logged.
        const fault = storageFault(e);
        if (fault !== undefined) {
          logFault(`command "${framework.loggable(line)}" run by ${who}`, fault);
          ctx.reply(refusal(fault.message));
          return;
        }
        log.error(`command "${framework.loggable(line)}" run by ${who} failed`, e);
        ctx.reply(refusal('An internal error occurred.'));
      }
    },

    complete(sender, line) {
      const { words, endsWithSpace, rest } = tokenize(line.replace(/^\//, ''));
      if (endsWithSpace || words.length === 0) words.push('');
      const last = (words[words.length - 1] ?? '').toLowerCase();
      if (words.length === 1) return framework.names(sender).filter((n) => n.startsWith(last));
      const command = framework.get(words[0]!);
      if (!command?.complete || !framework.mayUse(sender, command)) return [];
      try {
        const candidates = command.complete(context(sender, rest), words.slice(1));
        return [...new Set(candidates)].filter((c) => c.toLowerCase().startsWith(last));
      } catch (e) {
        log.error(`completing "${line}" failed`, e);
        return [];
      }
    },

    names(sender) {
      const names: string[] = [];
      for (const c of commands) {
        if (!framework.mayUse(sender, c)) continue;
        names.push(c.name.toLowerCase(), ...(c.aliases ?? []).map((a) => a.toLowerCase()));
      }
      return names.sort();
    },
  };
  return framework;
}

/** `stop`: stops the server (the console, or a player holding core.stop). */
export function stopCommand(onStop: () => void): CommandDefinition {
  return {
    name: 'stop',
    permission: 'core.stop',
    description: 'Stops the server.',
    usage: 'stop',
    run(ctx) {
      ctx.reply('Stopping the server.');
      onStop();
    },
  };
}
