// `npm run openapi`: writes docs/openapi.json (from the route table of every module the product
// ships, src/modules/index.ts), docs/asyncapi.json (from the event catalogue of the kernel and every
// known module), docs/reference.html (the page the listener
// serves at /api/v1/docs) and docs/api/ (a page per area and the error codes). Files of docs/api/
// no longer generated are removed. A test fails while any committed file is stale.

import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { catalogueOf } from '../core/kernel/event-catalogue.ts';
import { ALL_MODULES } from '../modules/index.ts';
import { API_DOCS_DIR, DOCS_DIR, productVersion, renderDocs } from './docs.ts';
import { routeTable } from './routes.ts';

const ROUTES = routeTable(ALL_MODULES);
const docs = renderDocs(ROUTES, catalogueOf(ALL_MODULES), productVersion());
mkdirSync(API_DOCS_DIR, { recursive: true });
writeFileSync(new URL('openapi.json', DOCS_DIR), docs.openapi);
writeFileSync(new URL('asyncapi.json', DOCS_DIR), docs.asyncapi);
writeFileSync(new URL('reference.html', DOCS_DIR), docs.reference);
for (const name of readdirSync(API_DOCS_DIR)) if (!docs.api.has(name)) rmSync(new URL(name, API_DOCS_DIR));
for (const [name, text] of docs.api) writeFileSync(new URL(name, API_DOCS_DIR), text);
process.stdout.write(
  `wrote docs/openapi.json (${ROUTES.length} routes + the event stream and the reference), docs/asyncapi.json, docs/reference.html and docs/api/ (${docs.api.size} pages)\n`,
);
