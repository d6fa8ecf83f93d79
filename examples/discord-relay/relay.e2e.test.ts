// The relay on the real server, started by the command its README shows (read from the README, run
// in a shell with the machine's own PATH: `npm run example:discord-relay`): a ban and a warning done
// over REST arrive at a (fake, local) Discord webhook as embeds, in order.

import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { joinBot, quit, waitFor } from '../../test/e2e/support/bots.ts';
import { startRestServer, type RestServer } from '../../test/e2e/support/rest-server.ts';
import { readmeCommand, startShellCommand, userEnvironment, withSettings, type ShellCommand } from '../../test/support/readme-command.ts';
import { createClient } from '../../clients/typescript/src/index.ts';
import type { WebhookMessage } from './format.ts';

const ROOT = join(import.meta.dirname, '..', '..');

describe('the Discord relay', () => {
  let rs: RestServer;
  let discord: Server;
  let relay: ShellCommand | undefined;
  const received: Array<{ path: string; message: WebhookMessage }> = [];

  before(async () => {
    rs = await startRestServer();
    discord = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push({ path: req.url ?? '', message: JSON.parse(Buffer.concat(chunks).toString('utf8')) as WebhookMessage });
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => discord.listen(0, '127.0.0.1', resolve));
    const hook = `http://127.0.0.1:${(discord.address() as AddressInfo).port}/api/webhooks/1/secret`;
    const command = withSettings(readmeCommand(join(import.meta.dirname, 'README.md'), 'example:discord-relay'), {
      CORE_URL: `http://127.0.0.1:${rs.restPort}`,
      CORE_TOKEN: await rs.token('relay', 'events'),
      DISCORD_WEBHOOK_URL: hook,
    });
    // Ready once subscribed: the line comes after the server's reply to the subscription.
    relay = await startShellCommand(command, { cwd: ROOT, env: userEnvironment(), ready: /^relaying moderation\.\* to Discord$/, timeoutMs: 30_000 });
  });
  after(async () => {
    await relay?.stop();
    await new Promise<void>((resolve) => (discord ? discord.close(() => resolve()) : resolve()));
    await rs?.stop();
  });

  it('posts a ban and a warning done over REST as embeds', async () => {
    const bot = await joinBot(rs.server.gamePort, 'Ann');
    await quit(bot);
    const core = createClient({ baseUrl: `http://127.0.0.1:${rs.restPort}`, auth: { bearer: await rs.token('panel', 'read,write') } });
    const ann = await core.getPlayersByNameByName({ path: { name: 'Ann' } });
    assert.ok(ann.ok);
    const uuid = ann.data.uuid;
    const warned = await core.postPlayersByUuidWarn({ path: { uuid }, body: { reason: 'spamming chat' } });
    assert.ok(warned.ok, JSON.stringify(warned));
    const banned = await core.postPlayersByUuidBan({ path: { uuid }, body: { reason: 'griefing spawn', 'duration-seconds': 3600 } });
    assert.ok(banned.ok, JSON.stringify(banned));

    await waitFor(() => received.length >= 2, 'two webhook messages');
    assert.equal(received[0]?.path, '/api/webhooks/1/secret');
    const [warning, ban] = received.map((r) => r.message.embeds[0]);
    assert.equal(warning?.title, 'Ann was warned');
    assert.equal(ban?.title, 'Ann was temporarily banned');
    const fields = Object.fromEntries((ban?.fields ?? []).map((f) => [f.name, f.value]));
    assert.equal(fields.By, 'core-rest/panel');
    assert.equal(fields.Reason, 'griefing spawn');
    assert.equal(fields.Duration, '1h');
    assert.deepEqual(received[1]?.message.allowed_mentions, { parse: [] });
  });
});
