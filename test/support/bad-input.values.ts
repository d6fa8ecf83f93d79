// The values the bad-input generator (./bad-input.ts) derives from one TypeBox schema of a route: a
// valid sample to start from, and the values worth trying in its place: wrong types, numbers out of
// range, huge, negative, fractional and written as exponents, NaN-like text, invalid uuids, strings
// that break the pattern or the length, and those that keep to the schema but are odd (a uuid
// nobody has, NaN as a free text). Which of them the schema refuses is the schema's to say: see
// `bodyIsValid` and `textIsValid`, the generator's oracle, which never asks the server.

import { isUtf8 } from 'node:buffer';
import { Kind, type TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { isPlayerUuidSchema } from '../../src/core/values/schemas.ts';

/** Text written into a JSON body as it is: a number JSON.stringify cannot write (`1e400`, `-0`) or one JSON does not allow (`NaN`, `01`). */
export class RawJson {
  readonly text: string;
  constructor(text: string) {
    this.text = text;
  }
}

/** In a mutation: the field is left out. */
export const MISSING: unique symbol = Symbol('missing');
export type BodyValue = unknown | RawJson | typeof MISSING;

/** The real names a valid request holds, so that an odd value in one field goes as deep as it can. */
export interface SampleHints {
  /** The uuid of a player who is online. */
  player: string;
  world: string;
  currency: string;
}

interface Schema {
  [Kind]?: string;
  type?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  anyOf?: Schema[];
  const?: unknown;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
}

const kindOf = (s: TSchema | Schema): string => (s as Schema)[Kind] ?? '';

/** The properties of an object schema (none for undefined). */
export function propsOf(schema: TSchema | undefined): Record<string, TSchema> {
  return ((schema as Schema | undefined)?.properties ?? {}) as Record<string, TSchema>;
}

/** The required property names of an object schema. */
export function requiredOf(schema: TSchema | undefined): string[] {
  return (schema as Schema | undefined)?.required ?? [];
}
const fits = (s: TSchema | Schema, v: unknown): boolean => Value.Check(s as TSchema, v);

/** A value the schema allows, the plainest one, named after the real thing where the field says what it is. */
export function validSample(schema: TSchema | Schema, hints: SampleHints, name = ''): unknown {
  const s = schema as Schema;
  switch (kindOf(s)) {
    case 'Object': {
      const out: Record<string, unknown> = {};
      for (const key of s.required ?? []) out[key] = validSample(s.properties![key]!, hints, key);
      return out;
    }
    case 'String': {
      const pad = 'a'.repeat(Math.max(1, s.minLength ?? 1));
      const named = isPlayerUuidSchema(s) ? [hints.player] : name === 'world' || name === 'name' ? [hints.world] : name === 'currency' ? [hints.currency] : [];
      const candidates = [...named, 'fuzz', 'fuzz_1', 'fuzz-1', pad, '1', new Date(0).toISOString()];
      const found = candidates.find((c) => fits(s, c));
      if (found === undefined) throw new Error(`no sample string fits ${JSON.stringify(s)} (${name}): add one to validSample`);
      return found;
    }
    case 'Integer':
    case 'Number': {
      const found = [1, s.minimum, s.maximum, 0].find((c) => c !== undefined && fits(s, c));
      if (found === undefined) throw new Error(`no sample number fits ${JSON.stringify(s)} (${name})`);
      return found;
    }
    case 'Boolean':
      return false;
    case 'Null':
      return null;
    case 'Literal':
      return s.const;
    case 'Union': {
      const members = s.anyOf ?? [];
      const first = members.find((m) => kindOf(m) !== 'Null') ?? members[0]!;
      return validSample(first, hints, name);
    }
    default:
      throw new Error(`the generator knows no ${kindOf(s) || JSON.stringify(s)} schema (${name}): teach validSample and valuesFor`);
  }
}

const NAN_LIKE = ['NaN', 'nan', 'Infinity', '-Infinity', 'inf', 'null', 'undefined', 'true', '-0', '1e309', '0x1F', '1_000', ''];

/** Invalid uuids and uuid-shaped garbage, around a real one. */
export function badUuidTexts(real: string): string[] {
  const hex = real.replaceAll('-', '');
  return [
    'fuzz',
    '0',
    real.slice(0, -1),
    `${real}0`,
    `${real.slice(0, -1)}g`,
    `{${real}}`,
    `urn:uuid:${real}`,
    ` ${real}`,
    `${real} `,
    `${real}\n`,
    `${real}\u0000`,
    real.replaceAll('-', '_'),
    `${hex.slice(0, 8)}-${hex.slice(8)}`,
    `${hex.slice(0, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}--`,
    'zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz',
    '00000000-0000-0000-0000-00000000000',
    '０００００００００００００００００００００００００００００００００',
    `${hex}${hex}`,
    real.repeat(30),
    '../' + real,
  ];
}

/** Odd uuids the pattern allows: nobody has them, or they spell a real one another way. */
export function oddUuidTexts(real: string): string[] {
  return [
    '00000000-0000-0000-0000-000000000000',
    'ffffffff-ffff-ffff-ffff-ffffffffffff',
    '123e4567-e89b-12d3-a456-426614174000',
    real.toUpperCase(),
    real.replaceAll('-', ''),
  ];
}

/** Strings a string field is tried with: against its length, its pattern, and free text that is odd. */
function stringValues(s: Schema): string[] {
  const long = s.maxLength === undefined ? [] : ['a'.repeat(s.maxLength), 'a'.repeat(s.maxLength + 1)];
  return [
    ...NAN_LIKE,
    ' ',
    ' fuzz',
    'fuzz ',
    'a b',
    '..',
    '../../etc/passwd',
    'a/b',
    '<b>bold</b>',
    '§c§lred',
    '&c',
    '%s%n',
    '{player}',
    "'; DROP TABLE core_players; --",
    '${jndi:ldap://x}',
    'é',
    '🙂',
    'e\u0301',
    '\u202Eevil',
    '\u0000',
    'a\u0000b',
    '\n',
    'a\r\nb',
    '\t',
    '\ud800',
    'x'.repeat(5000),
    ...long,
  ];
}

/** Numbers a numeric field is tried with, JSON numbers and raw JSON text. */
function numberValues(s: Schema): unknown[] {
  const bounds: number[] = [];
  for (const b of [s.minimum, s.maximum]) if (b !== undefined) bounds.push(b - 1, b + 1, b - 0.5, b + 0.5, b);
  return [
    ...bounds,
    0,
    -1,
    0.5,
    1.5,
    -1.5,
    0.1 + 0.2,
    1e-7,
    123456789.123456789,
    2 ** 31,
    2 ** 53,
    2 ** 53 + 2,
    -(2 ** 53),
    1e21,
    Number.MAX_VALUE,
    -Number.MAX_VALUE,
    Number.MIN_VALUE,
    ...['1e400', '-1e400', '-0', '1E2', '1e+2', '1.0', '100.000', '1e-400'].map((t) => new RawJson(t)),
    ...NAN_LIKE,
    '1',
    '1.5',
  ];
}

const WRONG_TYPES: unknown[] = [null, true, false, 0, 1, -1, 1.5, 'fuzz', '', [], [1], ['fuzz'], {}, { a: 1 }];

/** JSON text that does not parse (JSON.parse refuses every one). */
export const NOT_JSON = ['NaN', 'Infinity', '-Infinity', 'undefined', '01', '.5', '5.', '+1', '0x10', '1_0', '1e', '-', '--1', "'a'", 'tru', 'nul', '[1,]', '{"a":1,}', '{a:1}', '"\\x41"', '"a\tb"', '"\\ud83d', '/*x*/1', '1 2'];

/** Every value worth trying in a body field of this schema (the oracle sorts refused from allowed). */
export function valuesFor(schema: TSchema | Schema, hints: SampleHints): BodyValue[] {
  const s = schema as Schema;
  const out: BodyValue[] = [...WRONG_TYPES];
  switch (kindOf(s)) {
    case 'String':
      out.push(...stringValues(s));
      if (isPlayerUuidSchema(s)) out.push(...badUuidTexts(hints.player), ...oddUuidTexts(hints.player));
      break;
    case 'Integer':
    case 'Number':
      out.push(...numberValues(s));
      out.push(...NOT_JSON.slice(0, 14).map((t) => new RawJson(t)));
      break;
    case 'Boolean':
      out.push('true', 'false', 'yes', 'TRUE', new RawJson('True'), new RawJson('1'));
      break;
    case 'Literal':
      out.push(`${String(s.const)}x`, String(s.const).toUpperCase(), ` ${String(s.const)}`);
      break;
    case 'Union':
      for (const m of s.anyOf ?? []) if (kindOf(m) !== 'Null' && kindOf(m) !== 'Object') out.push(...valuesFor(m, hints));
      break;
  }
  return [...new Set(out)];
}

/** Every text worth trying in a path or query parameter of this schema. */
export function textsFor(schema: TSchema | Schema, hints: SampleHints): string[] {
  const s = schema as Schema;
  // A lone surrogate has no UTF-8: in a URL it can only be the bytes of one (%ED%A0%80), which are not UTF-8.
  const out: string[] = [...NAN_LIKE, 'fuzz', ' ', '%', '%ZZ', '%C3%28', '%ED%A0%80', 'a%2Fb', '..', '.', '\u0000', 'é', '🙂', 'a'.repeat(2000)];
  switch (kindOf(s)) {
    case 'String':
      if (isPlayerUuidSchema(s)) out.push(...badUuidTexts(hints.player), ...oddUuidTexts(hints.player));
      else out.push(...stringValues(s).filter((v) => v.length < 6000));
      break;
    case 'Integer':
    case 'Number': {
      const n = numberValues(s).filter((v) => typeof v === 'number') as number[];
      out.push(...n.map((v) => String(v)), '1.', '.5', '+1', ' 1', '1 ', '٣', '１', '9'.repeat(30), '1e3', '0x10', '-0', '00', '1,2');
      break;
    }
    case 'Boolean':
      out.push('1', '0', 'yes', 'TRUE', 'True', 'on', 'true ', 'false\u0000');
      break;
    case 'Literal':
      out.push(`${String(s.const)}x`, String(s.const).toUpperCase());
      break;
    case 'Union':
      for (const m of s.anyOf ?? []) if (kindOf(m) !== 'Null') out.push(...textsFor(m, hints));
      break;
  }
  return [...new Set(out)].filter((t) => t.isWellFormed());
}

/** Whether an object schema holds a location: world with x, y and z. */
export function isLocation(schema: TSchema | Schema): boolean {
  const p = (schema as Schema).properties;
  return kindOf(schema) === 'Object' && p !== undefined && ['x', 'y', 'z'].every((k) => k in p);
}

/** JSON text of a value that may hold raw numbers; MISSING properties are left out. */
export function jsonText(v: BodyValue): string {
  if (v instanceof RawJson) return v.text;
  if (Array.isArray(v)) return `[${v.map(jsonText).join(',')}]`;
  if (typeof v === 'object' && v !== null) {
    const parts = Object.entries(v as Record<string, BodyValue>)
      .filter(([, x]) => x !== MISSING)
      .map(([k, x]) => `${JSON.stringify(k)}:${jsonText(x)}`);
    return `{${parts.join(',')}}`;
  }
  return JSON.stringify(v) ?? 'null';
}

// ---- The oracle: what the schema allows, asked without the server -----------------------------

const PROTO_KEYS = /"(?:__proto__|constructor)"\s*:/;
const NOT_PARSED = Symbol('not JSON');
/** Long texts recur on every row (the deep ones, the big ones): each is parsed once. Values are only read. */
const parsedLong = new Map<string, unknown>();

function parse(text: string): unknown {
  const known = parsedLong.get(text);
  if (known !== undefined) return known;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = NOT_PARSED;
  }
  if (text.length > 1000) parsedLong.set(text, parsed);
  return parsed;
}

