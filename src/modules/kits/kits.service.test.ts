import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CONSOLE, type Actor } from '../../core/kernel/actor.ts';
import { startTestKernel, type TestKernel } from '../../../test/support/test-kernel.ts';
import { value, declined, invalid } from '../../../test/support/results.ts';
import { withPostgres } from '../../../test/support/postgres.ts';
import { economyModule } from '../economy/index.ts';
import { kitsModule } from './index.ts';
import { kitsConfig } from './kits.config.ts';
import type { KitsService } from './kits.service.ts';
import type { TextComponent } from '../../platform/platform.ts';

const REST: Actor = { kind: 'rest', label: 'panel' };
const UNKNOWN = '00000000-0000-0000-0000-0000000000ab';
const MONEY = { default: 'coins', currencies: [{ name: 'coins', 'decimal-places': 2 }, { name: 'gems', 'decimal-places': 0 }] };

const TEST_KITS = `
[kits.starter]
name = "Starter"
items = [ { material = "stone_sword" }, { material = "bread", count = 16 } ]
cooldown-seconds = 3600

[kits.vip]
name = "VIP"
items = [ { material = "diamond_sword", name = "VIP Blade", enchantments = { sharpness = 3 } }, { material = "diamond", count = 2 } ]
cooldown-seconds = 60
cost = 50
permission = "core.kit.vip"

[kits.gem]
items = [ { material = "emerald" } ]
cost = 5
currency = "gems"

[kits.dirt]
items = [ { material = "dirt", count = 640 } ]
`;

/** The items in a fake player's inventory, as "material×count" per slot. */
function held(t: TestKernel, uuid: string): string[] {
  return (t.platform.inventory(uuid) ?? t.platform.inventories.get(uuid) ?? []).flatMap((s) => (s ? [`${s.material}×${s.count}${s.name ? ` "${s.name}"` : ''}`] : []));
}

