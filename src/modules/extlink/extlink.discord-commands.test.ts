// What the Discord bot answers to each slash command, given as plain data (no discord.js): the
// calls go through the extlink service as /extlink redeem does.

import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { memoryLogger } from '../../core/log/log.ts';
import { startTestKernel, type TestKernel } from '../../../test/support/test-kernel.ts';
import { value } from '../../../test/support/results.ts';
import { answerSlash, SLASH_COMMANDS, type SlashCall } from './extlink.discord-commands.ts';
import type { ExtlinkService } from './extlink.service.ts';
import { extlinkModule } from './index.ts';

const ME = '123456789012345678';
const YOU = '223456789012345678';

describe('the Discord bot’s slash commands', () => {
  let t: TestKernel;
  let ext: ExtlinkService;
  const ids: Record<string, string> = {};
  const log = memoryLogger();
  const answer = (call: SlashCall) => answerSlash(ext, call, log);
  const codeFor = async (name: string) => value(await ext.requestCode(ids[name]!)).code;

  before(async () => {
    t = await startTestKernel({ modules: [extlinkModule] });
    ext = t.kernel.api.extlink;
    for (const name of ['Ann_the_Great', 'Ben']) ids[name] = (await t.join(name)).uuid;
  });
  beforeEach(async () => {
    for (const uuid of Object.values(ids)) await ext.unlink(uuid, { kind: 'console' });
  });
  after(() => t.close());

  it('registers /link code:<code> (required), /unlink and /linked [user]', () => {
    assert.deepEqual(SLASH_COMMANDS.map((c) => c.name), ['link', 'unlink', 'linked']);
    assert.deepEqual(SLASH_COMMANDS[0].options.map((o) => [o.name, o.required]), [['code', true]]);
  });

  it('/link redeems the code for the user who ran it, as discord/<id> in the audit log and the event', async () => {
    const code = await codeFor('Ann_the_Great');
    const reply = await answer({ command: 'link', userId: ME, code: ` ${code.toLowerCase()} ` });
    assert.equal(reply, 'Linked! Your Discord account is now linked to the Minecraft player **Ann\\_the\\_Great**.');
    assert.equal(value(await ext.ofAccount(ME))?.['player-name'], 'Ann_the_Great');
    const event = t.emittedNamed('extlink.account-link').at(-1)!;
    assert.deepEqual([event.data['account-id'], event.data.actor], [ME, `discord/${ME}`]);
    const [entry] = await t.kernel.api.audit.history(ids.Ann_the_Great!, 1);
    assert.deepEqual([entry?.action, entry?.actor], ['extlink.link', `discord/${ME}`]);
  });

  it('/link declines with the reason: already linked, unknown or expired code, not a code', async () => {
    value(await ext.redeem(await codeFor('Ann_the_Great'), ME, { kind: 'console' }));
    const benCode = await codeFor('Ben');
    assert.equal(await answer({ command: 'link', userId: ME, code: benCode }), 'Your Discord account is already linked to **Ann\\_the\\_Great**. Run /unlink first to link another player.');
    assert.equal(await answer({ command: 'link', userId: YOU, code: 'ABCDEFGH' }), 'The code ABCDEFGH is unknown or has expired. Run /link in Minecraft for a new one.');
    assert.equal(await answer({ command: 'link', userId: YOU, code: 'hi `there`' }), '"hithere" is not a link code: a code is 8 letters and digits. Run /link in Minecraft to get one.');
    assert.equal(await answer({ command: 'link', userId: YOU, code: null }), 'No code was given: a code is 8 letters and digits. Run /link in Minecraft to get one.');
    await t.clock.advance(601);
    assert.match(await answer({ command: 'link', userId: YOU, code: benCode }), /^The code [A-Z0-9]{8} is unknown or has expired/);
  });

  it('/unlink removes the user’s own link; unlinked users are told so', async () => {
    value(await ext.redeem(await codeFor('Ben'), YOU, { kind: 'console' }));
    assert.equal(await answer({ command: 'unlink', userId: YOU }), 'Your Discord account is no longer linked to **Ben**.');
    assert.equal(value(await ext.ofPlayer(ids.Ben!)), null);
    assert.equal(t.emittedNamed('extlink.account-unlink').at(-1)!.data.actor, `discord/${YOU}`);
    assert.equal(await answer({ command: 'unlink', userId: YOU }), 'Your Discord account is not linked to a Minecraft player.');
  });

  it('/linked shows the user’s own link or another member’s, with a Discord timestamp', async () => {
    value(await ext.redeem(await codeFor('Ben'), YOU, { kind: 'console' }));
    const at = Math.floor(t.clock.now().getTime() / 1000);
    assert.equal(await answer({ command: 'linked', userId: YOU }), `Your Discord account is linked to **Ben** since <t:${at}:f>.`);
    assert.equal(await answer({ command: 'linked', userId: ME, user: YOU }), `<@${YOU}> is linked to **Ben** since <t:${at}:f>.`);
    assert.equal(await answer({ command: 'linked', userId: YOU, user: ME }), `<@${ME}> is not linked to a Minecraft player.`);
    assert.match(await answer({ command: 'linked', userId: ME }), /^Your Discord account is not linked to a Minecraft player\. Run \/link in Minecraft/);
  });

  it('an unknown command or an unexpected error gets a sentence, and the error is logged', async () => {
    assert.equal(await answer({ command: 'ban', userId: ME }), 'This server does not know the command /ban.');
    const broken = { ...ext, ofAccount: () => Promise.reject(new Error('database gone')) };
    const reply = await answerSlash(broken, { command: 'linked', userId: ME }, log);
    assert.equal(reply, 'Something went wrong on the Minecraft server; try again later, or ask an admin.');
    assert.match(log.lines.join('\n'), /the Discord command \/linked of the user 123456789012345678 failed[\s\S]*database gone/);
  });
});
