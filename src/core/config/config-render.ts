// The text a config file is written with on first start, made from its schema: the file's header
// comment, then each key under its `description` as a comment, with the value it is written with
// (its `examples[0]`, else its `default`; a key with neither is left out). Keys come first, each a
// paragraph of its own (a key without a description stays in the paragraph of the key before it),
// then the tables:
//   - a table (Object) as `[key]` with its keys under it, each under its own comment;
//   - a Record of tables as one `[key.<name>]` per entry its example holds, under the entry's
//     comment (`comments`); the keys' comments are written in the first entry only; the Record's
//     own description is a paragraph before them;
//   - a Record of values as `[key]` with `name = value` lines;
//   - a list of tables at the top level as one `[[key]]` per element.
// Text is written as TOML basic strings; a list is written on one line unless it is `multiline` or
// holds tables.

import { entrySchema, extraSchema, type SchemaNode } from './config-schema.ts';

export interface RenderOptions {
  header: string;
  /** Values written on first start instead of the schema's (a token drawn at random). */
  initial?: Readonly<Record<string, unknown>>;
  /** Appended to the comment of each key that applies at `core reload` (live), or of each that waits for a restart. */
  mark?: { live?: string; restart?: string };
  /** `compact`: no blank line between keys (modules.conf). */
  layout?: 'paragraphs' | 'compact';
}

const isPlain = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof Date);

/** A comment block: each line after `# ` (an empty line as a bare `#`). */
export function comment(text: string | undefined): string[] {
  if (text === undefined) return [];
  return text.split('\n').map((l) => (l === '' ? '#' : `# ${l}`));
}

const bareKey = (key: string): string => (/^[A-Za-z0-9_-]+$/.test(key) ? key : JSON.stringify(key));

/** A value as TOML, inline: strings as basic strings (JSON's escapes are TOML's), tables in braces. */
export function tomlValue(value: unknown, multiline = false): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    if (multiline || value.some(isPlain)) return `[\n${value.map((v) => `  ${tomlValue(v)},`).join('\n')}\n]`;
    return `[${value.map((v) => tomlValue(v)).join(', ')}]`;
  }
  if (isPlain(value)) {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    return entries.length === 0 ? '{}' : `{ ${entries.map(([k, v]) => `${bareKey(k)} = ${tomlValue(v)}`).join(', ')} }`;
  }
  throw new Error(`a config default cannot be written as TOML: ${String(value)}`);
}

/** What a key is written with on first start, or undefined (left out). */
const written = (s: SchemaNode): unknown => (s.examples !== undefined ? s.examples[0] : s.default);

/** Whether a key is written as a table (or tables) rather than a `key = value` line. */
function isTable(s: SchemaNode, topLevel: boolean): boolean {
  if (s.type === 'object') return true;
  return topLevel && s.type === 'array' && s.items?.type === 'object';
}

function describe(s: SchemaNode, o: RenderOptions): string | undefined {
  if (s.description === undefined) return undefined;
  const mark = s.restart ? o.mark?.restart : o.mark?.live;
  return mark === undefined ? s.description : `${s.description}${mark}`;
}

/** `key = value` under its comment (the comment left out when `withComment` is false). */
function setting(key: string, s: SchemaNode | undefined, value: unknown, o: RenderOptions, withComment = true): string[] {
  return [...(withComment && s ? comment(describe(s, o)) : []), `${bareKey(key)} = ${tomlValue(value, s?.multiline === true)}`];
}

/** The `key = value` lines of a table's body, in the order of `value`'s keys. */
function body(s: SchemaNode | undefined, value: Record<string, unknown>, o: RenderOptions, withComments: boolean): string[] {
  return Object.entries(value)
    .filter(([, v]) => v !== undefined)
    .flatMap(([k, v]) => setting(k, s?.properties?.[k] ?? entrySchema(s ?? {}) ?? extraSchema(s ?? {}), v, o, withComments));
}

/** The paragraphs of a top-level table key. */
function tables(key: string, s: SchemaNode, value: unknown, o: RenderOptions): string[][] {
  const entries = entrySchema(s);
  const paragraphs: string[][] = [];
  if (s.type === 'array') {
    if (s.description !== undefined) paragraphs.push(comment(s.description));
    for (const element of (value as unknown[] | undefined) ?? []) paragraphs.push([`[[${bareKey(key)}]]`, ...body(s.items, element as Record<string, unknown>, o, false)]);
    return paragraphs;
  }
  if (entries && entries.type === 'object') {
    if (s.description !== undefined) paragraphs.push(comment(s.description));
    Object.entries((value as Record<string, unknown> | undefined) ?? {}).forEach(([name, entry], i) => {
      paragraphs.push([...comment(s.comments?.[name]), `[${bareKey(key)}.${bareKey(name)}]`, ...body(entries, entry as Record<string, unknown>, o, i === 0)]);
    });
    return paragraphs;
  }
  // One table: its own keys (those it is written with), then its extra tables' description.
  const given = isPlain(value) ? value : {};
  const own: Record<string, unknown> = {};
  for (const [k, child] of Object.entries(s.properties ?? {})) own[k] = Object.hasOwn(given, k) ? given[k] : written(child);
  for (const [k, v] of Object.entries(given)) if (!Object.hasOwn(own, k)) own[k] = v;
  paragraphs.push([...comment(s.description), `[${bareKey(key)}]`, ...body(s, own, o, true)]);
  const extra = extraSchema(s);
  if (extra?.description !== undefined) paragraphs.push(comment(extra.description));
  return paragraphs;
}

/** The default text of a config file. */
export function renderConfig(schema: SchemaNode, o: RenderOptions): string {
  const values: string[][] = [];
  const tableParagraphs: string[][] = [];
  for (const [key, s] of Object.entries(schema.properties ?? {})) {
    const value = o.initial && Object.hasOwn(o.initial, key) ? o.initial[key] : written(s);
    if (isTable(s, true)) {
      tableParagraphs.push(...tables(key, s, value, o));
      continue;
    }
    if (value === undefined) continue;
    const lines = setting(key, s, value, o);
    const joins = o.layout === 'compact' || s.description === undefined;
    if (joins && values.length > 0) values.at(-1)!.push(...lines);
    else values.push(lines);
  }
  const paragraphs = [comment(o.header), ...values, ...tableParagraphs];
  return paragraphs.map((p) => p.join('\n')).join('\n\n') + '\n';
}
