import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CONSOLE, type Actor } from '../../core/kernel/actor.ts';
import { startTestKernel, type TestKernel } from '../../../test/support/test-kernel.ts';
import { startFakeAccountService, textureValue, SIGNATURE, type FakeAccountService } from '../../../test/support/fake-account-service.ts';
import { value, declined, invalid } from '../../../test/support/results.ts';
import { withPostgres } from '../../../test/support/postgres.ts';
import { skinsModule } from './index.ts';
import type { SkinsService } from './skins.service.ts';
import { skinsConfig } from './skins.config.ts';

const REST: Actor = { kind: 'rest', label: 'panel' };
const NOTCH = { name: 'Notch', id: '069a79f444e94726a5befca90e38aaf5', textureUrl: 'http://textures.minecraft.net/texture/notch' };
const JEB = { name: 'jeb_', id: '853c80ef3c3749fdaa49938b674adae6', textureUrl: 'http://textures.minecraft.net/texture/jeb' };

describe('skins', () => {
  let t: TestKernel;
  let skins: SkinsService;
  let mojang: FakeAccountService;
  let ann: string;
  let ben: string;

  before(async () => {
    mojang = await startFakeAccountService([NOTCH, JEB]);
    t = await startTestKernel({ modules: [skinsModule], beforeStart: (dir) => writeFileSync(join(dir, 'skins.conf'), mojang.conf) });
    skins = t.kernel.api.skins;
    ann = (await t.join('Ann')).uuid;
    ben = (await t.join('Ben')).uuid;
  });
  after(async () => {
    await t.close();
    await mojang.stop();
  });
  beforeEach(() => t.platform.clearMessages());

  it('answers not-found while a player has chosen no skin', async () => {
    declined(await skins.get(ann), 'not-found');
  });

  it('puts an account’s skin on an online player: others see it, the answer names the account, skin.change is emitted', async () => {
    const s = value(await skins.choose(ann, 'notch', CONSOLE));
    assert.deepEqual(s, {
      'player-id': ann,
      'player-name': 'Ann',
      account: 'Notch',
      'account-id': '069a79f4-44e9-4726-a5be-fca90e38aaf5',
      'texture-url': NOTCH.textureUrl,
      value: textureValue(NOTCH.textureUrl),
      signature: SIGNATURE,
      'chosen-at': t.clock.now().toISOString(),
      'fetched-at': t.clock.now().toISOString(),
    });
    assert.deepEqual(t.platform.entityFake.skinSeenBy(ben, 'Ann'), { value: textureValue(NOTCH.textureUrl), signature: SIGNATURE });
    assert.deepEqual(value(await skins.get(ann)), s);
    const e = t.emittedNamed('skin.change').at(-1)!;
    assert.deepEqual(e.data, { 'player-id': ann, 'player-name': 'Ann', account: 'Notch', 'previous-account': null, 'texture-url': NOTCH.textureUrl, 'occurred-at': e.data['occurred-at'] });
  });

  it('declines the skin already worn with already-in-state, and changes to another account', async () => {
    declined(await skins.choose(ann, 'NOTCH', CONSOLE), 'already-in-state');
    const s = value(await skins.choose(ann, 'jeb_', REST));
    assert.equal(s['texture-url'], JEB.textureUrl);
    assert.equal(t.emittedNamed('skin.change').at(-1)!.data['previous-account'], 'Notch');
  });

  it('declines an account nobody has with not-found, and refuses a name that cannot be an account naming the field', async () => {
    declined(await skins.choose(ann, 'Nobody_here', CONSOLE), 'not-found');
    await assert.rejects(skins.choose(ann, 'bad name', CONSOLE), invalid('account'));
    await assert.rejects(skins.choose(ann, 'x'.repeat(17), CONSOLE), invalid('account'));
    declined(await skins.choose('00000000-0000-0000-0000-0000000000ab', 'Notch', CONSOLE), 'not-found');
  });

  it('uses a stored skin without asking the account service while it is fresh', async () => {
    const before = mojang.requests.length;
    value(await skins.choose(ben, 'Notch', CONSOLE));
    assert.equal(mojang.requests.length, before);
  });

  it('answers an account’s skin for an NPC without giving it to anyone, from the store while it is fresh', async () => {
    const before = mojang.requests.length;
    const found = value(await skins.accountSkin('notch'));
    assert.deepEqual(found, { account: 'Notch', accountId: '069a79f4-44e9-4726-a5be-fca90e38aaf5', skin: { value: textureValue(NOTCH.textureUrl), signature: SIGNATURE } });
    assert.equal(mojang.requests.length, before);
    declined(await skins.accountSkin('Nobody_here'), 'not-found');
    await assert.rejects(skins.accountSkin('bad name'), invalid('skin'));
  });

  it('puts the chosen skin back on at every join (the platform forgets it when they leave)', async () => {
    t.platform.quit(ann);
    ann = (await t.join('Ann')).uuid;
    await t.until(() => t.platform.entityFake.skinSeenBy(ben, 'Ann')?.value === textureValue(JEB.textureUrl), 'Ben to see Ann in jeb_’s skin again');
  });

  it('clears: the player wears their own skin again, skin.change with account null; clearing again is not-found', async () => {
    const was = value(await skins.clear(ann, REST));
    assert.equal(was.account, 'jeb_');
    assert.equal(t.platform.entityFake.skinSeenBy(ben, 'Ann'), undefined);
    assert.deepEqual(
      [t.emittedNamed('skin.change').at(-1)!.data.account, t.emittedNamed('skin.change').at(-1)!.data['previous-account']],
      [null, 'jeb_'],
    );
    declined(await skins.clear(ann, REST), 'not-found');
    declined(await skins.get(ann), 'not-found');
  });

  it('chooses for an offline player too (worn at their next join)', async () => {
    t.platform.quit(ann);
    value(await skins.choose(ann, 'Notch', CONSOLE));
    ann = (await t.join('Ann')).uuid;
    await t.until(() => t.platform.entityFake.skinSeenBy(ben, 'Ann')?.value === textureValue(NOTCH.textureUrl), 'Ann in Notch’s skin');
  });

  it('/skin and /skin clear in game; another player’s skin needs core.skin.others', async () => {
    await t.platform.run(ben, '/skin jeb_');
    assert.ok(t.platform.messagesOf(ben).includes('You now wear the skin of jeb_.'), JSON.stringify(t.platform.messagesOf(ben)));
    await t.platform.run(ben, '/skin Notch Ann');
    assert.match(t.platform.messagesOf(ben).at(-1)!, /core\.skin\.others/);
    await t.platform.run(ben, '/skin clear');
    assert.equal(t.platform.messagesOf(ben).at(-1), 'You wear your own skin again.');
    await t.platform.run(ben, '/skin clear');
    assert.equal(t.platform.messagesOf(ben).at(-1), 'Ben has not chosen a skin.');
    await t.platform.run('console', 'skin clear Ann');
    assert.equal(t.platform.consoleText().at(-1), 'Ann wears their own skin again.');
    await t.platform.run('console', 'skin Notch');
    assert.match(t.platform.consoleText().at(-1)!, /Name a player/);
  });

  it('says clearly when the account service cannot be reached and nothing is stored; a stored skin still works', async () => {
    await mojang.stop();
    await t.platform.run(ben, '/skin Dinnerbone');
    // Said once: the reason is the end of the sentence, not a second "could not be reached" in brackets.
    assert.equal(t.platform.messagesOf(ben).at(-1), 'The account service could not be reached, and no skin of Dinnerbone is stored yet. Try again later.');
    // Stored, even when stale: refresh-hours (24) has passed.
    await t.clock.advance(25 * 3600);
    await t.platform.run(ben, '/skin Notch');
    assert.equal(t.platform.messagesOf(ben).at(-1), 'You now wear the skin of Notch.');
  });
});

