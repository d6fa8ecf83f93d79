import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { lookUpSkin } from './skins.account-service.ts';
import type { SkinsConfig } from './skins.config.ts';

/** A local server that answers every request with `answer` (or holds it unanswered). */
async function serve(answer: 'hold' | number): Promise<{ server: Server; config: SkinsConfig }> {
  const server = createServer((_req, res) => {
    if (answer === 'hold') return;
    res.writeHead(answer, { 'content-type': 'application/json' });
    res.end('{}');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { server, config: { profileUrl: `${base}/p/{name}`, sessionUrl: `${base}/s/{uuid}`, timeoutSeconds: 1, refreshHours: 24 } };
}

describe('lookUpSkin: why the account service gave no skin, as the end of a sentence about it', () => {
  const servers: Server[] = [];
  let refused: SkinsConfig;
  before(async () => {
    // A port that was just free: nothing listens there any more, so the connection is refused.
    const { server, config } = await serve(500);
    await new Promise<void>((r) => server.close(() => r()));
    refused = config;
  });
  after(() => {
    for (const s of servers) {
      s.closeAllConnections();
      s.close();
    }
  });

  it('says "could not be reached" once, and nothing else, when nothing answers at its address', async () => {
    assert.deepEqual(await lookUpSkin('Dinnerbone', refused), { kind: 'unreachable', reason: 'could not be reached' });
  });

  it('names the HTTP status of an answer that is no account', async () => {
    const { server, config } = await serve(500);
    servers.push(server);
    assert.deepEqual(await lookUpSkin('Dinnerbone', config), { kind: 'unreachable', reason: 'answered HTTP 500 instead of an account' });
  });

  it('names the wait of skins.conf when it does not answer in time', async () => {
    // timeout-seconds = 1: a real second passes.
    const { server, config } = await serve('hold');
    servers.push(server);
    assert.deepEqual(await lookUpSkin('Dinnerbone', config), { kind: 'unreachable', reason: 'did not answer within 1 s' });
  });
});
