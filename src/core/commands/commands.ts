// The command framework's contract: in-game and console commands, permission-checked, with tab
// completion. The platform hands every command line to the registry (see CommandHandler).
// Commands are declared with `command()` (command-tree.ts), which makes this definition from their
// arguments and subcommands; writing `run` and `complete` by hand is for the rare command that
// cannot be declared.

import type { Actor } from '../kernel/actor.ts';
import type { CommandSender, Text } from '../../platform/platform.ts';
import type { Said } from '../messages/catalogue.ts';

export interface ReplyOptions {
  secret?: boolean;
}

export interface CommandContext {
  sender: CommandSender;
  /** The actor the audit log records for writes this command makes. */
  actor: Actor;
  /**
   * The text after the command name as typed (quotes kept, outer spaces trimmed): for commands
   * whose last argument is free text, such as a message.
   */
  rest: string;
  /**
   * Answers the sender: text, or a message of a catalogue (`msg(key, values)`), written in the
   * sender's language (src/core/messages/). `secret`: the message shows a secret (a new token's): at
   * the console it is shown on standard output and never written to a log file (a player's chat is
   * never logged).
   */
  reply(message: Text | Said, options?: ReplyOptions): void;
  /** Whether the sender holds a permission node (the console holds all). */
  has(node: string): boolean;
}

export interface CommandDefinition {
  name: string;
  aliases?: readonly string[];
  /** The node needed to run it; null means everyone may. */
  permission: string | null;
  description: string;
  /** Usage line without the leading slash, e.g. `perm grant <player> <node|group>`. */
  usage: string;
  /** Refused at the console with a clear message. */
  playerOnly?: boolean;
  /** Its words after the name may be secrets (a one-time code): logs show the name and `…` only. */
  secretArgs?: boolean;
  run(ctx: CommandContext, args: string[]): void | Promise<void>;
  /** Completions for the last of `args` (which may be ''). */
  complete?(ctx: CommandContext, args: string[]): string[];
  /**
   * The usage lines this sender may use, one per form, without the leading slash (declared commands
   * make them; see command-tree.ts). None: the sender may use no form of it, so it is not theirs to list.
   */
  usageFor?(ctx: CommandContext): string[];
  /** `usage` as this sender may use it, in parts to be joined with ` | ` (each without the slash). */
  summaryFor?(ctx: CommandContext): string[];
}

/**
 * Asked before a command runs, ahead of its permission and usage (the command gate, the security
 * freeze): undefined lets it go on, a text refuses it and is told to the sender. The console's
 * commands are asked too; a check lets the console through when it should. `command` is the
 * command's own name (lower case) whatever alias was typed; `args` are the words after it.
 */
export type CommandCheck = (sender: CommandSender, command: string, args: readonly string[]) => Text | undefined;

export interface CommandRegistry {
  register(command: CommandDefinition): void;
  list(): readonly CommandDefinition[];
  /**
   * Runs a command line as if the sender had typed it (with or without its leading /): the checks,
   * the permission and the usage apply, and the sender is told the outcome. For commands bound to
   * things players click (holograms), which run as the player who clicked.
   */
  execute(sender: CommandSender, line: string): Promise<void>;
}

/**
 * Asked whenever the commands a sender may use are listed (the client's command tree, completion
 * of command names and of arguments, help): false hides the command, e.g. one the command gate
 * blocks. It only hides: the checks above decide whether a command runs. `command` is the
 * command's own name (lower case). It must not change anything, as it is asked often.
 */
export type CommandListFilter = (sender: CommandSender, command: string) => boolean;

/** The chain of checks asked before every command. */
export interface CommandChecks {
  /** Adds a check at the end of the chain; returns the function that removes it. */
  addCheck(check: CommandCheck): () => void;
  /** Adds a filter of the commands listed to a sender; returns the function that removes it. */
  addListFilter(filter: CommandListFilter): () => void;
}
