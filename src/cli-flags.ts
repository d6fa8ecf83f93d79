// Reading the flags of the project's command lines (`npm start`, src/cli.ts; `npm run console`,
// src/console-client.ts) with node:util's parseArgs. parseArgs splits the words (`--flag value`,
// `--flag=value`, `-h`, `--`); the checks and their messages are ours, the same for both commands,
// so it runs without `strict` and the caller walks the flags in the order they were typed: the
// first word at fault is the one named, and `--help` answers unless a word before it was wrong.

import { parseArgs } from 'node:util';

export interface FlagDeclaration {
  /** `--data DIR`, `--data=DIR`; a flag without one is a switch (`--debug`). */
  takesValue: boolean;
  /** The one-letter form (`h` for `-h`). */
  short?: string;
}

/** One flag as typed, or the sentence naming what is wrong with it. */
export type FlagReading<N extends string> = { kind: 'flag'; name: N; value: string } | { kind: 'error'; message: string };

export interface FlagsRead<N extends string> {
  /** The flags before the first word that is not one, in the order typed. */
  readings: FlagReading<N>[];
  /** Where the words after the flags start in argv (argv.length when there are none). */
  wordsAt: number;
  /** The words were marked with `--`. */
  marked: boolean;
}

export const unknownFlag = (raw: string): string => `Unknown flag "${raw}". Run with --help to list the flags.`;

export function readFlags<N extends string>(argv: readonly string[], declared: Readonly<Record<N, FlagDeclaration>>): FlagsRead<N> {
  const names = Object.keys(declared) as N[];
  const options = Object.fromEntries(
    names.map((name) => {
      const d = declared[name];
      return [name, { type: d.takesValue ? 'string' : 'boolean', ...(d.short !== undefined ? { short: d.short } : {}) }] as const;
    }),
  );
  const { tokens } = parseArgs({ args: [...argv], options, strict: false, allowPositionals: true, tokens: true });
  const readings: FlagReading<N>[] = [];
  for (const t of tokens) {
    if (t.kind === 'positional') {
      // A lone `-` (standard input to some commands) is no flag of ours, and no command either.
      if (t.value === '-') readings.push({ kind: 'error', message: unknownFlag('-') });
      return { readings, wordsAt: t.index, marked: false };
    }
    if (t.kind === 'option-terminator') return { readings, wordsAt: t.index + 1, marked: true };
    const name = names.find((n) => n === t.name);
    const d = name === undefined ? undefined : declared[name];
    // The word as typed: `--world=x` is named whole, as `-x` is.
    const raw = argv[t.index] ?? t.rawName;
    if (name === undefined || d === undefined || (!d.takesValue && t.inlineValue === true)) readings.push({ kind: 'error', message: unknownFlag(raw) });
    else if (d.takesValue && (t.value === undefined || t.value === '')) readings.push({ kind: 'error', message: `The flag ${t.rawName} needs a value.` });
    else readings.push({ kind: 'flag', name, value: t.value ?? '' });
  }
  return { readings, wordsAt: argv.length, marked: false };
}
