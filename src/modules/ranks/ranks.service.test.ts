import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CONSOLE, type Actor } from '../../core/kernel/actor.ts';
import type { CoreApi } from '../../core/kernel/api.ts';
import { startTestKernel, type TestKernel } from '../../../test/support/test-kernel.ts';
import { declined, invalid, value } from '../../../test/support/results.ts';
import { withPostgres } from '../../../test/support/postgres.ts';
import { economyModule } from '../economy/index.ts';
import { playtimeModule } from '../playtime/index.ts';
import { ranksModule } from './index.ts';
import type { RanksService } from './ranks.service.ts';

const REST: Actor = { kind: 'rest', label: 'panel' };
const NOBODY = '00000000-0000-0000-0000-0000000000aa';

export const TEST_PERMISSIONS = `
[groups.default]
inherits = []
nodes = []
withhold = []
[groups.moderator]
inherits = ["default"]
nodes = []
[groups.admin]
inherits = ["moderator"]
nodes = ["*"]
[groups.rb]
inherits = ["default"]
nodes = ["test.rb"]
[groups.rc]
inherits = ["rb"]
nodes = ["test.rc"]
`;

export const TEST_LADDER = `
prestige-cost = 100
max-prestige = 1
[[rungs]]
name = "a"
group = "default"
cost = 0
[[rungs]]
name = "b"
group = "rb"
cost = 50
min-playtime-seconds = 60
[[rungs]]
name = "c"
group = "rc"
cost = 10.5
min-balance = 200
`;

