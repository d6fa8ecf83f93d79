// The economy against the real game (its routes, commands and events: src/modules/economy/economy.scene.test.ts):
// a deposit made over REST is what the player's /balance shows, a /pay reaches the other player and
// the REST read, and the bank command a player runs reaches the event stream.

import { it } from 'node:test';
import assert from 'node:assert/strict';
import { waitForMessage } from '../support/bots.ts';
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

    it('shows a deposit made over REST in the /balance the player runs, and carries the credit on the stream', async () => {
      const { rs, writer, events, ann } = scene();
      const before = await balanceOf(ann.player.uuid);
      const r = await rs.call('POST', `/players/${ann.player.uuid}/balance/deposit`, writer, { amount: 25.5 });
      assert.equal(r.json.ok, true, JSON.stringify(r.json));
      await events.next('economy.wallet-credit', (d) => d['transaction-id'] === r.json.data['transaction-id']);
      const seen = waitForMessage(ann, new RegExp(`Your balance: ${money(before + 25.5)}`));
      ann.chat('/balance');
      await seen;
    });

    it('lets Ann pay Ben in game: Ben reads it, and the REST read shows his new balance', async () => {
      const { ann, ben } = scene();
      const before = await balanceOf(ben.player.uuid);
      const told = waitForMessage(ben, /Ann paid you \$3\.00/);
      ann.chat('/pay Ben 3');
      await told;
      assert.equal(await balanceOf(ben.player.uuid), before + 3);
    });

    it('carries a bank deposit a player makes in game to the event stream', async () => {
      const { events, ann } = scene();
      const deposited = waitForMessage(ann, /Deposited \$10\.00/);
      ann.chat('/bank deposit 10');
      await deposited;
      const e = await events.next('economy.bank-deposit', (d) => d['player-id'] === ann.player.uuid);
      assert.deepEqual(e.data.amount, { currency: 'coins', amount: 10 });
    });
  },
};
