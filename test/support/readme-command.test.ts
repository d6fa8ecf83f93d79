// The README command runner's reading of a README: the one command that runs a script, its
// placeholders replaced, and a person's PATH.

import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { machinePath, readmeCommand, shellCommands, startShellCommand, userEnvironment, withSettings } from './readme-command.ts';

const README = [
  '# Example',
  '',
  '```sh',
  'CORE_URL=http://127.0.0.1:8123 CORE_TOKEN=crs_… DISCORD_WEBHOOK_URL=https://discord.com/api/webhooks/… \\',
  '  npm run example:relay',
  '# relaying moderation.* to Discord',
  '```',
  '',
  '```sh',
  'npm test -- sqlite examples/relay/relay.test.ts  # the tests',
  '```',
].join('\n');

describe('reading a command from a README', () => {
  it('joins continued lines and drops comments', () => {
    assert.deepEqual(shellCommands(README), [
      'CORE_URL=http://127.0.0.1:8123 CORE_TOKEN=crs_… DISCORD_WEBHOOK_URL=https://discord.com/api/webhooks/… npm run example:relay',
      'npm test -- sqlite examples/relay/relay.test.ts',
    ]);
  });

  it('finds the one command running a script, and says so when there is none', () => {
    const dir = mkdtempSync(join(tmpdir(), 'core-readme-'));
    try {
      writeFileSync(join(dir, 'README.md'), README);
      assert.match(readmeCommand(join(dir, 'README.md'), 'example:relay'), /npm run example:relay$/);
      assert.throws(() => readmeCommand(join(dir, 'README.md'), 'example:web-panel'), /expected one command running `npm run example:web-panel`.*found 0/);
      writeFileSync(join(dir, 'README.md'), README.replace('npm run example:relay', 'node examples/relay/main.ts'));
      assert.throws(() => readmeCommand(join(dir, 'README.md'), 'example:relay'), /found 0/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('puts values in place of the placeholders, and names a setting the command does not show', () => {
    const command = shellCommands(README)[0]!;
    assert.equal(
      withSettings(command, { CORE_URL: 'http://127.0.0.1:4001', CORE_TOKEN: "it's" }),
      "CORE_URL=http://127.0.0.1:4001 CORE_TOKEN='it'\\''s' DISCORD_WEBHOOK_URL=https://discord.com/api/webhooks/… npm run example:relay",
    );
    assert.throws(() => withSettings(command, { PANEL_PORT: '0' }), /does not set PANEL_PORT/);
  });
});

/** Whether the process runs (from /proc: gone, or a zombie waiting to be reaped, is not running). */
function running(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0] !== 'Z';
  } catch {
    return false;
  }
}

describe("a person's shell", () => {
  it('has the PATH without the node_modules folders npm put first', () => {
    assert.equal(machinePath('/repo/node_modules/.bin:/node_modules/.bin:/usr/lib/node_modules/npm/node_modules/@npmcli/run-script/lib/node-gyp-bin:/usr/local/bin:/usr/bin:/bin'), '/usr/local/bin:/usr/bin:/bin');
    const env = userEnvironment({ EXTRA: '1' });
    assert.ok(!(env.PATH ?? '').includes('node_modules'));
    assert.equal(env.EXTRA, '1');
    assert.ok(Object.keys(env).every((k) => !/^npm_/i.test(k) && k !== 'NODE_TEST_CONTEXT'));
  });

  it('runs the command until it is ready, and stops it with everything it started', async () => {
    // The shell starts a process of its own and says its id.
    const sh = await startShellCommand('sleep 60 & echo "ready, started $!"; wait', { cwd: tmpdir(), env: userEnvironment(), ready: /^ready, started (\d+)$/ });
    const started = Number(sh.ready[1]);
    assert.ok(running(started));
    await sh.stop();
    assert.equal(await sh.exited, null); // ended by the signal
    assert.ok(!running(started), 'what the shell started is still running');
  });

  it('says what the command printed when it exits before it is ready', async () => {
    await assert.rejects(startShellCommand('echo "no such thing" >&2; exit 3', { cwd: tmpdir(), env: userEnvironment(), ready: /ready/ }), /exited \(3\) before it was ready:\nno such thing/);
  });
});
