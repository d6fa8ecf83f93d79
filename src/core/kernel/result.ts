// Failures are values: a declined operation returns one of the spec's eight codes with a sentence
// for a person. A thrown error is a bug.
//
// `message` is the English sentence a program's user reads (a route's answer); it names the player
// it is about. A player in the game reads `tell` instead, when the failure has it: a message of a
// catalogue (src/core/messages/) in their language, written to them when they are the player it is
// about.

import type { Said } from '../messages/catalogue.ts';

export const FAILURE_CODES = [
  'cancelled',
  'not-found',
  'already-exists',
  'player-offline',
  'insufficient-funds',
  'already-in-state',
  'refused',
  'failed',
] as const;
export type FailureCode = (typeof FAILURE_CODES)[number];

export interface Failure {
  ok: false;
  code: FailureCode;
  message: string;
  /** What a player in the game reads instead of `message`. */
  tell?: Tell;
}

/** A failure's words for players in the game. */
export interface Tell {
  /** The player it is about; undefined when the words are the same whoever reads them. */
  about?: string;
  /** Written to the player it is about (or to anyone, without `about`): "You have no home named …". */
  you?: Said;
  /** Written to anyone else, naming the player. A reader the failure has no words for reads `message`. */
  other?: Said;
}
export type Result<T> = { ok: true; value: T } | Failure;

export function ok<T>(value: T): Result<T> {
  return { ok: true, value };
}

export function fail(code: FailureCode, message: string, tell?: Tell): Failure {
  return tell ? { ok: false, code, message, tell } : { ok: false, code, message };
}

/** The words of a failure for a reader in the game (a player's uuid, or undefined for the console). */
export function failureFor(f: Failure, reader: string | undefined): Said | undefined {
  const t = f.tell;
  if (!t) return undefined;
  return t.about === undefined || t.about === reader ? t.you : t.other;
}
