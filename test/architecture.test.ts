// Dependencies point one way (docs/decisions.md, "Dependencies between layers and modules"):
// the add-on (src/rest) builds on the kernel and the modules, never the reverse; the kernel
// (src/core) knows no module; and a module reaches another only through the published API
// (`CoreApi`), never by importing a file of the other module's folder. Read from the import
// statements of every source file, so a new file is checked the day it is written.

import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, it } from 'node:test';
import { importsOf as scan } from '../scripts/import-graph.ts';

const ROOT = join(import.meta.dirname, '..');
const SRC = join(ROOT, 'src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sourceFiles(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

interface Import {
  /** The importing file, relative to src/ with forward slashes (`modules/kits/kits.config.ts`). */
  from: string;
  /** The imported file, the same way; `../outside` when it is outside src/. */
  to: string;
  line: number;
}

/** Every relative import and re-export of a file (static, `import type` and `import()` alike). */
function importsOf(file: string, text: string): Import[] {
  const rel = (p: string) => relative(SRC, p).split(sep).join('/');
  return scan(file, text).map((i) => ({ from: rel(file), to: rel(i.target), line: i.line }));
}

const ALL: Import[] = sourceFiles(SRC).flatMap((f) => importsOf(f, readFileSync(f, 'utf8')));
const isTest = (path: string) => path.endsWith('.test.ts');
const show = (i: Import) => `src/${i.from}:${i.line} imports src/${i.to}`;

describe('the direction of dependencies', () => {
  it('reads the imports of the source (the scan itself works)', () => {
    const found = importsOf(join(SRC, 'modules/x/x.ts'), "import type { A } from '../../rest/a.ts';\nexport { B } from './b.ts';\nconst c = await import('../y/c.ts');\n");
    assert.deepEqual(
      found.map((i) => i.to),
      ['rest/a.ts', 'modules/x/b.ts', 'modules/y/c.ts'],
    );
    assert.ok(ALL.some((i) => i.from === 'main.ts' && i.to === 'modules/index.ts'), 'the composition root hands the module list over');
  });

  it('the kernel and the modules never import the add-on (src/rest)', () => {
    const offenders = ALL.filter((i) => /^(core|modules)\//.test(i.from) && i.to.startsWith('rest/'));
    assert.deepEqual(offenders.map(show), []);
  });

  it('the kernel never imports a module (src/core knows modules only as definitions handed to it)', () => {
    // A kernel test may boot real modules beside the kernel, as the composition root does.
    const offenders = ALL.filter((i) => i.from.startsWith('core/') && !isTest(i.from) && i.to.startsWith('modules/'));
    assert.deepEqual(offenders.map(show), []);
  });

  it('the add-on names no module: it takes the module definitions it is given (only its docs generator and test support read the module list)', () => {
    const listReaders = new Set(['rest/generate-docs.ts', 'rest/test-support.ts']);
    const offenders = ALL.filter(
      (i) => i.from.startsWith('rest/') && !isTest(i.from) && i.to.startsWith('modules/') && !(listReaders.has(i.from) && i.to === 'modules/index.ts'),
    );
    assert.deepEqual(offenders.map(show), []);
  });

  it('a module imports no file of another module: it reaches the other through CoreApi', () => {
    const area = (path: string) => /^modules\/([^/]+)\//.exec(path)?.[1];
    const offenders = ALL.filter((i) => {
      const from = area(i.from);
      const to = area(i.to);
      if (from === undefined || to === undefined || from === to) return false;
      // A test may boot the other module beside its own (its definition, index.ts), nothing more.
      return !(isTest(i.from) && i.to === `modules/${to}/index.ts`);
    });
    assert.deepEqual(offenders.map(show), []);
  });
});
