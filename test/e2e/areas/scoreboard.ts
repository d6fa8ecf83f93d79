// The sidebar, tab list and nametags against the real game, read from the bots' screens (the routes,
// /sidebar, scoreboard.visibility, offline players and the restart: src/modules/scoreboard/
// scoreboard.scene.test.ts). refresh-seconds is an hour here, so that what changes on screen is the
// refresh routes' doing (and /sidebar's), not the interval's. The sidebar is drawn as a player
// joins, so a bot of the part's own, recording its screen from before its spawn, reads it; it also
// hides its sidebar, which Ann and Ben keep.

import { after, before, it } from 'node:test';
import assert from 'node:assert/strict';
import { botScreen, type Screen } from '../../contract/screens.ts';
import type { Bot } from '../support/bots.ts';
import { createBot, nextEvent, quit, waitFor, waitForMessage } from '../support/bots.ts';
import type { AreaPart } from '../support/area-parts.ts';

// Nametags by groups that hold no permission node (admin holds every one): a grant trips no other part.
const CONF = `refresh-seconds = 3600
[sidebar]
title = "&6&lStats"
lines = ["&7Hi &f{player}", "&7Coins: &a{balance}"]
[tablist]
header = ["&6Welcome, {player}"]
footer = ["{online} online"]
[[nametags]]
group = "veteran"
prefix = "&c[Vet] "
color = "red"
[[nametags]]
group = "moderator"
prefix = "&9[Mod] "
suffix = " *"
`;

/** The part's own bot. */
const CAT = 'Score_Cat';

const money = (n: number) => `$${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
/** The nametag a bot sees on a player (mineflayer keeps the teams itself). */
const nametagOn = (bot: Bot, name: string) => {
  const team = bot.teamMap[name] as unknown as { prefix: { toString(): string }; suffix: { toString(): string }; color: string } | undefined;
  return team && { prefix: team.prefix.toString(), suffix: team.suffix.toString(), color: team.color };
};

export const scoreboardPart: AreaPart = {
  name: 'scoreboard',
  config: { 'core/scoreboard.conf': CONF },
  tests(scene) {
    let cat: Bot;
    let catId: string;
    let screen: Screen;

    before(async () => {
      cat = createBot(scene().rs.server.gamePort, CAT);
      // Recording from before the spawn: the sidebar and the tab list are drawn as the player joins.
      screen = botScreen(cat);
      await nextEvent(cat, 'spawn', 20000);
      catId = cat.player.uuid;
    });
    after(async () => {
      const { rs, writer } = scene();
      await rs.console('perm revoke Ben group.moderator', /group\.moderator/);
      await rs.call('POST', `/players/${scene().ben.player.uuid}/nametag/refresh`, writer);
      await quit(cat);
      await rs.console(`perm revoke ${CAT} group.veteran`, /group\.veteran/);
    });

    it('draws a joining bot its own sidebar with its balance, and its tab list; the refresh route draws the new balance', async () => {
      const { rs, writer, reader } = scene();
      const balance = (await rs.call('GET', `/players/${catId}/balance`, reader)).json.data.amount as number;
      await waitFor(() => screen.sidebar()?.title === 'Stats' && screen.sidebar()?.lines.length === 2, `${CAT}’s sidebar`);
      assert.deepEqual(screen.sidebar()?.lines, [`Hi ${CAT}`, `Coins: ${money(balance)}`]);
      await waitFor(() => screen.tabListText().header === `Welcome, ${CAT}`, `${CAT}’s tab list header`);
      assert.match(screen.tabListText().footer, /^\d+ online$/);

      const paid = await rs.call('POST', `/players/${catId}/balance/deposit`, writer, { amount: 25 });
      assert.equal(paid.json.ok, true, JSON.stringify(paid.json));
      const r = await rs.call('POST', `/players/${catId}/scoreboard/refresh`, writer);
      assert.deepEqual(r.json.data, { 'player-id': catId, 'player-name': CAT, online: true, hidden: false });
      await waitFor(() => screen.sidebar()?.lines[1] === `Coins: ${money(balance + 25)}`, `the new balance on ${CAT}’s sidebar`);
    });

    it('/sidebar takes the sidebar off the screen (scoreboard.visibility); the route puts it back', async () => {
      const { rs, writer, events } = scene();
      const hidden = waitForMessage(cat, /Sidebar hidden/);
      cat.chat('/sidebar');
      await hidden;
      await waitFor(() => screen.sidebar() === undefined, `${CAT}’s sidebar to go`);
      const e = await events.next('scoreboard.visibility', (d) => d['player-id'] === catId && d.hidden === true);
      assert.equal(e.data.actor, CAT);
      const r = await rs.call('POST', `/players/${catId}/scoreboard`, writer, { hidden: false });
      assert.equal(r.json.data.hidden, false);
      await waitFor(() => screen.sidebar()?.title === 'Stats' && screen.sidebar()?.lines[0] === `Hi ${CAT}`, `${CAT}’s sidebar back`);
    });

    it('the tab list refresh route draws Ben the footer with the players online now', async () => {
      const { rs, writer, ben } = scene();
      const now = screen.tabListText().footer;
      const r = await rs.call('POST', `/players/${ben.player.uuid}/tablist/refresh`, writer);
      assert.deepEqual(r.json.data, { 'player-id': ben.player.uuid, 'player-name': 'Ben' });
      await waitFor(() => ben.tablist.footer.toString() === now, `Ben’s footer to read "${now}", as ${CAT}’s drawn at its join`);
      assert.equal(ben.tablist.header.toString(), 'Welcome, Ben');
    });

    it('changes the nametags the bots see after a group grant, once the nametag is refreshed, and takes them off', async () => {
      const { rs, writer, ann, ben } = scene();
      await rs.console(`perm grant ${CAT} group.veteran`, new RegExp(`Granted group\\.veteran to ${CAT}`));
      await rs.console('perm grant Ben group.moderator', /Granted group\.moderator to Ben/);
      const r = await rs.call('POST', `/players/${catId}/nametag/refresh`, writer);
      assert.deepEqual(r.json.data, { 'player-id': catId, 'player-name': CAT });
      await waitFor(() => nametagOn(ann, CAT)?.prefix === '[Vet] ', `Ann to see ${CAT}’s prefix`);
      assert.equal(nametagOn(ann, CAT)?.color, 'red');
      await waitFor(() => nametagOn(cat, CAT)?.prefix === '[Vet] ', `${CAT} to see its own prefix`);
      await rs.call('POST', `/players/${ben.player.uuid}/nametag/refresh`, writer);
      await waitFor(() => nametagOn(cat, 'Ben')?.prefix === '[Mod] ', `${CAT} to see Ben’s prefix`);
      assert.equal(nametagOn(cat, 'Ben')?.suffix, ' *');

      await rs.console('perm revoke Ben group.moderator', /Revoked group\.moderator from Ben/);
      await rs.call('POST', `/players/${ben.player.uuid}/nametag/refresh`, writer);
      await waitFor(() => nametagOn(cat, 'Ben') === undefined && nametagOn(ann, 'Ben') === undefined, 'Ben’s prefix to go');
      await quit(cat);
      await waitFor(() => nametagOn(ann, CAT) === undefined, `${CAT}’s nametag gone for Ann once it left`);
    });
  },
};
