// `help [page|command]`: the commands the sender may use, or one of them in detail. A command is
// listed to a sender who may run at least one of its forms (CommandFramework.mayUse), with the forms
// they may use. A player reads the list a page at a time, nine commands a page as Bukkit's and
// EssentialsX's /help show it (with the header and the footer, twenty rows of the open chat when each
// line wraps once), each line clickable to type the command, and "« Previous" and "Next »" to click.
// The console gets the whole list at once: it scrolls, and a script reads it whole.

import { arg } from './command-args.ts';
import { unknownCommand, type CommandFramework } from './command-registry.ts';
import { command } from './command-tree.ts';
import type { CommandContext, CommandDefinition } from './commands.ts';
import type { Text, TextComponent } from '../../platform/platform.ts';

/** Commands on a page of a player's help. */
export const HELP_PAGE_SIZE = 9;

/** A word that is a page number rather than a command's name (a sign too, to refuse it by name). */
const PAGE = /^[+-]?\d+$/;

const red = (text: string): Text => ({ text, color: 'red' });
const slashOf = (c: CommandContext) => (c.sender.kind === 'player' ? '/' : '');

/** The commands the sender may use, by name. */
function usable(framework: CommandFramework, c: CommandContext): CommandDefinition[] {
  return framework
    .list()
    .filter((x) => framework.mayUse(c.sender, x))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** The forms of a command the sender may use, as they type them. */
const formsOf = (x: CommandDefinition, c: CommandContext): string[] => (x.usageFor?.(c) ?? [x.usage]).map((l) => slashOf(c) + l);

/** The command's line in the list: what the sender may use of it, then what it does. */
function listLine(x: CommandDefinition, c: CommandContext): { usage: string; description: string } {
  const parts = x.summaryFor?.(c) ?? [x.usage];
  return { usage: parts.map((p) => slashOf(c) + p).join(' | '), description: x.description };
}

/** Pointing at the command: every form, the node, and that a click types it. */
function hoverOf(x: CommandDefinition, c: CommandContext): TextComponent {
  return {
    text: formsOf(x, c).join('\n'),
    color: 'yellow',
    extra: [
      ...(x.permission ? [{ text: `\nPermission: ${x.permission}`, color: 'gray' }] : []),
      { text: `\nClick to type /${x.name} in the chat.`, color: 'gray' },
    ],
  };
}

const pagesOf = (count: number) => Math.max(1, Math.ceil(count / HELP_PAGE_SIZE));
const commandsWord = (n: number) => `${n} ${n === 1 ? 'command' : 'commands'}`;

/** A button of the footer: clickable when there is a page to go to, greyed out when there is none. */
function button(label: string, page: number | undefined): TextComponent {
  if (page === undefined) return { text: label, color: 'dark_gray' };
  return {
    text: label,
    color: 'aqua',
    clickEvent: { action: 'run_command', value: `/help ${page}` },
    hoverEvent: { action: 'show_text', contents: `Click for page ${page} (/help ${page})` },
  };
}

/** One page of the player's list; a page out of range is refused naming the pages there are. */
function showPage(framework: CommandFramework, c: CommandContext, n: number, word: string): void {
  const all = usable(framework, c);
  const pages = pagesOf(all.length);
  if (n < 1) return c.reply(red(`There is no page ${word}: pages start at 1. Type /help for the first.`));
  if (n > pages) {
    const last = pages === 1 ? 'The help has one page: type /help to read it.' : `The help has ${pages} pages: type /help ${pages} for the last.`;
    return c.reply(red(`There is no page ${word}. ${last}`));
  }
  c.reply({ text: `Help: page ${n} of ${pages} (${commandsWord(all.length)} you may use)`, color: 'gold' });
  for (const x of all.slice((n - 1) * HELP_PAGE_SIZE, n * HELP_PAGE_SIZE)) {
    const { usage, description } = listLine(x, c);
    c.reply({
      text: usage,
      color: 'yellow',
      clickEvent: { action: 'suggest_command', value: `/${x.name} ` },
      hoverEvent: { action: 'show_text', contents: hoverOf(x, c) },
      extra: [{ text: ` - ${description}`, color: 'white' }],
    });
  }
  if (pages === 1) return;
  const hint = n < pages ? ` Type /help ${n + 1} to read the next page.` : ' This is the last page.';
  c.reply({
    text: '',
    extra: [button('« Previous', n > 1 ? n - 1 : undefined), { text: ' | ', color: 'gray' }, button('Next »', n < pages ? n + 1 : undefined), { text: hint, color: 'gray' }],
  });
}

/** The whole list at once, for the console. */
function showAll(framework: CommandFramework, c: CommandContext): void {
  const all = usable(framework, c);
  c.reply({ text: `Commands you may use (${all.length}):`, color: 'gold' });
  for (const x of all) {
    const { usage, description } = listLine(x, c);
    c.reply({ text: usage, color: 'yellow', extra: [{ text: ` - ${description}`, color: 'white' }] });
  }
}

/** One command in detail: the forms the sender may use, what it does, its aliases and its node. */
function showCommand(framework: CommandFramework, c: CommandContext, wanted: string): void {
  const name = wanted.replace(/^\/+/, '');
  const x = framework.get(name);
  if (x?.playerOnly && c.sender.kind === 'console') {
    return c.reply(red(`"${x.name}" is a command for players in the game; the console cannot use it.`));
  }
  if (!x || !framework.mayUse(c.sender, x)) return c.reply(unknownCommand(c.sender, name));
  const forms = formsOf(x, c);
  const typed = c.sender.kind === 'player' ? { clickEvent: { action: 'suggest_command' as const, value: `/${x.name} ` } } : {};
  c.reply({ text: `Usage: ${forms[0] ?? ''}`, color: 'gold', ...typed });
  for (const line of forms.slice(1)) c.reply({ text: `       ${line}`, color: 'gold', ...typed });
  c.reply(x.description);
  if (x.aliases?.length) c.reply(`Aliases: ${x.aliases.map((a) => slashOf(c) + a).join(', ')}`);
  if (x.permission) c.reply(`Permission: ${x.permission}`);
}

export function helpCommand(framework: CommandFramework): CommandDefinition {
  const topic = arg
    .word('topic')
    .shownAs('page|command')
    .completedBy((c) => {
      const names = framework.names(c.sender);
      if (c.sender.kind !== 'player') return names;
      const pages = pagesOf(usable(framework, c).length);
      return [...Array.from({ length: pages }, (_, i) => String(i + 1)), ...names];
    })
    .optional();
  return command({
    name: 'help',
    permission: null,
    description: 'Lists the commands you may use, a page at a time, or explains one.',
    args: [topic],
    run(c, { topic: word }) {
      if (word !== undefined && !PAGE.test(word)) return showCommand(framework, c, word);
      if (c.sender.kind !== 'player') return showAll(framework, c);
      showPage(framework, c, word === undefined ? 1 : Number(word), word ?? '1');
    },
  });
}
