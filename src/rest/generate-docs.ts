// `npm run openapi`: writes docs/openapi.json (from the route table) and docs/asyncapi.json (from
// the event catalogue). A test fails while either committed file is stale.

import { mkdirSync, writeFileSync } from 'node:fs';
import { DOCS_DIR, productVersion, renderDocs } from './docs.ts';
import { ROUTES } from './routes.ts';

const { openapi, asyncapi } = renderDocs(ROUTES, productVersion());
mkdirSync(DOCS_DIR, { recursive: true });
writeFileSync(new URL('openapi.json', DOCS_DIR), openapi);
writeFileSync(new URL('asyncapi.json', DOCS_DIR), asyncapi);
process.stdout.write(`wrote docs/openapi.json (${ROUTES.length} routes + the event stream) and docs/asyncapi.json\n`);
