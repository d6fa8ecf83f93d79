// Account links over real HTTP and a real event stream, on the in-process scene (the whole plugin on
// the fake platform, test/support/scene.ts): /link gives a code, an admin (the console or a player)
// redeems it, the routes read both sides and unlink, both extlink events arrive on a subscription,
// and a link survives a restart. Then the Discord bot against a fake Discord on loopback: a code
// from /link in game is redeemed by a slash command run in (fake) Discord. What a player sees of it
// in the real game: test/e2e/areas/extlink.ts.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startKernelScene, type KernelScene, type SceneRest, type ScenePlayer, type Subscription } from '../../../test/support/scene.ts';
import { FAKE_GUILD_ID, startFakeDiscord, type FakeDiscord } from '../../../test/support/fake-discord.ts';

const ID_A = '123456789012345678';
const ID_B = '98765432109876543210';

/** Runs /link as the player and answers the code; the code is shown click-to-copy. */
async function linkCode(scene: KernelScene, player: ScenePlayer): Promise<string> {
  const text = await player.run('/link', /^Your link code: /);
  const m = /^Your link code: ([A-Z0-9]{8}) \(valid for 10 minutes\)\./.exec(text);
  assert.ok(m, `a code line, got: ${text}`);
  const component = JSON.stringify(scene.t.platform.messages.get(player.uuid)!.findLast((t) => JSON.stringify(t).includes('Your link code: ')));
  assert.match(component, new RegExp(`"copy_to_clipboard".*"${m[1]}"|"${m[1]}".*"copy_to_clipboard"`), component);
  return m[1]!;
}

describe('account links over the Remote Access Service (in process)', () => {
  let scene: KernelScene;
  let rs: SceneRest;
  let writer: string;
  let reader: string;
  let events: Subscription;
  let ann: ScenePlayer;
  let ben: ScenePlayer;
  let annId: string;
  let benId: string;

  before(async () => {
    ({ rs, writer, reader, events, ann, ben } = scene = await startKernelScene(['extlink.*']));
    annId = ann.uuid;
    benId = ben.uuid;
  });
  after(() => scene?.close());

  it('reads null from both sides before any link, null for an id that is not a snowflake, not-found and 400 for bad players', async () => {
    for (const path of [`/players/${annId}/extlink`, `/extlink/${ID_A}`, '/extlink/not-a-snowflake', '/extlink/42']) {
      const r = await rs.call('GET', path, reader);
      assert.deepEqual([r.status, r.json], [200, { ok: true, data: null }], path);
    }
    const unknown = await rs.call('GET', '/players/00000000-0000-0000-0000-0000000000aa/extlink', reader);
    assert.deepEqual([unknown.status, unknown.json.ok, unknown.json.code], [200, false, 'not-found']);
    const bad = await rs.call('GET', '/players/not-a-uuid/extlink', reader);
    assert.deepEqual([bad.status, bad.json.field], [400, 'uuid']);
  });

  it('/link gives Ann a code; the console redeems it; both sides read the binding; extlink.account-link arrives', async () => {
    const code = await linkCode(scene, ann);
    await rs.console(`extlink redeem ${code} ${ID_A}`, new RegExp(`Linked Ann to the account ${ID_A}\\.`));
    const e = await events.next('extlink.account-link', (d) => d['player-id'] === annId);
    assert.deepEqual([e.data['player-name'], e.data['account-id'], e.data.actor], ['Ann', ID_A, 'console']);
    const mine = await rs.call('GET', `/players/${annId.replaceAll('-', '').toUpperCase()}/extlink`, reader);
    assert.equal(mine.json.ok, true, JSON.stringify(mine.json));
    assert.deepEqual([mine.json.data['player-id'], mine.json.data['player-name'], mine.json.data['account-id']], [annId, 'Ann', ID_A]);
    const theirs = await rs.call('GET', `/extlink/${ID_A}`, reader);
    assert.deepEqual(theirs.json.data, mine.json.data);
    const again = await ann.run('/link', /already linked/);
    assert.match(again, /Ann is already linked to the account 123456789012345678; unlink first\./);
  });

  it('an admin player redeems Ben’s code; the account already taken is refused; /extlink info shows the link', async () => {
    await rs.console('perm grant Ann core.extlink.admin', /core\.extlink\.admin/);
    const code = await linkCode(scene, ben);
    const taken = await ann.run(`/extlink redeem ${code} ${ID_A}`, /already linked/);
    assert.match(taken, /The account 123456789012345678 is already linked to Ann; unlink that first\./);
    const done = await ann.run(`/extlink redeem ${code} ${ID_B}`, /^Linked Ben/);
    assert.equal(done, `Linked Ben to the account ${ID_B}.`);
    const e = await events.next('extlink.account-link', (d) => d['player-id'] === benId);
    assert.deepEqual([e.data['account-id'], e.data.actor], [ID_B, 'Ann']);
    const info = await ann.run('/extlink info Ben', /^Ben is linked/);
    assert.match(info, new RegExp(`^Ben is linked to the account ${ID_B} since \\d{4}-`));
    const bad = await ann.run('/extlink redeem ABCDEFGH 12345', /not an account id/);
    assert.match(bad, /"12345" is not an account id: it must be 17-20 digits\./);
  });

  it('/unlink removes Ann’s link (extlink.account-unlink); the unlink route then answers not-found', async () => {
    const gone = await ann.run('/unlink', /link to the account/);
    assert.equal(gone, `Your link to the account ${ID_A} is removed.`);
    const e = await events.next('extlink.account-unlink', (d) => d['player-id'] === annId);
    assert.deepEqual([e.data['account-id'], e.data.actor], [ID_A, 'Ann']);
    assert.equal((await rs.call('GET', `/extlink/${ID_A}`, reader)).json.data, null);
    const r = await rs.call('POST', `/players/${annId}/extlink/unlink`, writer);
    assert.deepEqual([r.status, r.json.ok, r.json.code], [200, false, 'not-found']);
    const none = await ann.run('/unlink', /not linked/);
    assert.equal(none, 'You are not linked to an external account.');
  });

  it('the unlink route removes Ben’s link (extlink.account-unlink by core-rest/writer); a read token may not', async () => {
    const denied = await rs.call('POST', `/players/${benId}/extlink/unlink`, reader);
    assert.deepEqual([denied.status, denied.json.scope], [403, 'write']);
    const r = await rs.call('POST', `/players/${benId}/extlink/unlink`, writer);
    assert.equal(r.json.ok, true, JSON.stringify(r.json));
    assert.deepEqual([r.json.data['player-id'], r.json.data['account-id']], [benId, ID_B]);
    const e = await events.next('extlink.account-unlink', (d) => d['player-id'] === benId);
    assert.equal(e.data.actor, 'core-rest/writer');
    assert.equal((await rs.call('GET', `/players/${benId}/extlink`, reader)).json.data, null);
    assert.equal((await rs.call('GET', `/extlink/${ID_B}`, reader)).json.data, null);
  });

  it('keeps a link across a restart; /extlink unlink <player> removes it', async () => {
    const code = await linkCode(scene, ben);
    await rs.console(`extlink redeem ${code} ${ID_B}`, /Linked Ben/);
    await scene.restart();
    const r = await rs.call('GET', `/extlink/${ID_B}`, reader);
    assert.equal(r.json.data?.['player-id'], benId);
    await rs.console('extlink unlink Ben', new RegExp(`Removed the link between Ben and the account ${ID_B}\\.`));
    assert.equal((await rs.call('GET', `/players/${benId}/extlink`, reader)).json.data, null);
  });
});

