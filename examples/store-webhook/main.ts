// Runs the store webhook: `CORE_URL=http://127.0.0.1:8123 CORE_TOKEN=crs_… STORE_SECRET=… PORT=8080 node examples/store-webhook/main.ts`.

import { createClient } from '../../clients/typescript/src/index.ts';
import { createWebhookServer } from './webhook.ts';

function env(name: string): string {
  const value = process.env[name];
  if (!value) {
    console.error(`${name} is not set`);
    process.exit(1);
  }
  return value;
}

const client = createClient({ baseUrl: process.env.CORE_URL ?? 'http://127.0.0.1:8123', auth: { bearer: env('CORE_TOKEN') } });
const server = createWebhookServer({ client, secret: env('STORE_SECRET'), ...(process.env.CURRENCY ? { currency: process.env.CURRENCY } : {}) });
const port = Number(process.env.PORT ?? 8080);
server.listen(port, process.env.BIND ?? '127.0.0.1', () => console.log(`store webhook listening on http://${process.env.BIND ?? '127.0.0.1'}:${port}/purchase`));
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => server.close());
