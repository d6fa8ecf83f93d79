// A fake Discord on loopback for the bot's tests: the REST API discord.js calls (gateway address,
// command registration, interaction replies) and a gateway WebSocket that says hello, answers
// identify with READY and acknowledges heartbeats. `interact` sends an INTERACTION_CREATE (a slash
// command run by a user) and resolves with the reply the bot posts back. Point the bot at `api`.

import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';

export interface FakeDiscordCall {
  method: string;
  path: string;
  auth: string | undefined;
  body: unknown;
}

export interface FakeDiscord {
  /** The REST address to give the bot (discord-api-url). */
  api: string;
  /** Every REST request, in order. */
  calls: FakeDiscordCall[];
  /** Whether a bot is connected to the gateway and identified. */
  identified(): boolean;
  /** A slash command run by the user `userId` in the guild; resolves with the reply's `data`. */
  interact(command: string, userId: string, options?: { name: string; type: number; value: string }[]): Promise<Record<string, unknown>>;
  close(): Promise<void>;
}

export const FAKE_APP_ID = '400000000000000001';
export const FAKE_GUILD_ID = '500000000000000001';

async function bodyOf(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * `token`: the only bot token the fake accepts (any other answers 401, as Discord does).
 * `closeOnIdentify`: a gateway close code to answer identify with (4014: disallowed intents).
 */
export async function startFakeDiscord(token: string, options: { closeOnIdentify?: number } = {}): Promise<FakeDiscord> {
  const calls: FakeDiscordCall[] = [];
  const replies = new Map<string, (data: Record<string, unknown>) => void>();
  let socket: WebSocket | undefined;
  let identified = false;
  let seq = 0;
  let next = 0;

  const server = createServer((req, res) => {
    void (async () => {
      const body = await bodyOf(req);
      const path = (req.url ?? '').replace(/\?.*$/, '');
      const auth = req.headers.authorization;
      calls.push({ method: req.method ?? '', path, auth, body });
      const send = (status: number, json?: unknown) => {
        res.writeHead(status, json === undefined ? {} : { 'content-type': 'application/json' });
        res.end(json === undefined ? undefined : JSON.stringify(json));
      };
      // Interaction replies carry the interaction's token in the path, no bot token (as on Discord).
      const callback = /^\/api\/v10\/interactions\/(\d+)\/([^/]+)\/callback$/.exec(path);
      if (req.method === 'POST' && callback) {
        replies.get(callback[1]!)?.(((body as { data?: Record<string, unknown> } | undefined)?.data ?? {}) as Record<string, unknown>);
        return send(204);
      }
      if (auth !== `Bot ${token}`) return send(401, { message: '401: Unauthorized', code: 0 });
      if (req.method === 'GET' && path === '/api/v10/gateway/bot') {
        const { port } = server.address() as AddressInfo;
        return send(200, { url: `ws://127.0.0.1:${port}`, shards: 1, session_start_limit: { total: 1000, remaining: 1000, reset_after: 0, max_concurrency: 1 } });
      }
      const commands = /^\/api\/v10\/applications\/(\d+)\/(?:guilds\/(\d+)\/)?commands$/.exec(path);
      if (req.method === 'PUT' && commands) {
        const list = Array.isArray(body) ? (body as Record<string, unknown>[]) : [];
        return send(200, list.map((c, i) => ({ ...c, id: String(600000000000000000n + BigInt(i)), application_id: FAKE_APP_ID, version: '1', type: 1, ...(commands[2] ? { guild_id: commands[2] } : {}) })));
      }
      send(404, { message: '404: Not Found', code: 0 });
    })();
  });
  const wss = new WebSocketServer({ server });
  wss.on('connection', (ws) => {
    socket = ws;
    ws.send(JSON.stringify({ op: 10, d: { heartbeat_interval: 45_000 }, s: null, t: null }));
    ws.on('message', (raw) => {
      const msg = JSON.parse(String(raw)) as { op: number; d: unknown };
      if (msg.op === 1) ws.send(JSON.stringify({ op: 11, d: null, s: null, t: null }));
      if (msg.op === 2) {
        if (options.closeOnIdentify) return ws.close(options.closeOnIdentify, 'Closed by the fake.');
        identified = (msg.d as { token?: string }).token === token;
        if (!identified) return ws.close(4004, 'Authentication failed.');
        const { port } = server.address() as AddressInfo;
        ws.send(
          JSON.stringify({
            op: 0,
            s: ++seq,
            t: 'READY',
            d: {
              v: 10,
              user: { id: '400000000000000002', username: 'CoreBot', discriminator: '0', bot: true, avatar: null },
              guilds: [],
              session_id: 'fake-session',
              resume_gateway_url: `ws://127.0.0.1:${port}`,
              application: { id: FAKE_APP_ID, flags: 0 },
              shard: [0, 1],
            },
          }),
        );
      }
    });
    ws.on('close', () => {
      if (socket === ws) identified = false;
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    api: `http://127.0.0.1:${port}/api`,
    calls,
    identified: () => identified,
    interact(command, userId, options = []) {
      const id = String(700000000000000000n + BigInt(++next));
      const reply = new Promise<Record<string, unknown>>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`the bot sent no reply to /${command} within 10 s`)), 10_000);
        replies.set(id, (data) => {
          clearTimeout(timer);
          resolve(data);
        });
      });
      socket?.send(
        JSON.stringify({
          op: 0,
          s: ++seq,
          t: 'INTERACTION_CREATE',
          d: {
            id,
            application_id: FAKE_APP_ID,
            type: 2,
            token: `interaction-token-${next}`,
            version: 1,
            guild_id: FAKE_GUILD_ID,
            channel_id: '500000000000000002',
            member: { user: { id: userId, username: `user${userId.slice(-3)}`, discriminator: '0', avatar: null }, roles: [], joined_at: '2026-01-01T00:00:00.000Z', deaf: false, mute: false, permissions: '0', flags: 0 },
            data: { id: '600000000000000000', name: command, type: 1, options },
            locale: 'en-US',
            guild_locale: 'en-US',
            app_permissions: '0',
            entitlements: [],
            authorizing_integration_owners: { 0: FAKE_GUILD_ID },
            context: 0,
          },
        }),
      );
      return reply;
    },
    async close() {
      for (const c of wss.clients) c.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
