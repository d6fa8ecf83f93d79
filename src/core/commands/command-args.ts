// Declarative command arguments. A command lists its arguments once, each with a type; the type
// reads the word typed (or answers a sentence naming what is wrong), offers completions, and shows
// itself in the usage line. command-tree.ts puts arguments and subcommands together into a command.
//
//   const arg = argsFor(ctx);   // ctx: the module's context (online and known players, worlds)
//   args: [arg.knownPlayer('player'), arg.amount('amount'), arg.word('currency', names).optional()]
//   run(c, { player, amount, currency }) { … }   // KnownPlayer, number, string | undefined

import type { KnownPlayer, PlayersService } from '../kernel/api.ts';
import type { CommandContext } from './commands.ts';
import { materialName, materialsStartingWith } from '../values/materials.ts';
import type { GamePlatform, OnlinePlayer } from '../../platform/platform.ts';

export type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

const parsed = <T>(value: T): Parsed<T> => ({ ok: true, value });
const wrong = (message: string): Parsed<never> => ({ ok: false, message });

export interface ArgType<T> {
  /** How the argument shows in a usage line in place of its name, e.g. `give|take|set`. */
  readonly shown?: string;
  /** Takes the rest of the line as typed, spaces and all (only as the last argument). */
  readonly rest?: boolean;
  parse(word: string, c: CommandContext): Parsed<T> | Promise<Parsed<T>>;
  /**
   * Candidates for the word being typed (the registry keeps those that start with it); `before`
   * holds the words typed for the arguments before it in the same (sub)command.
   */
  complete?(c: CommandContext, typed: string, before: readonly string[]): readonly string[];
}

export interface Arg<N extends string, T, O extends boolean = false> {
  readonly name: N;
  readonly type: ArgType<T>;
  readonly isOptional: O;
  /** The same argument, which may be left out (it is then undefined). Optional ones come last. */
  optional(): Arg<N, T, true>;
  /** The same argument, which also takes one of these words (any case; the value is the word as listed). */
  orWords<const W extends string>(words: readonly W[]): Arg<N, T | W, O>;
  /** The same, with words known only when typed (e.g. currency names), shown as `shown`. */
  orWords(words: () => readonly string[], shown: string): Arg<N, T | string, O>;
  /** The same, shown in usage lines as `<label>` in place of its name. */
  shownAs(label: string): Arg<N, T, O>;
  /** The same, with completions of one's own (e.g. the vault numbers this player may open). */
  completedBy(complete: NonNullable<ArgType<T>['complete']>): Arg<N, T, O>;
}

export type AnyArg = Arg<string, unknown, boolean>;

/**
 * The parsed values of a list of arguments, keyed by name: an optional one may be undefined,
 * unless `Given` (the arguments before a subcommand, which must all be typed to reach it).
 */
export type ArgsOf<A extends readonly AnyArg[], Given extends boolean = false> = {
  [X in A[number] as X['name']]: X['type'] extends ArgType<infer T> ? (X['isOptional'] extends true ? (Given extends true ? T : T | undefined) : T) : never;
};

function makeArg<N extends string, T, O extends boolean>(name: N, type: ArgType<T>, isOptional: O): Arg<N, T, O> {
  function orWords(words: readonly string[] | (() => readonly string[]), shown?: string): Arg<N, T | string, O> {
    const list = typeof words === 'function' ? words : () => words;
    const label = shown ?? (words as readonly string[]).join('|');
    const either: ArgType<T | string> = {
      shown: `${type.shown ?? name}|${label}`,
      ...(type.rest ? { rest: true } : {}),
      parse(word, c) {
        const match = list().find((w) => w.toLowerCase() === word.toLowerCase());
        return match !== undefined ? parsed(match) : type.parse(word, c);
      },
      complete: (c, typed, before) => [...(type.complete?.(c, typed, before) ?? []), ...list()],
    };
    return makeArg(name, either, isOptional);
  }
  return {
    name,
    type,
    isOptional,
    optional: () => makeArg(name, type, true),
    orWords: orWords as Arg<N, T, O>['orWords'],
    shownAs: (label) => makeArg(name, { ...type, shown: label }, isOptional),
    completedBy: (complete) => makeArg(name, { ...type, complete }, isOptional),
  };
}

/** An argument of a type of one's own (a module's ids, a home's slot or label, …). */
function custom<const N extends string, T>(name: N, type: ArgType<T>): Arg<N, T> {
  return makeArg(name, type, false);
}

/** Whole numbers only, as typed: no sign, no exponent, no separators. */
const WHOLE = /^-?\d+$/;
const DECIMAL = /^\d+(\.\d+)?$/;

function integer<const N extends string>(name: N, range: { min: number; max?: number }): Arg<N, number> {
  const { min, max } = range;
  const rule = max === undefined ? `a whole number of ${min} or more` : `a whole number from ${min} to ${max}`;
  return custom(name, {
    shown: max !== undefined && max - min < 10 ? `${min}-${max}` : undefined,
    parse(word) {
      const n = Number(word);
      const fits = WHOLE.test(word) && Number.isSafeInteger(n) && n >= min && (max === undefined || n <= max);
      return fits ? parsed(n) : wrong(`"${word}" is not a valid ${name}: it must be ${rule}.`);
    },
    complete: () => (max !== undefined && max - min < 10 ? Array.from({ length: max - min + 1 }, (_, i) => String(min + i)) : []),
  });
}

