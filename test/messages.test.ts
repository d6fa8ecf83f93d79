// Every message the code uses exists in every shipped language with the same placeholders: the
// catalogues of the kernel and of every module, checked whole, and every `msg('<key>'` of the
// sources found in the catalogue of its own folder. docs/messages.md lists every message (its list
// is rewritten with CORE_UPDATE_FIXTURES=1), and its example override file loads.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ALL_MODULES } from '../src/modules/index.ts';
import { SHIPPED_LANGUAGES } from '../src/core/messages/catalogue.ts';
import { gatherMessages } from '../src/core/messages/gather.ts';
import { parseTemplate } from '../src/core/messages/template.ts';
import { createMessages } from '../src/core/messages/messages.ts';
import { readOverrideFile } from '../src/core/messages/overrides.ts';
import type { Text } from '../src/platform/platform.ts';

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

const DOC = join(ROOT, 'docs', 'messages.md');

/** The list of docs/messages.md: a table per area of each key and its English text. */
function catalogueList(): string {
  const areas = new Map<string, string[]>();
  for (const [key, entry] of messages) {
    const area = key.slice(0, key.indexOf('.'));
    const cell = entry.templates.en.replaceAll('|', '\\|');
    areas.set(area, [...(areas.get(area) ?? []), `| \`${key}\` | \`${cell}\` |`]);
  }
  return [...areas].map(([area, rows]) => `### ${area}\n\n| Key | English |\n|---|---|\n${rows.join('\n')}\n`).join('\n');
}

const between = (text: string, name: string) => {
  const start = text.indexOf(`<!-- ${name}:start -->\n`);
  const end = text.indexOf(`<!-- ${name}:end -->`);
  assert.ok(start >= 0 && end > start, `docs/messages.md has no ${name} markers`);
  return { start: start + `<!-- ${name}:start -->\n`.length, end };
};

const plain = (t: Text): string => (typeof t === 'string' ? t : t.text + (t.extra ?? []).map(plain).join(''));

describe('docs/messages.md', () => {
  it('lists every message with its English text', () => {
    const text = readFileSync(DOC, 'utf8');
    const { start, end } = between(text, 'catalogue');
    const list = catalogueList();
    if (process.env.CORE_UPDATE_FIXTURES === '1' && text.slice(start, end) !== list) writeFileSync(DOC, text.slice(0, start) + list + text.slice(end));
    assert.equal(readFileSync(DOC, 'utf8').slice(start, start + list.length + 1), `${list}<`, 'the list is stale: CORE_UPDATE_FIXTURES=1 node --test test/messages.test.ts');
  });

  it('has an example override file that loads and writes what it says', () => {
    const text = readFileSync(DOC, 'utf8');
    const { start, end } = between(text, 'example');
    const toml = /```toml\n([\s\S]*?)```/.exec(text.slice(start, end))?.[1];
    assert.ok(toml, 'a toml block between the example markers');
    const overrides = readOverrideFile('data/core/messages/en.conf', toml, messages);
    assert.deepEqual([...overrides.keys()], ['kits.cooldown', 'economy.balance', 'economy.paid-you']);
    const ann = { uuid: 'ann', name: 'Ann', address: '127.0.0.1' };
    const written = createMessages({
      platform: { player: () => ann, onlinePlayers: () => [ann], sendMessage: () => true },
      entries: messages,
      overrides: () => new Map([['en', overrides]]),
      defaultLanguage: () => 'en',
    });
    const balance = written.render({ key: 'economy.balance', params: { amount: '$100.00' } }, 'ann');
    assert.equal(plain(balance), 'Wallet: $100.00 [top]');
    const top = (balance.extra as Array<Exclude<Text, string>>).at(-1)!;
    assert.deepEqual([top.clickEvent?.value, plain(top.hoverEvent!.contents)], ['/baltop', 'Shows the richest players']);
    assert.equal(plain(written.render({ key: 'kits.cooldown', params: { kit: 'Starter', wait: { seconds: 61 } } }, 'ann')), 'Not yet! You can claim Starter again in 1 min 1 s.');
  });
});
