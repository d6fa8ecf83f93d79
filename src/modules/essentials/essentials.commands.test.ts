// The everyday commands on a test kernel with the fake platform and the modules /whois reads: every
// answer a player or the console reads, the refusals, the vanish rules of /seen, /near and /me, the
// radius limits of /near, /top on the fake's blocks, the texts of essentials.conf (markup,
// placeholders, core reload) and the message of the day at join. The real game: test/e2e/areas/essentials.ts.

import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CONSOLE } from '../../core/kernel/actor.ts';
import { startTestKernel, type TestKernel } from '../../../test/support/test-kernel.ts';
import { value } from '../../../test/support/results.ts';
import { economyModule } from '../economy/index.ts';
import { teleportModule } from '../teleport/index.ts';
import { moderationModule } from '../moderation/index.ts';
import { playerStateModule } from '../playerstate/index.ts';
import { playtimeModule } from '../playtime/index.ts';
import { presenceModule } from '../presence/index.ts';
import { vanishModule } from '../vanish/index.ts';
import { essentialsModule } from './index.ts';
import { spanText } from './essentials.words.ts';
import type { Text } from '../../platform/platform.ts';

describe('spanText', () => {
  it('writes a span in its two largest units', () => {
    assert.deepEqual(
      [0, 1, 59, 61, 3599, 3600, 3661, 86_400, 86_400 + 4 * 3600 + 59, 3 * 86_400 + 4 * 3600 + 12 * 60].map(spanText),
      ['0 s', '1 s', '59 s', '1 min 1 s', '59 min 59 s', '1 h', '1 h 1 min', '1 day', '1 day 4 h', '3 days 4 h'],
    );
  });
});

