// The economy against the real game (its routes, commands and events: src/modules/economy/economy.scene.test.ts):
// a deposit made over REST is told to the player and is what their /balance shows, a /pay reaches
// the other player and the REST read, and the bank command a player runs reaches the event stream.
// The messages of every module as a real client reads them are proven here once: a bot whose game
// is in German reads German, and the operator's messages/de.conf changes what it reads after
// `core reload` (src/core/messages/, docs/messages.md).

import { it } from 'node:test';
import assert from 'node:assert/strict';
import { rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { joinBot, quit, waitForMessage } from '../support/bots.ts';
import type { AreaPart } from '../support/area-parts.ts';

const money = (n: number) => `\\$${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`.replace('.', '\\.');

export const economyPart: AreaPart = {
  name: 'economy',
  tests(scene) {
    const balanceOf = async (uuid: string): Promise<number> => {
      const { rs, reader } = scene();
      const r = await rs.call('GET', `/players/${uuid}/balance`, reader);
      return r.json.data.amount as number;
    };

    it('tells the player a deposit made over REST, shows it in the /balance they run, and carries the credit on the stream', async () => {
      const { rs, writer, events, ann } = scene();
      const before = await balanceOf(ann.player.uuid);
      const arrived = waitForMessage(ann, /^You received \$25\.50 from the server\.$/);
      const r = await rs.call('POST', `/players/${ann.player.uuid}/balance/deposit`, writer, { amount: 25.5 });
      assert.equal(r.json.ok, true, JSON.stringify(r.json));
      await arrived;
      await events.next('economy.wallet-credit', (d) => d['transaction-id'] === r.json.data['transaction-id']);
      const seen = waitForMessage(ann, new RegExp(`^Your balance is ${money(before + 25.5)}\\.$`));
      ann.chat('/balance');
      await seen;
    });

    it('lets Ann pay Ben in game: Ben reads it, and the REST read shows his new balance', async () => {
      const { ann, ben } = scene();
      const before = await balanceOf(ben.player.uuid);
      const told = waitForMessage(ben, /^Ann paid you \$3\.00\.$/);
      ann.chat('/pay Ben 3');
      await told;
      assert.equal(await balanceOf(ben.player.uuid), before + 3);
    });

    it('carries a bank deposit a player makes in game to the event stream', async () => {
      const { events, ann } = scene();
      const deposited = waitForMessage(ann, /^You put \$10\.00 in your bank\. /);
      ann.chat('/bank deposit 10');
      await deposited;
      const e = await events.next('economy.bank-deposit', (d) => d['player-id'] === ann.player.uuid);
      assert.deepEqual(e.data.amount, { currency: 'coins', amount: 10 });
    });

    it('writes to a player whose game is in German in German, and in the operator’s words of messages/de.conf after core reload', async () => {
      const { rs, dataDir } = scene();
      const greta = await joinBot(rs.server.gamePort, 'Greta', { locale: 'de_de' });
      const overrides = join(dataDir, 'core', 'messages');
      try {
        const amount = money(await balanceOf(greta.player.uuid));
        const german = waitForMessage(greta, new RegExp(`^Dein Kontostand ist ${amount}\\.$`));
        greta.chat('/balance');
        await german;

        mkdirSync(overrides, { recursive: true });
        writeFileSync(join(overrides, 'de.conf'), '[economy]\nbalance = "&6Guthaben: &l{amount}"\n');
        await rs.console('core reload', / messages: changed; applied now: de\.economy\.balance\.$/);
        const overridden = waitForMessage(greta, new RegExp(`^Guthaben: ${amount}$`));
        greta.chat('/balance');
        await overridden;
      } finally {
        rmSync(overrides, { recursive: true, force: true });
        await rs.console('core reload', / messages: changed; applied now: de\.economy\.balance\.$/);
        await quit(greta);
      }
    });
  },
};
