// The /pwarp command as players and the console use it, on a kernel of its own.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Actor } from '../../core/kernel/actor.ts';
import { startTestKernel, type TestKernel } from '../../../test/support/test-kernel.ts';
import { declined, value } from '../../../test/support/results.ts';
import { teleportModule } from '../teleport/index.ts';
import { economyModule } from '../economy/index.ts';
import { playerWarpsModule } from './index.ts';
import type { PlayerWarpsService } from './playerwarps.service.ts';

const REST: Actor = { kind: 'rest', label: 'panel' };

describe('/pwarp', () => {
  let t: TestKernel;
  let pw: PlayerWarpsService;
  let vic: string;
  let sam: string;

  before(async () => {
    t = await startTestKernel({
      modules: [teleportModule, economyModule, playerWarpsModule],
      beforeStart: (dir) => writeFileSync(join(dir, 'playerwarps.conf'), 'default-limit = 2\n'),
    });
    pw = t.kernel.api.playerwarps;
    const owen = (await t.join('Owen')).uuid;
    await t.join('Mia');
    sam = (await t.join('Sam')).uuid;
    vic = (await t.join('Vic')).uuid;
    value(await pw.create(owen, 'toll', { world: 'world', x: 40, y: 70, z: 4 }, REST));
    value(await pw.setFee('toll', owen, 2.5, REST));
  });
  after(() => t.close());

  it('creates where the player stands, visits with /pwarp <name>, and tells a refusal in red', async () => {
    t.platform.clearMessages();
    await t.platform.run(vic, '/pwarp create VicSpot');
    assert.ok(t.platform.messagesOf(vic).some((m) => /^You created the player warp vicspot where you stand\. Others reach it with \/pwarp vicspot\.$/.test(m)), t.platform.messagesOf(vic).join('\n'));
    await t.platform.run(vic, '/pwarp archive vicspot');
    await t.platform.run(sam, '/pwarp vicspot');
    assert.ok(t.platform.messagesOf(sam).some((m) => /archived: nobody can travel to it/.test(m)), t.platform.messagesOf(sam).join('\n'));
    t.platform.setLocale(sam, 'de_DE');
    await t.platform.run(sam, '/pwarp vicspot');
    assert.equal(t.platform.messagesOf(sam).at(-1), 'Der Spieler-Warp vicspot ist archiviert: Niemand kann dorthin reisen.');
    t.platform.setLocale(sam, 'en_US');
    await t.platform.run(vic, '/pwarp restore vicspot');
    const moves = t.platform.teleports.length;
    await t.platform.run(sam, '/pwarp vicspot');
    assert.equal(t.platform.teleports.length, moves + 1);
    assert.ok(t.platform.messagesOf(sam).some((m) => /Welcome to vicspot/.test(m)));
  });

  it('manages members, fee and visibility by player name, and refuses what the sender may not do', async () => {
    await t.platform.run(vic, '/pwarp fee vicspot 3');
    await t.platform.run(vic, '/pwarp ban vicspot Sam');
    await t.platform.run(vic, '/pwarp manager add vicspot Mia');
    await t.platform.run(vic, '/pwarp private vicspot');
    const w = value(await pw.get('vicspot'));
    assert.deepEqual([w.fee.amount, w.bans.map((p) => p['player-name']), w.managers.map((p) => p['player-name']), w.public], [3, ['Sam'], ['Mia'], false]);
    t.platform.clearMessages();
    await t.platform.run(sam, '/pwarp delete vicspot');
    assert.ok(t.platform.messagesOf(sam).some((m) => /^You may not do that to the player warp vicspot: only its owner may\.$/.test(m)));
    await t.platform.run('console', '/pwarp delete vicspot');
    declined(await pw.get('vicspot'), 'not-found');
  });

  it('lists the forms the sender may use: the console is not offered create or mine', async () => {
    t.platform.clearMessages();
    await t.platform.run('console', '/pwarp');
    const lines = t.platform.consoleText();
    assert.equal(lines[0], 'Player warps:');
    assert.ok(lines.includes('pwarp fee <name> <amount>'), lines.join('\n'));
    assert.ok(!lines.some((l) => /create|mine/.test(l)), lines.join('\n'));
    await t.platform.run(sam, '/pwarp help');
    assert.ok(t.platform.messagesOf(sam).includes('/pwarp create|visit <name>'), t.platform.messagesOf(sam).join('\n'));
  });

  it('completes subcommands, their subcommands and player names', () => {
    assert.deepEqual(t.platform.complete(vic, '/pwarp man'), ['manager']);
    assert.deepEqual(t.platform.complete(vic, '/pwarp manager '), ['add', 'remove']);
    assert.ok(t.platform.complete(vic, '/pwarp ban vicspot ').includes('Sam'));
    assert.deepEqual(t.platform.complete(vic, '/pwarp fee vicspot '), []);
  });

  it('names a fee that is no amount', async () => {
    t.platform.clearMessages();
    await t.platform.run(vic, '/pwarp fee vicspot free');
    assert.deepEqual(t.platform.messagesOf(vic), ['"free" is not an amount: write a number such as 5 or 2.50.']);
  });

  it('lists public warps and shows one in detail', async () => {
    t.platform.clearMessages();
    await t.platform.run(sam, '/pwarp list');
    assert.ok(t.platform.messagesOf(sam).some((m) => /^Player warps, page 1 of \d+:/.test(m)));
    await t.platform.run(sam, '/pwarp info toll');
    assert.ok(t.platform.messagesOf(sam).some((m) => /Fee: \$2\.50; earned \$\d+\.\d\d; visits: \d+/.test(m)), t.platform.messagesOf(sam).join('\n'));
  });
});
