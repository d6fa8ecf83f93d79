// The product's documentation stands alone: it cites no file outside the repository, and every
// relative link in it reaches a file (and a heading) that is there.

import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, it } from 'node:test';

const ROOT = join(import.meta.dirname, '..');
const DOCS = join(ROOT, 'docs');

/** Every file under a folder whose name passes `keep`, node_modules left out. */
function filesUnder(dir: string, keep: (name: string) => boolean): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? (e.name === 'node_modules' ? [] : filesUnder(join(dir, e.name), keep)) : keep(e.name) ? [join(dir, e.name)] : [],
  );
}

/** README.md and every page and generated document under docs/. */
const docFiles = [join(ROOT, 'README.md'), ...filesUnder(DOCS, (f) => /\.(md|json|html)$/.test(f))];

/** Every Markdown page a reader follows links in: README.md, docs/, and the READMEs of the examples and the clients. */
const markdownPages = [
  ...docFiles.filter((f) => f.endsWith('.md')),
  ...filesUnder(join(ROOT, 'examples'), (f) => f === 'README.md'),
  ...filesUnder(join(ROOT, 'clients'), (f) => f === 'README.md'),
];

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

/** A page's text without its fenced code blocks and code spans, where `](…)` and `#` are code, not links or headings. */
function prose(text: string): string {
  return text.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[ \t]*$/gm, '').replace(/`[^`\n]*`/g, '``');
}

/** The anchors of a page's headings as GitHub makes them, a repeated heading numbered from -1. */
function anchorsOf(file: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  const text = readFileSync(file, 'utf8').replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[ \t]*$/gm, '');
  for (const [, heading = ''] of text.matchAll(/^#{1,6} +(.+?)[ #]*$/gm)) {
    const base = anchorOf(heading);
    const n = seen.get(base) ?? 0;
    anchors.add(n === 0 ? base : `${base}-${n}`);
    seen.set(base, n + 1);
  }
  for (const [, id = ''] of text.matchAll(/<a (?:name|id)="([^"]+)"/g)) anchors.add(id);
  return anchors;
}

/** The relative link targets of a Markdown page: inline links and images, and reference definitions. */
function linkTargets(text: string): string[] {
  const body = prose(text);
  const inline = [...body.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1] ?? '');
  const references = [...body.matchAll(/^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+"[^"]*")?\s*$/gm)].map((m) => m[1] ?? '');
  return [...inline, ...references].filter((t) => t !== '' && !/^[a-z][a-z0-9+.-]*:/i.test(t));
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

  it('links only to files and headings that exist (README.md, docs/, the examples and clients READMEs)', () => {
    const broken: string[] = [];
    for (const file of markdownPages) {
      for (const target of linkTargets(readFileSync(file, 'utf8'))) {
        const [rawPath = '', anchor] = target.split('#');
        const path = decodeURIComponent(rawPath);
        const linked = path === '' ? file : path.startsWith('/') ? join(ROOT, path) : join(dirname(file), path);
        if (!existsSync(linked)) {
          broken.push(`${relative(ROOT, file)}: ${target} (no such file)`);
          continue;
        }
        if (anchor === undefined || !linked.endsWith('.md')) continue;
        if (!anchorsOf(linked).has(decodeURIComponent(anchor))) broken.push(`${relative(ROOT, file)}: ${target} (no such heading)`);
      }
    }
    assert.deepEqual(broken, []);
  });

  it('reads links as a reader would: inline, with a title, as a reference; not inside code', () => {
    const page = [
      'See [a](a.md), [b](b.md#part "Title"), ![c](img/c.png) and [web](https://example.com).',
      '[d]: ../d.md#x',
      'Code is no link: `x[0](y)`.',
      '```js',
      'const f = g[1](h);',
      '```',
    ].join('\n');
    assert.deepEqual(linkTargets(page), ['a.md', 'b.md#part', 'img/c.png', '../d.md#x']);
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
