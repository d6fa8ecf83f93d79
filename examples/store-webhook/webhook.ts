// A web store's purchase webhook turned into an economy deposit. The store POSTs
// `{"id": "<purchase id>", "player": "<name or uuid>", "amount": <number>}` with the header
// `X-Store-Signature: sha256=<hex HMAC-SHA256 of the raw body with the shared secret>`.
//
// The purchase id is the deposit's Idempotency-Key, so the store may deliver a purchase as often as
// it likes (its retries, two copies at once): Core applies it once and answers every copy with the
// first answer. The answers say what the store should do next: 2xx done, 4xx do not retry (fix the
// purchase or the configuration), 503 retry later.

import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { CoreApiError, type CoreClient } from '../../clients/typescript/src/index.ts';

export interface WebhookOptions {
  client: CoreClient;
  /** The secret shared with the store, which signs each delivery with it. */
  secret: string;
  /** The currency deposited; the server's default currency when left out. */
  currency?: string;
}

export const SIGNATURE_HEADER = 'x-store-signature';
const MAX_BODY = 16 * 1024;
const UUID = /^(?:[0-9a-fA-F]{32}|[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})$/;

export interface Purchase {
  id: string;
  player: string;
  amount: number;
}

/** The signature the store sends for a body: `sha256=` and the hex HMAC. */
export function sign(body: string | Buffer, secret: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

/** Whether the header is the body's signature, compared in constant time (no early exit a timing could reveal). */
export function signatureValid(body: Buffer, header: string | undefined, secret: string): boolean {
  if (header === undefined) return false;
  const expected = Buffer.from(sign(body, secret));
  const given = Buffer.from(header);
  // timingSafeEqual needs equal lengths; the length of a well-formed signature is no secret.
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export function parsePurchase(body: Buffer): Purchase | string {
  let json: unknown;
  try {
    json = JSON.parse(body.toString('utf8'));
  } catch {
    return 'the body is not JSON';
  }
  if (typeof json !== 'object' || json === null) return 'the body is not a JSON object';
  const { id, player, amount } = json as Record<string, unknown>;
  // The id becomes an Idempotency-Key: 1 to 255 printable ASCII characters with the prefix.
  if (typeof id !== 'string' || !/^[\x20-\x7e]{1,200}$/.test(id)) return 'id: a purchase id of 1 to 200 printable ASCII characters';
  if (typeof player !== 'string' || player.length === 0) return 'player: a player name or uuid';
  if (typeof amount !== 'number' || !Number.isFinite(amount) || amount <= 0) return 'amount: a positive number';
  return { id, player, amount };
}

interface Reply {
  status: number;
  body: Record<string, unknown>;
}

/** Delivers a verified purchase: the player's uuid, then the deposit keyed by the purchase id. */
export async function deliver(purchase: Purchase, options: WebhookOptions): Promise<Reply> {
  const { client } = options;
  try {
    let uuid = purchase.player;
    if (UUID.test(uuid)) {
      // Checked before the keyed deposit: a declined answer is kept under the key for 24 hours, so
      // a deposit to a player who had not joined yet would stay declined when the store retries
      // after the player's first join. A read keeps nothing.
      const known = await client.getPlayersByUuidBalance({ path: { uuid } });
      if (!known.ok && known.code === 'not-found') return unknownPlayer(purchase.player);
    } else {
      const found = await client.getPlayersByNameByName({ path: { name: purchase.player } }).catch((e: unknown) => {
        if (e instanceof CoreApiError && (e.status === 404 || e.status === 400)) return undefined;
        throw e;
      });
      if (found === undefined || !found.ok) return unknownPlayer(purchase.player);
      uuid = found.data.uuid;
    }
    const body = { amount: purchase.amount, ...(options.currency === undefined ? {} : { currency: options.currency }) };
    const r = await client.postPlayersByUuidBalanceDeposit({ path: { uuid }, body }, { idempotencyKey: `purchase:${purchase.id}` });
    if (r.ok) {
      return { status: 200, body: { status: 'delivered', id: purchase.id, 'player-id': r.data['player-id'], amount: r.data.amount, 'already-delivered': r.replayed } };
    }
    if (r.code === 'not-found') return unknownPlayer(purchase.player);
    return { status: 422, body: { error: r.code, message: r.message } };
  } catch (e) {
    if (!(e instanceof CoreApiError)) throw e;
    if (e.code === 'idempotency-key-reused') {
      return { status: 409, body: { error: 'purchase-id-reused', message: `Purchase ${purchase.id} was delivered before with another player or amount; it was not applied again.` } };
    }
    if (e.code === 'bad-request') return { status: 400, body: { error: 'bad-request', message: e.message } };
    // Rate limit past the client's retries, module off, timeout, the server down: the store retries later.
    return { status: 503, body: { error: 'unavailable', message: `The game server could not take the deposit now (${e.code}); retry later.` } };
  }
}

function unknownPlayer(player: string): Reply {
  return { status: 404, body: { error: 'unknown-player', message: `No player ${JSON.stringify(player)} has ever joined this server; nothing was deposited.` } };
}

function readBody(req: IncomingMessage): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) {
        resolve(undefined);
        req.destroy();
      } else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function send(res: ServerResponse, { status, body }: Reply): void {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
}

/** The receiver: POST /purchase. Listen on it with `server.listen(port)`. */
export function createWebhookServer(options: WebhookOptions): Server {
  return createServer((req, res) => {
    void (async () => {
      if (req.method !== 'POST' || req.url !== '/purchase') return send(res, { status: 404, body: { error: 'not-found', message: 'POST /purchase' } });
      const body = await readBody(req);
      if (body === undefined) return send(res, { status: 413, body: { error: 'too-large', message: 'The body is over 16 KiB.' } });
      if (!signatureValid(body, req.headers[SIGNATURE_HEADER] as string | undefined, options.secret)) {
        return send(res, { status: 401, body: { error: 'bad-signature', message: `${SIGNATURE_HEADER} is not the body's HMAC-SHA256 with the shared secret.` } });
      }
      const purchase = parsePurchase(body);
      if (typeof purchase === 'string') return send(res, { status: 400, body: { error: 'bad-request', message: purchase } });
      send(res, await deliver(purchase, options));
    })().catch(() => send(res, { status: 500, body: { error: 'internal-error', message: 'The webhook failed; see its log.' } }));
  });
}
