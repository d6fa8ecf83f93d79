// The commands of a documentation block, as a test runs them: the first ```sh block after a
// heading of a page, each command with the output the page shows for it (the `# ` line right
// under it, where `…` stands for anything), so that a page that no longer says what happens fails.

import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT_DIR } from './server-process.ts';

export interface DocStep {
  /** The command, its trailing comment dropped. */
  command: string;
  /** The output the page shows for it, if it shows one. */
  shows?: string;
}

/** The steps of the first `sh` block after the heading `heading` (its text, without the #s) of a page under docs/. */
export function docSteps(page: string, heading: string): DocStep[] {
  const text = readFileSync(join(ROOT_DIR, 'docs', page), 'utf8');
  const at = text.search(new RegExp(`^#+ ${heading.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`, 'm'));
  assert.ok(at >= 0, `docs/${page} has the heading "${heading}"`);
  const block = /```sh\n([\s\S]*?)```/.exec(text.slice(at))?.[1];
  assert.ok(block !== undefined, `a sh block follows "${heading}" in docs/${page}`);
  const steps: DocStep[] = [];
  for (const line of block.split('\n')) {
    if (line.trim() === '') continue;
    if (line.startsWith('# ')) {
      const last = steps.at(-1);
      assert.ok(last && last.shows === undefined, `an output line follows a command in docs/${page}: ${line}`);
      last.shows = line.slice(2);
      continue;
    }
    steps.push({ command: line.replace(/\s+# .*$/, '').trim() });
  }
  return steps;
}

/** Whether output matches what the page shows (`…` stands for anything), whole. */
export function showsAs(output: string, shown: string): boolean {
  const pattern = shown
    .split('…')
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${pattern}$`).test(output.trim());
}

/**
 * Runs a shell command in the repository as a user's shell does; its exit code and output. Not
 * spawnSync: the test goes on reading the output of the servers it runs meanwhile.
 */
export function shell(command: string, env: Record<string, string> = {}): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const environment = { ...process.env, ...env };
  // As a user's shell has it: not inside a test run.
  delete environment.NODE_TEST_CONTEXT;
  const child = spawn('sh', ['-c', command], { cwd: ROOT_DIR, env: environment, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise((done) => child.on('close', (status) => done({ status, stdout, stderr })));
}
