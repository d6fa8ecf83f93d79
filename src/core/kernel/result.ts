// Failures are values: a declined operation returns one of the spec's eight codes with a sentence
// for a person. A thrown error is a bug.

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
}
export type Result<T> = { ok: true; value: T } | Failure;

export function ok<T>(value: T): Result<T> {
  return { ok: true, value };
}

export function fail(code: FailureCode, message: string): Failure {
  return { ok: false, code, message };
}
