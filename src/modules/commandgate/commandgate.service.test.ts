// The command gate on the test kernel and the fake platform: which list decides (bypass, world
// override, group, server-wide default), aliases, the refusal in game, the commands offered, the
// route's answer from the same decision, and core reload.

import { after, afterEach, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startTestKernel, type TestKernel } from '../../../test/support/test-kernel.ts';
import { declined, invalid, value } from '../../../test/support/results.ts';
import { economyModule } from '../economy/index.ts';
import { commandGateModule } from './index.ts';
import type { CommandGateService } from './commandgate.service.ts';

const CONSOLE = { kind: 'console' } as const;
const NEVER_SEEN = '00000000-0000-0000-0000-0000000000ab';
const PERMISSIONS = `[groups.default]
nodes = []
[groups.vip]
inherits = ["default"]
nodes = []
[groups.builder]
inherits = ["default"]
nodes = []
[groups.admin]
nodes = ["*"]
`;
const GATE = `[default]
mode = "blacklist"
commands = ["bal"]
[groups.builder]
mode = "whitelist"
commands = ["balance", "help"]
[groups.vip]
mode = "blacklist"
commands = ["pay"]
[worlds.arena]
mode = "whitelist"
commands = ["help"]
`;

describe('the command gate', () => {
  let t: TestKernel;
  let gate: CommandGateService;
  let ann: string;

  const grant = async (node: string) => value(await t.kernel.api.permissions.grant(ann, node, CONSOLE));
  const revoke = async (node: string) => value(await t.kernel.api.permissions.revoke(ann, node, CONSOLE));
  const said = () => t.platform.messagesOf(ann);

  before(async () => {
    t = await startTestKernel({
      modules: [economyModule, commandGateModule],
      beforeStart: (dir) => {
        writeFileSync(join(dir, 'permissions.conf'), PERMISSIONS);
        writeFileSync(join(dir, 'command-gate.conf'), GATE);
      },
    });
    gate = t.kernel.api.commandgate;
    await t.platform.createWorld('arena');
  });
  after(() => t.close());
  afterEach(async () => {
    for (const g of ['group.vip', 'group.builder', 'core.commandgate.bypass']) await t.kernel.api.permissions.revoke(ann, g, CONSOLE);
    t.platform.clearMessages();
  });

  it('refuses a blacklisted command typed by an alias, saying why, and the command does not run', async () => {
    ann = (await t.join('Ann')).uuid;
    t.platform.clearMessages();
    await t.platform.run(ann, '/money');
    assert.deepEqual(said(), ['You may not use /balance: it is blocked on this server.']);
    assert.deepEqual(gate.decide(ann, 'MONEY'), { command: 'balance', allowed: false, rule: 'BLACKLISTED', group: null, world: null });
    assert.deepEqual(gate.decide(ann, '/pay'), { command: 'pay', allowed: true, rule: 'NOT_BLACKLISTED', group: null, world: null });
  });

  it('never gates the console', async () => {
    await t.platform.run('console', 'balance Ann');
    assert.match(t.platform.consoleText().join('\n'), /Ann's balance/);
  });

  it('hides a blocked command and its aliases from the names offered and from completion', () => {
    const offered = t.platform.handler?.names(t.platform.sender(ann)) ?? [];
    assert.ok(offered.includes('pay') && !offered.includes('balance') && !offered.includes('bal') && !offered.includes('money'), offered.join(' '));
    assert.deepEqual(t.platform.complete(ann, 'mo'), []);
    assert.ok(t.platform.complete('console', 'mo').includes('money'));
  });

  it('lets the list of the player’s group decide over the default, the first group of the file when they are in several', async () => {
    await grant('group.vip');
    assert.deepEqual(gate.decide(ann, 'bal'), { command: 'balance', allowed: true, rule: 'NOT_BLACKLISTED', group: 'vip', world: null });
    assert.deepEqual(gate.decide(ann, 'pay'), { command: 'pay', allowed: false, rule: 'BLACKLISTED', group: 'vip', world: null });
    await t.platform.run(ann, 'bal');
    assert.match(said().at(-1) ?? '', /^Your balance is /);
    await grant('group.builder');
    assert.deepEqual(gate.decide(ann, 'bal'), { command: 'balance', allowed: true, rule: 'WHITELISTED', group: 'builder', world: null });
    assert.deepEqual(gate.decide(ann, 'pay'), { command: 'pay', allowed: false, rule: 'NOT_WHITELISTED', group: 'builder', world: null });
    await t.platform.run(ann, 'pay Ann 1');
    assert.equal(said().at(-1), 'You may not use /pay: only the commands listed are allowed for the group builder, and it is not one of them.');
    await revoke('group.builder');
  });

  it('lets the override of the player’s world decide over their group, and only in that world', async () => {
    await grant('group.vip');
    assert.equal(await t.platform.teleport(ann, { ...t.platform.spawnLocation('arena') }), true);
    assert.deepEqual(gate.decide(ann, 'pay'), { command: 'pay', allowed: false, rule: 'NOT_WHITELISTED', group: null, world: 'arena' });
    assert.deepEqual(gate.decide(ann, 'help'), { command: 'help', allowed: true, rule: 'WHITELISTED', group: null, world: 'arena' });
    await t.platform.run(ann, 'balance');
    assert.equal(said().at(-1), 'You may not use /balance: only the commands listed are allowed in the world arena, and it is not one of them.');
    assert.equal(await t.platform.teleport(ann, t.platform.spawnLocation('world')), true);
    assert.equal(gate.decide(ann, 'pay').world, null);
  });

  it('lets a holder of the bypass permission run everything, in every world', async () => {
    await grant('core.commandgate.bypass');
    await t.platform.teleport(ann, t.platform.spawnLocation('arena'));
    assert.deepEqual(gate.decide(ann, 'money'), { command: 'balance', allowed: true, rule: 'BYPASS', group: null, world: null });
    await t.platform.run(ann, 'money');
    assert.match(said().at(-1) ?? '', /^Your balance is /);
    await t.platform.teleport(ann, t.platform.spawnLocation('world'));
  });

  it('answers the route from the same decision, with the player’s fields; offline and never-seen players are not-found', async () => {
    const answer = value(await gate.check(ann.replaceAll('-', '').toUpperCase(), '/Bal'));
    assert.deepEqual(answer, { 'player-id': ann, 'player-name': 'Ann', ...gate.decide(ann, 'bal') });
    assert.deepEqual([answer.command, answer.allowed, answer.rule], ['balance', false, 'BLACKLISTED']);
    assert.equal(value(await gate.check(ann, 'nosuchcommand')).command, 'nosuchcommand');
    declined(await gate.check(NEVER_SEEN, 'bal'), 'not-found');
    await assert.rejects(gate.check('ann', 'bal'), invalid('uuid'));
    const ben = (await t.join('Ben')).uuid;
    t.platform.quit(ben);
    const offline = await gate.check(ben, 'bal');
    declined(offline, 'not-found');
    assert.match(!offline.ok ? offline.message : '', /Ben is not online/);
  });

  it('applies a changed command-gate.conf at core reload; a faulty one keeps the rules in force', async () => {
    writeFileSync(join(t.configDir, 'command-gate.conf'), '[default]\nmode = "blacklist"\ncommands = ["pay"]\n');
    await t.platform.run('console', 'core reload');
    assert.match(t.platform.consoleText().join('\n'), /command-gate\.conf: changed; applied now: default, groups\.builder, groups\.vip, worlds\.arena\./);
    assert.equal(gate.decide(ann, 'bal').allowed, true);
    assert.equal(gate.decide(ann, 'pay').allowed, false);
    writeFileSync(join(t.configDir, 'command-gate.conf'), '[default]\nmode = "never"\n');
    await t.platform.run('console', 'core reload');
    assert.match(t.log.lines.filter((l) => / WARN /.test(l)).join('\n'), /command-gate\.conf: invalid, its old settings stay in force\. .*command-gate\.conf line 2, key "default\.mode"/);
    assert.equal(gate.decide(ann, 'pay').allowed, false);
  });
});
