// Checks a parsed config file against its schema: the defaults filled in, the first value the
// schema refuses told as a key and a sentence (./config-messages.ts), then each Transform run
// (TypeBox's Value.Decode), whose ValueProblem is told the same way. Key paths are written as the
// file's messages write them: `kits.starter.items[2].count`, lists counted from 1.

import { Value } from '@sinclair/typebox/value';
import { TransformDecodeError } from '@sinclair/typebox/value';
import type { TSchema } from '@sinclair/typebox';
import { errorMessage, keywordOf } from './config-messages.ts';
import { node, ValueProblem, withDefaults, type MessageKeyword, type SchemaNode } from './config-schema.ts';

/** A key path: table keys and 0-based list indexes. */
export type KeyPath = ReadonlyArray<string | number>;

/** `['kits', 'starter', 'items', 1, 'count']` → `kits.starter.items[2].count`. */
export function pathText(path: KeyPath): string {
  return path.reduce<string>((text, part) => (typeof part === 'number' ? `${text}[${part + 1}]` : text === '' ? part : `${text}.${part}`), '');
}

/** `kits.starter.items[2].count` → `['kits', 'starter', 'items', 1, 'count']`. */
export function parsePath(text: string): (string | number)[] {
  const path: (string | number)[] = [];
  for (const part of text.split('.')) {
    const m = /^(.*?)((?:\[\d+\])*)$/.exec(part)!;
    if (m[1] !== '') path.push(m[1]!);
    for (const index of m[2]!.matchAll(/\[(\d+)\]/g)) path.push(Number(index[1]) - 1);
  }
  return path;
}

/** A JSON pointer of TypeBox's (`/kits/starter/items/1`) as a key path, read against the value it points into. */
function pathOf(pointer: string, value: unknown): (string | number)[] {
  const path: (string | number)[] = [];
  let at = value;
  for (const raw of pointer.split('/').slice(1)) {
    const key = raw.replaceAll('~1', '/').replaceAll('~0', '~');
    const index = Array.isArray(at) ? Number(key) : undefined;
    path.push(index ?? key);
    at = (at as Record<string, unknown> | undefined)?.[index ?? key];
  }
  return path;
}

/** How "is not a key of …" names the table at `path`: `this file`, its `title`, or its header. */
function tableName(s: SchemaNode, path: KeyPath): string {
  if (path.length === 0) return 'this file';
  if (s.title !== undefined) return s.title;
  return typeof path.at(-1) === 'number' ? `[[${pathText(path.slice(0, -1))}]]` : `[${pathText(path)}]`;
}

/** The settings, or the first problem: `keyword` is what the value failed (`additionalProperties`: an unknown key). */
export type Checked = { ok: true; value: unknown } | { ok: false; path: KeyPath; problem: string; keyword: MessageKeyword | undefined };

/** The settings of a parsed file (defaults filled, Transforms run), or its first problem. */
export function checkSettings(schema: TSchema, table: unknown): Checked {
  const value = withDefaults(node(schema), table);
  const error = Value.Errors(schema, value).First();
  if (error) {
    const path = pathOf(error.path, value);
    const s = node(error.schema);
    const table = tableName(s, path.slice(0, -1));
    return { ok: false, path, problem: errorMessage(error.type, s, error.value, table), keyword: keywordOf(error.type, s) };
  }
  try {
    return { ok: true, value: Value.Decode(schema, value) };
  } catch (e) {
    if (!(e instanceof TransformDecodeError) || !(e.error instanceof ValueProblem)) throw e;
    const path = pathOf(e.path, value);
    return { ok: false, path: e.error.at === undefined ? path : [...path, ...parsePath(e.error.at)], problem: e.error.message, keyword: undefined };
  }
}
