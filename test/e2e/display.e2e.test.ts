// What real mineflayer 1.21.4 bots see of the display and visibility capabilities on the
// flying-squid platform: the sidebar (raw score packets: mineflayer keeps none at 1.21.4), nametags
// (bot.teams), the tab list (bot.tablist, bot.players), titles, the action bar, sounds, and a hidden
// player gone from bot.entities and bot.players and back again. Every packet written is checked
// against the 1.21.4 protocol.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { EventEmitter } from 'node:events';
import { tempWorld } from './support/platform-e2e.ts';
import { startFlyingSquid, type FlyingSquidPlatform } from '../../src/platform/flying-squid/index.ts';
import { packetProblems } from '../../src/platform/flying-squid/packet-check.ts';
import { nametagTeam, SIDEBAR_OBJECTIVE } from '../../src/platform/flying-squid/packets-display.ts';
import { memoryLogger } from '../../src/core/log/log.ts';
import { offlineUuid } from '../support/fake-platform.ts';
import { botScreen, type Screen } from '../contract/screens.ts';
import { fence, joinBot, nextEvent, quit, quitAll, recordMessages, waitFor, type Bot } from './support/bots.ts';

interface Written {
  player: string;
  name: string;
  params: Record<string, unknown>;
}

/** The entity a bot knows for a player, by name. */
function entityOf(bot: Bot, name: string) {
  return Object.values(bot.entities).find((e) => e.type === 'player' && e.username === name);
}