/**
 * Whether a JSON body is one the route's schema allows: it parses, holds no prototype key (refused
 * as poisoning), is valid UTF-8, and fits the schema once its defaults are filled in.
 */
export function bodyIsValid(schema: TSchema | undefined, bytes: Buffer): boolean {
  if (!isUtf8(bytes)) return false;
  const text = bytes.toString('utf8');
  if (PROTO_KEYS.test(text)) return false;
  const parsed = parse(text);
  if (parsed === NOT_PARSED) return false;
  if (schema === undefined) return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) && Object.keys(parsed).length === 0;
  return fitsWithDefaults(schema, parsed);
}

/**
 * Whether the value fits once the schema's defaults are filled in. Filling them copies the value
 * recursively, which a value nested thousands deep overflows: no schema of the table holds arrays or
 * open objects, so such a value fits none.
 */
function fitsWithDefaults(schema: TSchema, value: unknown): boolean {
  if (fits(schema, value)) return true;
  try {
    return fits(schema, Value.Default(schema, value));
  } catch (e) {
    if (e instanceof RangeError) return false;
    throw e;
  }
}

const INTEGER_TEXT = /^-?\d+$/;
const NUMBER_TEXT = /^-?\d+(\.\d+)?$/;

/**
 * Whether path parameters or a query (as the decoded texts the server receives) fit the schema. A
 * text is a number only when it is exactly a decimal, and a boolean only as `true` or `false`
 * (docs/remote-access.md, "Validation").
 */
export function textIsValid(schema: TSchema | undefined, texts: Record<string, string | string[]>): boolean {
  if (schema === undefined) return Object.keys(texts).length === 0;
  const props = (schema as Schema).properties ?? {};
  const value: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(texts)) {
    const type = props[k]?.type;
    if (typeof v !== 'string') value[k] = v;
    else if (type === 'integer' && INTEGER_TEXT.test(v)) value[k] = Number(v);
    else if (type === 'number' && NUMBER_TEXT.test(v)) value[k] = Number(v);
    else if (type === 'boolean' && (v === 'true' || v === 'false')) value[k] = v === 'true';
    else value[k] = v;
  }
  return fitsWithDefaults(schema, value);
}
