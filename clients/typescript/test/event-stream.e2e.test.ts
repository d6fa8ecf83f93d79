// The event-stream client against the real server: typed events caused by REST writes, unsubscribe,
// and a server restart on the same port that the client rides out (reconnect, resubscribe).

import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { joinBot, quit, waitFor } from '../../../test/e2e/support/bots.ts';
import { startRestServer, type RestServer } from '../../../test/e2e/support/rest-server.ts';
import { createClient, EventStream, type CoreClient, type EventData, type StreamStatus } from '../src/index.ts';

/** A port free now, so that the server can be started again on it. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

describe('the event-stream client', () => {
  let rs: RestServer;
  let port: number;
  let secret: string;
  let client: CoreClient;
  let ann: string;
  let stream: EventStream;
  const credits: Array<EventData<'economy.wallet-credit'>> = [];
  const debits: Array<EventData<'economy.wallet-debit'>> = [];
  const statuses: StreamStatus[] = [];

  before(async () => {
    port = await freePort();
    rs = await startRestServer({ port });
    secret = await rs.token('relay', 'read,write,events');
    client = createClient({ baseUrl: `http://127.0.0.1:${port}`, auth: { bearer: secret } });
    const bot = await joinBot(rs.server.gamePort, 'Ann');
    await quit(bot);
    const found = await client.getPlayersByNameByName({ path: { name: 'Ann' } });
    assert.ok(found.ok);
    ann = found.data.uuid;
    stream = new EventStream({ baseUrl: `http://127.0.0.1:${port}`, auth: { bearer: secret }, reconnect: { initialDelayMs: 100, maxDelayMs: 1000 } });
    stream.on('economy.wallet-credit', (data) => credits.push(data));
    stream.on('economy.wallet-debit', (data) => debits.push(data));
    stream.onStatus((s) => statuses.push(s));
  });
  after(async () => {
    await stream?.close();
    await rs?.stop();
  });

  it('connects with the token, subscribes, and receives a typed event caused by a REST write', async () => {
    await stream.connect();
    assert.deepEqual(statuses[0], { state: 'open', caller: 'relay' });
    const topics = await stream.subscribe(['economy.wallet-credit', 'economy.wallet-debit']);
    assert.deepEqual(topics, ['economy.wallet-credit', 'economy.wallet-debit']);
    const deposit = await client.postPlayersByUuidBalanceDeposit({ path: { uuid: ann }, body: { amount: 40 } });
    assert.ok(deposit.ok);
    await waitFor(() => credits.length === 1, 'the wallet-credit event');
    const credit = credits[0]!;
    assert.equal(credit['player-id'], ann);
    assert.equal(credit['player-name'], 'Ann');
    assert.deepEqual(credit.amount, deposit.data.amount);
    assert.equal(credit['transaction-id'], deposit.data['transaction-id']);
  });

  it('stops delivering an event once unsubscribed', async () => {
    assert.deepEqual(await stream.unsubscribe(['economy.wallet-credit']), ['economy.wallet-debit']);
    assert.ok((await client.postPlayersByUuidBalanceDeposit({ path: { uuid: ann }, body: { amount: 3 } })).ok);
    assert.ok((await client.postPlayersByUuidBalanceWithdraw({ path: { uuid: ann }, body: { amount: 2 } })).ok);
    // The debit comes after the credit would have: once it is here, the credit is known not to come.
    await waitFor(() => debits.length === 1, 'the wallet-debit event');
    assert.equal(credits.length, 1);
    assert.equal(debits[0]!.amount.amount, 2);
  });

  it('rejects a subscription the server refuses, keeping the patterns it held', async () => {
    // A pattern outside the document's list: the type system refuses it, so it is forced here.
    await assert.rejects(stream.subscribe(['nosuch.*' as 'economy.*']), /not a pattern/);
    assert.deepEqual(stream.patterns, ['economy.wallet-debit']);
  });

  it('reconnects after a server restart on the same port and subscribes again', async () => {
    const opened = statuses.filter((s) => s.state === 'open').length;
    await rs.stop();
    await waitFor(() => statuses.some((s) => s.state === 'reconnecting' && s.code === 1001), 'the client to see the shutdown (1001) and plan a reconnection');
    rs = await startRestServer({ dataDir: rs.server.dataDir, port });
    await waitFor(() => statuses.filter((s) => s.state === 'open').length > opened, 'the client to reconnect', 20000);
    const reconnecting = statuses.filter((s) => s.state === 'reconnecting');
    assert.ok(reconnecting.every((s) => s.state === 'reconnecting' && s.delayMs <= 1000), 'each delay is within maxDelayMs');
    assert.ok((await client.postPlayersByUuidBalanceWithdraw({ path: { uuid: ann }, body: { amount: 5 } })).ok);
    await waitFor(() => debits.length === 2, 'the wallet-debit event after the restart');
    assert.equal(debits[1]!.amount.amount, 5);
    assert.equal(credits.length, 1, 'the resubscription holds only the patterns still held');
  });
});
