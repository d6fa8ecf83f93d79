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
import { ALL_MODULES } from '../src/modules/index.ts';

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
  /** `import type`: erased when the file runs, so it loads nothing. */
  typeOnly: boolean;
}

/** Every relative import and re-export of a file (static, `import type` and `import()` alike). */
function importsOf(file: string, text: string): Import[] {
  const rel = (p: string) => relative(SRC, p).split(sep).join('/');
  return scan(file, text).map((i) => ({ from: rel(file), to: rel(i.target), line: i.line, typeOnly: i.typeOnly }));
}

const ALL: Import[] = sourceFiles(SRC).flatMap((f) => importsOf(f, readFileSync(f, 'utf8')));
const isTest = (path: string) => path.endsWith('.test.ts');
const show = (i: Import) => `src/${i.from}:${i.line} imports src/${i.to}`;

/**
 * The groups of files that load each other in a ring (the strongly connected components of more
 * than one file, or a file that loads itself), each sorted, by Tarjan's algorithm. A ring that runs
 * hands a file a half-loaded module: what it imports is undefined until the ring has loaded.
 */
function loadCycles(imports: readonly Import[]): string[][] {
  const next = new Map<string, string[]>();
  for (const i of imports) next.set(i.from, [...(next.get(i.from) ?? []), i.to]);
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const rings: string[][] = [];
  const visit = (file: string): void => {
    order.set(file, order.size);
    low.set(file, order.get(file)!);
    stack.push(file);
    onStack.add(file);
    for (const to of next.get(file) ?? []) {
      if (!order.has(to)) {
        visit(to);
        low.set(file, Math.min(low.get(file)!, low.get(to)!));
      } else if (onStack.has(to)) low.set(file, Math.min(low.get(file)!, order.get(to)!));
    }
    if (low.get(file) !== order.get(file)) return;
    const ring: string[] = [];
    let top: string;
    do {
      top = stack.pop()!;
      onStack.delete(top);
      ring.push(top);
    } while (top !== file);
    if (ring.length > 1 || next.get(file)?.includes(file)) rings.push(ring.sort());
  };
  for (const file of next.keys()) if (!order.has(file)) visit(file);
  return rings;
}

