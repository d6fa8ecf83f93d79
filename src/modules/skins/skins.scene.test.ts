// Skins over real HTTP and a real event stream, on the in-process scene (the whole plugin on the
// fake platform, test/support/scene.ts): a player chooses an account's skin (looked up at a
// stand-in for the account service on a local port, then kept), the other player is shown it, the
// route reads it and the event stream carries skin.change. What the bots see of it in the real game
// (the skin in the tab list, after a rejoin): test/e2e/areas/skins.ts.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startFakeAccountService, textureValue, SIGNATURE, type FakeAccountService } from '../../../test/support/fake-account-service.ts';
import { startKernelScene, type KernelScene, type SceneRest, type ScenePlayer, type Subscription } from '../../../test/support/scene.ts';

const NOTCH = { name: 'Notch', id: '069a79f444e94726a5befca90e38aaf5', textureUrl: 'http://textures.minecraft.net/texture/notch-scene' };
const JEB = { name: 'jeb_', id: '853c80ef3c3749fdaa49938b674adae6', textureUrl: 'http://textures.minecraft.net/texture/jeb-scene' };

describe('skins over the Remote Access Service (in process)', () => {
  let mojang: FakeAccountService;
  let scene: KernelScene;
  let rs: SceneRest;
  let reader: string;
  let events: Subscription;
  let ann: ScenePlayer;
  let ben: ScenePlayer;
  let annId: string;

  /** The skin Ben is shown on Ann (undefined: her own, the default). */
  const seenByBen = () => scene.t.platform.entityFake.skinSeenBy(ben.uuid, 'Ann');
  const wearing = (account: { textureUrl: string }) => ({ value: textureValue(account.textureUrl), signature: SIGNATURE });

  before(async () => {
    mojang = await startFakeAccountService([NOTCH, JEB]);
    ({ rs, reader, events, ann, ben } = scene = await startKernelScene(['skin.*'], { config: { 'core/skins.conf': mojang.conf } }));
    annId = ann.uuid;
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

  it('/skin Notch: Ben is shown Ann in Notch’s skin, the route answers it, skin.change is carried', async () => {
    await ann.run('/skin notch', /You now wear the skin of Notch\./);
    assert.deepEqual(seenByBen(), wearing(NOTCH));
    const e = await events.next('skin.change', (d) => d['player-id'] === annId && d.account === 'Notch');
    assert.deepEqual([e.data['player-name'], e.data['previous-account'], e.data['texture-url']], ['Ann', null, NOTCH.textureUrl]);
    const r = await rs.call('GET', `/players/${annId}/skin`, reader);
    assert.equal(r.status, 200);
    assert.deepEqual([r.json.data.account, r.json.data['account-id'], r.json.data['texture-url']], ['Notch', '069a79f4-44e9-4726-a5be-fca90e38aaf5', NOTCH.textureUrl]);
  });

  it('tells the player about an account nobody has, and about the skin already worn', async () => {
    await ann.run('/skin Nobody_at_all', /No game account is named Nobody_at_all/);
    await ann.run('/skin Notch', /wears the skin of Notch already/);
    assert.deepEqual(seenByBen(), wearing(NOTCH));
  });

  it('says clearly when the account service cannot be reached; a skin fetched before still works', async () => {
    // jeb_'s skin is fetched (and kept) while the service is up.
    await ann.run('/skin jeb_', /You now wear the skin of jeb_\./);
    assert.deepEqual(seenByBen(), wearing(JEB));
    await mojang.stop();
    await ann.run('/skin Dinnerbone', /^The account service could not be reached, and no skin of Dinnerbone is stored yet\. Try again later\.$/);
    assert.deepEqual(seenByBen(), wearing(JEB), 'Ann keeps the skin she wore');
    await ann.run('/skin Notch', /You now wear the skin of Notch\./);
    assert.deepEqual(seenByBen(), wearing(NOTCH), 'Notch’s stored skin');
  });

  it('puts the chosen skin on again when Ann joins again', async () => {
    ann.quit();
    assert.equal(seenByBen(), undefined, 'Ann is gone');
    ann = await scene.join('Ann');
    assert.deepEqual(seenByBen(), wearing(NOTCH));
  });

  it('/skin clear: Ben is shown Ann in her own skin again, skin.change with account null, the route answers 404', async () => {
    await ann.run('/skin clear', /You wear your own skin again\./);
    assert.equal(seenByBen(), undefined);
    assert.ok(scene.t.platform.display.playersSeenBy(ben.uuid).some((p) => p.uuid === annId), 'Ben still sees Ann');
    const e = await events.next('skin.change', (d) => d['player-id'] === annId && d.account === null);
    assert.deepEqual([e.data['previous-account'], e.data['texture-url']], ['Notch', null]);
    const r = await rs.call('GET', `/players/${annId}/skin`, reader);
    assert.equal(r.status, 404);
  });
});
