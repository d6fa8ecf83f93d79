// Checks an answer body against the route table: a success envelope whose data the row's answer
// schema allows (the same schema the OpenAPI document publishes), so an e2e test sees a drift
// between what the server sends and what the document promises.

import assert from 'node:assert/strict';
import { Value } from '@sinclair/typebox/value';
import { ROUTES } from '../../../src/rest/routes.ts';

/** `row` is the row's name, e.g. `GET /players/by-name/:name`. */
export function assertAnswer(row: string, body: unknown): void {
  const route = ROUTES.find((r) => r.name === row);
  assert.ok(route, `no route ${row}`);
  const envelope = body as { ok?: unknown; data?: unknown };
  assert.equal(envelope?.ok, true, `${row} answered ${JSON.stringify(body)}`);
  const error = Value.Errors(route.answer, envelope.data).First();
  assert.equal(error, undefined, `${row}: ${error?.path || '/'} ${error?.message}, in ${JSON.stringify(envelope.data)}`);
}
