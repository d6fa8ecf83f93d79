// The commands of docs/testing.md run as written. Those that run tests are run with `--list` added
// (what they would run, without running it: a suite cannot run itself inside itself); the rest, as
// they stand, with npm and the machine's own tools on the path as a developer has them.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';

const ROOT = join(import.meta.dirname, '..');
const DOC = readFileSync(join(ROOT, 'docs', 'testing.md'), 'utf8');

/** The lines of the doc's `sh` blocks, comments dropped. */
const COMMANDS = [...DOC.matchAll(/```sh\n([\s\S]*?)```/g)].flatMap((m) =>
  (m[1] ?? '')
    .split('\n')
    .map((l) => l.replace(/\s+#.*$/, '').trim())
    .filter((l) => l !== ''),
);

function run(command: string): { status: number | null; out: string } {
  // As a developer's shell has it: not inside a test run (node:test would refuse to run files), no pass chosen.
  const env = { ...process.env };
  delete env.NODE_TEST_CONTEXT;
  delete env.CORE_TEST_DATABASE;
  const r = spawnSync('sh', ['-c', command], { cwd: ROOT, encoding: 'utf8', env, timeout: 120_000 });
  return { status: r.status, out: `${r.stdout}${r.stderr}` };
}

describe('docs/testing.md', () => {
  it('has commands to run a pass, files, one file directly, the plan and the slowest files', () => {
    assert.ok(COMMANDS.length >= 6, COMMANDS.join('\n'));
    assert.ok(COMMANDS.some((c) => c.startsWith('npm test -- --slowest')));
    assert.ok(COMMANDS.some((c) => c.startsWith('node_modules/.bin/node --test ')));
  });

  for (const command of COMMANDS) {
    const listing = /^npm test -- (?!--slowest)/.test(command) && !command.includes('--list');
    const runAs = listing ? command.replace(/^npm test -- /, 'npm test -- --list ') : command;
    it(`runs \`${command}\`${listing ? ' (with --list)' : ''}`, () => {
      const r = run(runAs);
      assert.equal(r.status, 0, r.out);
      if (runAs.includes('--list')) assert.match(r.out, /pass: \d+ files?/);
      if (command.includes('--test ')) assert.match(r.out, /ℹ fail 0/);
    });
  }
});