describe('ranks', () => {
  let t: TestKernel;
  let ranks: RanksService;
  let eco: CoreApi['economy'];
  let ann: string;
  let bob: string;
  let cat: string;

  const balance = async (uuid: string) => value(await eco.balance(uuid)).amount;
  const groups = (uuid: string) => t.kernel.api.permissions.groupsOf(uuid);

  before(async () => {
    t = await startTestKernel({
      modules: [economyModule, playtimeModule, ranksModule],
      beforeStart: (dir) => {
        writeFileSync(join(dir, 'permissions.conf'), TEST_PERMISSIONS);
        writeFileSync(join(dir, 'ranks.conf'), TEST_LADDER);
      },
    });
    ranks = t.kernel.api.ranks;
    eco = t.kernel.api.economy;
    ann = (await t.join('Ann')).uuid;
    bob = (await t.join('Bob')).uuid;
    cat = (await t.join('Cat')).uuid;
  });
  after(() => t.close());

  it('answers the ladder in order, with costs as money and whether each group exists', () => {
    const l = value(ranks.ladder());
    assert.deepEqual(
      l.ranks.map((r) => [r.name, r.position, r.group, r['group-exists'], r.cost.amount, r['min-playtime-seconds'], r['min-balance'].amount]),
      [
        ['a', 1, 'default', true, 0, 0, 0],
        ['b', 2, 'rb', true, 50, 60, 0],
        ['c', 3, 'rc', true, 10.5, 0, 200],
      ],
    );
    assert.deepEqual(l['prestige-cost'], { currency: 'coins', amount: 100 });
    assert.equal(l['max-prestige'], 1);
  });

  it('holds nothing for a new player: standing null, next is the first rung, reachable', async () => {
    const s = value(await ranks.status(ann));
    assert.equal(s.standing, null);
    assert.equal(s.next?.name, 'a');
    assert.equal(s['can-rank-up'], true);
    assert.equal(s.reason, null);
  });

  it('ranks up onto the first rung for free and emits rank.up with the actor', async () => {
    const r = value(await ranks.rankup(ann, CONSOLE));
    assert.equal(r['previous-rank'], null);
    assert.equal(r.standing.rank, 'a');
    assert.equal(r.standing.position, 1);
    assert.equal(r.paid.amount, 0);
    const e = t.emittedNamed('rank.up').at(-1)!;
    assert.equal(e.data.rank, 'a');
    assert.equal(e.data['previous-rank'], null);
    assert.equal(e.data.actor, 'console');
    assert.equal(e.data['player-id'], ann);
  });

  it('refuses the next rung while playtime is short, charging nothing', async () => {
    const s = value(await ranks.status(ann));
    assert.equal(s['can-rank-up'], false);
    assert.match(s.reason ?? '', /playtime/);
    const r = await ranks.rankup(ann, CONSOLE);
    declined(r, 'refused');
    assert.equal(await balance(ann), 100);
  });

  it('writes a refusal to the player with what to do next, in their language; /rank of another player names them', async () => {
    t.platform.clearMessages();
    await t.platform.run(ann, '/rankup');
    assert.deepEqual(t.platform.messagesOf(ann), ['You need 1 min of playtime for the rank b; you have played 0 s. Keep playing, then type /rankup again.']);
    t.platform.setLocale(ann, 'de_DE');
    await t.platform.run(ann, '/rankup');
    assert.equal(t.platform.messagesOf(ann).at(-1), 'Für den Rang b brauchst du 1 Min. Spielzeit; du hast 0 Sek. gespielt. Spiel weiter und tippe dann noch einmal /rankup.');
    t.platform.setLocale(ann, 'en_US');
    await t.platform.run('console', 'rank Ann');
    const lines = t.platform.consoleText();
    assert.ok(lines.includes('Ann is on the rank a, prestige 0.'), lines.join('\n'));
    assert.ok(lines.includes('Next: b (cost $50.00, playtime 1 min).'), lines.join('\n'));
    assert.ok(lines.includes('Ann needs 1 min of playtime for the rank b and has played 0 s.'), lines.join('\n'));
  });

  it('charges the cost and grants the group once playtime is met', async () => {
    await t.clock.advance(61);
    assert.equal(value(await ranks.status(ann))['can-rank-up'], true);
    const r = value(await ranks.rankup(ann, REST));
    assert.equal(r.standing.rank, 'b');
    assert.deepEqual(r.paid, { currency: 'coins', amount: 50 });
    assert.equal(await balance(ann), 50);
    assert.deepEqual(groups(ann), ['default', 'rb']);
    assert.equal(t.kernel.api.permissions.playerHas(ann, 'test.rb'), true);
    assert.equal(t.emittedNamed('rank.up').at(-1)!.data.actor, 'core-rest/panel');
    const audit = await t.kernel.api.audit.history(ann, 10);
    assert.ok(audit.some((a) => a.action === 'rank.up' && a.actor === 'core-rest/panel' && a.details.rank === 'b'));
  });

  it('refuses a rung whose min-balance is not held, then ranks up and moves the group once it is', async () => {
    declined(await ranks.rankup(ann, CONSOLE), 'refused');
    assert.match(value(await ranks.status(ann)).reason ?? '', /balance/);
    // 200 held meets min-balance; the cost (10.5) is then paid.
    value(await eco.deposit(ann, 150, null, CONSOLE));
    const r = value(await ranks.rankup(ann, CONSOLE));
    assert.equal(r.standing.rank, 'c');
    assert.equal(await balance(ann), 189.5);
    // The group of the rung left is taken; the new one inherits its nodes.
    assert.deepEqual(groups(ann), ['default', 'rc']);
    assert.equal(t.kernel.api.permissions.playerHas(ann, 'test.rb'), true);
  });

  it('answers insufficient-funds when requirements hold but the cost is not in the wallet', async () => {
    value(await ranks.set(bob, 'b', CONSOLE));
    value(await ranks.set(cat, 'a', CONSOLE));
    await t.clock.advance(1);
    value(await eco.set(cat, 10, null, CONSOLE));
    declined(await ranks.rankup(cat, CONSOLE), 'insufficient-funds');
    assert.equal(await balance(cat), 10);
    assert.equal(value(await ranks.status(cat)).standing?.rank, 'a');
  });

  it('runs two rankups of one player one after the other: the rung is paid once, the second asks for the rung above', async () => {
    value(await eco.set(cat, 100, null, CONSOLE));
    const [one, two] = await Promise.all([ranks.rankup(cat, CONSOLE), ranks.rankup(cat, CONSOLE)]);
    assert.equal(value(one).standing.rank, 'b');
    declined(two, 'refused');
    assert.equal(await balance(cat), 50);
  });

  it('refuses rankup at the top and points at prestige', async () => {
    const s = value(await ranks.status(ann));
    assert.equal(s.next, null);
    assert.equal(s['can-rank-up'], false);
    declined(await ranks.rankup(ann, CONSOLE), 'refused');
  });

  it('prestiges from the top only: back to the first rung, one prestige more, paying prestige-cost', async () => {
    declined(await ranks.prestige(bob, CONSOLE), 'refused');
    const r = value(await ranks.prestige(ann, CONSOLE));
    assert.equal(r['previous-rank'], 'c');
    assert.deepEqual({ rank: r.standing.rank, prestige: r.standing.prestige }, { rank: 'a', prestige: 1 });
    assert.equal(await balance(ann), 89.5);
    assert.deepEqual(groups(ann), ['default']);
    const e = t.emittedNamed('rank.prestige').at(-1)!;
    assert.deepEqual([e.data.rank, e.data['previous-rank'], e.data.prestige], ['a', 'c', 1]);
  });

  it('refuses a prestige beyond max-prestige', async () => {
    value(await ranks.set(ann, 'c', CONSOLE));
    declined(await ranks.prestige(ann, CONSOLE), 'refused');
    assert.equal(value(await ranks.status(ann)).standing?.prestige, 1);
  });

  it('answers player-offline for rankup and prestige of an offline player, and can-rank-up false', async () => {
    const dan = (await t.join('Dan')).uuid;
    t.platform.quit(dan);
    await t.until(() => !t.kernel.api.players.isOnline(dan), 'Dan gone');
    declined(await ranks.rankup(dan, CONSOLE), 'player-offline');
    declined(await ranks.prestige(dan, CONSOLE), 'player-offline');
    const s = value(await ranks.status(dan));
    assert.equal(s['can-rank-up'], false);
    assert.match(s.reason ?? '', /not online/);
  });

  it('sets any rung of an offline player without cost or checks, keeps prestige, emits rank.set', async () => {
    const dan = value(await t.kernel.api.players.lookupName('Dan')).uuid;
    const before = await balance(dan);
    const r = value(await ranks.set(dan, 'c', REST));
    assert.equal(r.standing.rank, 'c');
    assert.equal(r.paid.amount, 0);
    assert.equal(await balance(dan), before);
    assert.deepEqual(groups(dan), ['default', 'rc']);
    const e = t.emittedNamed('rank.set').at(-1)!;
    assert.deepEqual([e.data.rank, e.data['previous-rank'], e.data.actor], ['c', null, 'core-rest/panel']);
    declined(await ranks.set(dan, 'c', REST), 'already-in-state');
    declined(await ranks.set(dan, 'zzz', REST), 'not-found');
    await assert.rejects(ranks.set(dan, 'Not A Rank!', REST), invalid('rank'));
  });

  it('answers not-found for a player never seen and refuses a malformed uuid', async () => {
    declined(await ranks.status(NOBODY), 'not-found');
    declined(await ranks.set(NOBODY, 'a', CONSOLE), 'not-found');
    await assert.rejects(ranks.status('nope'), invalid('uuid'));
  });

  it('keeps standings across a restart', async () => {
    await t.restart();
    ranks = t.kernel.api.ranks;
    eco = t.kernel.api.economy;
    const s = value(await ranks.status(ann));
    assert.deepEqual([s.standing?.rank, s.standing?.prestige], ['c', 1]);
  });
});

