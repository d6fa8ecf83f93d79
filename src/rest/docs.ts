// The generated documentation: the OpenAPI 3.1 document (from the route table and the plain routes
// served beside it, ./openapi.ts), the AsyncAPI 3.0 document (from the event catalogue and the
// stream protocol, ./asyncapi.ts), the reference page rendered from both (./reference-html.ts) and
// the pages of docs/api/ (./api-pages.ts). `npm run openapi` writes them to docs/; a test fails when
// a committed file differs from what these functions build. The listener serves the first and the
// third from memory (./reference-routes.ts).

import { readFileSync } from 'node:fs';
import type { EventCatalogue } from '../core/kernel/event-catalogue.ts';
import type { RouteDefinition } from '../core/kernel/routes.ts';
import { renderApiPages } from './api-pages.ts';
import { buildAsyncApi } from './asyncapi.ts';
import { buildOpenApi } from './openapi.ts';
import { REFERENCE_ROUTES } from './reference.ts';
import { METRICS_DOC } from './metrics.route.ts';
import { renderReferenceHtml } from './reference-html.ts';

export interface RenderedDocs {
  openapi: string;
  asyncapi: string;
  /** docs/reference.html, and the page at /api/v1/docs. */
  reference: string;
  /** docs/api/<file>, by file name. */
  api: Map<string, string>;
}

/** The documents as written to docs/ (stable formatting, trailing newline). */
export function renderDocs(routes: readonly RouteDefinition[], catalogue: EventCatalogue, version: string): RenderedDocs {
  const openapi = buildOpenApi(routes, version, [...REFERENCE_ROUTES, METRICS_DOC]);
  const asyncapi = buildAsyncApi(catalogue, version);
  return {
    openapi: JSON.stringify(openapi, null, 2) + '\n',
    asyncapi: JSON.stringify(asyncapi, null, 2) + '\n',
    reference: renderReferenceHtml(openapi, asyncapi),
    api: renderApiPages(openapi, routes),
  };
}

/** The product version, from package.json: the documents carry it. */
export function productVersion(): string {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
  return pkg.version;
}

export const DOCS_DIR = new URL('../../docs/', import.meta.url);
export const API_DOCS_DIR = new URL('api/', DOCS_DIR);