describe('kits', () => {
  let t: TestKernel;
  let kits: KitsService;
  let alice: string;
  let bob: string;

  before(async () => {
    t = await startTestKernel({ modules: [economyModule, kitsModule], beforeStart: (dir) => writeFileSync(join(dir, 'kits.conf'), TEST_KITS) });
    kits = t.kernel.api.kits;
    alice = (await t.join('Alice')).uuid;
    bob = (await t.join('Bob')).uuid;
  });
  after(() => t.close());

  describe('kits.list and kits.get', () => {
    it('lists every kit of kits.conf in its order, with the item count, cooldown, cost and permission, never the items', () => {
      const list = value(kits.list());
      assert.deepEqual(
        list.kits.map((k) => k.id),
        ['starter', 'vip', 'gem', 'dirt'],
      );
      assert.deepEqual(list.kits[1], { id: 'vip', name: 'VIP', 'item-count': 3, 'cooldown-seconds': 60, cost: { currency: 'coins', amount: 50 }, permission: 'core.kit.vip' });
      assert.deepEqual(list.kits[0]!.cost, null);
      assert.equal(list.kits[2]!.name, 'gem', 'the id names a kit without a name');
      assert.doesNotMatch(JSON.stringify(list), /material|bread|diamond_sword/);
    });

    it('reads one kit, case-insensitively, and declines an unknown one with not-found', () => {
      assert.equal(value(kits.get('STARTER')).id, 'starter');
      declined(kits.get('nope'), 'not-found');
    });
  });

  describe('kits.give', () => {
    it('puts the items into an online player’s inventory, with names and enchantments, and audits it', async () => {
      const r = value(await kits.give(bob, 'vip', REST));
      assert.deepEqual([r.kit.id, r['player-id'], r['player-name']], ['vip', bob, 'Bob']);
      assert.deepEqual(held(t, bob), ['diamond_sword×1 "VIP Blade"', 'diamond×2']);
      assert.deepEqual(t.platform.inventory(bob)![0]!.enchantments, { sharpness: 3 });
      const audit = await t.kernel.api.audit.history(bob, 1);
      assert.deepEqual([audit[0]!.actor, audit[0]!.action, audit[0]!.details], ['core-rest/panel', 'kit.give', { kit: 'vip' }]);
      assert.ok(t.platform.messagesOf(bob).includes('You received the kit VIP.'));
    });

    it('ignores permission, cost and cooldown, starts no cooldown, charges nothing and emits no kit.claim', async () => {
      value(await kits.give(bob, 'vip', REST));
      assert.equal(value(await t.kernel.api.economy.balance(bob)).amount, 100);
      assert.equal(t.emittedNamed('kit.claim').length, 0);
      const vip = value(await kits.forPlayer(bob)).kits.find((k) => k.kit.id === 'vip')!;
      assert.deepEqual([vip['last-claimed-at'], vip['cooldown-remaining-seconds']], [null, 0]);
    });

    it('declines an offline player with player-offline, an unknown player or kit with not-found, and refuses a malformed uuid', async () => {
      const carol = (await t.join('Carol')).uuid;
      t.platform.quit(carol);
      declined(await kits.give(carol, 'starter', REST), 'player-offline');
      declined(await kits.give(UNKNOWN, 'starter', REST), 'not-found');
      declined(await kits.give(bob, 'nope', REST), 'not-found');
      await assert.rejects(kits.give('bob', 'starter', REST), invalid('uuid'));
    });

    it('gives nothing and fails when the inventory has no room for every item', async () => {
      const dave = (await t.join('Dave')).uuid;
      t.platform.setInventory(dave, Array.from({ length: 30 }, () => ({ material: 'stone', count: 64 })));
      declined(await kits.give(dave, 'dirt', REST), 'failed');
      assert.equal(held(t, dave).length, 30);
    });
  });

  describe('kits.claim', () => {
    it('gives the items, starts the cooldown and emits kit.claim with a null cost for a free kit', async () => {
      const r = value(await kits.claim(alice, 'starter', REST));
      const now = t.clock.now();
      assert.deepEqual(r, {
        kit: value(kits.get('starter')),
        'player-id': alice,
        'player-name': 'Alice',
        paid: null,
        'claimed-at': now.toISOString(),
        'next-claim-at': new Date(now.getTime() + 3600_000).toISOString(),
      });
      assert.deepEqual(held(t, alice), ['stone_sword×1', 'bread×16']);
      assert.deepEqual(t.emittedNamed('kit.claim').at(-1)?.data, { 'player-id': alice, 'player-name': 'Alice', kit: 'starter', cost: null, 'occurred-at': now.toISOString() });
      assert.ok(t.platform.messagesOf(alice).includes('You claimed the kit Starter.'));
    });

    it('refuses a second claim during the cooldown, with the time left in the message, and allows it after', async () => {
      t.clock.advance(1000);
      const r = await kits.claim(alice, 'starter', REST);
      declined(r, 'refused');
      assert.equal(!r.ok ? r.message : '', 'Alice can claim the kit Starter again in 43 min 20 s.');
      assert.deepEqual(held(t, alice), ['stone_sword×1', 'bread×16']);
      t.clock.advance(2600);
      value(await kits.claim(alice, 'starter', REST));
      assert.deepEqual(held(t, alice), ['stone_sword×1', 'bread×32', 'stone_sword×1']);
    });

    it('refuses a kit whose permission the player lacks', async () => {
      const r = await kits.claim(alice, 'vip', REST);
      declined(r, 'refused');
      assert.match(!r.ok ? r.message : '', /core\.kit\.vip/);
    });

    it('charges the cost with the claim (in the kit’s currency) and emits it', async () => {
      value(await t.kernel.api.permissions.grant(alice, 'core.kit.vip', CONSOLE));
      const r = value(await kits.claim(alice, 'vip', REST));
      assert.deepEqual(r.paid, { currency: 'coins', amount: 50 });
      assert.equal(value(await t.kernel.api.economy.balance(alice)).amount, 50);
      assert.deepEqual(t.emittedNamed('kit.claim').at(-1)?.data.cost, { currency: 'coins', amount: 50 });
      assert.equal(t.emittedNamed('economy.wallet-debit').at(-1)?.data['player-id'], alice);
    });

    it('declines with insufficient-funds, charging and giving nothing, when the player cannot pay', async () => {
      const before = held(t, alice).length;
      const r = await kits.claim(alice, 'gem', REST);
      declined(r, 'insufficient-funds');
      assert.match(!r.ok ? r.message : '', /costs ◆5; Alice holds ◆0/);
      assert.equal(held(t, alice).length, before);
      value(await t.kernel.api.economy.deposit(alice, 5, 'gems', CONSOLE));
      value(await kits.claim(alice, 'gem', REST));
      assert.equal(value(await t.kernel.api.economy.balance(alice, 'gems')).amount, 0);
    });

    it('fails without a charge when the inventory has no room', async () => {
      const erin = (await t.join('Erin')).uuid;
      value(await t.kernel.api.permissions.grant(erin, 'core.kit.vip', CONSOLE));
      t.platform.setInventory(erin, Array.from({ length: 35 }, () => ({ material: 'stone', count: 64 })));
      declined(await kits.claim(erin, 'vip', REST), 'failed');
      assert.equal(value(await t.kernel.api.economy.balance(erin)).amount, 100);
      const vip = value(await kits.forPlayer(erin)).kits.find((k) => k.kit.id === 'vip')!;
      assert.equal(vip['last-claimed-at'], null, 'no cooldown started');
    });

    it('declines an offline player with player-offline and an unknown kit or player with not-found', async () => {
      const frank = (await t.join('Frank')).uuid;
      t.platform.quit(frank);
      declined(await kits.claim(frank, 'starter', REST), 'player-offline');
      declined(await kits.claim(alice, 'nope', REST), 'not-found');
      declined(await kits.claim(UNKNOWN, 'starter', REST), 'not-found');
    });

    it('claims once when two claims arrive together', async () => {
      const gina = (await t.join('Gina')).uuid;
      const results = await Promise.all([kits.claim(gina, 'starter', REST), kits.claim(gina, 'starter', REST)]);
      assert.deepEqual(results.map((r) => (r.ok ? 'ok' : r.code)).sort(), ['ok', 'refused']);
      assert.deepEqual(held(t, gina), ['stone_sword×1', 'bread×16']);
    });

    it('records the claim in the audit log with the actor', async () => {
      const audit = await t.kernel.api.audit.history(alice, 20);
      const claim = audit.find((a) => a.action === 'kit.claim');
      assert.deepEqual([claim?.actor, claim?.target], ['core-rest/panel', alice]);
    });
  });

  describe('kits.forPlayer', () => {
    it('tells every kit’s cooldown and whether the player may claim it, and why not', async () => {
      const hal = (await t.join('Hal')).uuid;
      value(await kits.claim(hal, 'starter', REST));
      t.clock.advance(100);
      const standing = value(await kits.forPlayer(hal)).kits.map((k) => [k.kit.id, k['cooldown-remaining-seconds'], k['can-claim'], k['why-not']]);
      assert.deepEqual(standing, [
        ['starter', 3500, false, 'cooldown'],
        ['vip', 0, false, 'no-permission'],
        ['gem', 0, false, 'insufficient-funds'],
        ['dirt', 0, true, null],
      ]);
      t.platform.quit(hal);
      const offline = value(await kits.forPlayer(hal)).kits;
      assert.deepEqual(offline.map((k) => k['why-not']), ['player-offline', 'player-offline', 'player-offline', 'player-offline']);
      assert.equal(offline[0]!['cooldown-remaining-seconds'], 3500);
      declined(await kits.forPlayer(UNKNOWN), 'not-found');
    });
  });

  describe('/kit', () => {
    it('lists the kits with the sender’s standing', async () => {
      t.platform.clearMessages();
      await t.platform.run(alice, '/kit');
      const lines = t.platform.messagesOf(alice);
      assert.ok(lines.some((l) => /^starter \(Starter\): 17 items, free - in /.test(l)), lines.join('\n'));
      assert.ok(lines.some((l) => /^dirt \(dirt\): 640 items, free - ready$/.test(l)), lines.join('\n'));
    });

    it('claims a kit with /kit <id>, and tells a refusal in red', async () => {
      const ivan = (await t.join('Ivan')).uuid;
      await t.platform.run(ivan, '/kit starter');
      assert.deepEqual(held(t, ivan), ['stone_sword×1', 'bread×16']);
      assert.deepEqual(t.emittedNamed('kit.claim').at(-1)?.data['player-id'], ivan);
      const audit = await t.kernel.api.audit.history(ivan, 1);
      assert.deepEqual([audit[0]!.actor, audit[0]!.action], ['Ivan', 'kit.claim']);
      await t.platform.run(ivan, '/kit starter');
      assert.equal(t.platform.messagesOf(ivan).at(-1)!, 'You can claim the kit Starter again in 1 h.');
      assert.equal((t.platform.messages.get(ivan)!.at(-1) as TextComponent).color, 'red');
    });

    it('gives a kit with /kit give <player> <id> only with core.kit.give', async () => {
      const jay = (await t.join('Jay')).uuid;
      await t.platform.run(jay, '/kit give Alice dirt');
      assert.match(t.platform.messagesOf(jay).at(-1)!, /core\.kit\.give/);
      await t.platform.run('console', '/kit give Jay dirt');
      assert.deepEqual(held(t, jay).slice(0, 2), ['dirt×64', 'dirt×64']);
      assert.ok(t.platform.consoleText().includes('You gave the kit dirt to Jay.'), t.platform.consoleText().join('\n'));
    });

    it('completes kit ids, and give for admins', () => {
      assert.deepEqual(t.platform.complete(alice, '/kit s'), ['starter']);
      assert.deepEqual(t.platform.complete(alice, '/kit g'), ['gem']);
      assert.deepEqual(t.platform.complete('console', '/kit g'), ['gem', 'give']);
    });
  });

  it('keeps the cooldowns across a restart', async () => {
    await t.restart();
    kits = t.kernel.api.kits;
    t.platform.join('Alice');
    declined(await t.kernel.api.kits.claim(alice, 'starter', REST), 'refused');
  });
});

