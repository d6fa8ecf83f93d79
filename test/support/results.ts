// Assertions on the published API's Result values, for unit tests of services.

import assert from 'node:assert/strict';
import { InvalidInput } from '../../src/core/values/invalid-input.ts';
import type { FailureCode, Result } from '../../src/core/kernel/result.ts';

/** The value of a success; fails the test, naming the code and message, on a declined result. */
export function value<T>(r: Result<T>): T {
  if (!r.ok) assert.fail(`expected success, got ${r.code}: ${r.message}`);
  return r.value;
}

/** Fails the test unless the result was declined with that code. */
export function declined(r: Result<unknown>, code: FailureCode): void {
  assert.equal(r.ok, false, `expected ${code}, got success`);
  assert.equal(!r.ok && r.code, code);
}

/** For assert.rejects / assert.throws: an InvalidInput naming that field. */
export const invalid = (field: string) => (e: unknown) => e instanceof InvalidInput && e.field === field;
