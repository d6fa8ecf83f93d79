// The store webhook on the real server, started by the command its README shows (read from the
// README, run in a shell with the machine's own PATH: `npm run example:store-webhook`): a purchase
// deposits once however often the store delivers it (one after another, or two copies at once), a
// bad signature is refused and deposits nothing, and a player nobody knows gets a clear answer.

import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { joinBot, quit } from '../../test/e2e/support/bots.ts';
import { startRestServer, type RestServer } from '../../test/e2e/support/rest-server.ts';
import { readmeCommand, startShellCommand, userEnvironment, withSettings, type ShellCommand } from '../../test/support/readme-command.ts';
import { createClient, type CoreClient } from '../../clients/typescript/src/index.ts';
import { SIGNATURE_HEADER, sign } from './webhook.ts';

const SECRET = 'store-shared-secret';
const ROOT = join(import.meta.dirname, '..', '..');

/** The uuid an offline-mode server gives a name (Java's UUID.nameUUIDFromBytes of "OfflinePlayer:<name>"). */
function offlineUuid(name: string): string {
  const b = createHash('md5').update(`OfflinePlayer:${name}`).digest();
  b[6] = (b[6]! & 0x0f) | 0x30;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = b.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

describe('the store webhook', () => {
  let rs: RestServer;
  let core: CoreClient;
  let webhook: ShellCommand | undefined;
  let url: string;
  let ann: string;

  async function balance(): Promise<number> {
    const r = await core.getPlayersByUuidBalance({ path: { uuid: ann } });
    assert.ok(r.ok);
    return r.data.amount;
  }

  async function deliver(purchase: object, signature?: string): Promise<{ status: number; body: Record<string, unknown> }> {
    const body = JSON.stringify(purchase);
    const res = await fetch(url, { method: 'POST', body, headers: { 'Content-Type': 'application/json', [SIGNATURE_HEADER]: signature ?? sign(body, SECRET) } });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  }

  before(async () => {
    rs = await startRestServer();
    const token = await rs.token('store', 'read,write');
    core = createClient({ baseUrl: `http://127.0.0.1:${rs.restPort}`, auth: { bearer: token } });
    const bot = await joinBot(rs.server.gamePort, 'Ann');
    await quit(bot);
    const found = await core.getPlayersByNameByName({ path: { name: 'Ann' } });
    assert.ok(found.ok);
    ann = found.data.uuid;
    const command = withSettings(readmeCommand(join(import.meta.dirname, 'README.md'), 'example:store-webhook'), {
      CORE_URL: `http://127.0.0.1:${rs.restPort}`,
      CORE_TOKEN: token,
      STORE_SECRET: SECRET,
      PORT: '0',
    });
    webhook = await startShellCommand(command, { cwd: ROOT, env: userEnvironment(), ready: /store webhook listening on (\S+)/, timeoutMs: 30_000 });
    url = webhook.ready[1]!;
  });
  after(async () => {
    await webhook?.stop();
    await rs?.stop();
  });

  it('deposits a purchase once when the store delivers it again', async () => {
    const start = await balance();
    const first = await deliver({ id: 'order-1001', player: 'Ann', amount: 50 });
    assert.equal(first.status, 200, JSON.stringify(first.body));
    assert.equal(first.body['already-delivered'], false);
    const again = await deliver({ id: 'order-1001', player: 'Ann', amount: 50 });
    assert.equal(again.status, 200);
    assert.equal(again.body['already-delivered'], true);
    assert.equal(await balance(), start + 50);
  });

  it('deposits once when two copies arrive at once', async () => {
    const start = await balance();
    const copies = await Promise.all([deliver({ id: 'order-1002', player: ann, amount: 30 }), deliver({ id: 'order-1002', player: ann, amount: 30 })]);
    assert.deepEqual(
      copies.map((c) => c.status),
      [200, 200],
      JSON.stringify(copies),
    );
    assert.equal(await balance(), start + 30);
  });

  it('refuses a bad signature with 401 and deposits nothing', async () => {
    const start = await balance();
    const forged = await deliver({ id: 'order-1003', player: 'Ann', amount: 1000 }, sign('{"another":"body"}', SECRET));
    assert.equal(forged.status, 401);
    assert.equal(forged.body.error, 'bad-signature');
    const wrongSecret = await deliver({ id: 'order-1003', player: 'Ann', amount: 1000 }, sign(JSON.stringify({ id: 'order-1003', player: 'Ann', amount: 1000 }), 'guess'));
    assert.equal(wrongSecret.status, 401);
    const unsigned = await fetch(url, { method: 'POST', body: '{"id":"order-1003","player":"Ann","amount":1000}' });
    assert.equal(unsigned.status, 401);
    assert.equal(await balance(), start);
  });

  it('tells the store when the player has never joined', async () => {
    const byName = await deliver({ id: 'order-1004', player: 'Nobody_Here', amount: 5 });
    assert.equal(byName.status, 404);
    assert.equal(byName.body.error, 'unknown-player');
    assert.match(String(byName.body.message), /"Nobody_Here" has ever joined this server; nothing was deposited/);
    const byUuid = await deliver({ id: 'order-1005', player: '00000000-0000-4000-8000-000000000000', amount: 5 });
    assert.equal(byUuid.status, 404);
    assert.equal(byUuid.body.error, 'unknown-player');
  });

  it('delivers a purchase for a player who had not joined yet once they have, under the same purchase id', async () => {
    const ben = offlineUuid('Ben');
    const early = await deliver({ id: 'order-1006', player: ben, amount: 12 });
    assert.equal(early.status, 404);
    const bot = await joinBot(rs.server.gamePort, 'Ben');
    await quit(bot);
    const retried = await deliver({ id: 'order-1006', player: ben, amount: 12 });
    assert.equal(retried.status, 200, JSON.stringify(retried.body));
    assert.deepEqual(retried.body.amount, { currency: 'coins', amount: 12 });
  });

  it('refuses a purchase id used for another purchase', async () => {
    const start = await balance();
    const reused = await deliver({ id: 'order-1001', player: 'Ann', amount: 500 });
    assert.equal(reused.status, 409);
    assert.equal(reused.body.error, 'purchase-id-reused');
    assert.equal(await balance(), start);
  });
});