describe('the Discord bot of the plugin, against a fake Discord on loopback (in process)', () => {
  const TOKEN = 'MTIzNDU2Nzg5MDEyMzQ1Njc4.GaBcDe.s3cr3t-t0ken_value';
  let discord: FakeDiscord;
  let scene: KernelScene;

  /** Waits (real time: the bot talks to the fake Discord over sockets) until the condition holds. */
  async function eventually(condition: () => boolean, what: string, ms = 30_000): Promise<void> {
    const end = performance.now() + ms;
    while (!condition()) {
      if (performance.now() > end) throw new Error(`waited in vain for ${what}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  before(async () => {
    discord = await startFakeDiscord(TOKEN);
    const conf = `discord-token = "${TOKEN}"\ndiscord-guild-id = "${FAKE_GUILD_ID}"\ndiscord-api-url = "${discord.api}"\n`;
    scene = await startKernelScene(['extlink.*'], { config: { 'core/extlink.conf': conf } });
  });
  after(async () => {
    await scene?.close();
    await discord?.close();
  });

  it('/link in game names the Discord command; /link code:<code> in Discord links Ann (actor discord/<id>); /unlink in Discord removes it', async () => {
    const { rs, ann, reader, events, t } = scene;
    const connected = /The Discord bot is connected as CoreBot; \/link, \/unlink and \/linked are registered in the Discord server 500000000000000001\./;
    await eventually(() => t.log.lines.some((l) => connected.test(l)), 'the bot to connect');
    const text = await ann.run('/link', /^Your link code: /);
    const code = /^Your link code: ([A-Z0-9]{8}) /.exec(text)?.[1] ?? '';
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
    const printed = [...t.log.lines, ...t.platform.consoleText()];
    assert.ok(printed.every((l) => !l.includes(TOKEN)), 'the token is in no line the server printed');
  });
});
