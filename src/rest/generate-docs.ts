// `npm run openapi`: writes docs/openapi.json (from the route table) and docs/asyncapi.json (from
// the event catalogue of the kernel and every known module). A test fails while either committed
// file is stale.

import { mkdirSync, writeFileSync } from 'node:fs';
import { catalogueOf } from '../core/event-catalogue.ts';
import { ALL_MODULES } from '../modules/index.ts';
import { DOCS_DIR, productVersion, renderDocs } from './docs.ts';
import { ROUTES } from './routes.ts';

const { openapi, asyncapi } = renderDocs(ROUTES, catalogueOf(ALL_MODULES), productVersion());
mkdirSync(DOCS_DIR, { recursive: true });
writeFileSync(new URL('openapi.json', DOCS_DIR), openapi);
writeFileSync(new URL('asyncapi.json', DOCS_DIR), asyncapi);
process.stdout.write(`wrote docs/openapi.json (${ROUTES.length} routes + the event stream) and docs/asyncapi.json\n`);
