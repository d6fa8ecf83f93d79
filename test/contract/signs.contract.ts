// The contract of signs: a player writing on a sign fires `signEdit`; not cancelled, the writer and
// the players near see the lines; cancelled, the sign stays blank for everyone.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { cancelling, groundNear } from './gameplay.contract.ts';
import { playerName, type Contract } from './platform.contract.ts';

const BLANK = ['', '', '', ''];

export const signsContract: Contract = (h) => {
  describe('signs', () => {
    it('reports the lines written on a sign, and the writer and a player near see them', async () => {
      const edits = h().record('signEdit');
      const writer = await h().join(playerName('Scribe'));
      const reader = await h().join(playerName('Reader'));
      h().platform.setInventorySlot(writer.player.uuid, 0, { material: 'oak_sign', count: 1 });
      const on = await groundNear(h(), writer, 2, 1);
      const lines = ['Welcome', 'to §cspawn', '', 'x'.repeat(40)];
      const at = await writer.writeSign(on, lines);
      assert.deepEqual(at, { x: on.x, y: on.y + 1, z: on.z });
      await h().until(() => edits.some((e) => e.player.uuid === writer.player.uuid), 'the signEdit event');
      const edit = edits.find((e) => e.player.uuid === writer.player.uuid)!;
      const shown = ['Welcome', 'to cspawn', '', 'x'.repeat(40)];
      assert.deepEqual(edit.lines, shown, 'the lines, without formatting codes');
      assert.equal(edit.front, true);
      assert.deepEqual(edit.block, { world: h().platform.location(writer.player.uuid)!.world, ...at, material: 'oak_sign' });
      await h().until(() => JSON.stringify(reader.clientSignText(at)) === JSON.stringify(shown), 'the reader to see the text');
      await h().until(() => JSON.stringify(writer.clientSignText(at)) === JSON.stringify(shown), 'the writer to see the text');
      await reader.leave();
      await writer.leave();
    });

    it('leaves a sign blank for the writer and everyone else when the edit is cancelled', async () => {
      const writer = await h().join(playerName('Muted'));
      const reader = await h().join(playerName('Onlooker'));
      h().platform.setInventorySlot(writer.player.uuid, 0, { material: 'oak_sign', count: 2 });
      const on = await groundNear(h(), writer, -2, -1);
      let at = on;
      await cancelling(h(), 'signEdit', writer.player.uuid, async () => {
        at = await writer.writeSign(on, ['spam', 'spam', 'spam', 'spam']);
      });
      // The writer's client, which shows what it typed, is sent the sign as it is.
      await h().until(() => JSON.stringify(writer.clientSignText(at)) === JSON.stringify(BLANK), 'the writer to see the sign blank');
      // A second sign, allowed, reaches the reader after anything about the first would have.
      const next = await groundNear(h(), writer, 2, -2);
      const second = await writer.writeSign(next, ['allowed', '', '', '']);
      await h().until(() => reader.clientSignText(second)?.[0] === 'allowed', 'the reader to see the second sign');
      const seen = reader.clientSignText(at);
      assert.ok(seen === undefined || JSON.stringify(seen) === JSON.stringify(BLANK), `the reader sees the first sign blank, not ${JSON.stringify(seen)}`);
      await reader.leave();
      await writer.leave();
    });
  });
};
