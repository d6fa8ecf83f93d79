// Reading the JSON Schemas of the OpenAPI and AsyncAPI documents for people: a field list (dotted
// names, a short type, required or not, the description) and an example value. The reference page
// (./reference-html.ts) and the per-area pages (./api-pages.ts) both use it, so the two show the
// same fields and the same examples; a test validates every example against its route's schemas.

import { EXAMPLE_PLAYERS } from '../core/kernel/routes.ts';
import type { Json } from './json-schema.ts';

export interface Field {
  /** Dotted for nested fields (`location.x`), `[]` for the items of a list (`players[].uuid`). */
  name: string;
  type: string;
  required: boolean;
  description: string;
}

/** Follows a local `$ref` (`#/components/schemas/Money`) within the document. */
export function resolve(doc: Json, schema: Json): Json {
  const ref = schema.$ref;
  if (typeof ref !== 'string' || !ref.startsWith('#/')) return schema;
  let node: unknown = doc;
  for (const part of ref.slice(2).split('/')) node = (node as Json | undefined)?.[part.replaceAll('~1', '/').replaceAll('~0', '~')];
  return typeof node === 'object' && node !== null ? resolve(doc, node as Json) : {};
}

const variantsOf = (s: Json): Json[] | undefined => (Array.isArray(s.anyOf) ? s.anyOf : Array.isArray(s.oneOf) ? s.oneOf : undefined) as Json[] | undefined;

/** A short type for a person: `string (uuid)`, `integer 1 to 100`, `"a" | "b"`, `Money | null`. */
export function typeOf(doc: Json, schema: Json): string {
  const ref = schema.$ref;
  if (typeof ref === 'string') return ref.split('/').pop() ?? 'object';
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (Array.isArray(schema.enum)) return schema.enum.map((v) => JSON.stringify(v)).join(' | ');
  const variants = variantsOf(schema);
  if (variants) return variants.map((v) => typeOf(doc, v)).join(' | ');
  const type = schema.type;
  if (type === 'array') return `list of ${typeOf(doc, (schema.items as Json | undefined) ?? {})}`;
  if (type === 'integer' || type === 'number') {
    const { minimum: min, maximum: max } = schema;
    const range = min !== undefined && max !== undefined ? ` ${min} to ${max}` : min !== undefined ? ` ≥ ${min}` : max !== undefined ? ` ≤ ${max}` : '';
    return `${type}${range}`;
  }
  if (type === 'string') {
    if (schema['x-player-uuid'] === true || schema.format === 'uuid') return 'string (uuid)';
    if (typeof schema.format === 'string') return `string (${schema.format})`;
    const { minLength: min, maxLength: max } = schema;
    return min !== undefined && max !== undefined ? `string, ${min} to ${max} characters` : 'string';
  }
  return typeof type === 'string' ? type : 'any';
}

/** The fields of an object schema, nested objects and lists of objects flattened with dotted names. */
export function fieldsOf(doc: Json, schema: Json, prefix = '', depth = 0): Field[] {
  const s = resolve(doc, schema);
  const props = s.properties as Record<string, Json> | undefined;
  if (!props) return [];
  const required = new Set((s.required as string[] | undefined) ?? []);
  const out: Field[] = [];
  for (const [key, raw] of Object.entries(props)) {
    const name = prefix + key;
    const shown = resolve(doc, raw);
    const description = typeof raw.description === 'string' ? raw.description : typeof shown.description === 'string' ? shown.description : '';
    out.push({ name, type: typeOf(doc, raw), required: required.has(key), description });
    // Two levels down are enough to read an answer; deeper shapes are named by their type.
    if (depth >= 2) continue;
    const inner = shown.type === 'array' ? resolve(doc, (shown.items as Json | undefined) ?? {}) : shown;
    out.push(...fieldsOf(doc, inner, `${name}${shown.type === 'array' ? '[]' : ''}.`, depth + 1));
  }
  return out;
}

/** Steve's uuid: the player of the examples (docs/api/README.md). */
export const EXAMPLE_UUID = EXAMPLE_PLAYERS.steve.uuid;
const EXAMPLE_TIME = '2026-11-23T18:05:23.286Z';

/** Words a field's name suggests, tried in order against the field's pattern and length. */
const WORDS: Record<string, string[]> = {
  name: ['spawn'],
  body: ['See you at spawn at eight!'],
  line: ['Welcome to the server'],
  skin: ['Notch'],
  world: ['world'],
  symbol: ['$'],
  currency: ['coins'],
  reason: ['Griefing at spawn'],
  message: ['Welcome back!'],
  text: ['Welcome back!'],
  permission: ['core.home'],
  command: ['spawn'],
  label: ['base'],
  icon: ['minecraft:compass'],
  code: ['123456'],
  mode: ['moderator'],
  rank: ['member'],
  jail: ['cell'],
  group: ['default'],
  actor: ['core-rest/examples'],
  server: ['survival'],
  'transaction-id': ['2'],
  'display-name': ['Town Guide'],
  'shown-name': ['Town Guide'],
  description: ['By the river, open every day'],
  material: ['minecraft:diamond', 'diamond'],
  'texture-url': ['http://textures.minecraft.net/texture/1a2b3c4d'],
};

