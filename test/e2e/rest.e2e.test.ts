// The Remote Access Service as an operator and a player meet it in the real server: the add-on
// switched off on first start, /coreapi in game behind core.rest.admin with the secret shown once
// as a click-to-copy component, revocation closing open streams with 1008, and shutdown with 1001.

import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import WebSocket from 'ws';
import { joinBot, quit, waitFor, waitForMessage, type Bot } from './support/bots.ts';
import { startRestServer, type RestServer } from './support/rest-server.ts';
import { listeningPorts, startServer, type ServerProcess } from './support/server-process.ts';

const require = createRequire(import.meta.url);
const nbt = require('prismarine-nbt') as { simplify(data: unknown): unknown };

interface Component {
  text: string;
  extra?: Component[];
  clickEvent?: { action: string; value: string };
}

/** Resolves with the close code of a socket. */
function closeCode(ws: WebSocket): Promise<number> {
  return new Promise((resolve) => ws.once('close', (code) => resolve(code)));
}

async function openStream(port: number, secret: string): Promise<WebSocket> {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/api/v1/events`, { headers: { authorization: `Bearer ${secret}` } });
  const first = await new Promise<string>((resolve, reject) => {
    ws.once('message', (m) => resolve(String(m)));
    ws.once('error', reject);
  });
  assert.equal(JSON.parse(first).event, 'connected');
  return ws;
}

describe('the Remote Access Service in the real server', () => {
  const toStop: Array<{ stop(): Promise<unknown> }> = [];
  const bots: Bot[] = [];
  after(async () => {
    for (const b of bots) await quit(b);
    for (const s of toStop) await s.stop();
  });

  it('starts switched off: one line names rest.conf and the key, and the game runs', async () => {
    const server: ServerProcess = await startServer();
    toStop.push(server);
    const off = server.lines.filter((l) => /Remote Access Service is switched off/.test(l));
    assert.equal(off.length, 1);
    assert.match(off[0]!, /enabled = true in .*core-rest\/rest\.conf/);
    assert.ok(!server.lines.some((l) => /Remote Access Service listening/.test(l)));
    assert.deepEqual(listeningPorts(server.pid), [server.gamePort], 'the game port is the only port the server listens on');
    const bot = await joinBot(server.gamePort, 'Walker');
    bots.push(bot);
    assert.ok(bot.entity.position);
  });

  let rs: RestServer;
  let admin: Bot;
  let secret = '';

  it('refuses /coreapi to a player without core.rest.admin', async () => {
    rs = await startRestServer();
    toStop.push(rs);
    assert.deepEqual(listeningPorts(rs.server.pid), [rs.server.gamePort, rs.restPort].sort((a, b) => a - b), 'once enabled it listens too');
    admin = await joinBot(rs.server.gamePort, 'Admin');
    bots.push(admin);
    const refused = waitForMessage(admin, /permission.*core\.rest\.admin/i);
    admin.chat('/coreapi token create sneaky');
    await refused;
    const list = await rs.console('coreapi token list', /No tokens yet|\bTokens?\b.*:/);
    assert.match(list, /No tokens yet/, 'the refused create made no token');
  });

  it('shows the secret once, as a click-to-copy component, to a player granted core.rest.admin', async () => {
    await rs.console('perm grant Admin core.rest.admin', /core\.rest\.admin/);
    const packets: Component[] = [];
    const onChat = (p: { content: unknown }) => void packets.push(nbt.simplify(p.content) as Component);
    admin._client.on('system_chat', onChat);
    const shown = waitForMessage(admin, /Token panel created/);
    admin.chat('/coreapi token create panel read,write,events');
    await shown;
    admin._client.removeListener('system_chat', onChat);
    const flat = (c: Component): Component[] => [c, ...(c.extra ?? []).flatMap(flat)];
    const copy = packets.flatMap(flat).find((c) => c.clickEvent?.action === 'copy_to_clipboard');
    assert.ok(copy, `no click-to-copy component in ${JSON.stringify(packets)}`);
    secret = copy.clickEvent!.value;
    assert.match(secret, /^crs_[A-Za-z0-9_-]{43}$/);

    const status = await rs.call('GET', '/status', secret);
    assert.equal(status.status, 200);
    assert.equal(status.json.data['api-version'], 'v1');

    const listed = recordAll(admin);
    admin.chat('/coreapi token list');
    await waitForMessage(admin, /panel/);
    assert.ok(!listed.join('\n').includes(secret), 'token list never shows the secret');
  });

  it('revokes at once: HTTP answers 401 and the open stream closes with 1008', async () => {
    const ws = await openStream(rs.restPort, secret);
    const closed = closeCode(ws);
    admin.chat('/coreapi token revoke panel');
    assert.equal(await closed, 1008);
    const after = await rs.call('GET', '/status', secret);
    assert.equal(after.status, 401);
    assert.equal(after.headers['www-authenticate'], 'Bearer, Basic realm="core-rest"');
    // The access log (on by default) tells the operator, and never shows the secret.
    const accessFile = join(rs.server.dataDir, 'logs', 'access.log');
    const access = () => (existsSync(accessFile) ? readFileSync(accessFile, 'utf8') : '');
    await waitFor(() => /^127\.0\.0\.1 - - \[[^\]]+\] "GET \/api\/v1\/status" 401 \d+ms "unknown token"$/m.test(access()), 'the refused call in logs/access.log');
    assert.match(access(), /^127\.0\.0\.1 - panel \[[^\]]+\] "GET \/api\/v1\/events" 101 \d+ms$/m);
    assert.ok(!access().includes(secret), 'no access line holds the secret');
    assert.ok(!rs.server.lines.some((l) => l.includes(secret)), 'no log line holds the secret');
  });

  it('shows who is connected in /coreapi status, and closes streams with 1001 on shutdown', async () => {
    const watcher = await rs.token('watcher', 'events');
    const ws = await openStream(rs.restPort, watcher);
    const status = await rs.console('coreapi status', /watcher/);
    assert.match(status, /127\.0\.0\.1/);
    const closed = closeCode(ws);
    const code = await rs.server.stop('SIGTERM');
    assert.equal(await closed, 1001);
    assert.equal(code, 0);
  });
});

/** Every chat line a bot reads from now on. */
function recordAll(bot: Bot): string[] {
  const lines: string[] = [];
  bot.on('messagestr', (m: string) => void lines.push(m));
  return lines;
}
