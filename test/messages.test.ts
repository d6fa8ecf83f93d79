// Every message the code uses exists in every shipped language with the same placeholders: the
// catalogues of the kernel and of every module, checked whole, and every `msg('<key>'` of the
// sources found in the catalogue of its own folder.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ALL_MODULES } from '../src/modules/index.ts';
import { SHIPPED_LANGUAGES } from '../src/core/messages/catalogue.ts';
import { gatherMessages } from '../src/core/messages/gather.ts';
import { parseTemplate } from '../src/core/messages/template.ts';

const ROOT = join(import.meta.dirname, '..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [path] : [];
  });
}

const messages = gatherMessages(ALL_MODULES);

describe('message catalogues', () => {
  it('have every key in every shipped language, each a template with the placeholders of the English', () => {
    assert.ok(messages.size > 100, `${messages.size} messages`);
    for (const [key, entry] of messages) {
      const english = parseTemplate(entry.templates.en);
      assert.ok(english.ok, key);
      for (const language of SHIPPED_LANGUAGES) {
        const text = entry.templates[language];
        assert.equal(typeof text, 'string', `${key} in ${language}`);
        assert.notEqual(text.trim(), '', `${key} in ${language} is empty`);
        assert.notEqual(text, key, `${key} in ${language} is its key`);
        const parsed = parseTemplate(text);
        assert.ok(parsed.ok, `${key} in ${language}: ${parsed.ok ? '' : parsed.problem}`);
        assert.deepEqual(parsed.value.placeholders, english.value.placeholders, `${key} in ${language}`);
      }
    }
  });

  it('hold every key the sources write, each in the catalogue of the folder that writes it', () => {
    const used: string[] = [];
    for (const file of sources(join(ROOT, 'src'))) {
      const text = readFileSync(file, 'utf8');
      const area = /src\/modules\/([^/]+)\//.exec(file)?.[1] ?? 'core';
      for (const m of text.matchAll(/\bmsg\(\s*'([^']+)'/g)) {
        const key = m[1]!;
        used.push(key);
        assert.ok(messages.has(key), `${relative(ROOT, file)} writes "${key}", which no catalogue has`);
        assert.ok(key.startsWith(`${area}.`), `${relative(ROOT, file)} writes "${key}", a message of another area`);
      }
    }
    assert.ok(used.length > 50, `${used.length} uses found`);
  });

  it('are declared by the module whose name their keys start with', () => {
    const declaring = ALL_MODULES.filter((m) => m.messages);
    assert.ok(declaring.length >= 4, declaring.map((m) => m.name).join(', '));
    for (const m of declaring) assert.equal(m.messages!.area, m.name);
  });
});
