// The repository's own import graph, read from the import and export statements of its TypeScript
// files: the architecture test checks the direction of dependencies on it, and the test runner
// (scripts/test-plan.ts) asks it which test files reach storage and which start a game server. A
// file is read once; packages (specifiers that are not relative) are not followed.

import { readFileSync } from 'node:fs';
import { dirname, relative, resolve, sep } from 'node:path';

export interface Import {
  /** The specifier as written (`../core/db.ts`). */
  specifier: string;
  /** The imported file, absolute. */
  target: string;
  /** The line of the statement, from 1. */
  line: number;
  /**
   * `import type` or `export type`: erased when the file runs, so it loads nothing. An import of
   * `{ type A }` is not type-only: it still loads its module.
   */
  typeOnly: boolean;
}

// `from '…'` (imports and re-exports), `import '…'` (for its effects) and `import('…')`.
const STATEMENT = /(?:^|[\n;])\s*(import|export)\s+(type\s+)?[^'";]*?\bfrom\s*['"](\.{1,2}\/[^'"]+)['"]|(?:^|[\n;])\s*import\s*['"](\.{1,2}\/[^'"]+)['"]|\bimport\s*\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;

/** Every relative import and re-export of a file's text. */
export function importsOf(file: string, text: string): Import[] {
  const found: Import[] = [];
  for (const m of text.matchAll(STATEMENT)) {
    const specifier = m[3] ?? m[4] ?? m[5];
    if (specifier === undefined) continue;
    const at = m.index + m[0].search(/\b(?:import|export)\b/);
    found.push({
      specifier,
      target: resolve(dirname(file), specifier),
      line: text.slice(0, at).split('\n').length,
      typeOnly: m[2] !== undefined,
    });
  }
  return found;
}

/** The graph of the files under a root, read lazily: what each file loads when it runs. */
export class ImportGraph {
  private readonly root: string;
  private readonly edges = new Map<string, string[]>();

  constructor(root: string) {
    this.root = root;
  }

  /** The files a file loads directly when it runs (type-only imports left out), absolute. */
  loads(file: string): string[] {
    let targets = this.edges.get(file);
    if (targets === undefined) {
      let text = '';
      try {
        text = readFileSync(file, 'utf8');
      } catch {
        // a file named by an import but missing: the type check reports it
      }
      targets = importsOf(file, text)
        .filter((i) => !i.typeOnly && i.target.endsWith('.ts'))
        .map((i) => i.target);
      this.edges.set(file, targets);
    }
    return targets;
  }

  /** Every file a file loads when it runs, itself included, as paths relative to the root with `/`. */
  reach(file: string): Set<string> {
    const seen = new Set<string>();
    const stack = [resolve(this.root, file)];
    while (stack.length > 0) {
      const f = stack.pop()!;
      if (seen.has(f)) continue;
      seen.add(f);
      stack.push(...this.loads(f));
    }
    return new Set([...seen].map((f) => relative(this.root, f).split(sep).join('/')));
  }
}
