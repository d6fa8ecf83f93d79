// The every-event test's accounts part (see part.ts): account links, inventory snapshots, skins,
// trade, ranks, votes and security factors, each made to happen the way a player (a bot typing a
// command), an admin at the console or a program over HTTP would. Ann and Ben end as they began:
// online, no link, no factor, no trade open, Ann's inventory as it was, her own skin.

import assert from 'node:assert/strict';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { nextEvent, waitFor, waitForMessage, type Bot } from '../support/bots.ts';
import type { Scene } from '../support/rest-server.ts';
import { startFakeAccountService } from '../../support/fake-account-service.ts';
import type { EventPart } from './part.ts';
import { securitySteps } from './accounts-security.ts';

const ACCOUNT_ID = '112233445566778899';
const NOTCH = { name: 'Notch', id: '069a79f444e94726a5befca90e38aaf5', textureUrl: 'http://textures.minecraft.net/texture/notch-every-event' };

/** A ladder of two free rungs granting nothing (group default), so a prestige is in reach at once. */
const RANKS_CONF = `prestige-cost = 0
[[rungs]]
name = "member"
group = "default"
[[rungs]]
name = "elder"
group = "default"
`;

/** Ann and Ben trade wherever the other parts left them, as long as they are in the same world. */
const TRADE_CONF = 'max-distance = 1000\n';

/** Window slot (as the bots number it) of each trader's own confirm button. */
const OWN_BUTTON = 27;

const count = (bot: Bot, name: string) => bot.inventory.items().reduce((n, i) => n + (i.name === name ? i.count : 0), 0);

/** Types `core reload` at the console and waits until every file is read again. */
async function reload(scene: Scene): Promise<void> {
  const mark = scene.rs.server.lines.length;
  scene.rs.server.console('core reload');
  await scene.rs.server.waitForLine(/\[game\] Reloaded \d+ config files/, { from: mark });
  await scene.rs.server.waitForLine(/console ran core reload\./, { from: mark });
}

/** Ann asks Ben to trade, Ben accepts: the shared window opens on both screens. */
async function openTrade(scene: Scene): Promise<void> {
  const { ann, ben } = scene;
  const annOpen = nextEvent(ann, 'windowOpen');
  const benOpen = nextEvent(ben, 'windowOpen');
  const asked = waitForMessage(ben, /Ann wants to trade with you/);
  ann.chat('/trade Ben');
  await asked;
  ben.chat('/trade accept Ann');
  await Promise.all([annOpen, benOpen]);
}

