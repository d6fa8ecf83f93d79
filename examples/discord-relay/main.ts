// Runs the relay: `CORE_URL=http://127.0.0.1:8123 CORE_TOKEN=crs_… DISCORD_WEBHOOK_URL=https://discord.com/api/webhooks/… node examples/discord-relay/main.ts`.

import { EventStream } from '../../clients/typescript/src/index.ts';
import { MODERATION_PATTERNS, startRelay } from './relay.ts';

const token = process.env.CORE_TOKEN;
const webhookUrl = process.env.DISCORD_WEBHOOK_URL;
if (!token || !webhookUrl) {
  console.error('CORE_TOKEN (a token with the events scope) and DISCORD_WEBHOOK_URL must be set');
  process.exit(1);
}
const stream = new EventStream({ baseUrl: process.env.CORE_URL ?? 'http://127.0.0.1:8123', auth: { bearer: token } });
const relay = startRelay({ source: stream, webhookUrl });
stream.onStatus((s) => console.log(`event stream: ${s.state}${s.state === 'reconnecting' ? ` in ${s.delayMs} ms (attempt ${s.attempt})` : ''}`));
await stream.connect();
await stream.subscribe(MODERATION_PATTERNS);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    relay.stop();
    void relay.idle().then(() => stream.close());
  });
}
