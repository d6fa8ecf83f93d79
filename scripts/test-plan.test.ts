// What `npm test` runs in which pass, read from the import graph (scripts/test-plan.ts): a new test
// file that reaches storage is in the PostgreSQL pass with no list to edit; one that does not, or
// reaches it only through types, runs once; and the few files kept to the SQLite pass all do reach it.

import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { describe, it } from 'node:test';
import { importsOf } from './import-graph.ts';
import { filesOfPass, SQLITE_ONLY, STORAGE_CHOICE, testFiles } from './test-plan.ts';

const ROOT = resolve(import.meta.dirname, '..');

/** A repository of its own: path → text. */
function repo(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'core-plan-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

describe('the test plan', () => {
  it('reads imports, re-exports and import(), and tells an import of types only', () => {
    const found = importsOf(
      '/r/src/a.ts',
      [
        "import type { A } from './types.ts';",
        "import { type B, c } from './c.ts';",
        'import {',
        '  d,',
        "} from '../d.ts';",
        "export { e } from './e.ts';",
        "export type { F } from './f.ts';",
        "import './effects.ts';",
        "const g = await import('./g.ts');",
        "import fs from 'node:fs';",
      ].join('\n'),
    );
    assert.deepEqual(
      found.map((i) => [i.specifier, i.typeOnly, i.line]),
      [
        ['./types.ts', true, 1],
        ['./c.ts', false, 2],
        ['../d.ts', false, 3],
        ['./e.ts', false, 6],
        ['./f.ts', true, 7],
        ['./effects.ts', false, 8],
        ['./g.ts', false, 9],
      ],
    );
  });

  it('puts a new test file that reaches storage in the PostgreSQL pass, and leaves out one that reaches it only through types', () => {
    const root = repo({
      [STORAGE_CHOICE]: 'export const TEST_DATABASE = process.env.CORE_TEST_DATABASE;\n',
      'test/support/kernel.ts': "import { TEST_DATABASE } from './test-database.ts';\nexport const k = TEST_DATABASE;\n",
      'src/new-area/area.test.ts': "import { k } from '../../test/support/kernel.ts';\n",
      'src/new-area/types.test.ts': "import type { k } from '../../test/support/kernel.ts';\n",
      'src/new-area/pure.test.ts': "import assert from 'node:assert';\n",
      'test/e2e/support/bots.ts': 'export const bots = 1;\n',
      'test/e2e/game.e2e.test.ts': "import { bots } from './support/bots.ts';\n",
    });
    try {
      const all = testFiles(root);
      assert.deepEqual(
        all.map((f) => [f.path, f.storage, f.game]),
        [
          ['src/new-area/area.test.ts', true, false],
          ['src/new-area/pure.test.ts', false, false],
          ['src/new-area/types.test.ts', false, false],
          ['test/e2e/game.e2e.test.ts', false, true],
        ],
      );
      assert.deepEqual(
        filesOfPass(all, 'postgres').map((f) => f.path),
        ['src/new-area/area.test.ts'],
      );
      assert.equal(filesOfPass(all, 'sqlite').length, 4, 'the SQLite pass runs every file');
      assert.deepEqual(
        filesOfPass(all, 'sqlite', ['src/new-area/']).map((f) => f.path),
        ['src/new-area/area.test.ts', 'src/new-area/pure.test.ts', 'src/new-area/types.test.ts'],
        'a folder names the files in it',
      );
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it("places this repository's files: the scene tests and real servers on both databases, pure units and the platform once", () => {
    const all = testFiles(ROOT);
    const of = (path: string) => all.find((f) => f.path === path);
    assert.deepEqual(of('src/modules/economy/economy.scene.test.ts'), { path: 'src/modules/economy/economy.scene.test.ts', storage: true, game: false });
    assert.deepEqual(of('test/e2e/areas-economy.e2e.test.ts'), { path: 'test/e2e/areas-economy.e2e.test.ts', storage: true, game: true });
    assert.deepEqual(of('src/core/values/money.test.ts'), { path: 'src/core/values/money.test.ts', storage: false, game: false });
    assert.deepEqual(of('test/contract/flying-squid.contract.test.ts'), { path: 'test/contract/flying-squid.contract.test.ts', storage: false, game: true });
    const postgres = filesOfPass(all, 'postgres').map((f) => f.path);
    assert.ok(postgres.length > 50 && postgres.length < all.length, `${postgres.length} of ${all.length} files in the PostgreSQL pass`);
  });

  it('keeps to the SQLite pass only files that exist and reach storage (any other needs no entry)', () => {
    const all = testFiles(ROOT);
    for (const path of Object.keys(SQLITE_ONLY)) {
      assert.ok(existsSync(join(ROOT, path)), `${path} exists`);
      assert.equal(all.find((f) => f.path === path)?.storage, true, `${path} reaches storage`);
    }
  });
});