describe('skins.conf', () => {
  it('refuses a URL without its placeholder, and an out-of-range number, naming the key', () => {
    const dir = mkdtempSync(join(tmpdir(), 'skins-conf-'));
    try {
      writeFileSync(join(dir, 'skins.conf'), 'profile-url = "https://example.com/profiles"\n');
      assert.throws(() => skinsConfig.load(dir), /profile-url.*\{name\}/s);
      writeFileSync(join(dir, 'skins.conf'), 'timeout-seconds = 0\n');
      assert.throws(() => skinsConfig.load(dir), /timeout-seconds/);
      writeFileSync(join(dir, 'skins.conf'), '');
      assert.equal(skinsConfig.load(dir).refreshHours, 24);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('skins on PostgreSQL', () => {
  it('keeps fetched skins and choices, and reads them after a restart', (ctx) =>
    withPostgres(ctx, 'skins', async (openDb) => {
      const mojang = await startFakeAccountService([NOTCH]);
      const k = await startTestKernel({ modules: [skinsModule], openDb, beforeStart: (dir) => writeFileSync(join(dir, 'skins.conf'), mojang.conf) });
      try {
        const ann = (await k.join('Ann')).uuid;
        value(await k.kernel.api.skins.choose(ann, 'Notch', CONSOLE));
        declined(await k.kernel.api.skins.choose(ann, 'notch', CONSOLE), 'already-in-state');
        await k.restart();
        assert.equal(value(await k.kernel.api.skins.get(ann))['texture-url'], NOTCH.textureUrl);
      } finally {
        await k.close();
        await mojang.stop();
      }
    }));
});

