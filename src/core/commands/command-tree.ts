// Declared commands: a command states its arguments (command-args.ts) and subcommands, each with
// its own permission node, and everything else follows from that declaration: parsing into typed
// values, the refusal naming the missing node, "Usage:" replies, tab completion and the usage
// lines `help` shows. The result is a CommandDefinition, registered like any other.
//
//   command({ name: 'pay', permission: 'core.economy.pay', description: '…', playerOnly: true,
//     args: [arg.knownPlayer('player'), arg.amount('amount')],
//     run: (c, { player, amount }) => … })
//
// Two places for subcommands: `subcommands` are tried on the word right after their parent's
// name (`/eco give …`); when that word names none of them, the parent's own `args` and `run`
// apply (`/kit <id>` beside `/kit give …`). `then` follows the parent's arguments
// (`/pv <n> name <text>`), and its run receives the parent's values too.

import type { AnyArg, ArgsOf } from './command-args.ts';
import { tokenize } from './command-registry.ts';
import type { CommandContext, CommandDefinition } from './commands.ts';
import type { Text } from '../../platform/platform.ts';

type Simplify<T> = { [K in keyof T]: T[K] } & {};
type Values = Record<string, unknown>;

export interface NodeDeclaration<A extends readonly AnyArg[], P> {
  /** The word that picks this subcommand (for a command, its name). */
  name: string;
  aliases?: readonly string[];
  /** A node needed besides those of the command and the subcommands above (none when left out). */
  permission?: string | null;
  description?: string;
  /** Refused at the console with a clear message. */
  playerOnly?: boolean;
  /** Refused to players with a clear message, and never listed to them (server-wide operations). */
  consoleOnly?: boolean;
  args?: A;
  run?(c: CommandContext, args: Simplify<P & ArgsOf<A>>): void | Promise<void>;
  subcommands?: readonly Subcommand[];
  /** Subcommands typed after this node's arguments, which reach their run with them. */
  then?: (sub: SubcommandFactory<P & ArgsOf<A, true>>) => readonly Subcommand[];
}

export interface CommandDeclaration<A extends readonly AnyArg[]> extends NodeDeclaration<A, object> {
  /** The node needed to run the command at all; null means everyone may. */
  permission: string | null;
  description: string;
  /** Its words after the name may be secrets (CommandDefinition.secretArgs). */
  secretArgs?: boolean;
}

/** A declared subcommand, ready to be placed under a command. */
export interface Subcommand {
  readonly node: CommandNode;
}

export type SubcommandFactory<P> = <const A extends readonly AnyArg[] = []>(declaration: NodeDeclaration<A, P>) => Subcommand;

export interface CommandNode {
  readonly name: string;
  readonly aliases: readonly string[];
  readonly permission: string | null;
  readonly description?: string;
  readonly playerOnly: boolean;
  readonly consoleOnly?: boolean;
  readonly args: readonly AnyArg[];
  readonly run?: (c: CommandContext, args: Values) => void | Promise<void>;
  readonly subcommands: readonly CommandNode[];
  readonly then: readonly CommandNode[];
}

export interface DeclaredCommand extends CommandDefinition {
  readonly tree: CommandNode;
}

const WORD = /^[a-z0-9_-]+$/;

function build(d: NodeDeclaration<readonly AnyArg[], object>): CommandNode {
  const args = d.args ?? [];
  const rest = args.findIndex((a) => a.type.rest);
  if (rest !== -1 && rest !== args.length - 1) throw new Error(`"${d.name}": the text argument "${args[rest]!.name}" must come last`);
  const firstOptional = args.findIndex((a) => a.isOptional);
  if (firstOptional !== -1 && args.slice(firstOptional).some((a) => !a.isOptional)) {
    throw new Error(`"${d.name}": the required argument after the optional "${args[firstOptional]!.name}" could never be reached`);
  }
  const then = (d.then?.(sub as SubcommandFactory<unknown>) ?? []).map((s) => s.node);
  if (then.length && rest !== -1) throw new Error(`"${d.name}": no subcommand can follow the text argument "${args[rest]!.name}"`);
  const node: CommandNode = {
    name: d.name,
    aliases: d.aliases ?? [],
    permission: d.permission ?? null,
    description: d.description,
    playerOnly: d.playerOnly ?? false,
    ...(d.consoleOnly ? { consoleOnly: true } : {}),
    args,
    run: d.run as CommandNode['run'],
    subcommands: (d.subcommands ?? []).map((s) => s.node),
    then,
  };
  if (!node.run && !node.subcommands.length && !node.then.length) throw new Error(`"${d.name}" has neither a run nor subcommands`);
  for (const group of [node.subcommands, node.then]) {
    const seen = new Set<string>();
    for (const w of group.flatMap((s) => [s.name, ...s.aliases])) {
      if (!WORD.test(w)) throw new Error(`subcommand "${w}" of "${d.name}" may hold only a-z, 0-9, _ and -`);
      if (seen.has(w)) throw new Error(`subcommand "${w}" of "${d.name}" is declared twice`);
      seen.add(w);
    }
  }
  return node;
}

