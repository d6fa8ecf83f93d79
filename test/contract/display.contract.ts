// The contract of the display and visibility ports, run on the fake and on flying-squid with bots:
// what the platform answers, and what each player's screen shows (harness players' `screen`).

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { offlineUuid } from '../support/fake-platform.ts';
import type { HarnessPlayer, PlatformHarness } from './harness.ts';
import { playerName, type Contract } from './platform.contract.ts';

const UNKNOWN = '00000000-0000-3000-8000-000000000000';

let barriers = 0;
/**
 * Waits until everything the platform sent `p` so far has reached their screen (a marker sent
 * after it arrives): then what the screen lacks was not sent.
 */
async function settled(h: PlatformHarness, p: HarnessPlayer): Promise<void> {
  const marker = `barrier ${++barriers}`;
  h.platform.showActionBar(p.player.uuid, marker);
  await h.until(() => p.screen.actionBar() === marker, `the screen of ${p.player.name} to settle`);
}

async function leaveAll(...players: HarnessPlayer[]): Promise<void> {
  for (const p of players) await p.leave();
}

export const displayContract: Contract = (h) => {
  const game = () => h().platform;

  describe('sidebar', () => {
    it('shows a title and lines in order, changes them, and takes the sidebar away', async () => {
      const p = await h().join(playerName('Sider'));
      const uuid = p.player.uuid;
      assert.equal(game().setSidebar(uuid, { title: 'Stats', lines: ['Coins: 5', { text: 'Rank: ', extra: [{ text: 'VIP', color: 'gold' }] }, '', 'end'] }), true);
      await h().until(() => p.screen.sidebar()?.lines.length === 4, 'the sidebar');
      assert.deepEqual(p.screen.sidebar(), { title: 'Stats', lines: ['Coins: 5', 'Rank: VIP', '', 'end'] });

      game().setSidebar(uuid, { title: 'Your stats', lines: ['Coins: 6', 'Rank: VIP'] });
      await h().until(() => p.screen.sidebar()?.title === 'Your stats' && p.screen.sidebar()?.lines.length === 2, 'the changed sidebar');
      assert.deepEqual(p.screen.sidebar(), { title: 'Your stats', lines: ['Coins: 6', 'Rank: VIP'] });
      assert.deepEqual(game().sidebar(uuid), { title: 'Your stats', lines: ['Coins: 6', 'Rank: VIP'] });

      assert.equal(game().removeSidebar(uuid), true);
      await h().until(() => p.screen.sidebar() === undefined, 'the sidebar to go');
      assert.equal(game().sidebar(uuid), undefined);
      await p.leave();
    });

    it('refuses more than 15 lines, naming the limit, and answers false for a player who is offline', async () => {
      const p = await h().join(playerName('Longbar'));
      assert.throws(() => game().setSidebar(p.player.uuid, { title: 'Too long', lines: Array(16).fill('x') }), /at most 15 lines, got 16/);
      assert.equal(game().sidebar(p.player.uuid), undefined);
      assert.equal(game().setSidebar(UNKNOWN, { title: 'T', lines: [] }), false);
      await p.leave();
    });

    it('is forgotten when the player leaves', async () => {
      const name = playerName('Forgot');
      const p = await h().join(name);
      game().setSidebar(p.player.uuid, { title: 'T', lines: ['a'] });
      await p.leave();
      assert.equal(game().sidebar(p.player.uuid), undefined);
    });
  });

  describe('nametags', () => {
    it("draws a player's prefix, suffix and colour for everyone, those who join later included, until cleared", async () => {
      const wearer = await h().join(playerName('Tagged'));
      const early = await h().join(playerName('Early'));
      const name = wearer.player.name;
      assert.equal(game().setNametag(wearer.player.uuid, { prefix: { text: '[Admin] ', color: 'red' }, suffix: ' *', color: 'gold' }), true);
      await h().until(() => early.screen.nametagOf(name)?.prefix === '[Admin] ', 'the nametag');
      assert.deepEqual(early.screen.nametagOf(name), { prefix: '[Admin] ', suffix: ' *', color: 'gold' });
      const late = await h().join(playerName('Late'));
      await h().until(() => late.screen.nametagOf(name)?.prefix === '[Admin] ', 'the nametag for a player who joined later');

      game().setNametag(wearer.player.uuid, undefined);
      await h().until(() => early.screen.nametagOf(name) === undefined, 'the nametag to go');
      await h().until(() => late.screen.nametagOf(name) === undefined, 'the nametag to go for the later player');
      await leaveAll(wearer, early, late);
    });

    it("shows one viewer a nametag of their own, and everyone's again when it is cleared", async () => {
      const wearer = await h().join(playerName('Twofaced'));
      const friend = await h().join(playerName('Friend'));
      const other = await h().join(playerName('Other'));
      const name = wearer.player.name;
      game().setNametag(wearer.player.uuid, { prefix: '[Member] ' });
      assert.equal(game().setNametag(wearer.player.uuid, { prefix: '[Buddy] ', color: 'green' }, friend.player.uuid), true);
      await h().until(() => friend.screen.nametagOf(name)?.prefix === '[Buddy] ', "the friend's own nametag");
      await h().until(() => other.screen.nametagOf(name)?.prefix === '[Member] ', "everyone's nametag");
      assert.deepEqual(game().nametag(wearer.player.uuid, friend.player.uuid), { prefix: '[Buddy] ', color: 'green' });
      assert.deepEqual(game().nametag(wearer.player.uuid), { prefix: '[Member] ' });

      game().setNametag(wearer.player.uuid, undefined, friend.player.uuid);
      await h().until(() => friend.screen.nametagOf(name)?.prefix === '[Member] ', "everyone's nametag again");
      assert.equal(friend.screen.nametagOf(name)?.color, 'reset');
      await leaveAll(wearer, friend, other);
    });
  });

  describe('tab list', () => {
    it('shows everyone a header and footer (players who join later too), one player their own, and takes them away', async () => {
      const a = await h().join(playerName('Header'));
      assert.equal(game().setTabListText({ header: 'Welcome', footer: { text: 'example.org', color: 'aqua' } }), true);
      await h().until(() => a.screen.tabListText().header === 'Welcome', 'the header');
      assert.equal(a.screen.tabListText().footer, 'example.org');
      const b = await h().join(playerName('Later'));
      await h().until(() => b.screen.tabListText().header === 'Welcome', 'the header for a player who joined later');

      assert.equal(game().setTabListText({ header: 'Just you', footer: '' }, b.player.uuid), true);
      await h().until(() => b.screen.tabListText().header === 'Just you', 'the own header');
      assert.equal(game().tabListText(a.player.uuid)?.header, 'Welcome');
      game().setTabListText(undefined, b.player.uuid);
      await h().until(() => b.screen.tabListText().header === 'Welcome', "everyone's header again");

      game().setTabListText(undefined);
      await h().until(() => a.screen.tabListText().header === '' && b.screen.tabListText().footer === '', 'the header to go');
      assert.equal(game().setTabListText({ header: 'x', footer: 'y' }, UNKNOWN), false);
      await leaveAll(a, b);
    });

    it("shows a player's tab name to everyone, those who join later included, and their own name again once cleared", async () => {
      const named = await h().join(playerName('Named'));
      const viewer = await h().join(playerName('Viewer'));
      const name = named.player.name;
      assert.equal(game().setTabName(named.player.uuid, { text: 'Captain ', extra: [name] }), true);
      await h().until(() => viewer.screen.tabNameOf(name) === `Captain ${name}`, 'the tab name');
      const late = await h().join(playerName('Latecomer'));
      await h().until(() => late.screen.tabNameOf(name) === `Captain ${name}`, 'the tab name for a player who joined later');
      game().setTabName(named.player.uuid, undefined);
      await h().until(() => viewer.screen.tabNameOf(name) === name, 'the own name again');
      assert.equal(game().tabName(named.player.uuid), undefined);
      await leaveAll(named, viewer, late);
    });
  });

  describe('titles and the action bar', () => {
    it('shows a title with its subtitle, a later one without, and clears it', async () => {
      const p = await h().join(playerName('Titled'));
      assert.equal(game().showTitle(p.player.uuid, { title: 'Welcome', subtitle: { text: 'to the server', color: 'gray' }, fadeInTicks: 5, stayTicks: 40, fadeOutTicks: 5 }), true);
      await h().until(() => p.screen.title()?.title === 'Welcome', 'the title');
      assert.equal(p.screen.title()?.subtitle, 'to the server');
      game().showTitle(p.player.uuid, { title: 'Again' });
      await h().until(() => p.screen.title()?.title === 'Again', 'the second title');
      assert.equal(p.screen.title()?.subtitle, '', 'a title without subtitle shows none (not the last one)');
      assert.equal(game().clearTitle(p.player.uuid), true);
      await h().until(() => p.screen.title() === undefined, 'the title to go');
      assert.throws(() => game().showTitle(p.player.uuid, { title: 'x', stayTicks: -5 }), /stayTicks/);
      assert.equal(game().showTitle(UNKNOWN, { title: 'x' }), false);
      await p.leave();
    });

    it('shows an action bar line', async () => {
      const p = await h().join(playerName('Barred'));
      assert.equal(game().showActionBar(p.player.uuid, { text: 'Saved', color: 'green' }), true);
      await h().until(() => p.screen.actionBar() === 'Saved', 'the action bar');
      assert.equal(game().showActionBar(UNKNOWN, 'x'), false);
      await p.leave();
    });
  });

  describe('sounds', () => {
    it('plays a sound to one player only', async () => {
      const a = await h().join(playerName('Hearer'));
      const b = await h().join(playerName('Deaf'));
      assert.equal(game().playSoundTo(a.player.uuid, 'minecraft:entity.experience_orb.pickup', { volume: 0.5, pitch: 1.5, category: 'player' }), true);
      await h().until(() => a.screen.soundsHeard().includes('entity.experience_orb.pickup'), 'the sound');
      await settled(h(), b);
      assert.deepEqual(b.screen.soundsHeard(), []);
      assert.equal(game().playSoundTo(UNKNOWN, 'entity.experience_orb.pickup'), false);
      await leaveAll(a, b);
    });

    it('plays a sound at a location to the players near it only', async () => {
      const near = await h().join(playerName('Near'));
      const far = await h().join(playerName('Far'));
      const at = game().location(near.player.uuid)!;
      assert.equal(await game().teleport(far.player.uuid, { ...at, x: at.x + 60 }), true);
      assert.equal(game().playSound('block.note_block.pling', at), 1);
      await h().until(() => near.screen.soundsHeard().includes('block.note_block.pling'), 'the sound nearby');
      await settled(h(), far);
      assert.ok(!far.screen.soundsHeard().includes('block.note_block.pling'), 'a player 60 blocks away hears nothing');
      await leaveAll(near, far);
    });

    it('refuses an unknown sound, naming it', async () => {
      const p = await h().join(playerName('Noisy'));
      assert.equal(game().isSound('entity.experience_orb.pickup'), true);
      assert.equal(game().isSound('minecraft:block.note_block.pling'), true);
      assert.equal(game().isSound('no.such.sound'), false);
      assert.throws(() => game().playSoundTo(p.player.uuid, 'no.such.sound'), /unknown sound "no.such.sound"/);
      assert.throws(() => game().playSound('no.such.sound', game().spawnLocation()), /unknown sound/);
      await p.leave();
    });
  });
};

