import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startTestKernel, type TestKernel } from '../../../test/support/test-kernel.ts';
import { value } from '../../../test/support/results.ts';
import { parseJailDetails } from './jail.commands.ts';
import { teleportModule } from '../teleport/index.ts';
import { moderationModule } from './index.ts';

describe('parseJailDetails', () => {
  it('reads a duration, a reason and -s anywhere', () => {
    assert.deepEqual(parseJailDetails('1d2h30m griefing the spawn -s'), { silent: true, durationSeconds: 95_400, reason: 'griefing the spawn' });
    assert.deepEqual(parseJailDetails('-s 90s'), { silent: true, durationSeconds: 90 });
    assert.deepEqual(parseJailDetails('spamming chat'), { silent: false, reason: 'spamming chat' });
    assert.deepEqual(parseJailDetails(undefined), { silent: false });
  });

  it('names a bad duration', () => {
    assert.match(String(parseJailDetails('0s bad')), /at least 1 second/);
    assert.match(String(parseJailDetails('99999w')), /too long/);
  });
});

describe('jail commands', () => {
  let t: TestKernel;
  let ann: string;
  const said = (uuid: string) => t.platform.messagesOf(uuid);

  before(async () => {
    t = await startTestKernel({ modules: [teleportModule, moderationModule] });
    ann = (await t.join('Ann')).uuid;
    await t.join('Ben');
  });
  after(() => t.close());

  it('/setjail, /jails, /jail, /unjail and /deljail from the console and a player', async () => {
    await t.platform.run('console', 'perm grant Ann core.moderation.setjail');
    await t.platform.run(ann, '/setjail Cell');
    assert.ok(said(ann).some((m) => /Jail cell set at world 0.5, 64, 0.5/.test(m)), said(ann).join('\n'));
    await t.platform.run('console', 'jails');
    assert.ok(t.platform.consoleText().some((m) => /cell: world 0.5, 64, 0.5/.test(m)));
    await t.platform.run('console', 'jail Ben cell 2h being rude -s');
    assert.ok(t.platform.consoleText().some((m) => /Ben jailed in cell for 2 hours \(silently\)/.test(m)), t.platform.consoleText().join('\n'));
    const s = await t.kernel.api.moderation.currentJail((await t.kernel.api.players.byName('Ben'))!.uuid);
    assert.deepEqual([s?.reason, s?.['duration-seconds'], s?.actor], ['being rude', 7200, 'console']);
    assert.equal(t.emittedNamed('moderation.player-jail').at(-1)?.data.silent, true);
    await t.platform.run('console', 'jail Ben cell');
    assert.ok(t.platform.consoleText().some((m) => /Ben is already jailed in cell/.test(m)));
    await t.platform.run('console', 'jail Ben nowhere 1h');
    assert.ok(t.platform.consoleText().some((m) => /There is no jail named "nowhere"/.test(m)));
    await t.platform.run('console', 'deljail cell');
    assert.ok(t.platform.consoleText().some((m) => /holds 1 prisoner/.test(m)));
    await t.platform.run('console', 'unjail Ben -s');
    assert.ok(t.platform.consoleText().some((m) => /Ben released from jail cell/.test(m)));
    assert.equal(t.emittedNamed('moderation.player-unjail').at(-1)?.data.cause, 'lifted');
    await t.platform.run('console', 'deljail cell');
    assert.ok(t.platform.consoleText().some((m) => /Jail cell removed/.test(m)));
    assert.deepEqual(value(await t.kernel.api.moderation.listJails()), []);
  });

  it('refuses the commands to a player without the nodes', async () => {
    await t.platform.run(ann, '/jail Ben cell');
    assert.ok(said(ann).some((m) => /core\.moderation\.jail/.test(m)), said(ann).join('\n'));
  });
});
