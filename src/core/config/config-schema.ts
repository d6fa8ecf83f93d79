// The schema of a config file is a TypeBox schema (src/core/config/config-define.ts): JSON Schema's own
// keywords say what a key holds (`type`, `minimum`, `maximum`, `pattern`, `maxItems`, …), what it is
// when the file leaves it out (`default`), what its comment in the written file says
// (`description`), and what the file is written with when that is not the default (`examples`).
// The few keywords a config file needs beyond JSON Schema are `ConfigKeywords`, below. This file
// holds them, the helpers schemas are written with, and what is done with a schema before any file
// is read: tables closed to unknown keys, defaults filled in, keys turned into field names.

import { Kind, TransformKind, Type, type SchemaOptions, type StaticDecode, type TLiteral, type TSchema, type TUnion } from '@sinclair/typebox';

/** The keywords a config schema may carry beyond JSON Schema's. */
export interface ConfigKeywords {
  /**
   * What to say when the value fails this schema, instead of the words made from its keywords: one
   * sentence for every failure, or one per keyword that failed (`type`, `minimum`, `maximum`,
   * `pattern`, `minLength`, `maxLength`, `minItems`, `maxItems`, `required` for a missing key,
   * `propertyNames` for a table key a Record's pattern refuses, `additionalProperties` for a key
   * the table does not have).
   */
  errorMessage?: string | Partial<Record<MessageKeyword, string>>;
  /** The unit of a number (`seconds`: "a whole number of seconds from 1 to 60") or of a list's values (`lines`). */
  unit?: string;
  /** What a table is called in "is not a key of …": `a kit`; by default its header, `[sidebar]`. */
  title?: string;
  /** A key whose change applies at the next start only; `core reload` reports it and keeps the value in force. */
  restart?: boolean;
  /** A list written one value a line (a list of tables always is). */
  multiline?: boolean;
  /** Of a Record: the comment above each of its entries written on first start, by the entry's key. */
  comments?: Readonly<Record<string, string>>;
}

export type MessageKeyword =
  | 'type'
  | 'minimum'
  | 'maximum'
  | 'pattern'
  | 'minLength'
  | 'maxLength'
  | 'minItems'
  | 'maxItems'
  | 'required'
  | 'propertyNames'
  | 'additionalProperties';

/** A schema node as config code reads it: JSON Schema's keywords and ConfigKeywords. */
export interface SchemaNode extends ConfigKeywords {
  [Kind]?: string;
  [TransformKind]?: { Decode(value: unknown): unknown };
  type?: string;
  description?: string;
  default?: unknown;
  examples?: readonly unknown[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  const?: unknown;
  anyOf?: SchemaNode[];
  items?: SchemaNode;
  properties?: Record<string, SchemaNode>;
  required?: string[];
  patternProperties?: Record<string, SchemaNode>;
  additionalProperties?: boolean | SchemaNode;
}

export const node = (schema: TSchema | SchemaNode): SchemaNode => schema as SchemaNode;

/** The lines of a comment or a description, as they are written: `lines('first', 'second')`. */
export function lines(...parts: string[]): string {
  return parts.join('\n');
}

/** One of a few words: `oneOf(['sequential', 'random'], { default: 'sequential' })`. */
export function oneOf<const V extends readonly string[]>(values: V, options: SchemaOptions & ConfigKeywords = {}): TUnion<TLiteral<V[number]>[]> {
  return Type.Union(
    values.map((v) => Type.Literal(v as V[number])),
    options,
  );
}

/**
 * Thrown by a schema's `Type.Transform(...).Decode`, or by a file's `check`, for a value its schema
 * lets through but that is wrong all the same (a material the game does not know): the message is
 * what is wrong, `at` the key below the one decoded that it is about (`enchantments.sharpness`).
 */
export class ValueProblem extends Error {
  readonly at: string | undefined;
  constructor(message: string, at?: string) {
    super(message);
    this.at = at;
  }
}

/** `max-loan` → `maxLoan`. */
export function camelKey(key: string): string {
  return key.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

type Camel<S extends string> = S extends `${infer Head}-${infer Tail}` ? `${Head}${Capitalize<Camel<Tail>>}` : S;

/** A file's settings as code reads them: each key of a table as a field (`max-loan` → `maxLoan`); the keys of a Record as written. */
export type Camelized<T> = T extends readonly (infer E)[]
  ? Camelized<E>[]
  : T extends Map<unknown, unknown> | Set<unknown> | Date | ((...args: never[]) => unknown)
    ? T
    : T extends object
      ? { [K in keyof T as K extends string ? Camel<K> : K]: Camelized<T[K]> }
      : T;

export type Settings<S extends TSchema> = Camelized<StaticDecode<S>>;

const isPlain = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof Date);
const isTransform = (s: SchemaNode): boolean => s[TransformKind] !== undefined;

/** The schema of a Record's entries (its one pattern's), or undefined for another schema. */
export function entrySchema(s: SchemaNode): SchemaNode | undefined {
  const patterns = s.patternProperties;
  return patterns ? Object.values(patterns)[0] : undefined;
}

/** The schema of the extra keys of a table that also has keys of its own (`[mobs]` and `[mobs.<world>]`). */
export function extraSchema(s: SchemaNode): SchemaNode | undefined {
  return typeof s.additionalProperties === 'object' ? s.additionalProperties : undefined;
}

/** Every table of a config file refuses keys its schema does not name: marks each Object and Record so. */
export function closeTables(s: SchemaNode): void {
  if (s.type === 'object' && s.additionalProperties === undefined) s.additionalProperties = false;
  for (const child of [...Object.values(s.properties ?? {}), ...Object.values(s.patternProperties ?? {}), extraSchema(s), s.items, ...(s.anyOf ?? [])]) {
    if (child) closeTables(child);
  }
}

/**
 * The value with the `default` of every key it leaves out, in tables, in the entries of Records
 * and in lists of tables (TypeBox's Value.Default leaves a Record's entries alone). Defaults are
 * copied, never shared with the schema.
 */
export function withDefaults(s: SchemaNode, value: unknown): unknown {
  const v = value === undefined && s.default !== undefined ? structuredClone(s.default) : value;
  if (Array.isArray(v) && s.items) return v.map((item) => withDefaults(s.items!, item));
  if (!isPlain(v)) return v;
  const out: Record<string, unknown> = { ...v };
  const known = s.properties ?? {};
  for (const [key, child] of Object.entries(known)) {
    const filled = withDefaults(child, out[key]);
    if (filled !== undefined) out[key] = filled;
  }
  const entries = entrySchema(s) ?? extraSchema(s);
  if (entries) for (const key of Object.keys(out)) if (!Object.hasOwn(known, key)) out[key] = withDefaults(entries, out[key]);
  return out;
}

/** The settings with each table key as a field name (Records' keys and what a Transform made are left as they are). */
export function camelize(s: SchemaNode, value: unknown): unknown {
  if (isTransform(s)) return value;
  if (Array.isArray(value) && s.items) return value.map((item) => camelize(s.items!, item));
  if (!isPlain(value)) return value;
  const known = s.properties ?? {};
  const entries = entrySchema(s) ?? extraSchema(s);
  return Object.fromEntries(
    Object.entries(value).map(([key, v]) => {
      const own = known[key];
      if (own) return [camelKey(key), camelize(own, v)];
      return [key, entries ? camelize(entries, v) : v];
    }),
  );
}
