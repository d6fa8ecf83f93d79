// The everyday commands against the real game (every answer, refusal, vanish rule, radius limit and
// reload: src/modules/essentials/essentials.commands.test.ts): a bot of its own, Sal, reads the
// message of the day as it joins (markup and its name worked out); Ann reads /rules and /motd, Ben
// reads Ann's /me, Ann's /seen tells Sal offline once Sal has left and Ben online; with the staff
// nodes, /whois shows Ben where the game has him, /near finds Ben at the distance the bots stand
// apart, and /top lifts Ann from under the ground back onto it, where her client stands. The part
// takes back every node it grants, and leaves Ann where she stood.

import { after, it } from 'node:test';
import assert from 'node:assert/strict';
import { createBot, fence, groundAt, loginSettled, quit, recordMessages, waitFor, waitForMessage, type Bot } from '../support/bots.ts';
import type { AreaPart } from '../support/area-parts.ts';

const STAFF_NODES = ['core.essentials.whois', 'core.essentials.near', 'core.essentials.top'];

export const essentialsPart: AreaPart = {
  name: 'essentials',
  tests(scene) {
    /** Runs a command as the bot and resolves with the first line it reads that matches. */
    const ask = async (bot: Bot, line: string, reply: RegExp): Promise<string> => {
      const read = waitForMessage(bot, reply);
      bot.chat(line);
      return read;
    };
    /** The lines the bot reads from a command, until one matches `last`. */
    const linesOf = async (bot: Bot, line: string, last: RegExp): Promise<string[]> => {
      // Whatever earlier commands answered has arrived once the server answers this.
      await fence(bot);
      const lines = recordMessages(bot);
      await ask(bot, line, last);
      return lines.slice(0, lines.findIndex((l) => last.test(l)) + 1);
    };

    let granted = false;
    after(async () => {
      if (!granted) return;
      for (const node of STAFF_NODES) await scene().rs.console(`perm revoke Ann ${node}`, /Revoked/);
    });

    it('shows a joining player the message of the day, with markup and their name worked out; /seen tells Sal offline once gone', async () => {
      const { ann, rs } = scene();
      const sal = createBot(rs.server.gamePort, 'Sal');
      const lines = recordMessages(sal);
      const styled: unknown[] = [];
      sal.on('message', (m: { json: unknown; toString(): string }) => {
        if (m.toString() === 'Welcome, Sal!') styled.push(m.json);
      });
      try {
        await loginSettled(sal);
        await waitFor(() => lines.includes('Welcome, Sal!'), 'Sal to read the message of the day');
        const next = lines[lines.indexOf('Welcome, Sal!') + 1];
        assert.match(next ?? '', /^\d+ players are online\. Type \/rules to read the rules and \/help to see what you can do\.$/);
        // &6 and &e: the welcome is gold, the name yellow.
        assert.match(JSON.stringify(styled[0]), /"color":"gold".*"color":"yellow"/);
        assert.match(await ask(ann, '/seen Sal', /^Sal has been/), /^Sal has been online for \d+ s\.$/);
      } finally {
        await quit(sal);
      }
      await waitFor(() => ann.players.Sal === undefined, 'Sal to leave Ann’s tab list');
      assert.match(await ask(ann, '/seen Sal', /^Sal has been offline/), /^Sal has been offline for \d+ s, since \d{4}-\d\d-\d\d \d\d:\d\d UTC\.$/);
      assert.match(await ask(ann, '/seen ben', /^Ben has been/), /^Ben has been online for \d+ (min|h|s|days?)/);
    });

    it('shows Ann the rules and the message of the day again, and Ben reads her /me', async () => {
      const { ann, ben } = scene();
      assert.deepEqual(await linesOf(ann, '/rules', /^4\. /), [
        '1. Be kind to other players.',
        '2. Do not grief: leave what others built as it is.',
        '3. No cheating: no hacked clients, no exploits.',
        '4. Listen to staff.',
      ]);
      assert.equal(await ask(ann, '/motd', /^Welcome, /), 'Welcome, Ann!');
      const benRead = waitForMessage(ben, /^\* Ann /);
      ann.chat('/me waves at Ben');
      assert.equal(await benRead, '* Ann waves at Ben');
    });

    it('with the staff nodes: /whois shows Ben where the game has him, /near finds him at the distance the bots stand apart', async () => {
      const { ann, ben, rs } = scene();
      assert.match(await ask(ann, '/whois Ben', /permission/), /core\.essentials\.whois/);
      granted = true;
      for (const node of STAFF_NODES) await rs.console(`perm grant Ann ${node}`, /Granted/);
      const whois = await linesOf(ann, '/whois Ben', /^Banned: /);
      const at = ben.entity.position;
      assert.equal(whois[0], 'Whois Ben:');
      assert.ok(whois.includes(`UUID: ${ben.player.uuid}`), whois.join('\n'));
      assert.ok(whois.includes(`Location: world, ${Math.floor(at.x)}, ${Math.floor(at.y)}, ${Math.floor(at.z)}`), whois.join('\n'));
      assert.ok(whois.includes('Game mode: survival') && whois.includes('Health: 20/20, food: 20/20'), whois.join('\n'));
      assert.ok(whois.some((l) => /^Address: /.test(l)), 'staff read the address of an online player');

      const near = await ask(ann, '/near', /^(Players|No players) within/);
      const apart = Math.round(ann.entity.position.distanceTo(ben.entity.position));
      const listed = /Ben \((\d+) blocks?\)/.exec(near);
      assert.ok(listed, near);
      assert.ok(Math.abs(Number(listed[1]) - apart) <= 1, `${near}: the bots stand ${apart} blocks apart`);
    });

    it('/top lifts Ann from under the ground onto the top of her column, where her client stands', async () => {
      const { ann, rs, writer } = scene();
      const { x, z } = ann.entity.position;
      const ground = groundAt(ann, x, z);
      assert.ok(ground !== undefined, 'Ann has her column');
      const down = await rs.call('POST', `/players/${ann.player.uuid}/teleport`, writer, { location: { world: 'world', x, y: ground - 6, z } });
      assert.equal(down.json.ok, true, JSON.stringify(down.json));
      await waitFor(() => Math.floor(ann.entity.position.y) === ground - 6, 'Ann under the ground');
      assert.equal(await ask(ann, '/top', /^You are (now|already) at the top/), `You are now at the top of your column, at height ${ground}.`);
      await waitFor(() => ann.entity.position.y === ground, `Ann's client to stand at height ${ground}`);
      assert.equal(await ask(ann, '/top', /^You are (now|already) at the top/), 'You are already at the top of your column.');
    });
  },
};
