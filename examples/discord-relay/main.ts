// Runs the relay: `CORE_URL=http://127.0.0.1:8123 CORE_TOKEN=crs_… DISCORD_WEBHOOK_URL=https://discord.com/api/webhooks/… npm run example:discord-relay`
// (the script runs this file on the project's Node 24).

import { EventStream } from '../../clients/typescript/src/index.ts';
import { checkArguments } from '../settings.ts';
import { MODERATION_PATTERNS, startRelay } from './relay.ts';

checkArguments(`Usage: CORE_URL=http://127.0.0.1:8123 CORE_TOKEN=crs_… DISCORD_WEBHOOK_URL=https://discord.com/api/webhooks/… npm run example:discord-relay

Settings, as environment variables:
  CORE_URL             the service's address (default http://127.0.0.1:8123)
  CORE_TOKEN           (required) a token with the events scope
  DISCORD_WEBHOOK_URL  (required) the Discord channel's webhook URL

See examples/discord-relay/README.md.`);

const token = process.env.CORE_TOKEN;
const webhookUrl = process.env.DISCORD_WEBHOOK_URL;
if (!token || !webhookUrl) {
  console.error('CORE_TOKEN (a token with the events scope) and DISCORD_WEBHOOK_URL must be set (see npm run example:discord-relay -- --help)');
  process.exit(1);
}
const stream = new EventStream({ baseUrl: process.env.CORE_URL ?? 'http://127.0.0.1:8123', auth: { bearer: token } });
const relay = startRelay({ source: stream, webhookUrl });
stream.onStatus((s) => console.log(`event stream: ${s.state}${s.state === 'reconnecting' ? ` in ${s.delayMs} ms (attempt ${s.attempt})` : ''}`));
try {
  await stream.connect();
  await stream.subscribe(MODERATION_PATTERNS);
} catch (e) {
  // The first connection failing is not retried: the URL, the token or its scope is likely wrong.
  console.error(`The relay did not start: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
}
console.log(`relaying ${MODERATION_PATTERNS.join(', ')} to Discord`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    relay.stop();
    void relay.idle().then(() => stream.close());
  });
}
