// The Discord bot end to end over loopback: the extlink module with a token in extlink.conf logs
// its discord.js client in to a fake Discord (test/support/fake-discord.ts), registers the slash
// commands and answers them through the service; a refused token or an unreachable Discord is
// logged once and the server runs on; core reload with a new token reconnects; without a token
// nothing of discord.js is imported. The real Discord is never reached.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { startTestKernel, type TestKernel } from '../../../test/support/test-kernel.ts';
import { value } from '../../../test/support/results.ts';
import { FAKE_APP_ID, FAKE_GUILD_ID, startFakeDiscord, type FakeDiscord } from '../../../test/support/fake-discord.ts';
import { extlinkModule } from './index.ts';

const TOKEN = 'MTIzNDU2Nzg5MDEyMzQ1Njc4.GaBcDe.s3cr3t-t0ken_value';
const WRONG = 'OTg3NjU0MzIxMDk4NzY1NDMy.HxYzAb.wr0ng-t0ken';
const ME = '123456789012345678';
const conf = (token: string, api: string, guild = FAKE_GUILD_ID) => `discord-token = "${token}"\ndiscord-guild-id = "${guild}"\ndiscord-api-url = "${api}"\n`;

/** Waits (real time) until the condition holds. */
async function eventually(condition: () => boolean, what: string, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > end) throw new Error(`waited in vain for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Waits (real time) until the check answers true: for a condition that needs a step of the test to come true. */
async function eventuallyAsync(check: () => Promise<boolean>, what: string, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`waited in vain for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('the Discord bot against a fake Discord on loopback', () => {
  let discord: FakeDiscord;
  let t: TestKernel;
  const logText = () => t.log.lines.join('\n');

  before(async () => {
    discord = await startFakeDiscord(TOKEN);
    t = await startTestKernel({ modules: [extlinkModule], beforeStart: (dir) => writeFileSync(join(dir, 'extlink.conf'), conf(TOKEN, discord.api)) });
  });
  after(async () => {
    await t.close();
    await discord.close();
  });

  it('logs in without holding up the start, and registers /link, /unlink and /linked in the guild', async () => {
    await eventually(() => logText().includes('The Discord bot is connected as CoreBot'), 'the bot to connect');
    assert.match(logText(), /connected as CoreBot; \/link, \/unlink and \/linked are registered in the Discord server 500000000000000001\./);
    const put = discord.calls.find((c) => c.method === 'PUT');
    assert.equal(put?.path, `/api/v10/applications/${FAKE_APP_ID}/guilds/${FAKE_GUILD_ID}/commands`);
    assert.deepEqual((put?.body as { name: string }[]).map((c) => c.name), ['link', 'unlink', 'linked']);
  });

  it('/link code:<code> in Discord links the user to the player who asked for the code; the reply is ephemeral', async () => {
    const ann = await t.join('Ann');
    await t.platform.run(ann.uuid, 'link');
    const line = t.platform.messagesOf(ann.uuid).at(-1)!;
    const code = /^Your link code: ([A-Z0-9]{8}) /.exec(line)?.[1] ?? '';
    assert.match(line, new RegExp(`valid for 10 minutes\\)\\. In Discord, run /link code:${code} with the server's bot\\.$`), 'in game, /link says how to use the bot');
    const reply = await discord.interact('link', ME, [{ name: 'code', type: 3, value: code }]);
    assert.equal(reply.content, 'Linked! Your Discord account is now linked to the Minecraft player **Ann**.');
    assert.equal(reply.flags, 64, 'ephemeral: only the user sees it');
    assert.equal(value(await t.kernel.api.extlink.ofAccount(ME))?.['player-name'], 'Ann');
    assert.equal(t.emittedNamed('extlink.account-link').at(-1)?.data.actor, `discord/${ME}`);
    const again = await discord.interact('link', ME, [{ name: 'code', type: 3, value: 'ZZZZZZZZ' }]);
    assert.equal(again.content, 'Your Discord account is already linked to **Ann**. Run /unlink first to link another player.');
    assert.equal((await discord.interact('unlink', ME)).content, 'Your Discord account is no longer linked to **Ann**.');
    assert.match(String((await discord.interact('linked', ME)).content), /^Your Discord account is not linked/);
  });

  it('core reload with a refused token: one clear log line, retried with backoff, the server runs on; a good token again reconnects', async () => {
    const before = t.log.lines.length;
    writeFileSync(join(t.configDir, 'extlink.conf'), conf(WRONG, discord.api));
    await t.platform.run('console', 'core reload');
    assert.ok(t.platform.consoleText().includes('extlink.conf: changed; applied now: discord-token.'), t.platform.consoleText().join('\n'));
    const refused = () => t.log.lines.slice(before).filter((l) => l.includes('Discord refused the token'));
    await eventually(() => refused().length === 1, 'the refused token to be logged');
    assert.match(refused()[0]!, /WARN .*The Discord bot could not connect: Discord refused the token \(discord-token in extlink\.conf\): copy it again .* It tries again in 5 s/);
    const tries = () => discord.calls.filter((c) => c.path === '/api/v10/gateway/bot' && c.auth === `Bot ${WRONG}`).length;
    const first = tries();
    await t.clock.advance(5);
    await eventually(() => tries() > first, 'a second attempt after 5 s');
    // The bot sets its next try once it has dealt with a failure (logged it or not): a third attempt
    // shows the second failure was dealt with. Its time is not known here, so the clock moves on
    // 10 s at a time until it comes.
    const second = tries();
    await eventuallyAsync(async () => {
      await t.clock.advance(10);
      return tries() > second;
    }, 'a third attempt');
    assert.equal(refused().length, 1, 'the same failure is logged once');
    assert.ok(!discord.identified(), 'the old connection was closed');
    writeFileSync(join(t.configDir, 'extlink.conf'), conf(TOKEN, discord.api));
    await t.platform.run('console', 'core reload');
    await eventually(() => discord.identified() && t.log.lines.slice(before).some((l) => l.includes('connected as CoreBot')), 'the bot to reconnect');
    assert.ok(t.log.lines.every((l) => !l.includes(TOKEN) && !l.includes(WRONG)), 'no token in the log');
    assert.ok(t.platform.consoleText().every((l) => !l.includes(TOKEN) && !l.includes(WRONG)), 'no token on the console');
  });

  it('an unreachable Discord, one answering 503, or a gateway closing at identify is logged in a sentence and does not stop the module', async () => {
    const before = t.log.lines.length;
    writeFileSync(join(t.configDir, 'extlink.conf'), conf(TOKEN, 'http://127.0.0.1:9/api'));
    await t.platform.run('console', 'core reload');
    await eventually(() => t.log.lines.slice(before).some((l) => l.includes('could not connect')), 'the failure to be logged', 60_000);
    assert.match(t.log.lines.slice(before).join('\n'), /The Discord bot could not connect: Discord cannot be reached \(ECONNREFUSED\)/);
    // Discord down: every request answers 503.
    const down = createServer((_req, res) => {
      res.writeHead(503, { 'content-type': 'application/json' });
      res.end('{"message": "Service Unavailable"}');
    });
    await new Promise<void>((resolve) => down.listen(0, '127.0.0.1', resolve));
    try {
      const mark = t.log.lines.length;
      writeFileSync(join(t.configDir, 'extlink.conf'), conf(TOKEN, `http://127.0.0.1:${(down.address() as AddressInfo).port}/api`));
      await t.platform.run('console', 'core reload');
      await eventually(() => t.log.lines.slice(mark).some((l) => l.includes('could not connect')), 'the failure to be logged', 60_000);
      assert.match(t.log.lines.slice(mark).join('\n'), /The Discord bot could not connect: Discord answered 503: it may be down\. It tries again in 5 s/);
    } finally {
      down.closeAllConnections();
      await new Promise((resolve) => down.close(resolve));
    }
    // The gateway refusing the connection at identify (close code 4014).
    const closing = await startFakeDiscord(TOKEN, { closeOnIdentify: 4014 });
    try {
      const mark = t.log.lines.length;
      writeFileSync(join(t.configDir, 'extlink.conf'), conf(TOKEN, closing.api));
      await t.platform.run('console', 'core reload');
      await eventually(() => t.log.lines.slice(mark).some((l) => l.includes('could not connect')), 'the failure to be logged', 60_000);
      assert.match(t.log.lines.slice(mark).join('\n'), /The Discord bot could not connect: Discord refused the gateway intents the bot asks for \(Guilds\)\. It tries again/);
    } finally {
      await closing.close();
    }
    const ben = await t.join('Ben');
    await t.platform.run(ben.uuid, 'link');
    assert.match(t.platform.messagesOf(ben.uuid).at(-1)!, /^Your link code: /);
    writeFileSync(join(t.configDir, 'extlink.conf'), 'discord-token = ""\n');
    await t.platform.run('console', 'core reload');
    await t.platform.run(ben.uuid, 'link');
    assert.match(t.platform.messagesOf(ben.uuid).at(-1)!, /\. Send it to the server's bot, or give it to an admin\.$/, 'without a bot, /link names the admin way');
  });
});

describe('without a token', () => {
  const exec = promisify(execFile);
  /** Boots the extlink module in a fresh process; answers which discord.js packages it imported. */
  async function importsWith(confText: string | undefined): Promise<string[]> {
    const script = `
      import { registerHooks } from 'node:module';
      import { writeFileSync } from 'node:fs';
      import { join } from 'node:path';
      const seen = [];
      registerHooks({ resolve(spec, context, next) { if (/^(discord\\.js|@discordjs\\/)/.test(spec)) seen.push(spec); return next(spec, context); } });
      const { startTestKernel } = await import(${JSON.stringify(join(import.meta.dirname, '../../../test/support/test-kernel.ts'))});
      const { extlinkModule } = await import(${JSON.stringify(join(import.meta.dirname, 'index.ts'))});
      const conf = ${JSON.stringify(confText ?? null)};
      const t = await startTestKernel({ modules: [extlinkModule], beforeStart: (dir) => { if (conf) writeFileSync(join(dir, 'extlink.conf'), conf); } });
      // The bot follows the config at the turn after it is read: with a token it imports discord.js
      // then and there (the import hooks run synchronously); without one nothing follows.
      await t.settle();
      await t.close();
      console.log(JSON.stringify([...new Set(seen)]));
      process.exit(0);
    `;
    const { stdout } = await exec(process.execPath, ['--input-type=module', '-e', script], { timeout: 60_000 });
    return JSON.parse(stdout.trim().split('\n').at(-1)!) as string[];
  }

  it('no bot starts and nothing of discord.js is imported (with a token, it is)', async () => {
    assert.deepEqual(await importsWith(undefined), []);
    assert.deepEqual(await importsWith('discord-token = ""\n'), []);
    assert.ok((await importsWith(conf(TOKEN, 'http://127.0.0.1:9/api'))).includes('discord.js'), 'the check can see the import');
  });
});

describe('extlink.conf bot keys', () => {
  const boot = (text: string) => startTestKernel({ modules: [extlinkModule], beforeStart: (dir) => writeFileSync(join(dir, 'extlink.conf'), text) });

  it('refuses a malformed token without echoing it, a bad guild id and a bad address, naming the key', async () => {
    await assert.rejects(boot('discord-token = "Bot abc.def"\n'), (e: Error) => /key "discord-token": is not a bot token/.test(e.message) && !e.message.includes('abc.def'));
    await assert.rejects(boot(`discord-token = "${TOKEN}"\ndiscord-guild-id = "my server"\n`), /key "discord-guild-id": must be a server id/);
    await assert.rejects(boot(`discord-token = "${TOKEN}"\ndiscord-api-url = "discord.com"\n`), /key "discord-api-url": must be an http\(s\) address/);
  });
});