/** Argument types that need nothing from the game. */
export const arg = {
  custom,
  /** Any one word; completion offers `options` (e.g. the warps' names) without limiting to them. */
  word<const N extends string>(name: N, options?: (c: CommandContext) => readonly string[]): Arg<N, string> {
    return custom(name, { parse: (word) => parsed(word), complete: (c) => options?.(c) ?? [] });
  },
  /** One of a fixed list of words, in any case; the value is the word as listed. */
  choice<const N extends string, const W extends string>(name: N, words: readonly W[]): Arg<N, W> {
    return custom(name, {
      shown: words.join('|'),
      parse(word) {
        const match = words.find((w) => w.toLowerCase() === word.toLowerCase());
        return match !== undefined ? parsed(match) : wrong(`"${word}" is not one of ${words.join(', ')}.`);
      },
      complete: () => words,
    });
  },
  /** The rest of the line as typed (a message, a description), spaces and quotes kept. */
  text<const N extends string>(name: N): Arg<N, string> {
    return custom(name, { rest: true, parse: (text) => parsed(text) });
  },
  /**
   * A sum of money in major units (`5`, `2.50`): more than 0, or 0 too with `zero`. The currency's
   * decimal places and its largest amount are the economy's to check.
   */
  amount<const N extends string>(name: N, options: { zero?: boolean } = {}): Arg<N, number> {
    return custom(name, {
      parse(word) {
        if (word.startsWith('-') && DECIMAL.test(word.slice(1))) return wrong(`"${word}" is not an amount: it cannot be negative.`);
        if (!DECIMAL.test(word)) return wrong(`"${word}" is not an amount: write a number such as 5 or 2.50.`);
        const n = Number(word);
        if (!Number.isFinite(n) || n > Number.MAX_SAFE_INTEGER) return wrong(`"${word}" is not an amount: it is too large.`);
        if (n === 0 && !options.zero) return wrong(`"${word}" is not an amount: it must be more than 0.`);
        return parsed(n);
      },
    });
  },
  /** A whole number within a range (a rating 1-5, a page from 1). */
  integer,
  /** A numbered place counting from 1 (a home slot, a vault). */
  slot: <const N extends string>(name: N): Arg<N, number> => integer(name, { min: 1 }),
  /** An item name of the game (`stone`, `minecraft:oak_door`), as stored: lower case, no namespace. */
  material<const N extends string>(name: N): Arg<N, string> {
    return custom(name, {
      parse(word) {
        const m = materialName(word);
        return m !== undefined ? parsed(m) : wrong(`"${word}" is not a game material name (e.g. stone, oak_planks, diamond).`);
      },
      complete: (_c, typed) => materialsStartingWith(typed),
    });
  },
};

/** What the argument types about players and worlds read (a module's context has both). */
export interface ArgSources {
  platform: Pick<GamePlatform, 'onlinePlayers' | 'playerByName' | 'worlds' | 'canSee'>;
  players: Pick<PlayersService, 'find'>;
}

/** Every argument type: those of `arg`, and those reading the game's players and worlds. */
export function argsFor(sources: ArgSources) {
  const { platform, players } = sources;
  /** The names of the players online that the sender can see (a vanished player is not offered to those who cannot). */
  const sees = (c: CommandContext, p: OnlinePlayer) => c.sender.kind !== 'player' || platform.canSee(c.sender.player.uuid, p.uuid);
  const onlineNames = (c: CommandContext) => platform.onlinePlayers().flatMap((p) => (sees(c, p) ? [p.name] : []));
  /** An online player by name (any case) whom the sender can see; undefined otherwise. */
  const seenOnline = (c: CommandContext, name: string): OnlinePlayer | undefined => {
    const p = platform.playerByName(name);
    return p && sees(c, p) ? p : undefined;
  };
  /** A loaded world by its name in any case; undefined otherwise. */
  const loadedWorld = (word: string): string | undefined => platform.worlds().find((x) => x.toLowerCase() === word.toLowerCase());
  const noWorld = (word: string) => `There is no world named "${word}". Worlds: ${platform.worlds().join(', ')}.`;
  return {
    ...arg,
    /** For a command that parses its own words (e.g. /tp): the lookups, error and completion `player` and `world` use. */
    seenOnline,
    onlineNames,
    loadedWorld,
    noWorld,
    /** A player online now whom the sender can see, by name in any case (a vanished player is "not online" to those who cannot see them). */
    player<const N extends string>(name: N): Arg<N, OnlinePlayer> {
      return custom(name, {
        parse(word, c) {
          const p = seenOnline(c, word);
          return p ? parsed(p) : wrong(`No player named ${word} is online.`);
        },
        complete: onlineNames,
      });
    },
    /** A player who has ever joined, by name or uuid (looked up when run; completion offers those online). */
    knownPlayer<const N extends string>(name: N): Arg<N, KnownPlayer> {
      return custom(name, {
        async parse(word) {
          const p = await players.find(word);
          return p ? parsed(p) : wrong(`No player named ${word} has ever joined this server.`);
        },
        complete: onlineNames,
      });
    },
    /** A loaded world, by its level name (`world`, `world_nether`). */
    world<const N extends string>(name: N): Arg<N, string> {
      return custom(name, {
        parse(word) {
          const w = loadedWorld(word);
          return w !== undefined ? parsed(w) : wrong(noWorld(word));
        },
        complete: () => platform.worlds(),
      });
    },
  };
}

export type Args = ReturnType<typeof argsFor>;