describe('kits.conf', () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'kits-conf-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  const load = (text: string) => {
    writeFileSync(join(dir, 'kits.conf'), text);
    return () => kitsConfig.load(dir, MONEY);
  };

  it('is written on first start with a free starter kit and a vip kit for 50 of the default currency', () => {
    rmSync(join(dir, 'kits.conf'), { force: true });
    const kits = kitsConfig.load(dir, MONEY);
    assert.equal(readFileSync(join(dir, 'kits.conf'), 'utf8'), kitsConfig.defaultText());
    assert.deepEqual(
      kits.map((k) => [k.id, k.items.map((i) => `${i.material}×${i.count}`).join(' '), k.cooldownSeconds, k.cost, k.permission]),
      [
        ['starter', 'stone_sword×1 bread×16', 3600, null, null],
        ['vip', 'diamond×2 diamond_sword×1', 86400, { currency: 'coins', amount: 50 }, 'core.kit.vip'],
      ],
    );
  });

  it('stops the start naming the file, the line and the key of a bad material', () => {
    const text = TEST_KITS.replace('{ material = "diamond", count = 2 }', '{ material = "dimond", count = 2 }');
    const line = text.split('\n').findIndex((l) => l.includes('"dimond"')) + 1;
    assert.throws(load(text), (e: Error) => {
      assert.equal(e.message, `${join(dir, 'kits.conf')} line ${line}, key "kits.vip.items[2].material": "dimond" is not a game material name (an item of Minecraft 1.21.4, e.g. "bread")`);
      return true;
    });
  });

  it('refuses an unknown key, an unknown enchantment, a bad count, cost or currency, a reserved id and an empty kit', () => {
    /** The 1-based line of the first line holding the text. */
    const lineWith = (needle: string) => TEST_KITS.split('\n').findIndex((l) => l.includes(needle)) + 1;
    const cases: Array<[string, RegExp]> = [
      [TEST_KITS.replace('cooldown-seconds = 60', 'cooldown = 60'), new RegExp(`line ${lineWith('cooldown-seconds = 60')}, key "kits\\.vip\\.cooldown": is not a key of a kit`)],
      [TEST_KITS.replace('sharpness = 3', 'sharpnes = 3'), new RegExp(`line ${lineWith('sharpness')}, key "kits\\.vip\\.items\\[1\\]\\.enchantments\\.sharpnes": "sharpnes" is not an enchantment`)],
      [TEST_KITS.replace('count = 640', 'count = 0'), /key "kits\.dirt\.items\[1\]\.count": must be a whole number from 1 to 1000/],
      [TEST_KITS.replace('cost = 50', 'cost = 50.001'), new RegExp(`line ${lineWith('cost = 50')}, key "kits\\.vip\\.cost": must be`)],
      [TEST_KITS.replace('cost = 50', 'cost = -1'), /key "kits\.vip\.cost": must be an amount of at least 0 with at most 2 decimal places/],
      [TEST_KITS.replace('currency = "gems"', 'currency = "beads"'), /key "kits\.gem\.currency": must name a currency of economy\.conf \(coins, gems\)/],
      [`${TEST_KITS}\n[kits.give]\nitems = [ { material = "dirt" } ]\n`, /key "kits\.give": "give" is a word of the \/kit command/],
      [`${TEST_KITS}\n[kits.empty]\nitems = []\n`, /key "kits\.empty\.items": must be a list of at least one item/],
      [`${TEST_KITS}\n[kits.Bad]\nitems = [ { material = "dirt" } ]\n`, /key "kits\.Bad": a kit id is 1-32 of a-z/],
      ['kits = 3\n', /key "kits": must hold \[kits\.<id>\] tables/],
      ['[kits.a\n', /kits\.conf line 1, key "kits\.a": the table header `\[kits\.a` is not closed: a \] is missing$/],
    ];
    for (const [text, message] of cases) assert.throws(load(text), message, String(message));
  });

  it('reads a file without kits as no kits', () => {
    assert.deepEqual(load('# no kits\n')(), []);
  });
});

