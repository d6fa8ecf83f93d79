// Skins against the real server: a bot chooses an account's skin (looked up at a stand-in for the
// account service on a local port, then kept), the other bot sees it, the route reads it and the
// event stream carries skin.change.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Bot } from './support/bots.ts';
import { joinBot, quit, waitFor, waitForMessage } from './support/bots.ts';
import { startScene, type RestServer, type Scene, type Subscription } from './support/rest-server.ts';
import { startFakeAccountService, type FakeAccountService } from '../support/fake-account-service.ts';

const NOTCH = { name: 'Notch', id: '069a79f444e94726a5befca90e38aaf5', textureUrl: 'http://textures.minecraft.net/texture/notch-e2e' };
const JEB = { name: 'jeb_', id: '853c80ef3c3749fdaa49938b674adae6', textureUrl: 'http://textures.minecraft.net/texture/jeb-e2e' };

describe('skins over the Remote Access Service', () => {
  let mojang: FakeAccountService;
  let scene: Scene;
  let rs: RestServer;
  let reader: string;
  let events: Subscription;
  let ann: Bot;
  let ben: Bot;
  let annId: string;

  /** The skin texture URL Ben's client shows on Ann (undefined: her own, the default). */
  const seenByBen = () => (ben.players.Ann as { skinData?: { url?: string } } | undefined)?.skinData?.url;

  before(async () => {
    mojang = await startFakeAccountService([NOTCH, JEB]);
    ({ rs, reader, events, ann, ben } = scene = await startScene(['skin.*'], { config: { 'core/skins.conf': mojang.conf } }));
    annId = ann.player.uuid;
  });
  after(async () => {
    await scene?.close();
    await mojang?.stop();
  });

  it('answers 404 while Ann has chosen no skin, 404 for a player never seen, 400 for a malformed uuid', async () => {
    const none = await rs.call('GET', `/players/${annId}/skin`, reader);
    assert.deepEqual([none.status, none.json.ok, none.json.code], [404, false, 'not-found']);
    const never = await rs.call('GET', '/players/00000000-0000-0000-0000-0000000000aa/skin', reader);
    assert.equal(never.status, 404);
    const bad = await rs.call('GET', '/players/nope/skin', reader);
    assert.deepEqual([bad.status, bad.json.field], [400, 'uuid']);
  });

  it('/skin Notch: Ben sees Ann in Notch’s skin, the route answers it, skin.change is carried', async () => {
    const told = waitForMessage(ann, /You now wear the skin of Notch\./);
    ann.chat('/skin notch');
    await told;
    await waitFor(() => seenByBen() === NOTCH.textureUrl, 'Ben to see Ann in Notch’s skin');
    const e = await events.next('skin.change', (d) => d['player-id'] === annId && d.account === 'Notch');
    assert.deepEqual([e.data['player-name'], e.data['previous-account'], e.data['texture-url']], ['Ann', null, NOTCH.textureUrl]);
    const r = await rs.call('GET', `/players/${annId}/skin`, reader);
    assert.equal(r.status, 200);
    assert.deepEqual([r.json.data.account, r.json.data['account-id'], r.json.data['texture-url']], ['Notch', '069a79f4-44e9-4726-a5be-fca90e38aaf5', NOTCH.textureUrl]);
  });

  it('tells the player about an account nobody has, and about the skin already worn', async () => {
    const nobody = waitForMessage(ann, /No game account is named Nobody_at_all/);
    ann.chat('/skin Nobody_at_all');
    await nobody;
    const same = waitForMessage(ann, /wears the skin of Notch already/);
    ann.chat('/skin Notch');
    await same;
  });

  it('says clearly when the account service cannot be reached; a skin fetched before still works', async () => {
    // jeb_'s skin is fetched (and kept) while the service is up.
    ann.chat('/skin jeb_');
    await waitFor(() => seenByBen() === JEB.textureUrl, 'Ben to see Ann in jeb_’s skin');
    await mojang.stop();
    const down = waitForMessage(ann, /account service cannot be reached/);
    ann.chat('/skin Dinnerbone');
    await down;
    const back = waitForMessage(ann, /You now wear the skin of Notch\./);
    ann.chat('/skin Notch');
    await back;
    await waitFor(() => seenByBen() === NOTCH.textureUrl, 'Ben to see Ann in Notch’s stored skin');
  });

  it('puts the chosen skin on again when Ann joins again', async () => {
    await quit(ann);
    await waitFor(() => ben.players.Ann === undefined, 'Ann to leave Ben’s tab list');
    ann = await joinBot(rs.server.gamePort, 'Ann');
    await waitFor(() => seenByBen() === NOTCH.textureUrl, 'Ben to see Ann in Notch’s skin after her join');
  });

  it('/skin clear: Ben sees Ann in her own skin again, skin.change with account null, the route answers 404', async () => {
    const told = waitForMessage(ann, /You wear your own skin again\./);
    ann.chat('/skin clear');
    await told;
    await waitFor(() => ben.players.Ann !== undefined && seenByBen() === undefined, 'Ben to see Ann in her own skin');
    const e = await events.next('skin.change', (d) => d['player-id'] === annId && d.account === null);
    assert.deepEqual([e.data['previous-account'], e.data['texture-url']], ['Notch', null]);
    const r = await rs.call('GET', `/players/${annId}/skin`, reader);
    assert.equal(r.status, 404);
  });
});
