// The commands the documentation gives work on the machine's own Node (docs/decisions.md, "Runtime
// and tooling"): none runs the project's TypeScript with a bare `node` (on Node 20 that stops with
// ERR_UNKNOWN_FILE_EXTENSION), every `npm run` names a script that exists, and every runnable
// example has its `npm run example:<name>` script, shown by its README. (Each example's own test runs
// that README command.)

import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, it } from 'node:test';
import { readmeCommand } from './support/readme-command.ts';

const ROOT = join(import.meta.dirname, '..');
const scripts = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;

function markdownUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? markdownUnder(join(dir, e.name)) : e.name.endsWith('.md') ? [join(dir, e.name)] : [],
  );
}

const EXAMPLES = readdirSync(join(ROOT, 'examples'), { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name);
const DOCS = [
  join(ROOT, 'README.md'),
  ...markdownUnder(join(ROOT, 'docs')),
  join(ROOT, 'clients', 'typescript', 'README.md'),
  ...EXAMPLES.map((name) => join(ROOT, 'examples', name, 'README.md')).filter((f) => existsSync(f)),
];

/** The lines of a page's shell blocks (```sh, ```bash or untagged), each with its line number. */
function shellLines(text: string): Array<{ line: number; command: string }> {
  const out: Array<{ line: number; command: string }> = [];
  const lines = text.split('\n');
  let inShell = false;
  let inOther = false;
  lines.forEach((raw, i) => {
    const fence = /^\s*```(\w*)\s*$/.exec(raw);
    if (fence) {
      if (inShell || inOther) [inShell, inOther] = [false, false];
      else if (['', 'sh', 'bash', 'shell'].includes(fence[1]!)) inShell = true;
      else inOther = true;
      return;
    }
    if (inShell && raw.trim() !== '' && !raw.trim().startsWith('#')) out.push({ line: i + 1, command: raw.trim() });
  });
  return out;
}

/** A command run with the bare `node` of the PATH (after any `NAME=value` settings), not node_modules/.bin/node. */
const BARE_NODE = /^(?:\w+=\S*\s+)*(?:exec\s+)?node\s/;

describe("the documentation's commands, on the machine's own Node", () => {
  it('run no TypeScript file or test with the bare `node` of the PATH', () => {
    const offenders: string[] = [];
    for (const file of DOCS) {
      const text = readFileSync(file, 'utf8');
      for (const { line, command } of shellLines(text)) if (BARE_NODE.test(command)) offenders.push(`${relative(ROOT, file)}:${line}: ${command}`);
      // In the text, `node --test …` is always an instruction to run something.
      text.split('\n').forEach((l, i) => {
        for (const [, span] of l.matchAll(/`([^`]+)`/g)) if (/^(?:\w+=\S*\s+)*node --test\b/.test(span!)) offenders.push(`${relative(ROOT, file)}:${i + 1}: ${span}`);
      });
    }
    assert.deepEqual(offenders, []);
  });

  it('name only npm scripts that exist', () => {
    const unknown: string[] = [];
    for (const file of DOCS) {
      for (const [, name] of readFileSync(file, 'utf8').matchAll(/npm run (?:-s |--silent )?([\w:.-]+)(?![\w:.<-])/g)) {
        if (name !== undefined && !(name in scripts)) unknown.push(`${relative(ROOT, file)}: npm run ${name}`);
      }
    }
    assert.deepEqual(unknown, []);
  });

  it('start every runnable example with its npm script, shown by its README', () => {
    const runnable = EXAMPLES.filter((name) => existsSync(join(ROOT, 'examples', name, 'main.ts')) || existsSync(join(ROOT, 'examples', name, 'server.ts')));
    assert.deepEqual(runnable.sort(), ['discord-relay', 'store-webhook', 'web-panel']);
    for (const name of runnable) {
      const entry = existsSync(join(ROOT, 'examples', name, 'main.ts')) ? 'main.ts' : 'server.ts';
      assert.equal(scripts[`example:${name}`], `exec node examples/${name}/${entry}`);
      assert.match(readmeCommand(join(ROOT, 'examples', name, 'README.md'), `example:${name}`), new RegExp(`npm run example:${name}$`));
    }
  });
});
