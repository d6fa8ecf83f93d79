// The API reference the listener serves: `GET /api/v1/openapi.json` (the document docs/openapi.json
// holds) and `GET /api/v1/docs` (a page rendered from it and the AsyncAPI document). Like every
// path, both need a token, with the read scope: the specification answers nothing without one. A
// browser opening the page gets the 401's Basic challenge and asks for the label and secret.
// `public-reference = true` in rest.conf opens both without a token (limited per remote address like
// failed authentication), and `reference = false` makes them unknown paths (docs/remote-access.md,
// "The API reference").

import type { PlainRoute } from './openapi.ts';

export const REFERENCE_SWITCH = 'reference';
export const REFERENCE_OPEN_KEY = 'public-reference';

const ACCESS =
  'Needs a token with the read scope, in either form (a browser asks for it in its login box: the token label as user name, the secret as password). With `public-reference = true` in rest.conf it answers without a token too, limited per remote address like failed authentication.';

export const OPENAPI_ROUTE: PlainRoute = {
  path: '/openapi.json',
  tag: 'reference',
  summary: 'This OpenAPI document',
  description: `The OpenAPI 3.1 document of the HTTP API, the same as docs/openapi.json of this version. ${ACCESS}`,
  contentType: 'application/json; charset=utf-8',
  scope: 'read',
  switchKey: REFERENCE_SWITCH,
  openKey: REFERENCE_OPEN_KEY,
};

export const DOCS_ROUTE: PlainRoute = {
  path: '/docs',
  tag: 'reference',
  summary: 'The API reference, a page for a browser',
  description: `One self-contained HTML page (no script or style from elsewhere, so it works offline) rendered from this document and the event stream's AsyncAPI document: authentication, every route by area with its parameters, body, answer fields, refusals and a curl example, and every event. ${ACCESS}`,
  contentType: 'text/html; charset=utf-8',
  scope: 'read',
  switchKey: REFERENCE_SWITCH,
  openKey: REFERENCE_OPEN_KEY,
};

export const REFERENCE_ROUTES: readonly PlainRoute[] = [OPENAPI_ROUTE, DOCS_ROUTE];