describe('display and visibility seen by bots on flying-squid', () => {
  let platform: FlyingSquidPlatform;
  const problems = new Set<string>();
  const written: Written[] = [];
  let alice: Bot;
  let bob: Bot;
  let bobScreen: Screen;
  const uuid = { alice: offlineUuid('Alice'), bob: offlineUuid('Bob'), carol: offlineUuid('Carol') };

  before(async () => {
    platform = await startFlyingSquid({
      port: 0,
      onlineMode: false,
      worldDir: await tempWorld(),
      viewDistance: 3,
      log: memoryLogger(),
      packetObserver: (player, name, params) => {
        if (name === 'map_chunk' || name === 'keep_alive') return;
        written.push({ player, name, params });
        for (const p of packetProblems(name, params)) problems.add(p);
      },
    });
    alice = await joinBot(platform.port, 'Alice');
    bob = await joinBot(platform.port, 'Bob');
    bobScreen = botScreen(bob);
    await waitFor(() => platform.player(uuid.bob) !== undefined && entityOf(bob, 'Alice') !== undefined, 'Bob to see Alice');
  });

  after(async () => {
    await quitAll();
    await platform?.shutdown('test over');
  });

  it('builds the sidebar once and changes it line by line, never taking it down in between', async () => {
    const objectivePackets = () => written.filter((w) => w.player === 'Bob' && w.name === 'scoreboard_objective').map((w) => w.params.action);
    const scores: Array<{ itemName: string; value: number }> = [];
    (bob._client as unknown as EventEmitter).on('scoreboard_score', (p: { itemName: string; value: number }) => scores.push(p));
    platform.setSidebar(uuid.bob, { title: 'Stats', lines: ['Coins: 1', 'Rank: none'] });
    for (let coins = 2; coins <= 5; coins++) platform.setSidebar(uuid.bob, { title: 'Stats', lines: [`Coins: ${coins}`, 'Rank: none'] });
    await waitFor(() => bobScreen.sidebar()?.lines[0] === 'Coins: 5', 'the last sidebar');
    assert.deepEqual(bobScreen.sidebar(), { title: 'Stats', lines: ['Coins: 5', 'Rank: none'] });
    assert.deepEqual(objectivePackets(), [0], 'made once, never removed');
    assert.equal(scores.filter((s) => s.itemName === scores[1]!.itemName).length, 1, 'the unchanged line was sent once');

    platform.removeSidebar(uuid.bob);
    await waitFor(() => bobScreen.sidebar() === undefined, 'the sidebar to go');
    assert.deepEqual(objectivePackets(), [0, 1]);
    assert.ok(written.every((w) => w.name !== 'scoreboard_objective' || w.params.name === SIDEBAR_OBJECTIVE));
  });

  it("shows a nametag in mineflayer's teams, and one viewer their own", async () => {
    platform.setNametag(uuid.alice, { prefix: { text: '[Admin] ', color: 'red' }, suffix: ' *', color: 'gold' });
    platform.setNametag(uuid.alice, { prefix: '[Friend] ' }, uuid.bob);
    const team = nametagTeam('Alice');
    await waitFor(() => bob.teams[team]?.prefix.toString() === '[Friend] ', "Bob's own nametag on Alice");
    await waitFor(() => alice.teams[team]?.prefix.toString() === '[Admin] ', "everyone's nametag on Alice");
    assert.equal(alice.teams[team]!.suffix.toString(), ' *');
    assert.equal(alice.teams[team]!.color, 'gold');
    assert.equal(alice.teamMap.Alice?.team, team);
    platform.setNametag(uuid.alice, undefined);
    platform.setNametag(uuid.alice, undefined, uuid.bob);
    await waitFor(() => bob.teams[team] === undefined && alice.teams[team] === undefined, 'the nametag to go');
  });

  it('shows the tab list header, footer and a tab name in mineflayer', async () => {
    platform.setTabListText({ header: { text: 'Welcome', color: 'gold' }, footer: 'example.org' });
    platform.setTabName(uuid.alice, { text: 'Captain Alice', color: 'aqua' });
    await waitFor(() => bob.tablist.header.toString() === 'Welcome', 'the header');
    assert.equal(bob.tablist.footer.toString(), 'example.org');
    await waitFor(() => bob.players.Alice?.displayName.toString() === 'Captain Alice', 'the tab name');
    platform.setTabListText(undefined);
    await waitFor(() => bob.tablist.header.toString() === '', 'the header to go');
  });

  it('shows a title with times, and an action bar line mineflayer reports', async () => {
    const times = nextEvent<{ fadeIn: number; stay: number; fadeOut: number }>(bob._client as unknown as EventEmitter, 'set_title_time');
    const bar = nextEvent<{ toString(): string }>(bob, 'actionBar');
    platform.showTitle(uuid.bob, { title: 'Welcome', subtitle: 'to the server', fadeInTicks: 5, stayTicks: 60, fadeOutTicks: 15 });
    platform.showActionBar(uuid.bob, 'Saved');
    assert.deepEqual(await times, { fadeIn: 5, stay: 60, fadeOut: 15 });
    await waitFor(() => bobScreen.title()?.title === 'Welcome', 'the title');
    assert.equal(bobScreen.title()?.subtitle, 'to the server');
    assert.equal((await bar).toString(), 'Saved');
  });

  it('plays a named sound that mineflayer names, where it was played', async () => {
    const heard = nextEvent<string>(bob, 'soundEffectHeard');
    const at = { ...platform.location(uuid.bob)!, x: 3.5, z: 2.25 };
    platform.playSoundTo(uuid.bob, 'entity.experience_orb.pickup', { at, pitch: 1.5 });
    assert.equal(await heard, 'entity.experience_orb.pickup');
    const packet = written.findLast((w) => w.player === 'Bob' && w.name === 'sound_effect')!;
    assert.deepEqual([packet.params.x, packet.params.z, packet.params.pitch], [28, 18, 1.5]);
  });

  describe('a hidden player', () => {
    it('leaves the viewer\'s world and tab list, and nothing more of them reaches the viewer', async () => {
      const aliceId = entityOf(bob, 'Alice')!.id;
      platform.hidePlayer(uuid.bob, uuid.alice);
      await waitFor(() => entityOf(bob, 'Alice') === undefined && bob.players.Alice === undefined, 'Alice gone for Bob');
      assert.ok(entityOf(alice, 'Bob') !== undefined && alice.players.Bob !== undefined, 'Alice still sees Bob');
      const since = written.length;
      const here = platform.location(uuid.alice)!;
      await platform.teleport(uuid.alice, { ...here, x: here.x + 1.5 });
      alice.setControlState('jump', true);
      await waitFor(() => written.slice(since).some((w) => w.player === 'Alice' && w.name === 'position'), 'Alice to be moved');
      // The server has her jump (so it has taken her moves after the teleport), and has handled what
      // she sent before it answers her: what those moves made it write to Bob is written by then.
      await waitFor(() => platform.location(uuid.alice)!.y > here.y + 0.5, 'Alice to jump');
      await fence(alice);
      alice.setControlState('jump', false);
      assert.deepEqual(
        written.slice(since).filter((w) => w.player === 'Bob' && (w.params.entityId === aliceId || w.name === 'player_info')).map((w) => w.name),
        [],
        'no packet about Alice to Bob',
      );
    });

    it("does not show the hidden player's chat to the viewer", async () => {
      const lines = recordMessages(bob);
      const own = recordMessages(alice);
      alice.chat('only you can see this');
      await waitFor(() => own.some((l) => l.includes('only you can see this')), 'Alice to see her own line');
      // The line went to everyone at once; whatever of it the server sent Bob has come once it answers him.
      await fence(bob);
      assert.ok(!lines.some((l) => l.includes('only you can see this')), 'Bob reading the line of a player hidden from him');
    });

    it('comes back with entity and tab entry (and tab name) when shown again', async () => {
      platform.showPlayer(uuid.bob, uuid.alice);
      await waitFor(() => entityOf(bob, 'Alice') !== undefined && bob.players.Alice !== undefined, 'Alice back for Bob');
      await waitFor(() => bob.players.Alice?.displayName.toString() === 'Captain Alice', 'the tab name back');
      const at = platform.location(uuid.alice)!;
      const shown = entityOf(bob, 'Alice')!.position;
      assert.ok(Math.hypot(shown.x - at.x, shown.z - at.z) < 1, `Alice shown at ${shown.x} ${shown.z}, she is at ${at.x} ${at.z}`);
    });

    it('stays hidden from a player who joins later by a rule, with no join or leave line, and staff see them', async () => {
      const removeRule = platform.addVisibilityRule((_viewer, target) => target.uuid !== uuid.carol || _viewer.name === 'Alice');
      try {
        const bobLines = recordMessages(bob);
        const aliceLines = recordMessages(alice);
        const carol = await joinBot(platform.port, 'Carol');
        await waitFor(() => entityOf(alice, 'Carol') !== undefined && alice.players.Carol !== undefined, 'Alice (staff) to see Carol');
        await waitFor(() => aliceLines.some((l) => /Carol joined/.test(l)), 'the join line for Alice');
        // Carol's join was shown to everyone it was shown to by now; what of it Bob was sent has come once the server answers him.
        await fence(bob);
        assert.ok(entityOf(bob, 'Carol') === undefined && bob.players.Carol === undefined, 'Bob seeing Carol');
        assert.ok(!bobLines.some((l) => /Carol/.test(l)), 'no join line for Bob');
        assert.equal(platform.canSee(uuid.bob, uuid.carol), false);
        await quit(carol);
        await waitFor(() => aliceLines.some((l) => /Carol left/.test(l)), 'the leave line for Alice');
        await fence(bob);
        assert.ok(!bobLines.some((l) => /Carol/.test(l)), 'a leave line for Bob');
      } finally {
        removeRule();
      }
    });
  });

  it('wrote only packets the 1.21.4 protocol accepts', () => {
    assert.deepEqual([...problems], []);
  });
});