/** A field naming a player by name (player-name, owner-name, from-name …): the examples' player. */
const PLAYER_NAME = /^(player|owner|from|to|target|sender|partner|staff|voter|buyer|seller|by)-name$/;

// The last is a Discord account id (17 to 20 digits).
const FALLBACK_WORDS = ['spawn', 'Steve', 'example', 'a', '1', '123456789012345678'];

function stringExample(schema: Json, key: string): string {
  if (schema['x-player-uuid'] === true || schema.format === 'uuid' || /(^|-)(uuid|id)$/.test(key) && typeof schema.pattern === 'string' && new RegExp(schema.pattern).test(EXAMPLE_UUID)) return EXAMPLE_UUID;
  if (schema.format === 'date-time' || /(^|-)(at|since|until)$/.test(key)) return EXAMPLE_TIME;
  // A player's name (the pattern of the names accounts can have).
  if (schema.pattern === '^[A-Za-z0-9_]{1,16}$') return 'Steve';
  const lastWord = key.split('-').pop() ?? key;
  const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const max = typeof schema.maxLength === 'number' ? schema.maxLength : Infinity;
  const pattern = typeof schema.pattern === 'string' ? new RegExp(schema.pattern, 'u') : undefined;
  const suggested = WORDS[key] ?? (PLAYER_NAME.test(key) ? [EXAMPLE_PLAYERS.steve.name] : undefined) ?? WORDS[lastWord] ?? [];
  for (const word of [...suggested, ...FALLBACK_WORDS]) {
    if (word.length >= min && word.length <= max && (!pattern || pattern.test(word))) return word;
  }
  return 'x'.repeat(Math.max(min, 1));
}

function numberExample(schema: Json, key: string): number {
  const guesses: Record<string, number> = { amount: 25, x: 100.5, y: 64, z: -20.5, yaw: 90, pitch: 0, limit: 10, page: 1, count: 3, ping: 12, 'decimal-places': 2 };
  let n = guesses[key] ?? (key.endsWith('seconds') ? 3600 : 1);
  if (schema.type === 'integer') n = Math.round(n);
  if (typeof schema.minimum === 'number' && n < schema.minimum) n = schema.minimum;
  if (typeof schema.maximum === 'number' && n > schema.maximum) n = schema.maximum;
  if (typeof schema.exclusiveMinimum === 'number' && n <= schema.exclusiveMinimum) n = schema.exclusiveMinimum + 1;
  return n;
}

/**
 * An example value of a schema. `all` includes optional properties (an answer's shape); without it
 * an object holds its required properties, or all of them when none is required (a request body
 * worth sending).
 */
export function exampleOf(doc: Json, schema: Json, all: boolean, key = '', depth = 0): unknown {
  const s = resolve(doc, schema);
  if (s.const !== undefined) return s.const;
  if (Array.isArray(s.examples) && s.examples.length > 0) return s.examples[0];
  if (s.default !== undefined) return s.default;
  if (Array.isArray(s.enum) && s.enum.length > 0) return s.enum[0];
  const variants = variantsOf(s);
  if (variants) {
    const chosen = variants.find((v) => resolve(doc, v).type !== 'null') ?? variants[0] ?? {};
    return exampleOf(doc, chosen, all, key, depth);
  }
  switch (s.type) {
    case 'string':
      return stringExample(s, key);
    case 'integer':
    case 'number':
      return numberExample(s, key);
    case 'boolean':
      return true;
    case 'null':
      return null;
    case 'array': {
      const n = Math.max(typeof s.minItems === 'number' ? s.minItems : 1, 1);
      if (depth > 4) return [];
      const item = exampleOf(doc, (s.items as Json | undefined) ?? {}, all, key.replace(/s$/, ''), depth + 1);
      return Array.from({ length: n }, () => item);
    }
    case 'object': {
      const props = (s.properties as Record<string, Json> | undefined) ?? {};
      const required = new Set((s.required as string[] | undefined) ?? []);
      const keys = Object.keys(props).filter((k) => all || required.size === 0 || required.has(k));
      if (depth > 4) return {};
      return Object.fromEntries(keys.map((k) => [k, exampleOf(doc, props[k] ?? {}, all, k, depth + 1)]));
    }
    default:
      return null;
  }
}
