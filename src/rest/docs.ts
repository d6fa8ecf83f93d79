// The OpenAPI 3.1 document (from the route table, ./openapi.ts) and the AsyncAPI 3.0 document (from
// the event catalogue and the stream protocol, ./asyncapi.ts). `npm run openapi` writes both to
// docs/; a test fails when the committed files differ from what these functions build.

import { readFileSync } from 'node:fs';
import type { EventCatalogue } from '../core/event-catalogue.ts';
import type { RouteDefinition } from '../core/routes.ts';
import { buildAsyncApi } from './asyncapi.ts';
import { buildOpenApi } from './openapi.ts';

/** The two documents as written to docs/ (stable formatting, trailing newline). */
export function renderDocs(routes: readonly RouteDefinition[], catalogue: EventCatalogue, version: string): { openapi: string; asyncapi: string } {
  return {
    openapi: JSON.stringify(buildOpenApi(routes, version), null, 2) + '\n',
    asyncapi: JSON.stringify(buildAsyncApi(catalogue, version), null, 2) + '\n',
  };
}

/** The product version, from package.json: the documents carry it. */
export function productVersion(): string {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
  return pkg.version;
}

export const DOCS_DIR = new URL('../../docs/', import.meta.url);