describe('ranks with a group missing from permissions.conf', () => {
  let t: TestKernel;
  before(async () => {
    t = await startTestKernel({
      modules: [economyModule, ranksModule],
      beforeStart: (dir) =>
        writeFileSync(join(dir, 'ranks.conf'), '[[rungs]]\nname = "a"\ngroup = "default"\n[[rungs]]\nname = "p"\ngroup = "default"\nmin-playtime-seconds = 5\n[[rungs]]\nname = "b"\ngroup = "ghost"\n'),
    });
  });
  after(() => t.close());

  it('warns at start, shows group-exists false, declines rankup and set with failed and a playtime rung without the playtime module, charging nothing', async () => {
    assert.ok(t.log.lines.some((l) => l.includes('"ghost"') && l.includes('permissions.conf')), 'a warning names the group');
    const ranks = t.kernel.api.ranks;
    assert.equal(value(ranks.ladder()).ranks[2]!['group-exists'], false);
    const eve = (await t.join('Eve')).uuid;
    value(await ranks.rankup(eve, CONSOLE));
    // The playtime module is off: a rung that needs playtime cannot be reached.
    await t.clock.advance(10);
    const r = await ranks.rankup(eve, CONSOLE);
    declined(r, 'refused');
    assert.match(r.ok ? '' : r.message, /playtime module is off/);
    value(await ranks.set(eve, 'p', CONSOLE));
    declined(await ranks.rankup(eve, CONSOLE), 'failed');
    declined(await ranks.set(eve, 'b', CONSOLE), 'failed');
    assert.equal(value(await ranks.status(eve)).standing?.rank, 'p');
    assert.equal(value(await t.kernel.api.economy.balance(eve)).amount, 100);
  });

});

describe('ranks on PostgreSQL', () => {
  it('keeps, replaces and reads standings on PostgreSQL as on SQLite', (ctx) =>
    withPostgres(ctx, 'ranks', async (openDb) => {
      const k = await startTestKernel({
        modules: [economyModule, ranksModule],
        openDb,
        beforeStart: (dir) => {
          writeFileSync(join(dir, 'permissions.conf'), TEST_PERMISSIONS);
          writeFileSync(join(dir, 'ranks.conf'), '[[rungs]]\nname = "a"\ngroup = "default"\n[[rungs]]\nname = "b"\ngroup = "rb"\ncost = 40\n');
        },
      });
      try {
        const ann = (await k.join('Ann')).uuid;
        assert.equal(value(await k.kernel.api.ranks.status(ann)).standing, null);
        value(await k.kernel.api.ranks.rankup(ann, CONSOLE));
        const r = value(await k.kernel.api.ranks.rankup(ann, CONSOLE));
        assert.deepEqual([r['previous-rank'], r.standing.rank, r.paid.amount], ['a', 'b', 40]);
        assert.equal(value(await k.kernel.api.economy.balance(ann)).amount, 60);
        value(await k.kernel.api.ranks.set(ann, 'a', CONSOLE));
        await k.restart();
        const s = value(await k.kernel.api.ranks.status(ann));
        assert.deepEqual([s.standing?.rank, s.standing?.prestige, s.next?.name], ['a', 0, 'b']);
      } finally {
        await k.close();
      }
    }));
});
