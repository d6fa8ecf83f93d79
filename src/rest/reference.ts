// The API reference the listener serves: `GET /api/v1/openapi.json` (the document docs/openapi.json
// holds) and `GET /api/v1/docs` (a page rendered from it and the AsyncAPI document). Both are open
// without a token, since they describe the API and hold no secret and a browser opens them without
// a header; they are limited per remote address like failed authentication, and `reference = false`
// in rest.conf makes them unknown paths (docs/remote-access.md, "The API reference").

import type { PlainRoute } from './openapi.ts';

export const REFERENCE_SWITCH = 'reference';

export const OPENAPI_ROUTE: PlainRoute = {
  path: '/openapi.json',
  tag: 'reference',
  summary: 'This OpenAPI document',
  description:
    'The OpenAPI 3.1 document of the HTTP API, the same as docs/openapi.json of this version. Open without a token; limited per remote address like failed authentication.',
  contentType: 'application/json; charset=utf-8',
  scope: null,
  switchKey: REFERENCE_SWITCH,
};

export const DOCS_ROUTE: PlainRoute = {
  path: '/docs',
  tag: 'reference',
  summary: 'The API reference, a page for a browser',
  description:
    'One self-contained HTML page (no script or style from elsewhere, so it works offline) rendered from this document and the event stream\'s AsyncAPI document: authentication, every route by area with its parameters, body, answer fields, refusals and a curl example, and every event. Open without a token; limited per remote address like failed authentication.',
  contentType: 'text/html; charset=utf-8',
  scope: null,
  switchKey: REFERENCE_SWITCH,
};

export const REFERENCE_ROUTES: readonly PlainRoute[] = [OPENAPI_ROUTE, DOCS_ROUTE];
