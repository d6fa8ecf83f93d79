import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { Validator } from '@seriousme/openapi-schema-validator';
import { catalogueOf } from '../core/kernel/event-catalogue.ts';
import { EVENT_NAMES } from '../core/kernel/events.ts';
import { ALL_MODULES } from '../modules/index.ts';
import { buildAsyncApi } from './asyncapi.ts';
import { API_DOCS_DIR, DOCS_DIR, productVersion, renderDocs } from './docs.ts';
import { buildOpenApi } from './openapi.ts';
import { ROUTES } from '../../test/support/published.ts';

// biome-ignore lint: the documents are read field by field.
type Doc = any;

const read = (name: string) => readFileSync(new URL(name, DOCS_DIR), 'utf8');

describe('docs/openapi.json and docs/asyncapi.json', () => {
  it('are up to date with the route table and the event catalogue (run `npm run openapi`)', () => {
    const fresh = renderDocs(ROUTES, catalogueOf(ALL_MODULES), productVersion());
    assert.ok(read('openapi.json') === fresh.openapi, 'docs/openapi.json is stale: run npm run openapi');
    assert.ok(read('asyncapi.json') === fresh.asyncapi, 'docs/asyncapi.json is stale: run npm run openapi');
    assert.ok(read('reference.html') === fresh.reference, 'docs/reference.html is stale: run npm run openapi');
    assert.deepEqual(readdirSync(API_DOCS_DIR).sort(), [...fresh.api.keys()].sort(), 'docs/api/ holds exactly the generated pages: run npm run openapi');
    for (const [name, text] of fresh.api) assert.ok(read(`api/${name}`) === text, `docs/api/${name} is stale: run npm run openapi`);
  });

  it('is a valid OpenAPI 3.1 document', async () => {
    const validator = new Validator();
    const result = await validator.validate(JSON.parse(read('openapi.json')));
    assert.deepEqual(result.errors ?? [], []);
    assert.equal(result.valid, true);
    assert.equal(validator.version, '3.1');
  });

  it('documents every row with its scope, parameters and every status it can give', () => {
    const doc: Doc = buildOpenApi(ROUTES, 'x');
    assert.deepEqual(Object.keys(doc.components.securitySchemes), ['bearer', 'basic']);
    assert.ok(doc.components.schemas.Error);
    for (const row of ROUTES) {
      const path = '/api/v1' + row.path.replace(/:([A-Za-z0-9_-]+)/g, '{$1}');
      const op = doc.paths[path]?.[row.method.toLowerCase()];
      assert.ok(op, `${row.name} is documented`);
      assert.equal(op['x-scope'], row.scope);
      const statuses = Object.keys(op.responses);
      for (const s of ['200', '400', '401', '403', '405', '413', '429', '500', '504']) assert.ok(statuses.includes(s), `${row.name} ${s}`);
      assert.equal(statuses.includes('503'), row.module !== null, `${row.name} 503 only behind a module`);
      assert.equal(statuses.includes('404'), row.notFoundIs404, `${row.name} 404 only where the row says`);
      const post = row.method === 'POST';
      assert.equal(statuses.includes('409') && statuses.includes('422'), post, `${row.name} 409 and 422 (Idempotency-Key) on POST only`);
      assert.equal((op.parameters ?? []).some((p: Doc) => p.$ref === '#/components/parameters/Idempotency-Key'), post, `${row.name} Idempotency-Key on POST only`);
      for (const name of Object.keys((row.params as { properties?: object } | undefined)?.properties ?? {})) {
        assert.ok(op.parameters.some((p: Doc) => p.in === 'path' && p.name === name), `${row.name} path parameter ${name}`);
      }
    }
    const events = doc.paths['/api/v1/events'].get;
    assert.deepEqual(Object.keys(events.responses).sort(), ['101', '401', '403', '405', '413', '426', '429', '500', '503']);
  });

  it('documents the reference routes: their media type, the read scope, open without a token only with public-reference, 404 while switched off', () => {
    const doc: Doc = JSON.parse(read('openapi.json'));
    const page = doc.paths['/api/v1/docs'].get;
    assert.equal(page.security, undefined, 'the document\'s security applies: a token');
    assert.equal(page['x-scope'], 'read');
    assert.ok(page.responses['200'].content['text/html']);
    assert.deepEqual(Object.keys(page.responses), ['200', '401', '403', '404', '405', '429', '500']);
    assert.ok(doc.paths['/api/v1/openapi.json'].get.responses['200'].content['application/json']);
    assert.equal(doc.paths['/api/v1/openapi.json'].get['x-scope'], 'read');
    assert.match(doc.info.description, /Open without a token with `public-reference = true`\*\* in rest\.conf: `GET \/api\/v1\/openapi\.json`, `GET \/api\/v1\/docs`/);
    assert.doesNotMatch(doc.info.description, /\*\*Open without a token:\*\*/, 'no path is open by default');
  });

  it('describes all 87 events with their data (occurred-at included) and the protocol messages', () => {
    const doc: Doc = buildAsyncApi(catalogueOf(ALL_MODULES), 'x');
    assert.equal(doc.asyncapi, '3.0.0');
    assert.equal(doc.channels.events.address, '/api/v1/events');
    assert.equal(EVENT_NAMES.length, 87);
    for (const name of EVENT_NAMES) {
      const m = doc.components.messages[name];
      assert.ok(m, name);
      assert.deepEqual(m.payload.properties.event, { const: name });
      assert.ok(m.payload.properties.data.properties['occurred-at'], `${name} data has occurred-at`);
      assert.ok(doc.channels.events.messages[name]);
    }
    for (const name of ['connected', 'subscribed', 'unsubscribed', 'error', 'subscribe', 'unsubscribe']) assert.ok(doc.components.messages[name], name);
    assert.equal(doc.operations.sendEvent.messages.length, 87);
    // Every $ref resolves.
    const text = JSON.stringify(doc);
    for (const [, target] of text.matchAll(/"\$ref":"#\/([^"]+)"/g)) {
      let node: Doc = doc;
      for (const part of (target as string).split('/')) node = node?.[part.replaceAll('~1', '/')];
      assert.ok(node, `$ref #/${target} resolves`);
    }
  });
});
