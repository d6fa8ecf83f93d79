// The committed generated files are what generate.ts makes from today's docs/openapi.json and
// docs/asyncapi.json: a route or event changed without `node clients/typescript/generate.ts` fails here.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { GENERATED_DIR, generate } from '../generate.ts';
import { EVENT_NAMES, OPERATIONS } from '../src/index.ts';

describe('the generated files', () => {
  it('match a fresh generation from the documents', async () => {
    const fresh = await generate();
    const stale = Object.entries(fresh)
      .filter(([name, text]) => readFileSync(join(GENERATED_DIR, name), 'utf8') !== text)
      .map(([name]) => `src/generated/${name} is stale: run node clients/typescript/generate.ts`);
    assert.deepEqual(stale, []);
  });

  it('hold one method per operation of openapi.json and every event of asyncapi.json', () => {
    const docs = join(import.meta.dirname, '..', '..', '..', 'docs');
    const openapi = JSON.parse(readFileSync(join(docs, 'openapi.json'), 'utf8')) as { paths: Record<string, Record<string, { operationId: string }>> };
    const ids = Object.values(openapi.paths).flatMap((item) => Object.values(item).map((op) => op.operationId));
    assert.deepEqual(Object.keys(OPERATIONS).sort(), ids.sort());
    const asyncapi = JSON.parse(readFileSync(join(docs, 'asyncapi.json'), 'utf8')) as { components: { messages: Record<string, unknown> } };
    const events = Object.keys(asyncapi.components.messages).filter((n) => n.includes('.'));
    assert.deepEqual([...EVENT_NAMES].sort(), events.sort());
  });
});