export const accountsPart: EventPart = {
  config: { 'core/ranks.conf': RANKS_CONF, 'core/trade.conf': TRADE_CONF },
  steps: [
    {
      name: 'Ann runs /link and the console redeems her code',
      events: ['extlink.account-link'],
      async run(scene) {
        const { ann, rs, events } = scene;
        const line = waitForMessage(ann, /^Your link code: /);
        ann.chat('/link');
        const code = /^Your link code: ([A-Z0-9]{8}) /.exec(await line)?.[1];
        assert.ok(code, 'a link code in chat');
        await rs.console(`extlink redeem ${code} ${ACCOUNT_ID}`, new RegExp(`Linked Ann to the account ${ACCOUNT_ID}\\.`));
        await events.next('extlink.account-link', (d) => d['player-id'] === ann.player.uuid && d['account-id'] === ACCOUNT_ID && d.actor === 'console');
      },
    },
    {
      name: 'Ann runs /unlink',
      events: ['extlink.account-unlink'],
      async run(scene) {
        const { ann, events } = scene;
        const gone = waitForMessage(ann, /link to the account/);
        ann.chat('/unlink');
        assert.equal(await gone, `Your link to the account ${ACCOUNT_ID} is removed.`);
        await events.next('extlink.account-unlink', (d) => d['player-id'] === ann.player.uuid && d.actor === 'Ann');
      },
    },
    {
      name: 'the console snapshots Ann’s inventory, a kit is given, the restore route puts the snapshot back',
      events: ['invrollback.inventory-restore'],
      async run(scene) {
        const { ann, rs, writer, events } = scene;
        const annId = ann.player.uuid;
        const bread = count(ann, 'bread');
        const taken = await rs.console('invrollback snapshot Ann', /Snapshot of Ann: #\d+/);
        const id = Number(/Snapshot of Ann: #(\d+)/.exec(taken)![1]);
        const kit = await rs.call('POST', `/players/${annId}/kits/starter/give`, writer);
        assert.equal(kit.json.ok, true, JSON.stringify(kit.json));
        await waitFor(() => count(ann, 'bread') === bread + 16, 'Ann to hold the starter kit’s bread');
        const r = await rs.call('POST', `/players/${annId}/snapshots/restore`, writer, { snapshot: id });
        assert.equal(r.json.ok, true, JSON.stringify(r.json));
        await waitFor(() => count(ann, 'bread') === bread, 'Ann to hold what she held at the snapshot again');
        await events.next('invrollback.inventory-restore', (d) => d['player-id'] === annId && d.snapshot === id && d.actor === 'core-rest/writer');
      },
    },
    {
      name: 'Ann wears Notch’s skin (/skin Notch, looked up at a stand-in account service) and her own again (/skin clear)',
      events: ['skin.change'],
      async run(scene) {
        const { ann, ben, events } = scene;
        const annId = ann.player.uuid;
        const seenByBen = () => (ben.players.Ann as { skinData?: { url?: string } } | undefined)?.skinData?.url;
        const file = join(scene.dataDir, 'core', 'skins.conf');
        const original = existsSync(file) ? readFileSync(file, 'utf8') : undefined;
        const service = await startFakeAccountService([NOTCH]);
        try {
          writeFileSync(file, service.conf);
          await reload(scene);
          const told = waitForMessage(ann, /You now wear the skin of Notch\./, 15000);
          ann.chat('/skin Notch');
          await told;
          await waitFor(() => seenByBen() === NOTCH.textureUrl, 'Ben to see Ann in Notch’s skin');
          await events.next('skin.change', (d) => d['player-id'] === annId && d.account === 'Notch');
          const own = waitForMessage(ann, /You wear your own skin again\./);
          ann.chat('/skin clear');
          await own;
          await waitFor(() => ben.players.Ann !== undefined && seenByBen() === undefined, 'Ben to see Ann in her own skin');
          await events.next('skin.change', (d) => d['player-id'] === annId && d.account === null && d['previous-account'] === 'Notch');
        } finally {
          if (original === undefined) rmSync(file, { force: true });
          else writeFileSync(file, original);
          await reload(scene);
          await service.stop();
        }
      },
    },
    {
      name: 'Ann and Ben open a trade (/trade Ben, /trade accept Ann) and both confirm it',
      events: ['trade.complete'],
      async run(scene) {
        const { ann, ben, events } = scene;
        await openTrade(scene);
        const confirmed = waitForMessage(ben, /Ann confirmed the trade/);
        await ann.clickWindow(OWN_BUTTON, 0, 0);
        await confirmed;
        const done = [waitForMessage(ann, /Trade with Ben complete\./), waitForMessage(ben, /Trade with Ann complete\./)];
        await ben.clickWindow(OWN_BUTTON, 0, 0);
        await Promise.all(done);
        await waitFor(() => ann.currentWindow === null && ben.currentWindow === null, 'both trade windows to close');
        await events.next('trade.complete', (d) => d['player-id'] === ann.player.uuid && d['partner-id'] === ben.player.uuid);
      },
    },
    {
      name: 'Ann and Ben open a trade again and Ann runs /trade cancel',
      events: ['trade.cancel'],
      async run(scene) {
        const { ann, ben, events } = scene;
        await openTrade(scene);
        const told = waitForMessage(ben, /Ann cancelled the trade/);
        ann.chat('/trade cancel');
        await told;
        await waitFor(() => ann.currentWindow === null && ben.currentWindow === null, 'both trade windows to close');
        await events.next('trade.cancel', (d) => d.reason === 'cancelled' && d['cancelled-by'] === ann.player.uuid);
      },
    },
    {
      name: 'Ann runs /rankup onto the first rung',
      events: ['rank.up'],
      async run(scene) {
        const { ann, events } = scene;
        const told = waitForMessage(ann, /You ranked up to member\./);
        ann.chat('/rankup');
        await told;
        await events.next('rank.up', (d) => d['player-id'] === ann.player.uuid && d.rank === 'member' && d.actor === 'Ann');
      },
    },
    {
      name: 'the set route puts Ann on the top rung; /rank shows it to her',
      events: ['rank.set'],
      async run(scene) {
        const { ann, rs, writer, events } = scene;
        const r = await rs.call('POST', `/players/${ann.player.uuid}/rank/set`, writer, { rank: 'elder' });
        assert.equal(r.json.ok, true, JSON.stringify(r.json));
        await events.next('rank.set', (d) => d['player-id'] === ann.player.uuid && d.rank === 'elder' && d.actor === 'core-rest/writer');
        const shown = waitForMessage(ann, /^You are on the rank elder, prestige 0\.$/);
        ann.chat('/rank');
        await shown;
      },
    },
    {
      name: 'Ann runs /prestige from the top rung',
      events: ['rank.prestige'],
      async run(scene) {
        const { ann, events } = scene;
        const told = waitForMessage(ann, /You took prestige 1 and start again on the rank member\./);
        ann.chat('/prestige');
        await told;
        await events.next('rank.prestige', (d) => d['player-id'] === ann.player.uuid && d.rank === 'member' && d.prestige === 1);
      },
    },
    {
      name: 'a vote for Ann is counted over HTTP; she is thanked in chat',
      events: ['vote.receive'],
      async run(scene) {
        const { ann, rs, writer, events } = scene;
        const thanked = waitForMessage(ann, /^Thank you for voting! You received /);
        const r = await rs.call('POST', `/players/${ann.player.uuid}/votes`, writer, {});
        assert.equal(r.json.ok, true, JSON.stringify(r.json));
        await thanked;
        await events.next('vote.receive', (d) => d['player-id'] === ann.player.uuid && d.service === 'core-rest/writer' && d['reward-given'] === true);
      },
    },
    {
      name: 'the party route adds the votes the party lacks; both players read the vote party',
      events: ['vote.party'],
      async run(scene) {
        const { ann, ben, rs, reader, writer, events } = scene;
        const party = await rs.call('GET', '/vote/party', reader);
        const remaining = party.json.data.remaining as number;
        const parties = party.json.data.parties as number;
        const seen = [waitForMessage(ann, /Vote party!/), waitForMessage(ben, /Vote party!/)];
        const r = await rs.call('POST', '/vote/party', writer, { votes: remaining });
        assert.equal(r.json.data.parties, parties + 1, JSON.stringify(r.json));
        await Promise.all(seen);
        await events.next('vote.party', (d) => d.parties === parties + 1 && (d['players-rewarded'] as number) >= 2);
      },
    },
    ...securitySteps,
  ],
};
