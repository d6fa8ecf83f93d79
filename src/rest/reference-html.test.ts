// The reference page: every route and every event is on it, whatever it takes from the documents is
// escaped, and it loads nothing from elsewhere (it must work on an offline server).

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { catalogueOf } from '../core/kernel/event-catalogue.ts';
import { EVENT_NAMES } from '../core/kernel/events.ts';
import { ALL_MODULES } from '../modules/index.ts';
import { renderDocs } from './docs.ts';
import { esc, renderReferenceHtml } from './reference-html.ts';
import { ROUTES } from '../../test/support/published.ts';

const page = renderDocs(ROUTES, catalogueOf(ALL_MODULES), '1.2.3').reference;

const EVIL = '<script>alert("x")</script>';
const evilOpenApi = {
  openapi: '3.1.0',
  info: { title: `Core ${EVIL}`, version: `1 ${EVIL}`, description: `**Auth** \`${EVIL}\` ${EVIL}`, 'x-api-version': EVIL },
  tags: [{ name: `area${EVIL}` }],
  paths: {
    [`/api/v1/x/{id}/${EVIL}`]: {
      post: {
        operationId: `op"${EVIL}`,
        summary: EVIL,
        description: EVIL,
        tags: [`area${EVIL}`],
        'x-scope': `write${EVIL}`,
        'x-module': EVIL,
        parameters: [{ name: `id${EVIL}`, in: 'path', required: true, description: EVIL, schema: { type: 'string', pattern: EVIL } }],
        requestBody: { content: { 'application/json': { schema: { type: 'object', properties: { [EVIL]: { const: EVIL, description: EVIL } } } } } },
        responses: {
          '200': { content: { 'application/json': { schema: { oneOf: [{ properties: { data: { type: 'object', properties: { [`a${EVIL}`]: { enum: [EVIL] } } } } }] } } } },
          '418': { description: EVIL, content: { 'application/json': { example: { code: EVIL } } } },
        },
      },
    },
  },
};
const evilAsyncApi = {
  info: { description: EVIL },
  components: {
    messages: {
      [`ctl${EVIL}`]: { summary: EVIL },
      'evil.event': { summary: EVIL, payload: { properties: { data: { type: 'object', properties: { [EVIL]: { type: 'string', description: EVIL } } } } } },
    },
  },
};

describe('the API reference page', () => {
  it('shows every route (method and path) and every event', () => {
    for (const row of ROUTES) {
      const path = '/api/v1' + row.path.replace(/:([A-Za-z0-9_-]+)/g, '{$1}');
      assert.ok(page.includes(`>${row.method}</span><code>${esc(path)}</code>`), `${row.name} is on the page`);
    }
    for (const path of ['/api/v1/events', '/api/v1/docs', '/api/v1/openapi.json']) assert.ok(page.includes(`<code>${path}</code>`), path);
    assert.equal(EVENT_NAMES.length, 87);
    for (const name of EVENT_NAMES) assert.ok(page.includes(`id="event-${name}"`), `event ${name} is on the page`);
  });

  it('says how to authenticate, that every path needs a token, and which open with public-reference', () => {
    assert.match(page, /Authorization: Bearer/);
    assert.match(page, /<p class="note"><strong>Every path needs a token<\/strong>/);
    assert.match(page, /Open without a token with <code>public-reference = true<\/code><\/strong> in rest\.conf: <code>GET \/api\/v1\/openapi\.json<\/code>, <code>GET \/api\/v1\/docs<\/code>/);
    assert.match(page, /curl -s -X POST -H &#34;Authorization: Bearer \$TOKEN&#34;/);
  });

  it('escapes everything it takes from the documents, attributes included', () => {
    const html = renderReferenceHtml(evilOpenApi, evilAsyncApi);
    assert.ok(!html.includes('<script>alert'), 'no markup from a document reaches the page');
    assert.ok(!html.includes('"x")'), 'no quote from a document closes an attribute');
    // The page's own script is the one <script> element.
    assert.equal(html.match(/<script/g)?.length, 1);
    assert.ok(html.includes('&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62;'));
    assert.match(html, /<strong>Auth<\/strong>/, 'the little Markdown is still rendered');
  });

  it('loads nothing from elsewhere: no src, no stylesheet link, no url() or @import, only in-page links', () => {
    // Nor from the server itself: behind the Basic login the page needs no second request (its
    // script only filters what is on the page), so nothing it shows depends on the browser
    // sending the credentials again.
    assert.doesNotMatch(page, /fetch\(|XMLHttpRequest|EventSource|import\(|new WebSocket/);
    assert.doesNotMatch(page, /\ssrc\s*=/i);
    assert.doesNotMatch(page, /<link\b/i);
    assert.doesNotMatch(page, /url\(|@import/i);
    const hrefs = [...page.matchAll(/\shref\s*=\s*"([^"]*)"/gi)].map((m) => m[1] ?? '');
    assert.ok(hrefs.length > 30);
    assert.deepEqual(hrefs.filter((h) => !h.startsWith('#')), []);
    assert.ok(page.startsWith('<!doctype html>') && page.includes('<style>'));
  });

  it('renders the same page from the same documents (no date or random part)', () => {
    assert.equal(renderDocs(ROUTES, catalogueOf(ALL_MODULES), '1.2.3').reference, page);
  });
});
