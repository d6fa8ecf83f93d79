// Runs the web panel: CORE_URL=http://127.0.0.1:8123 CORE_TOKEN=crs_… npm run example:web-panel
// (the script runs this file on the project's Node 24). Optional: PANEL_PORT (default 8080; 0 picks a
// free one), PANEL_HOST (default 127.0.0.1: the panel has no login of its own), CORE_EVENTS
// (comma-separated event patterns, default *).

import type { Pattern } from '../../clients/typescript/src/index.ts';
import { checkArguments, portSetting } from '../settings.ts';
import { startPanel, type Panel } from './panel-server.ts';

checkArguments(`Usage: CORE_URL=http://127.0.0.1:8123 CORE_TOKEN=crs_… npm run example:web-panel

Settings, as environment variables:
  CORE_URL     (required) the service's address, with or without /api/v1
  CORE_TOKEN   (required) a token with the read and events scopes
  PANEL_PORT   the panel's port (default 8080; 0 picks a free one)
  PANEL_HOST   the address the panel listens on (default 127.0.0.1)
  CORE_EVENTS  the event patterns to subscribe to, comma-separated (default *)

See examples/web-panel/README.md.`);

const coreUrl = process.env.CORE_URL;
const token = process.env.CORE_TOKEN;
if (!coreUrl || !token) {
  console.error('Set CORE_URL (e.g. http://127.0.0.1:8123) and CORE_TOKEN (a token with the read and events scopes).');
  process.exit(1);
}

const port = portSetting('PANEL_PORT', 8080);

let panel: Panel;
try {
  panel = await startPanel({
    coreUrl,
    token,
    port,
    host: process.env.PANEL_HOST ?? '127.0.0.1',
    // Taken as written: the service refuses a pattern it does not know, and the start fails saying so.
    patterns: (process.env.CORE_EVENTS ?? '*').split(',').map((p) => p.trim()).filter((p) => p !== '') as Pattern[],
  });
} catch (e) {
  console.error(`The panel did not start: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
}
console.log(`Web panel on ${panel.url}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void panel.close().then(() => process.exit(0));
  });
}
