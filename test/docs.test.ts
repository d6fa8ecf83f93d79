// The product's documentation stands alone: it cites no file outside the repository, and every
// relative link in it reaches a file (and a heading) that is there.

import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, it } from 'node:test';

const ROOT = join(import.meta.dirname, '..');
const DOCS = join(ROOT, 'docs');

/** README.md and every page and generated document under docs/ and docs/api/. */
const docFiles = [join(ROOT, 'README.md'), ...[DOCS, join(DOCS, 'api')].flatMap((dir) => readdirSync(dir).filter((f) => /\.(md|json|html)$/.test(f)).map((f) => join(dir, f)))];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sourceFiles(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

// Written in pieces, so that this file does not match itself.
const OUTSIDE = [['shared', '/'].join(''), ['DECISIONS', '.md'].join(''), ['DECISIONS', ' §'].join(''), ['DESIGN', '.md'].join('')];

/** GitHub's anchor of a heading: small letters, punctuation dropped, spaces as dashes. */
function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');
}

describe('the documentation', () => {
  it('cites no file outside the repository (docs/, README.md, generated documents, source comments)', () => {
    const offenders: string[] = [];
    for (const file of [...docFiles, ...sourceFiles(join(ROOT, 'src')), ...sourceFiles(join(ROOT, 'test')), ...sourceFiles(join(ROOT, 'bench'))]) {
      const lines = readFileSync(file, 'utf8').split('\n');
      lines.forEach((line, i) => {
        for (const word of OUTSIDE) if (line.includes(word)) offenders.push(`${relative(ROOT, file)}:${i + 1} cites ${word}`);
      });
    }
    assert.deepEqual(offenders, []);
  });

  it('links only to files and headings that exist', () => {
    const broken: string[] = [];
    for (const file of docFiles.filter((f) => f.endsWith('.md'))) {
      const text = readFileSync(file, 'utf8');
      for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (target === undefined || /^[a-z]+:/.test(target)) continue;
        const [path = '', anchor] = target.split('#');
        const linked = path === '' ? file : join(dirname(file), path);
        if (!existsSync(linked)) {
          broken.push(`${relative(ROOT, file)}: ${target} (no such file)`);
          continue;
        }
        if (anchor === undefined || !linked.endsWith('.md')) continue;
        const headings = [...readFileSync(linked, 'utf8').matchAll(/^#+ (.+)$/gm)].map((m) => anchorOf(m[1] ?? ''));
        if (!headings.includes(anchor)) broken.push(`${relative(ROOT, file)}: ${target} (no such heading)`);
      }
    }
    assert.deepEqual(broken, []);
  });

  it('names only files that exist, where it names one of the repository in backquotes', () => {
    const missing: string[] = [];
    for (const file of docFiles.filter((f) => f.endsWith('.md'))) {
      for (const [, path] of readFileSync(file, 'utf8').matchAll(/`((?:src|test|scripts|examples|clients|deploy|bench)\/[\w./-]+\.(?:ts|md|json|conf|service))`/g)) {
        if (path !== undefined && !path.includes('<') && !existsSync(join(ROOT, path))) missing.push(`${relative(ROOT, file)}: ${path}`);
      }
    }
    assert.deepEqual(missing, []);
  });

  it('holds in docs/decisions.md every section the source cites', () => {
    const sections = [...readFileSync(join(DOCS, 'decisions.md'), 'utf8').matchAll(/^## (.+)$/gm)].map((m) => m[1]);
    const missing: string[] = [];
    for (const file of sourceFiles(join(ROOT, 'src'))) {
      for (const [, name] of readFileSync(file, 'utf8').matchAll(/docs\/decisions\.md, "([^"]+)"/g)) {
        if (!sections.includes(name)) missing.push(`${relative(ROOT, file)} cites "${name}"`);
      }
    }
    assert.deepEqual(missing, []);
  });
});
