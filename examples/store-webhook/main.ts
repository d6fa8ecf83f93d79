// Runs the store webhook: `CORE_URL=http://127.0.0.1:8123 CORE_TOKEN=crs_… STORE_SECRET=… PORT=8080 npm run example:store-webhook`
// (the script runs this file on the project's Node 24).

import type { AddressInfo } from 'node:net';
import { createClient } from '../../clients/typescript/src/index.ts';
import { checkArguments, portSetting } from '../settings.ts';
import { createWebhookServer } from './webhook.ts';

checkArguments(`Usage: CORE_URL=http://127.0.0.1:8123 CORE_TOKEN=crs_… STORE_SECRET=… PORT=8080 npm run example:store-webhook

Settings, as environment variables:
  CORE_URL      the service's address (default http://127.0.0.1:8123)
  CORE_TOKEN    (required) a token with the read and write scopes
  STORE_SECRET  (required) the secret the store signs its deliveries with
  PORT          the port the store delivers to (default 8080; 0 picks a free one)
  BIND          the address it listens on (default 127.0.0.1)
  CURRENCY      the currency deposited (default: the server's default currency)

See examples/store-webhook/README.md.`);

function env(name: string): string {
  const value = process.env[name];
  if (!value) {
    console.error(`${name} is not set (see npm run example:store-webhook -- --help)`);
    process.exit(1);
  }
  return value;
}

const client = createClient({ baseUrl: process.env.CORE_URL ?? 'http://127.0.0.1:8123', auth: { bearer: env('CORE_TOKEN') } });
const server = createWebhookServer({ client, secret: env('STORE_SECRET'), ...(process.env.CURRENCY ? { currency: process.env.CURRENCY } : {}) });
const port = portSetting('PORT', 8080);
const bind = process.env.BIND ?? '127.0.0.1';
server.once('error', (e) => {
  console.error(`The store webhook did not start: ${e.message}`);
  process.exit(1);
});
server.listen(port, bind, () => {
  const { address, family, port: bound } = server.address() as AddressInfo;
  console.log(`store webhook listening on http://${family === 'IPv6' ? `[${address}]` : address}:${bound}/purchase`);
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => server.close());
