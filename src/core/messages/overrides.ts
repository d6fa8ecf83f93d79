// The operator's own words: data/core/messages/<language>.conf, one TOML file per language, each line
// a message key and its text (`kits.cooldown = "&cYou can claim {kit} again in {wait}."`, or the
// key's last part under a `[kits]` table). A file replaces the messages it names, in its language;
// every other message stays as shipped. Nothing is written on first start: the folder is the
// operator's (docs/messages.md).
//
// A file is checked whole, at start and at `core reload`: a key no catalogue has, text that is not a
// template (a tag left open, a stray brace), a placeholder the message does not have or one it
// needs that is missing stops the start in one line naming the file, the line and the key, and
// keeps the old messages at a reload.

import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError } from '../config/config-define.ts';
import { parseConfigText } from '../config/config-file.ts';
import { lineOfPath } from '../config/config-lines.ts';
import type { ReloadableConfig } from '../config/config-reload.ts';
import { nearest } from '../text/nearest.ts';
import type { CatalogueEntry } from './catalogue.ts';
import { parseTemplate, type ParsedTemplate } from './template.ts';

/** The folder of the override files, in the plugin's config folder. */
export const MESSAGES_FOLDER = 'messages';

/** A language as a file names it: two or three lower-case letters (`de.conf`). */
export const LANGUAGE_CODE = /^[a-z]{2,3}$/;

export interface Override {
  text: string;
  template: ParsedTemplate;
}

/** The overrides in force: by language, by key. */
export type Overrides = ReadonlyMap<string, ReadonlyMap<string, Override>>;

const quoted = (list: readonly string[]) => list.map((p) => `{${p}}`).join(', ');

/** Every key of a table with its path as written, a message's text at each leaf. */
function* leaves(table: Record<string, unknown>, path: string[] = []): Generator<{ path: string[]; value: unknown }> {
  for (const [k, v] of Object.entries(table)) {
    if (v !== null && typeof v === 'object' && !Array.isArray(v) && !(v instanceof Date)) yield* leaves(v as Record<string, unknown>, [...path, k]);
    else yield { path: [...path, k], value: v };
  }
}

/** One override file, checked against the catalogues' entries; a problem throws a ConfigError. */
export function readOverrideFile(path: string, text: string, entries: ReadonlyMap<string, CatalogueEntry>): Map<string, Override> {
  const parsed = parseConfigText(path, text);
  if (!parsed.ok) throw new ConfigError(path, parsed.line, parsed.key, parsed.problem);
  const found = new Map<string, Override>();
  for (const { path: keyPath, value } of leaves(parsed.table)) {
    const key = keyPath.join('.');
    const problem = (sentence: string): never => {
      throw new ConfigError(path, lineOfPath(text, keyPath), key, sentence);
    };
    const entry = entries.get(key);
    if (!entry) {
      const guess = nearest(key, [...entries.keys()]);
      problem(`there is no message with this key${guess === undefined ? '' : ` (did you mean ${guess}?)`}; docs/messages.md lists them`);
    }
    if (typeof value !== 'string') problem('a message is text in double quotes');
    const template = parseTemplate(value as string);
    if (!template.ok) return problem(template.problem);
    const have = template.value.placeholders;
    const extra = have.filter((p) => !entry!.placeholders.includes(p));
    if (extra.length) problem(`this message has no placeholder ${quoted(extra)}; it has ${entry!.placeholders.length ? quoted(entry!.placeholders) : 'none'}`);
    const missing = entry!.placeholders.filter((p) => !have.includes(p));
    if (missing.length) problem(`the text leaves out ${quoted(missing)}, which the message needs`);
    found.set(key, { text: value as string, template: template.value });
  }
  return found;
}

/** Every override file of the folder (none when it is absent); the first problem throws a ConfigError. */
export function readOverrides(folder: string, entries: ReadonlyMap<string, CatalogueEntry>): Overrides {
  const overrides = new Map<string, Map<string, Override>>();
  if (!existsSync(folder)) return overrides;
  if (!statSync(folder).isDirectory()) throw new ConfigError(folder, undefined, undefined, 'is a file: it must be a folder of <language>.conf files');
  for (const name of readdirSync(folder).sort()) {
    if (!name.endsWith('.conf')) continue;
    const path = join(folder, name);
    const language = name.slice(0, -'.conf'.length);
    if (!LANGUAGE_CODE.test(language)) throw new ConfigError(path, undefined, undefined, 'name a messages file by its language in two or three lower-case letters, such as de.conf');
    let text: string;
    try {
      text = readFileSync(path, 'utf8');
    } catch (e) {
      throw new ConfigError(path, undefined, undefined, `cannot be read: ${(e as NodeJS.ErrnoException).code ?? String(e)}`);
    }
    overrides.set(language, readOverrideFile(path, text, entries));
  }
  return overrides;
}

/** The folder for `core reload`: all files apply together, or none does. Keys are `<language>.<key>`. */
export function overridesReloadable(configDir: string, entries: () => ReadonlyMap<string, CatalogueEntry>): ReloadableConfig<Overrides> {
  const folder = join(configDir, MESSAGES_FOLDER);
  return {
    path: folder,
    read: () => readOverrides(folder, entries()),
    keys: (o) => new Map([...o].flatMap(([language, byKey]) => [...byKey].map(([key, v]) => [`${language}.${key}`, v.text] as const))),
  };
}
