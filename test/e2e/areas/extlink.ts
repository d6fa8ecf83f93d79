// Account links against the real game (their routes, commands and events:
// src/modules/extlink/extlink.scene.test.ts): the bot reads its /link code click-to-copy, an admin
// bot redeems it with /extlink redeem and reads it with /extlink info, /unlink in game removes it;
// then the Discord bot, switched on at `core reload` against a fake Discord on loopback: /link in
// game names the Discord command, a code redeemed there links the player, and the bot's token is in
// no line the server printed. The part puts back extlink.conf as it found it, and removes its links.

import { after, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { waitForMessage, type Bot } from '../support/bots.ts';
import type { AreaPart } from '../support/area-parts.ts';
import { FAKE_GUILD_ID, startFakeDiscord, type FakeDiscord } from '../../support/fake-discord.ts';

const ID_A = '123456789012345678';
const ID_B = '98765432109876543210';
const TOKEN = 'MTIzNDU2Nzg5MDEyMzQ1Njc4.GaBcDe.s3cr3t-t0ken_value';

/** The bot runs /link and reads its code from chat; the code is shown click-to-copy. */
async function linkCode(bot: Bot): Promise<string> {
  let component = '';
  const seen = (msg: { json: unknown; toString(): string }) => {
    if (msg.toString().startsWith('Your link code: ')) component = JSON.stringify(msg.json);
  };
  bot.on('message', seen);
  try {
    const line = waitForMessage(bot, /^Your link code: /);
    bot.chat('/link');
    const text = await line;
    const m = /^Your link code: ([A-Z0-9]{8}) \(valid for 10 minutes\)\./.exec(text);
    assert.ok(m, `a code line, got: ${text}`);
    assert.match(component, new RegExp(`"copy_to_clipboard".*"${m[1]}"|"${m[1]}".*"copy_to_clipboard"`), component);
    return m[1]!;
  } finally {
    bot.off('message', seen);
  }
}

export const extlinkPart: AreaPart = {
  name: 'extlink',
  tests(scene) {
    const conf = () => join(scene().dataDir, 'core', 'extlink.conf');
    /** extlink.conf as the part found it; undefined until the part writes its own. */
    let found: string | undefined;
    let discord: FakeDiscord | undefined;
    let adminGranted = false;
    /** Players the part may have linked and not yet seen unlinked. */
    const mayBeLinked = new Set<string>();

    after(async () => {
      const { rs, writer } = scene();
      if (adminGranted) await rs.console('perm revoke Ann core.extlink.admin', /Revoked core\.extlink\.admin from Ann/);
      if (found !== undefined) {
        const mark = rs.server.lines.length;
        writeFileSync(conf(), found);
        found = undefined;
        await rs.console('core reload', /extlink\.conf: changed/);
        await rs.server.waitForLine(/The Discord bot is stopped/, { from: mark, timeoutMs: 20_000 });
      }
      await discord?.close();
      // Whatever a failed test left linked.
      for (const uuid of mayBeLinked) await rs.call('POST', `/players/${uuid}/extlink/unlink`, writer);
    });

    it('shows the bot its /link code to copy; an admin bot redeems it with /extlink redeem and reads it with /extlink info; the stream carries the link', async () => {
      const { rs, reader, events, ann, ben } = scene();
      const benId = ben.player.uuid;
      assert.equal((await rs.call('GET', `/players/${benId}/extlink`, reader)).json.data, null, 'Ben is not linked yet');
      await rs.console('perm grant Ann core.extlink.admin', /Granted core\.extlink\.admin to Ann/);
      adminGranted = true;
      const code = await linkCode(ben);
      mayBeLinked.add(benId);
      const done = waitForMessage(ann, /^Linked Ben/);
      ann.chat(`/extlink redeem ${code} ${ID_B}`);
      assert.equal(await done, `Linked Ben to the account ${ID_B}.`);
      const e = await events.next('extlink.account-link', (d) => d['player-id'] === benId && d['account-id'] === ID_B);
      assert.equal(e.data.actor, 'Ann');
      const info = waitForMessage(ann, /^Ben is linked/);
      ann.chat('/extlink info Ben');
      assert.match(await info, new RegExp(`^Ben is linked to the account ${ID_B} since \\d{4}-`));
      await rs.console('perm revoke Ann core.extlink.admin', /Revoked core\.extlink\.admin from Ann/);
      adminGranted = false;
      assert.equal((await rs.call('GET', `/extlink/${ID_B}`, reader)).json.data?.['player-id'], benId);
    });

    it('/unlink in game removes the link the player has; the stream carries the unlink by the player', async () => {
      const { rs, reader, events, ben } = scene();
      const benId = ben.player.uuid;
      const gone = waitForMessage(ben, /link to the account/);
      ben.chat('/unlink');
      assert.equal(await gone, `Your link to the account ${ID_B} is removed.`);
      const e = await events.next('extlink.account-unlink', (d) => d['player-id'] === benId);
      assert.deepEqual([e.data['account-id'], e.data.actor], [ID_B, 'Ben']);
      mayBeLinked.delete(benId);
      assert.equal((await rs.call('GET', `/players/${benId}/extlink`, reader)).json.data, null);
    });

    it('with the Discord bot switched on at core reload: /link in game names the Discord command, the code redeemed in Discord links Ann, and the token is in no line the server printed', async () => {
      const { rs, reader, events, ann } = scene();
      discord = await startFakeDiscord(TOKEN);
      found = readFileSync(conf(), 'utf8');
      const mark = rs.server.lines.length;
      writeFileSync(conf(), `discord-token = "${TOKEN}"\ndiscord-guild-id = "${FAKE_GUILD_ID}"\ndiscord-api-url = "${discord.api}"\n`);
      await rs.console('core reload', /extlink\.conf: changed/);
      await rs.server.waitForLine(/The Discord bot is connected as CoreBot; \/link, \/unlink and \/linked are registered in the Discord server 500000000000000001\./, { timeoutMs: 30_000, from: mark });
      const line = waitForMessage(ann, /^Your link code: /);
      ann.chat('/link');
      const text = await line;
      const code = /^Your link code: ([A-Z0-9]{8}) /.exec(text)?.[1] ?? '';
      mayBeLinked.add(ann.player.uuid);
      assert.match(text, new RegExp(`\\(valid for 10 minutes\\)\\. In Discord, run /link code:${code} with the server's bot\\.$`));
      const reply = await discord.interact('link', ID_A, [{ name: 'code', type: 3, value: code }]);
      assert.deepEqual([reply.content, reply.flags], ['Linked! Your Discord account is now linked to the Minecraft player **Ann**.', 64]);
      const linked = await events.next('extlink.account-link', (d) => d['account-id'] === ID_A);
      assert.deepEqual([linked.data['player-name'], linked.data.actor], ['Ann', `discord/${ID_A}`]);
      assert.equal((await rs.call('GET', `/extlink/${ID_A}`, reader)).json.data?.['player-name'], 'Ann');
      const bye = await discord.interact('unlink', ID_A);
      assert.equal(bye.content, 'Your Discord account is no longer linked to **Ann**.');
      const unlinked = await events.next('extlink.account-unlink', (d) => d['account-id'] === ID_A);
      assert.equal(unlinked.data.actor, `discord/${ID_A}`);
      mayBeLinked.delete(ann.player.uuid);
      assert.ok(rs.server.lines.every((l) => !l.includes(TOKEN)), 'the token is in no line the server printed');
    });
  },
};