describe('the everyday commands', () => {
  let t: TestKernel;
  let ann: string;
  let ben: string;

  const said = (uuid: string) => t.platform.messagesOf(uuid);
  const run = async (as: string, line: string) => {
    await t.platform.run(as, line);
    await t.settle();
  };
  /** The lines a command answered the player, in order. */
  const answer = async (as: string, line: string): Promise<string[]> => {
    const from = said(as).length;
    await run(as, line);
    return said(as).slice(from);
  };
  const consoleAnswer = async (line: string): Promise<string[]> => {
    const from = t.platform.consoleText().length;
    await run('console', line);
    return t.platform.consoleText().slice(from);
  };
  const grant = async (uuid: string, ...nodes: string[]) => {
    for (const n of nodes) value(await t.kernel.api.permissions.grant(uuid, n, CONSOLE));
  };
  const revoke = async (uuid: string, ...nodes: string[]) => {
    for (const n of nodes) value(await t.kernel.api.permissions.revoke(uuid, n, CONSOLE));
  };
  const place = (uuid: string, x: number, y: number, z: number, world = 'world') => t.platform.teleport(uuid, { world, x, y, z, yaw: 0, pitch: 0 });
  const writeConf = (text: string) => writeFileSync(join(t.configDir, 'essentials.conf'), text);
  const start = () => t.clock.now().toISOString();
  const when = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;

  before(async () => {
    t = await startTestKernel({
      modules: [teleportModule, economyModule, playerStateModule, presenceModule, playtimeModule, vanishModule, moderationModule, essentialsModule],
      // Nobody goes away by themselves while the clock runs on by days.
      beforeStart: (dir) => writeFileSync(join(dir, 'presence.conf'), 'afk-after-seconds = 0\n'),
    });
    ann = (await t.join('Ann')).uuid;
    ben = (await t.join('Ben')).uuid;
  });
  after(() => t?.close());
  beforeEach(() => t.platform.clearMessages());

  describe('/seen', () => {
    it('tells how long a player has been online, and you about yourself in the second person', async () => {
      await t.clock.advance(12 * 60 + 5);
      assert.deepEqual(await answer(ann, '/seen Ben'), ['Ben has been online for 12 min 5 s.', `Ben first joined on ${when(firstSeen(ben))}.`]);
      assert.deepEqual(await answer(ann, '/seen ann'), ['You have been online for 12 min 5 s.', `You first joined on ${when(firstSeen(ann))}.`]);
      assert.deepEqual([t.platform.complete(ann, '/seen B'), t.platform.complete('console', 'seen A')], [['Ben'], ['Ann']]);
    });

    it('tells since when a player is offline, from the console too; a name never seen is named', async () => {
      const dan = (await t.join('Dan')).uuid;
      t.platform.quit(dan);
      await t.settle();
      const left = start();
      await t.clock.advance(3 * 86_400 + 4 * 3600 + 7);
      assert.deepEqual(await answer(ann, '/seen Dan'), [`Dan has been offline for 3 days 4 h, since ${when(left)}.`, `Dan first joined on ${when(left)}.`]);
      assert.deepEqual(await consoleAnswer('seen dan'), [`Dan has been offline for 3 days 4 h, since ${when(left)}.`, `Dan first joined on ${when(left)}.`]);
      assert.deepEqual(await answer(ann, '/seen Zed'), ['No player named Zed has ever joined this server.']);
      assert.match((await answer(ann, '/seen')).join('\n'), /Usage: \/seen <player>/);
    });

    it('tells a player who cannot see a vanished one that they are offline since they last left; the console sees them online', async () => {
      const eve = (await t.join('Eve')).uuid;
      t.platform.quit(eve);
      await t.settle();
      const left = start();
      await t.clock.advance(3600);
      await t.join('Eve');
      value(await t.kernel.api.vanish.set(eve, true, CONSOLE));
      await t.clock.advance(60);
      assert.deepEqual(await answer(ann, '/seen Eve'), [`Eve has been offline for 1 h 1 min, since ${when(left)}.`, `Eve first joined on ${when(left)}.`]);
      assert.equal((await consoleAnswer('seen Eve'))[0], 'Eve has been online for 1 min.');
      value(await t.kernel.api.vanish.set(eve, false, CONSOLE));
      assert.equal((await answer(ann, '/seen Eve'))[0], 'Eve has been online for 1 min.');
      t.platform.quit(eve);
      await t.settle();
    });
  });

  describe('/whois', () => {
    it('is refused without its node, naming it', async () => {
      assert.deepEqual(await answer(ann, '/whois Ben'), ['You do not have permission (core.essentials.whois).']);
    });

    it('shows staff an online player: uuid, times, address, location, health, game mode, flags, balance, playtime, sanctions', async () => {
      await grant(ann, 'core.essentials.whois');
      await place(ben, 10.5, 70, -3.5);
      value(await t.kernel.api.playerstate.setGod(ben, true, CONSOLE));
      value(await t.kernel.api.presence.set(ben, true, null, CONSOLE));
      value(await t.kernel.api.moderation.mute(ben, { reason: 'spam', 'duration-seconds': 3600 }, CONSOLE));
      const lines = await answer(ann, '/whois ben');
      const balance = t.kernel.api.economy.format(value(await t.kernel.api.economy.balance(ben)));
      assert.equal(lines[0], 'Whois Ben:');
      assert.deepEqual(lines.slice(1, 2), [`UUID: ${ben}`]);
      assert.match(lines[2]!, /^Online: yes, for \d+ (days?|h|min|s)/);
      assert.deepEqual(lines.slice(3), [
        `First joined: ${when(firstSeen(ben))}`,
        'Address: 127.0.0.1',
        'Location: world, 10, 70, -4',
        'Health: 20/20, food: 20/20',
        'Game mode: survival',
        'God mode: on, flight: off',
        'AFK: yes',
        'Vanished: no',
        `Balance: ${balance}`,
        lines.find((l) => l.startsWith('Playtime: '))!,
        `Muted: yes, until ${when(new Date(t.clock.now().getTime() + 3600_000).toISOString())}`,
        'Banned: no',
      ]);
      assert.match(lines.find((l) => l.startsWith('Playtime: '))!, /^Playtime: \d+/);
      value(await t.kernel.api.moderation.unmute(ben, {}, CONSOLE));
      value(await t.kernel.api.playerstate.setGod(ben, false, CONSOLE));
      value(await t.kernel.api.presence.set(ben, false, null, CONSOLE));
    });

    it('shows an offline player without what only the game knows, at the console too', async () => {
      const lines = await consoleAnswer('whois Dan');
      assert.equal(lines[0], 'Whois Dan:');
      assert.match(lines[2]!, /^Online: no, last seen 3 days \d+ h ago \(\d{4}-\d\d-\d\d \d\d:\d\d UTC\)$/);
      for (const gone of ['Address', 'Location', 'Health', 'Game mode', 'God mode', 'AFK']) assert.ok(!lines.some((l) => l.startsWith(gone)), gone);
      assert.ok(lines.includes('Vanished: no') && lines.includes('Muted: no') && lines.includes('Banned: no'), lines.join('\n'));
    });
  });

  describe('/near', () => {
    let cat: string;
    before(async () => {
      cat = (await t.join('Cat')).uuid;
      await place(ann, 0.5, 64, 0.5);
      await place(ben, 10.5, 64, 0.5);
      await place(cat, 300.5, 64, 0.5);
    });
    after(() => t.platform.quit(cat));

    it('is refused without its node, naming it', async () => {
      assert.deepEqual(await answer(ann, '/near'), ['You do not have permission (core.essentials.near).']);
    });

    it('lists the players within the radius in your world, nearest first, with their distance', async () => {
      await grant(ann, 'core.essentials.near');
      assert.deepEqual(await answer(ann, '/near'), ['Players within 200 blocks of you: Ben (10 blocks).']);
      assert.deepEqual(await answer(ann, '/near 5'), ['No players within 5 blocks of you.']);
      await place(ben, 1.5, 64, 0.5);
      assert.deepEqual(await answer(ann, '/near 1'), ['Players within 1 block of you: Ben (1 block).']);
      await place(ben, 10.5, 64, 0.5);
    });

    it('refuses a radius above your largest, naming it, and a word that is not a radius', async () => {
      assert.deepEqual(await answer(ann, '/near 500'), ['You may look at most 200 blocks around: ask for 200 or less.']);
      assert.deepEqual(await answer(ann, '/near 0'), ['"0" is not a radius: write a whole number of blocks from 1 to 200.']);
      assert.deepEqual(await answer(ann, '/near Ben'), ['"Ben" is not a radius, and looking around another player needs the permission core.essentials.near.others.']);
    });

    it('lets core.essentials.near.radius.<n> raise your largest radius', async () => {
      await grant(ann, 'core.essentials.near.radius.1000');
      assert.deepEqual(await answer(ann, '/near 500'), ['Players within 500 blocks of you: Ben (10 blocks), Cat (300 blocks).']);
      assert.deepEqual(await answer(ann, '/near 1001'), ['You may look at most 1000 blocks around: ask for 1000 or less.']);
      await revoke(ann, 'core.essentials.near.radius.1000');
    });

    it('leaves out players in another world and players you cannot see', async () => {
      await grant(ann, 'core.essentials.near.radius.1000');
      value(await t.kernel.api.vanish.set(ben, true, CONSOLE));
      assert.deepEqual(await answer(ann, '/near 500'), ['Players within 500 blocks of you: Cat (300 blocks).']);
      value(await t.kernel.api.vanish.set(ben, false, CONSOLE));
      assert.equal((await t.platform.createWorld('other')).ok, true);
      await place(cat, 0.5, 64, 0.5, 'other');
      assert.deepEqual(await answer(ann, '/near 500'), ['Players within 500 blocks of you: Ben (10 blocks).']);
      await place(cat, 300.5, 64, 0.5);
      await revoke(ann, 'core.essentials.near.radius.1000');
    });

    it('looks around another player with near.others, completes their names, and at the console needs a player', async () => {
      assert.deepEqual(t.platform.complete(ann, '/near '), []);
      await grant(ann, 'core.essentials.near.others');
      assert.deepEqual(t.platform.complete(ann, '/near B'), ['Ben']);
      assert.deepEqual(await answer(ann, '/near Ben 50'), ['Players within 50 blocks of Ben: Ann (10 blocks).']);
      assert.deepEqual(await answer(ann, '/near Zed'), ['No player named Zed is online.']);
      assert.deepEqual(await consoleAnswer('near'), ['Name the player to look around: near <player> [radius].']);
      assert.deepEqual(await consoleAnswer('near Cat 5000'), ['Players within 5000 blocks of Cat: Ben (290 blocks), Ann (300 blocks).']);
      await revoke(ann, 'core.essentials.near.others');
    });
  });

  describe('/top', () => {
    it('is refused without its node and at the console', async () => {
      assert.deepEqual(await answer(ann, '/top'), ['You do not have permission (core.essentials.top).']);
      assert.match((await consoleAnswer('top')).join('\n'), /only.*player|player.*only/i);
    });

    it('takes you up onto the highest block of your column, and says so when you stand there', async () => {
      await grant(ann, 'core.essentials.top');
      await place(ann, 5.5, 20, 5.5);
      assert.deepEqual(await answer(ann, '/top'), ['You are now at the top of your column, at height 64.']);
      assert.deepEqual(t.platform.location(ann), { world: 'world', x: 5.5, y: 64, z: 5.5, yaw: 0, pitch: 0 });
      assert.deepEqual(await answer(ann, '/top'), ['You are already at the top of your column.']);
      t.platform.gameplay.setBlock({ x: 5, y: 90, z: 5 }, 'oak_planks');
      assert.deepEqual(await answer(ann, '/top'), ['You are now at the top of your column, at height 91.']);
      assert.equal(t.platform.teleports.at(-1)?.to.y, 91);
      t.platform.gameplay.setBlock({ x: 5, y: 90, z: 5 }, 'lava');
      assert.deepEqual(await answer(ann, '/top'), ['The top of your column is lava: /top would put you in it.']);
      t.platform.gameplay.setBlock({ x: 5, y: 90, z: 5 }, 'air');
      await place(ann, 0.5, 64, 0.5);
    });
  });

  describe('/rules and /motd', () => {
    const styled = (texts: Text[]) => JSON.stringify(texts);

    it('shows the rules and the message of the day with markup and placeholders worked out for you', async () => {
      const rules = await answer(ann, '/rules');
      assert.deepEqual(rules, ['1. Be kind to other players.', '2. Do not grief: leave what others built as it is.', '3. No cheating: no hacked clients, no exploits.', '4. Listen to staff.']);
      const from = t.platform.messages.get(ben)!.length;
      await run(ben, '/motd');
      assert.deepEqual(said(ben).slice(from), ['Welcome, Ben!', '2 players are online. Type /rules to read the rules and /help to see what you can do.']);
      assert.match(styled(t.platform.messages.get(ben)!.slice(from)), /"color":"gold".*"color":"yellow"/);
      assert.deepEqual(await consoleAnswer('rules'), rules);
    });

    it('shows the message of the day to a player who joins, unless they lack its node', async () => {
      const fay = (await t.join('Fay')).uuid;
      assert.deepEqual(said(fay).slice(0, 2), ['Welcome, Fay!', '3 players are online. Type /rules to read the rules and /help to see what you can do.']);
      t.platform.quit(fay);
      await t.settle();
      const permissionsConf = join(t.configDir, 'permissions.conf');
      const before = readFileSync(permissionsConf, 'utf8');
      writeFileSync(permissionsConf, before.replace('withhold = []', 'withhold = ["core.essentials.motd"]'));
      await consoleAnswer('core reload');
      t.platform.clearMessages();
      await t.join('Fay');
      assert.ok(!said(fay).some((l) => l.startsWith('Welcome')), said(fay).join('\n'));
      t.platform.quit(fay);
      writeFileSync(permissionsConf, before);
      await consoleAnswer('core reload');
    });

    it('reads essentials.conf again at core reload: new texts, no message at join, none written', async () => {
      writeConf('motd-at-join = false\nmotd = []\nrules = ["&cNo spam, {player}."]\n');
      assert.match((await consoleAnswer('core reload')).join('\n'), /essentials\.conf: changed/);
      assert.deepEqual(await answer(ann, '/rules'), ['No spam, Ann.']);
      assert.deepEqual(await answer(ann, '/motd'), ['There is no message of the day.']);
      const gus = (await t.join('Gus')).uuid;
      assert.ok(!said(gus).some((l) => l.startsWith('Welcome')), said(gus).join('\n'));
      t.platform.quit(gus);
      writeConf('rules = []\n');
      await consoleAnswer('core reload');
      assert.deepEqual(await answer(ann, '/rules'), ['This server has no rules written down.']);
      writeConf('');
      await consoleAnswer('core reload');
    });

    it('keeps the old texts when essentials.conf turns invalid at core reload, naming the line and key', async () => {
      writeConf('near-radius = 0\n');
      const from = t.log.lines.length;
      assert.match((await consoleAnswer('core reload')).join('\n'), /1 invalid \(kept as they were\)/);
      assert.match(t.log.lines.slice(from).join('\n'), /essentials\.conf: invalid.*line 1, key "near-radius": must be a whole number of blocks from 1 to 10000/);
      assert.equal((await answer(ann, '/rules')).length, 4);
      writeConf('');
      assert.match((await consoleAnswer('core reload')).join('\n'), /essentials\.conf: unchanged/);
    });
  });

  describe('/me', () => {
    it('shows "* <you> <action>" to everyone and on the console', async () => {
      await run(ann, '/me waves at everyone');
      assert.deepEqual([said(ann).at(-1), said(ben).at(-1)], ['* Ann waves at everyone', '* Ann waves at everyone']);
      assert.equal(t.platform.consoleText().at(-1), '* Ann waves at everyone');
      await run(ann, '/action smiles');
      assert.equal(said(ben).at(-1), '* Ann smiles');
      assert.match((await answer(ann, '/me')).join('\n'), /Usage: \/me <action>/);
    });

    it('is blocked while you are muted (moderation.conf names it), and nobody reads it', async () => {
      value(await t.kernel.api.moderation.mute(ann, { reason: 'spam' }, CONSOLE));
      const lines = await answer(ann, '/me waves');
      assert.match(lines.join('\n'), /^You are muted .*\/me is blocked/);
      assert.ok(!said(ben).some((l) => l.startsWith('* Ann')), said(ben).join('\n'));
      await run(ann, '/describe waves');
      assert.ok(!said(ben).some((l) => l.startsWith('* Ann')), 'an alias is blocked too');
      value(await t.kernel.api.moderation.unmute(ann, {}, CONSOLE));
    });

    it('reaches only those who can see a vanished player', async () => {
      value(await t.kernel.api.vanish.set(ben, true, CONSOLE));
      await run(ben, '/me sneaks');
      assert.equal(said(ben).at(-1), '* Ben sneaks');
      assert.ok(!said(ann).includes('* Ben sneaks'));
      value(await t.kernel.api.vanish.set(ben, false, CONSOLE));
    });

    it('is for players only', async () => {
      assert.match((await consoleAnswer('me waves')).join('\n'), /only.*player|player.*only/i);
    });
  });

  describe('after a restart', () => {
    it('tells a vanished player who was online at the stop as offline since the stop', async () => {
      value(await t.kernel.api.vanish.set(ben, true, CONSOLE));
      const stopped = start();
      await t.restart();
      await t.clock.advance(600);
      const b = await t.join('Ben');
      assert.equal(b.uuid, ben);
      // Vanish is kept across the restart.
      assert.equal(t.kernel.api.vanish.isVanished(ben), true);
      const a = await t.join('Ann');
      await t.settle();
      t.platform.clearMessages();
      assert.deepEqual((await answer(a.uuid, '/seen Ben'))[0], `Ben has been offline for 10 min, since ${when(stopped)}.`);
    });
  });

  /** When a player first joined, from the kernel's table (read synchronously from the test's record). */
  function firstSeen(uuid: string): string {
    const f = firstSeens.get(uuid);
    if (f === undefined) throw new Error(`no first join recorded for ${uuid}`);
    return f;
  }
  const firstSeens = new Map<string, string>();
  before(async () => {
    for (const uuid of [ann, ben]) firstSeens.set(uuid, (await t.kernel.api.players.get(uuid))!.firstSeen);
  });
});