describe('the direction of dependencies', () => {
  it('reads the imports of the source (the scan itself works)', () => {
    const found = importsOf(join(SRC, 'modules/x/x.ts'), "import type { A } from '../../rest/a.ts';\nexport { B } from './b.ts';\nconst c = await import('../y/c.ts');\n");
    assert.deepEqual(
      found.map((i) => [i.to, i.typeOnly]),
      [
        ['rest/a.ts', true],
        ['modules/x/b.ts', false],
        ['modules/y/c.ts', false],
      ],
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

  it('no import cycle runs: the files of src/ (tests aside) load each other in one order (type-only imports aside)', () => {
    const cycles = loadCycles(ALL.filter((i) => !i.typeOnly && !isTest(i.from) && !isTest(i.to)));
    assert.deepEqual(cycles.map((c) => c.map((f) => `src/${f}`).join(' -> ')), []);
  });

  it('finds a cycle when there is one (the check itself works)', () => {
    const edge = (from: string, to: string): Import => ({ from, to, line: 1, typeOnly: false });
    assert.deepEqual(loadCycles([edge('a.ts', 'b.ts'), edge('b.ts', 'c.ts'), edge('c.ts', 'a.ts'), edge('c.ts', 'd.ts')]), [['a.ts', 'b.ts', 'c.ts']]);
    assert.deepEqual(loadCycles([edge('a.ts', 'b.ts'), edge('b.ts', 'c.ts')]), []);
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

// A module reaches another module's service only when its definition declares it: `api.<name>`
// (ctx.api, or an `api` handed down) for a module in `dependsOn`, `optional.<name>` for one in
// `optionalDependsOn`, and the service's type (`CoreApi['<name>']`, `ServicesOf<'<name>'>`) for
// either. No module asks by a string whether another is on. ctx.api and ctx.optional are typed from
// the declaration as well (src/core/kernel/module.ts), so tsc refuses the same reaches; this scan also
// sees what typing cannot (a service handed down as a wider type, a route row's call).

interface Declared {
  name: string;
  dependsOn: readonly string[];
  optionalDependsOn?: readonly string[];
}

interface Reach {
  line: number;
  /** What the code does, as written (`api.economy`). */
  text: string;
  module: string;
  how: 'api' | 'optional' | 'type' | 'string';
}

const quoted = (s: string): string[] => [...s.matchAll(/['"](\w+)['"]/g)].map((m) => m[1] ?? '');

/** Every place a source text reaches a module by name (its own included), read from the text alone. */
function reachesOf(text: string, modules: ReadonlySet<string>): Reach[] {
  const found: Reach[] = [];
  const lineAt = (index: number) => text.slice(0, index).split('\n').length;
  const add = (index: number, written: string, names: string[], how: Reach['how']) => {
    for (const module of names) if (modules.has(module)) found.push({ line: lineAt(index), text: written.replace(/\s+/g, ' '), module, how });
  };
  for (const m of text.matchAll(/\bapi(?:\(\))?\??\.(\w+)/g)) add(m.index, m[0], [m[1] ?? ''], 'api');
  for (const m of text.matchAll(/\bapi(?:\(\))?\[\s*(['"]\w+['"])\s*\]/g)) add(m.index, m[0], quoted(m[1] ?? ''), 'api');
  for (const m of text.matchAll(/\{([^{}]*)\}\s*=\s*(?:\w+\.)*api\b/g)) add(m.index, m[0], (m[1] ?? '').split(',').map((p) => p.trim().split(/[\s:]/)[0] ?? ''), 'api');
  for (const m of text.matchAll(/\boptional(?:\(\))?\??\.(\w+)/g)) add(m.index, m[0], [m[1] ?? ''], 'optional');
  for (const m of text.matchAll(/\b(?:CoreApi|ModuleServices)\[\s*(['"]\w+['"])\s*\]|\b(?:OptionalServicesOf|ServicesOf|ModuleApi|ModuleContext|ConfigContext)<([^>]*)>/g)) {
    add(m.index, m[0], quoted(m[1] ?? m[2] ?? ''), 'type');
  }
  for (const m of text.matchAll(/\bisModuleOn\(\s*(['"]\w+['"])|\bmodulesOn\(\)\.includes\(\s*(['"]\w+['"])/g)) add(m.index, m[0], quoted(m[1] ?? m[2] ?? ''), 'string');
  return found;
}

/** The reaches a module's declaration does not allow: its own name is always allowed, except asked by string from outside a route row. */
function undeclaredReaches(declared: Declared, reaches: readonly Reach[]): Reach[] {
  const needs = new Set(declared.dependsOn);
  const optional = new Set(declared.optionalDependsOn ?? []);
  return reaches.filter((r) => {
    if (r.module === declared.name) return false;
    switch (r.how) {
      case 'api':
        return !needs.has(r.module);
      case 'optional':
        return !optional.has(r.module);
      case 'type':
        return !needs.has(r.module) && !optional.has(r.module);
      case 'string':
        return true;
    }
  });
}

describe('what a module reaches', () => {
  const MODULES_DIR = join(SRC, 'modules');
  const folders = readdirSync(MODULES_DIR, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name).sort();

  it('reads the reaches of a text (the scan itself works, and fails on a planted reach)', () => {
    const names = new Set(['economy', 'vanish', 'staff', 'playtime']);
    const text = [
      "const fee = ctx.api.economy.format(m);",
      "if (api().vanish.isVanished(u)) return;",
      "const { economy, players } = ctx.api;",
      "const t = ctx.optional.playtime?.total(u);",
      "type E = CoreApi['economy'];",
      "if (api.isModuleOn('vanish')) return;",
      "staff.modes(); ctx.api.players.get(u);",
    ].join('\n');
    const reaches = reachesOf(text, names);
    assert.deepEqual(
      reaches.map((r) => `${r.line} ${r.how} ${r.module}`),
      ['1 api economy', '2 api vanish', '3 api economy', '4 optional playtime', '5 type economy', '6 string vanish'],
    );
    const declared: Declared = { name: 'staff', dependsOn: ['economy'], optionalDependsOn: ['playtime'] };
    assert.deepEqual(
      undeclaredReaches(declared, reaches).map((r) => `${r.line} ${r.text}`),
      ['2 api().vanish', "6 isModuleOn('vanish'"],
    );
    // Declared as optional, reached through api: still refused (ctx.api holds only dependsOn).
    assert.deepEqual(undeclaredReaches({ name: 'staff', dependsOn: [], optionalDependsOn: ['economy'] }, reachesOf('ctx.api.economy.x()', names)).length, 1);
  });

  it('every module folder is in the module list (src/modules/index.ts) once, named as its folder', () => {
    assert.deepEqual(
      ALL_MODULES.map((m) => m.name).sort(),
      folders,
      'a folder of src/modules/ is a module: its index.ts defines it with the folder’s name, and src/modules/index.ts lists it',
    );
  });

  it('a module reaches only the modules its definition declares (dependsOn through ctx.api, optionalDependsOn through ctx.optional), never by a name in a string', () => {
    const names = new Set(ALL_MODULES.map((m) => m.name));
    const offenders: string[] = [];
    for (const module of ALL_MODULES) {
      const dir = join(MODULES_DIR, module.name);
      for (const file of sourceFiles(dir).filter((f) => !isTest(f))) {
        for (const r of undeclaredReaches(module, reachesOf(readFileSync(file, 'utf8'), names))) {
          const what = r.how === 'string' ? 'asks by name whether it is on' : `does not declare it in ${r.how === 'optional' ? 'optionalDependsOn' : r.how === 'api' ? 'dependsOn' : 'dependsOn or optionalDependsOn'}`;
          offenders.push(`src/${relative(SRC, file).split(sep).join('/')}:${r.line} ${r.text}: module "${module.name}" reaches "${r.module}" and ${what}`);
        }
      }
    }
    assert.deepEqual(offenders, []);
  });

  it('a module declares only known modules, and not itself', () => {
    const names = new Set(ALL_MODULES.map((m) => m.name));
    const offenders = ALL_MODULES.flatMap((m) =>
      [...m.dependsOn, ...(m.optionalDependsOn ?? [])].filter((d) => !names.has(d) || d === m.name).map((d) => `module "${m.name}" declares "${d}"`),
    );
    assert.deepEqual(offenders, []);
  });
});
