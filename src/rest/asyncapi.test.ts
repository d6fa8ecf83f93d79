// docs/asyncapi.json as an AsyncAPI tool reads it: @asyncapi/parser (v3) parses it without an error
// diagnostic, and every event of the server's catalogue is a message of the stream, sent by the
// server, its `data` holding every field of the event's schema (required as the schema requires) and
// the name of the server it happened on.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { Parser, type AsyncAPIDocumentInterface } from '@asyncapi/parser';
import { catalogueOf } from '../core/kernel/event-catalogue.ts';
import { EVENT_NAMES } from '../core/kernel/events.ts';
import { ALL_MODULES } from '../modules/index.ts';
import { DOCS_DIR } from './docs.ts';

/** Spectral's severities, as the parser reports them. */
const ERROR = 0;

async function parsed(): Promise<{ document: AsyncAPIDocumentInterface | undefined; errors: string[] }> {
  const text = readFileSync(new URL('asyncapi.json', DOCS_DIR), 'utf8');
  const { document, diagnostics } = await new Parser().parse(text);
  const errors = diagnostics.filter((d) => d.severity === ERROR).map((d) => `${d.path.join('.')}: ${d.code}: ${d.message}`);
  return { document, errors };
}

describe('docs/asyncapi.json', () => {
  it('parses with @asyncapi/parser without an error diagnostic', async () => {
    const { document, errors } = await parsed();
    assert.deepEqual(errors, []);
    assert.ok(document, 'the parser returned a document');
    assert.equal(document.version(), '3.0.0');
  });

  it('carries every event of the catalogue, sent by the server, with every field of its schema and the server', async () => {
    const { document } = await parsed();
    assert.ok(document);
    const catalogue = catalogueOf(ALL_MODULES);
    assert.equal(EVENT_NAMES.length, 87, 'the catalogue holds the 87 events the stream documents');
    const sent = document.operations().all().find((o) => o.id() === 'sendEvent');
    assert.ok(sent !== undefined && sent.isSend(), 'the server sends the events');
    const sentIds = new Set(sent.messages().all().map((m) => m.id()));
    const messages = new Map(document.components().messages().all().map((m) => [m.id(), m]));
    const problems: string[] = [];
    for (const name of EVENT_NAMES) {
      if (!catalogue.declared(name)) problems.push(`${name}: no schema in the catalogue`);
      const message = messages.get(name);
      if (!message) {
        problems.push(`${name}: no message`);
        continue;
      }
      if (!sentIds.has(name)) problems.push(`${name}: not among the messages the server sends`);
      const payload = message.payload();
      if (payload?.properties()?.event?.const() !== name) problems.push(`${name}: its payload's event is not the constant ${name}`);
      const data = payload?.properties()?.data;
      const schema = catalogue.streamSchema(name);
      if (!('server' in schema.properties)) problems.push(`${name}: data.server is not in the stream's schema`);
      const documented = new Set(Object.keys(data?.properties() ?? {}));
      for (const field of Object.keys(schema.properties)) {
        if (!documented.has(field)) problems.push(`${name}: data.${field} is missing`);
      }
      for (const field of documented) if (!(field in schema.properties)) problems.push(`${name}: data.${field} is not in the event's schema`);
      const required = new Set(data?.required() ?? []);
      for (const field of schema.required ?? []) if (!required.has(field)) problems.push(`${name}: data.${field} is not required`);
    }
    assert.deepEqual(problems, []);
  });
});
