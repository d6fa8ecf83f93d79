// The AsyncAPI 3.0 document of the event stream: the protocol messages, and every event with its
// data from the event catalogue.

import type { EventCatalogue } from '../core/kernel/event-catalogue.ts';
import { EVENT_CONTEXTS, EVENT_NAMES, type EventName } from '../core/kernel/events.ts';
import { DEFAULT_CONFIG } from './config.ts';
import { CLOSE, CONNECTED_HINT, MAX_BUFFERED_BYTES } from './event-stream.ts';
import { MAX_FRAME_BYTES } from './event-frames.ts';
import { schemaCollector, type Json } from './json-schema.ts';
import { EVENTS_PATH } from './server.ts';

const str = (description: string): Json => ({ type: 'string', description });

/** The AsyncAPI 3.0 document of the event stream, with each event's data from the catalogue. */
export function buildAsyncApi(catalogue: EventCatalogue, version: string): Json {
  const schemas = schemaCollector('#/components/schemas/');
  const messages: Record<string, Json> = {};
  const control: Record<string, Json> = {
    connected: {
      name: 'connected',
      summary: 'Sent once the connection is open; then nothing until the client subscribes.',
      payload: {
        type: 'object',
        additionalProperties: false,
        required: ['event', 'caller', 'message'],
        properties: { event: { const: 'connected' }, caller: str('The label of the token.'), message: str('A hint for a person.') },
        examples: [{ event: 'connected', caller: 'panel', message: CONNECTED_HINT }],
      },
    },
    subscribed: {
      name: 'subscribed',
      summary: 'The reply to subscribe: every pattern the connection now holds.',
      payload: topics('subscribed'),
    },
    unsubscribed: {
      name: 'unsubscribed',
      summary: 'The reply to unsubscribe: every pattern the connection still holds.',
      payload: topics('unsubscribed'),
    },
    error: {
      name: 'error',
      summary: 'A message that is not valid, or holds a pattern that is not valid: nothing of it was applied; the connection stays open.',
      payload: {
        type: 'object',
        additionalProperties: false,
        required: ['event', 'code', 'message'],
        properties: { event: { const: 'error' }, code: { const: 'bad-request' }, message: str('What was wrong, for a person.') },
      },
    },
    subscribe: {
      name: 'subscribe',
      summary: 'Adds patterns: `*`, `<context>.*` of a known context, or a known event name.',
      payload: patternMessage('subscribe'),
    },
    unsubscribe: {
      name: 'unsubscribe',
      summary: 'Removes patterns, matched exactly as they were written when subscribed (one not held is ignored).',
      payload: patternMessage('unsubscribe'),
    },
  };
  for (const [k, v] of Object.entries(control)) messages[k] = v;
  for (const name of EVENT_NAMES) {
    const data = schemas.convert(catalogue.streamSchema(name));
    const description = typeof data.description === 'string' ? data.description : undefined;
    messages[name] = {
      name,
      title: name,
      ...(description ? { summary: description } : {}),
      payload: {
        type: 'object',
        additionalProperties: false,
        required: ['event', 'data'],
        properties: { event: { const: name }, data },
      },
    };
  }
  const eventRefs = EVENT_NAMES.map((n: EventName) => ({ $ref: `#/channels/events/messages/${n}` }));
  return {
    asyncapi: '3.0.0',
    info: {
      title: 'Core Remote Access Service: event stream',
      version,
      description: `The event stream of the Remote Access Service (this document describes the server's side).
Connect a WebSocket to \`${EVENTS_PATH}\` with an \`Authorization\` header (Bearer secret, or Basic label:secret) of a
token holding the \`events\` scope. Refusals before the upgrade are HTTP answers (401, 403, 429; 503
\`too-many-subscribers\` beyond max-subscribers, counted across all tokens); see openapi.json.

The server sends \`connected\`, then nothing until the client subscribes. Every event arrives as
\`{"event": "<context>.<name>", "data": {...}}\`; \`data\` holds the event's own fields in the rendering the HTTP reads
use (a money is \`{currency, amount}\`, a location \`{world, x, y, z, yaw, pitch}\`), always \`occurred-at\` and \`server\`
(the name of the server it happened on: with Redis, the events of every server of the network reach every server's
stream) and, for an event about a player, \`player-id\` and \`player-name\`. The nine cancellable pre-events are not carried.

Close codes: ${CLOSE.goingAway} on shutdown; ${CLOSE.unsupportedData} for a binary frame, a fragmented message or a frame over
${MAX_FRAME_BYTES / 1024} KiB; ${CLOSE.policyViolation} when the token is revoked; ${CLOSE.tryAgainLater} when over ${MAX_BUFFERED_BYTES / (1024 * 1024)} MiB waits to be sent
to a subscriber that cannot keep up. After 60 s without traffic from the client the server pings; without a
pong within 30 s the connection is dropped. The server answers client pings.`,
    },
    defaultContentType: 'application/json',
    servers: {
      local: {
        host: `${DEFAULT_CONFIG.bind}:${DEFAULT_CONFIG.port}`,
        protocol: 'ws',
        description: 'The add-on listener (rest.conf bind and port); plain WebSocket, TLS belongs to a reverse proxy.',
        security: [{ $ref: '#/components/securitySchemes/bearer' }, { $ref: '#/components/securitySchemes/basic' }],
      },
    },
    channels: {
      events: {
        address: EVENTS_PATH,
        title: 'Event stream',
        messages: Object.fromEntries(Object.keys(messages).map((k) => [k, { $ref: `#/components/messages/${k}` }])),
        bindings: {
          ws: {
            method: 'GET',
            headers: {
              type: 'object',
              required: ['Authorization'],
              properties: { Authorization: str('`Bearer <secret>` or `Basic base64(label:secret)`.') },
            },
          },
        },
      },
    },
    operations: {
      sendEvent: {
        action: 'send',
        channel: { $ref: '#/channels/events' },
        summary: 'Each event matching a pattern the connection holds.',
        messages: eventRefs,
      },
      sendControl: {
        action: 'send',
        channel: { $ref: '#/channels/events' },
        summary: 'Greeting and replies to the client.',
        messages: ['connected', 'subscribed', 'unsubscribed', 'error'].map((n) => ({ $ref: `#/channels/events/messages/${n}` })),
      },
      receiveSubscription: {
        action: 'receive',
        channel: { $ref: '#/channels/events' },
        summary: 'The client changes the patterns it holds.',
        messages: ['subscribe', 'unsubscribe'].map((n) => ({ $ref: `#/channels/events/messages/${n}` })),
      },
    },
    components: {
      messages,
      schemas: {
        Pattern: {
          type: 'string',
          description: `\`*\`, \`<context>.*\` of a known context (${Object.keys(EVENT_CONTEXTS).join(', ')}), or a known event name.`,
          anyOf: [
            { const: '*' },
            { enum: Object.keys(EVENT_CONTEXTS).map((c) => `${c}.*`) },
            { enum: [...EVENT_NAMES] },
          ],
        },
        ...schemas.named,
      },
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', description: 'Authorization: Bearer <secret>.' },
        basic: { type: 'http', scheme: 'basic', description: 'Username: the token label. Password: the secret.' },
      },
    },
  };
}

function topics(event: string): Json {
  return {
    type: 'object',
    additionalProperties: false,
    required: ['event', 'topics'],
    properties: { event: { const: event }, topics: { type: 'array', items: { $ref: '#/components/schemas/Pattern' } } },
  };
}

function patternMessage(key: string): Json {
  return {
    type: 'object',
    additionalProperties: false,
    required: [key],
    properties: { [key]: { type: 'array', items: { $ref: '#/components/schemas/Pattern' } } },
    examples: [{ [key]: key === 'subscribe' ? ['economy.*', 'warp.create'] : ['warp.create'] }],
  };
}