/** Argument names are the keys of the parsed values: one name may not stand for two arguments. */
function checkNames(node: CommandNode, above: readonly string[]): void {
  const names = [...above];
  for (const a of node.args) {
    if (names.includes(a.name)) throw new Error(`argument "${a.name}" of "${node.name}" is declared twice on one path`);
    names.push(a.name);
  }
  for (const s of node.subcommands) checkNames(s, above);
  for (const s of node.then) checkNames(s, names);
}

/** Declares a subcommand (its run receives only its own arguments' values by type). */
export const sub: SubcommandFactory<object> = (declaration) => ({ node: build(declaration as NodeDeclaration<readonly AnyArg[], object>) });

// ---- usage ---------------------------------------------------------------------------------

const may = (c: CommandContext, n: CommandNode): boolean =>
  (n.permission === null || c.has(n.permission)) && (!n.playerOnly || c.sender.kind === 'player') && (!n.consoleOnly || c.sender.kind === 'console');

const shownArg = (a: AnyArg, given = false): string => {
  const label = a.type.shown ?? a.name;
  return a.isOptional && !given ? `[${label}]` : `<${label}>`;
};
const join = (...parts: string[]) => parts.filter((p) => p !== '').join(' ');

/**
 * The usage lines under a node, each without the leading slash; with a sender, only the ones they
 * may use. Siblings with the same arguments share a line (`eco give|take|set <player> <amount>`).
 */
function lines(node: CommandNode, prefix: string, c?: CommandContext): string[] {
  const out: string[] = [];
  if (node.run) out.push(join(prefix, ...node.args.map((a) => shownArg(a))));
  const group = (children: readonly CommandNode[], before: string): void => {
    let shared: { names: string[]; tail: string; at: number } | undefined;
    for (const child of children) {
      if (c && !may(c, child)) continue;
      const own = lines(child, child.name, c);
      if (own.length === 1) {
        const tail = own[0]!.slice(child.name.length);
        if (shared?.tail === tail && shared.at === out.length - 1) {
          shared.names.push(child.name);
          out[shared.at] = join(before, shared.names.join('|') + tail);
          continue;
        }
        shared = { names: [child.name], tail, at: out.length };
      } else {
        shared = undefined;
      }
      out.push(...lines(child, join(before, child.name), c));
    }
  };
  group(node.subcommands, prefix);
  group(node.then, join(prefix, ...node.args.map((a) => shownArg(a, true))));
  return out;
}

/**
 * The parts of the one line `help`'s list shows (joined with ` | `): every line when they are few,
 * else the subcommand words. With a sender, only what they may use.
 */
function summary(root: CommandNode, c?: CommandContext): string[] {
  const all = lines(root, root.name, c);
  if (all.length <= 3) return all;
  const words = (children: readonly CommandNode[]) => children.filter((s) => !c || may(c, s)).map((s) => s.name);
  const subs = words(root.subcommands);
  const then = words(root.then);
  const parts: string[] = [];
  if (root.run) parts.push(all[0]!);
  if (subs.length) parts.push(`${root.name} ${subs.join('|')} …`);
  if (then.length) parts.push(`${join(root.name, ...root.args.map((a) => shownArg(a, true)))} ${then.join('|')} …`);
  return parts;
}

/** The usage lines of a declared command that this sender may use, with the leading slash for a player. */
export function usageLines(command: DeclaredCommand, c: CommandContext): string[] {
  const slash = c.sender.kind === 'player' ? '/' : '';
  return lines(command.tree, command.tree.name, c).map((l) => slash + l);
}

// ---- running -------------------------------------------------------------------------------

const red = (text: string): Text => ({ text, color: 'red' });

/** Why the sender may use none of the forms under a node: the nodes they lack, or who may run them. */
function noForm(c: CommandContext, node: CommandNode, path: string): Text {
  const children = [...node.subcommands, ...node.then];
  const lacking = [...new Set(children.flatMap((s) => (s.permission !== null && !c.has(s.permission) ? [s.permission] : [])))];
  if (lacking.length) return red(`You do not have permission (${lacking.join(', ')}).`);
  if (c.sender.kind === 'console') return red(`Only a player can use "${path}"; it cannot be run from the console.`);
  return red(`"${path}" can only be run at the server console.`);
}

function replyUsage(c: CommandContext, node: CommandNode, prefix: string): void {
  const slash = c.sender.kind === 'player' ? '/' : '';
  const usage = lines(node, prefix, c).map((l) => slash + l);
  // Every form under it needs what the sender lacks: an empty "Usage:" would tell them nothing.
  if (usage.length === 0) return void c.reply(noForm(c, node, prefix));
  if (usage.length <= 3) {
    c.reply(red(`Usage: ${usage.join(', ')}`));
    return;
  }
  c.reply(red('Usage:'));
  for (const l of usage) c.reply(l);
}

