// Runs the web panel: CORE_URL=http://127.0.0.1:8123 CORE_TOKEN=crs_… node examples/web-panel/server.ts
// Optional: PANEL_PORT (default 8080; 0 picks a free one), PANEL_HOST (default 127.0.0.1: the panel
// has no login of its own), CORE_EVENTS (comma-separated event patterns, default *).

import type { Pattern } from '../../clients/typescript/src/index.ts';
import { startPanel, type Panel } from './panel-server.ts';

const coreUrl = process.env.CORE_URL;
const token = process.env.CORE_TOKEN;
if (!coreUrl || !token) {
  console.error('Set CORE_URL (e.g. http://127.0.0.1:8123) and CORE_TOKEN (a token with the read and events scopes).');
  process.exit(1);
}

let panel: Panel;
try {
  panel = await startPanel({
    coreUrl,
    token,
    port: Number(process.env.PANEL_PORT ?? 8080),
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