export const visibilityContract: Contract = (h) => {
  const game = () => h().platform;

  describe('visibility', () => {
    it('hides a player from one viewer (tab list included) and shows them again', async () => {
      const target = await h().join(playerName('Ghost'));
      const viewer = await h().join(playerName('Seeker'));
      const other = await h().join(playerName('Bystander'));
      const name = target.player.name;
      await h().until(() => viewer.screen.listsPlayer(name), 'the target in the tab list');
      game().hidePlayer(viewer.player.uuid, target.player.uuid);
      assert.equal(game().canSee(viewer.player.uuid, target.player.uuid), false);
      assert.equal(game().canSee(target.player.uuid, viewer.player.uuid), true);
      assert.equal(game().canSee(other.player.uuid, target.player.uuid), true);
      await h().until(() => !viewer.screen.listsPlayer(name), 'the target to leave the tab list');
      await settled(h(), other);
      assert.ok(other.screen.listsPlayer(name), 'a bystander still lists the target');
      assert.ok(target.screen.listsPlayer(viewer.player.name), 'hiding is one way');

      game().showPlayer(viewer.player.uuid, target.player.uuid);
      assert.equal(game().canSee(viewer.player.uuid, target.player.uuid), true);
      await h().until(() => viewer.screen.listsPlayer(name), 'the target back in the tab list');
      await leaveAll(target, viewer, other);
    });

    it('keeps a pair hidden when the hidden player leaves and comes back', async () => {
      const name = playerName('Returner');
      let target = await h().join(name);
      const viewer = await h().join(playerName('Watcher'));
      game().hidePlayer(viewer.player.uuid, target.player.uuid);
      await target.leave();
      target = await h().join(name);
      assert.equal(game().canSee(viewer.player.uuid, target.player.uuid), false);
      await settled(h(), viewer);
      assert.ok(!viewer.screen.listsPlayer(name), 'not listed after coming back');
      game().showPlayer(viewer.player.uuid, target.player.uuid);
      await h().until(() => viewer.screen.listsPlayer(name), 'listed once shown');
      await leaveAll(target, viewer);
    });

    it('asks the rules for players who join later, and again on refresh', async () => {
      const vanished = new Set<string>();
      const staff = new Set<string>();
      const removeRule = game().addVisibilityRule((viewer, target) => !vanished.has(target.uuid) || staff.has(viewer.uuid));
      try {
        const ghost = await h().join(playerName('Vanisher'));
        vanished.add(ghost.player.uuid);
        game().refreshVisibility();
        const staffName = playerName('Staff');
        staff.add(offlineUuid(staffName));
        const mod = await h().join(staffName);
        const player = await h().join(playerName('Player'));
        assert.equal(game().canSee(player.player.uuid, ghost.player.uuid), false);
        assert.equal(game().canSee(mod.player.uuid, ghost.player.uuid), true);
        assert.equal(game().canSee(ghost.player.uuid, player.player.uuid), true);
        await h().until(() => mod.screen.listsPlayer(ghost.player.name), 'staff list the vanished player');
        await settled(h(), player);
        assert.ok(!player.screen.listsPlayer(ghost.player.name), 'a player who joined later does not list the vanished player');

        vanished.delete(ghost.player.uuid);
        assert.equal(game().canSee(player.player.uuid, ghost.player.uuid), false, 'rules are asked again on refresh only');
        game().refreshVisibility();
        assert.equal(game().canSee(player.player.uuid, ghost.player.uuid), true);
        await h().until(() => player.screen.listsPlayer(ghost.player.name), 'the player back in the tab list');
        await leaveAll(ghost, mod, player);
      } finally {
        removeRule();
      }
    });

    it("does not show a hidden player's chat to those who cannot see them", async () => {
      const chat = h().record('chat');
      const ghost = await h().join(playerName('Whisperer'));
      const blind = await h().join(playerName('Blind'));
      const seer = await h().join(playerName('Seer'));
      game().hidePlayer(blind.player.uuid, ghost.player.uuid);
      await ghost.say('psst');
      await h().until(() => chat.some((c) => c.message === 'psst'), 'the chat event');
      const line = `<${ghost.player.name}> psst`;
      await h().until(() => seer.screen.chatLines().includes(line), 'the line for a player who can see');
      await h().until(() => ghost.screen.chatLines().includes(line), 'the line for the sender');
      await settled(h(), blind);
      assert.ok(!blind.screen.chatLines().includes(line), 'no line for a player who cannot see the sender');
      await leaveAll(ghost, blind, seer);
    });

    it('lets a player always see themself, and nobody see a player who is offline', async () => {
      const p = await h().join(playerName('Self'));
      game().hidePlayer(p.player.uuid, p.player.uuid);
      assert.equal(game().canSee(p.player.uuid, p.player.uuid), true);
      assert.equal(game().canSee(p.player.uuid, UNKNOWN), false);
      assert.equal(game().canSee(UNKNOWN, p.player.uuid), false);
      await p.leave();
    });
  });
};