describe('kits on PostgreSQL', () => {
  it('claims, charges and keeps the cooldown across a restart', async (ctx) => {
    await withPostgres(ctx, 'kits', async (openDb) => {
      const k = await startTestKernel({ modules: [economyModule, kitsModule], openDb, beforeStart: (dir) => writeFileSync(join(dir, 'kits.conf'), TEST_KITS) });
      try {
        const ann = (await k.join('Ann')).uuid;
        value(await k.kernel.api.permissions.grant(ann, 'core.kit.vip', CONSOLE));
        assert.deepEqual(value(await k.kernel.api.kits.claim(ann, 'vip', REST)).paid, { currency: 'coins', amount: 50 });
        declined(await k.kernel.api.kits.claim(ann, 'vip', REST), 'refused');
        await k.restart();
        k.platform.join('Ann');
        k.clock.advance(30);
        const vip = value(await k.kernel.api.kits.forPlayer(ann)).kits.find((x) => x.kit.id === 'vip')!;
        assert.deepEqual([vip['cooldown-remaining-seconds'], vip['why-not']], [30, 'cooldown']);
        k.clock.advance(30);
        value(await k.kernel.api.kits.claim(ann, 'vip', REST));
        assert.equal(value(await k.kernel.api.economy.balance(ann)).amount, 0);
      } finally {
        await k.close();
      }
    });
  });
});