const pick = (children: readonly CommandNode[], word: string | undefined): CommandNode | undefined => {
  const w = word?.toLowerCase();
  return w === undefined ? undefined : children.find((s) => s.name === w || s.aliases.includes(w));
};

/** Refuses a subcommand the sender may not use, naming why; true when they may. */
function admitted(c: CommandContext, node: CommandNode, path: string): boolean {
  if (node.playerOnly && c.sender.kind !== 'player') {
    c.reply(red(`Only a player can use "${path}"; it cannot be run from the console.`));
    return false;
  }
  if (node.consoleOnly && c.sender.kind !== 'console') {
    c.reply(red(`"${path}" can only be run at the server console.`));
    return false;
  }
  if (node.permission !== null && !c.has(node.permission)) {
    c.reply(red(`You do not have permission (${node.permission}).`));
    return false;
  }
  return true;
}

async function execute(root: CommandNode, c: CommandContext): Promise<void> {
  // The words again, with where each starts, for a text argument that runs to the end as typed.
  const { words, starts } = tokenize(c.rest);
  const values: Values = {};
  let node = root;
  let path = root.name;
  let i = 0;
  for (;;) {
    const chosen = pick(node.subcommands, words[i]);
    if (chosen) {
      path = join(path, chosen.name);
      if (!admitted(c, chosen, path)) return;
      node = chosen;
      i++;
      continue;
    }
    if (!node.run && !node.then.length) return replyUsage(c, node, path);
    const argsAt = path;
    for (const a of node.args) {
      const word = a.type.rest ? (i < words.length ? c.rest.slice(starts[i]) : undefined) : words[i];
      if (word === undefined) {
        if (!a.isOptional) return replyUsage(c, node, argsAt);
        values[a.name] = undefined;
        continue;
      }
      const r = await a.type.parse(word, c);
      if (!r.ok) return void c.reply(red(r.message));
      values[a.name] = r.value;
      i = a.type.rest ? words.length : i + 1;
      path = join(path, shownArg(a, true));
    }
    if (i < words.length && node.then.length) {
      const next = pick(node.then, words[i]);
      if (!next) return replyUsage(c, node, argsAt);
      path = join(path, next.name);
      if (!admitted(c, next, path)) return;
      node = next;
      i++;
      continue;
    }
    if (i < words.length || !node.run) return replyUsage(c, node, argsAt);
    await node.run(c, values);
    return;
  }
}

// ---- completion ----------------------------------------------------------------------------

/** Candidates for the last of `words` (the word being typed, maybe ''). */
function complete(root: CommandNode, c: CommandContext, words: readonly string[]): string[] {
  const last = words.length - 1;
  const typed = words[last] ?? '';
  const names = (children: readonly CommandNode[]) => children.filter((s) => may(c, s)).map((s) => s.name);
  let node = root;
  let i = 0;
  for (;;) {
    if (i < last) {
      const chosen = pick(node.subcommands, words[i]);
      if (chosen) {
        if (!may(c, chosen)) return [];
        node = chosen;
        i++;
        continue;
      }
    }
    // The typed word's place among this node's arguments.
    const at = last - i;
    const offered: string[] = [];
    const a = node.args[at];
    if (a && (node.run || node.then.length)) offered.push(...(a.type.complete?.(c, typed, words.slice(i, last)) ?? []));
    if (at === 0) offered.push(...names(node.subcommands));
    if (at < node.args.length || !node.then.length) return offered;
    if (at === node.args.length) return [...offered, ...names(node.then)];
    const next = pick(node.then, words[i + node.args.length]);
    if (!next || !may(c, next)) return [];
    i += node.args.length + 1;
    node = next;
  }
}

// ---- declaring -----------------------------------------------------------------------------

/** Declares a command: arguments, subcommands and permissions make its parsing, usage and completion. */
export function command<const A extends readonly AnyArg[] = []>(declaration: CommandDeclaration<A>): DeclaredCommand {
  const tree = build(declaration as NodeDeclaration<readonly AnyArg[], object>);
  checkNames(tree, []);
  return {
    name: declaration.name,
    aliases: tree.aliases,
    permission: declaration.permission,
    description: declaration.description,
    usage: summary(tree).join(' | '),
    playerOnly: tree.playerOnly,
    ...(declaration.secretArgs ? { secretArgs: true } : {}),
    tree,
    run: (c) => execute(tree, c),
    complete: (c, words) => complete(tree, c, words),
    usageFor: (c) => lines(tree, tree.name, c),
    summaryFor: (c) => summary(tree, c),
  };
}

/** Every permission node the commands check, their subcommands' included, sorted (for `perm` completion). */
export function permissionNodes(commands: readonly CommandDefinition[]): string[] {
  const nodes = new Set<string>();
  const walk = (n: CommandNode): void => {
    if (n.permission) nodes.add(n.permission);
    for (const s of [...n.subcommands, ...n.then]) walk(s);
  };
  for (const c of commands) {
    if (c.permission) nodes.add(c.permission);
    if ('tree' in c) walk((c as DeclaredCommand).tree);
  }
  return [...nodes].sort();
}
