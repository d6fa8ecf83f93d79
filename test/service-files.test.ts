// The service files (deploy/core.service, the Dockerfile) send their reader to the page and the
// sections that explain them: each `docs/<page>.md` they name exists, and each heading quoted right
// after it (`docs/<page>.md, "A", "B"`) is a heading of that page.

import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';

const ROOT = join(import.meta.dirname, '..');

/** Every page a file names, with the headings quoted after it: `docs/x.md, "A", "B"`. */
function citations(text: string): Array<{ page: string; headings: string[] }> {
  // The comment markers go, so that a citation may run over several comment lines.
  const plain = text.replace(/^#\s?/gm, '').replace(/\s+/g, ' ');
  return [...plain.matchAll(/(docs\/[\w./-]+\.md)((?:, "[^"]+")*)/g)].map((m) => ({
    page: m[1] ?? '',
    headings: [...(m[2] ?? '').matchAll(/"([^"]+)"/g)].map((h) => h[1] ?? ''),
  }));
}

describe('the service files', () => {
  for (const file of ['deploy/core.service', 'Dockerfile']) {
    it(`${file} points to pages and sections that exist`, () => {
      const cited = citations(readFileSync(join(ROOT, file), 'utf8'));
      assert.ok(cited.length > 0, `${file} names the page that explains it`);
      const broken: string[] = [];
      for (const { page, headings } of cited) {
        if (!existsSync(join(ROOT, page))) {
          broken.push(`${page} (no such page)`);
          continue;
        }
        const present = [...readFileSync(join(ROOT, page), 'utf8').matchAll(/^#+ (.+)$/gm)].map((m) => m[1]);
        for (const h of headings) if (!present.includes(h)) broken.push(`${page}, "${h}" (no such heading)`);
      }
      assert.deepEqual(broken, []);
    });
  }
});
