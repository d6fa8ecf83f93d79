// Validation of a request's path parameters, query and body against its row's TypeBox schemas.
// A value that fails is a 400 naming the field at fault; the HTTP layer (server.ts) answers it.

import type { TSchema } from '@sinclair/typebox';
import { TypeCompiler, type TypeCheck } from '@sinclair/typebox/compiler';
import { Value } from '@sinclair/typebox/value';
import { ValueErrorType, type ValueError } from '@sinclair/typebox/errors';
import { asSentence } from '../core/text/sentence.ts';
import { normalizeUuid } from '../core/players/uuid.ts';
import { isPlayerUuidSchema } from '../core/values/schemas.ts';
import { nearest } from '../core/text/nearest.ts';

/** A 400 raised while reading a request, naming the field at fault. */
export class BadRequest extends Error {
  readonly field: string;
  constructor(field: string, message: string) {
    super(message);
    this.field = field;
  }
}

export interface Validator {
  check: TypeCheck<TSchema>;
  schema: TSchema;
  /** Top-level properties holding a player uuid, normalised after the check. */
  uuidKeys: string[];
  /** Whether the schema holds a default anywhere (else filling defaults is skipped: it walks the schema). */
  hasDefaults: boolean;
  /** Whether a top-level property is a number or a boolean (else path and query text is taken as it is). */
  convertsText: boolean;
}

/** Whether any schema object under `node` has a `default` (a property named "default" counts too: harmless). */
function holdsDefault(node: unknown): boolean {
  if (typeof node !== 'object' || node === null) return false;
  if (Object.hasOwn(node, 'default')) return true;
  return Object.values(node).some(holdsDefault);
}

export function compile(schema: TSchema | undefined): Validator | undefined {
  if (!schema) return undefined;
  const props = (schema as { properties?: Record<string, { type?: unknown }> }).properties ?? {};
  return {
    check: TypeCompiler.Compile(schema),
    schema,
    uuidKeys: Object.keys(props).filter((k) => isPlayerUuidSchema(props[k])),
    hasDefaults: holdsDefault(schema),
    convertsText: Object.values(props).some((p) => p.type === 'integer' || p.type === 'number' || p.type === 'boolean'),
  };
}

/** `/location/x` → `location.x`; the root → the part's own name. */
function fieldOf(path: string, root: string): string {
  return path === '' ? root : path.slice(1).replaceAll('/', '.').replaceAll('~1', '/').replaceAll('~0', '~');
}

// Words that open a service's sentence and lose their capital after `field: `. Any other first word
// (a player's or a currency's name, a quoted value) keeps its case.
const SENTENCE_OPENER = /^(?:A|An|The|There|This|That|These|Those|It|Its|No|Only|Send|Give|Expected|Unexpected)\b/;

/** `field: sentence.`, the one form of every 400 message, ending in exactly one period. */
export function describe(field: string, message: string): string {
  const text = SENTENCE_OPENER.test(message) ? message.charAt(0).toLowerCase() + message.slice(1) : message;
  return asSentence(`${field}: ${text}`);
}

/** A name the schema does not hold: said first, with the names it does hold, so a typo is plain. */
function unexpected(field: string, name: string, known: readonly string[], part: 'params' | 'query' | 'body'): string {
  const what = part === 'query' ? 'query parameter' : 'property';
  const guess = nearest(name, known);
  const list = known.length > 0 ? `expected ${known.join(', ')}` : part === 'query' ? 'this route takes no query parameters' : 'this route takes no body';
  return asSentence(`${field}: unexpected ${what}${guess === undefined ? '' : ` (did you mean ${guess}?)`}; ${list}`);
}

const INTEGER_TEXT = /^-?\d+$/;
const NUMBER_TEXT = /^-?\d+(\.\d+)?$/;

/**
 * Path and query values arrive as text. A value becomes a number only when its text is exactly a
 * decimal (an integer only without a fraction), and a boolean only from `true` or `false`; anything
 * else stays text and fails validation naming the field. (TypeBox's Value.Convert would truncate
 * "1.5" to 1 for an integer.)
 */
function convertText(schema: TSchema, out: Record<string, unknown>): Record<string, unknown> {
  const props = (schema as { properties?: Record<string, { type?: unknown }> }).properties ?? {};
  for (const [k, v] of Object.entries(out)) {
    if (typeof v !== 'string') continue;
    const type = props[k]?.type;
    if (type === 'integer' && INTEGER_TEXT.test(v)) out[k] = Number(v);
    else if (type === 'number' && NUMBER_TEXT.test(v)) out[k] = Number(v);
    else if (type === 'boolean' && (v === 'true' || v === 'false')) out[k] = v === 'true';
  }
  return out;
}

/**
 * The 400 for a value that failed its check. An unknown name comes first: `{"ammount": 25}` is a
 * typo of `amount`, and answering "amount: expected required property" would hide it.
 */
function badRequest(v: Validator, value: unknown, part: 'params' | 'query' | 'body'): BadRequest {
  let first: ValueError | undefined;
  for (const e of v.check.Errors(value)) {
    first ??= e;
    if (e.type === ValueErrorType.ObjectAdditionalProperties) {
      const field = fieldOf(e.path, part);
      const name = fieldOf(e.path.slice(e.path.lastIndexOf('/')), part);
      const known = Object.keys((e.schema as { properties?: object }).properties ?? {});
      return new BadRequest(field, unexpected(field, name, known, part));
    }
  }
  const field = fieldOf(first?.path ?? '', part);
  return new BadRequest(field, describe(field, first?.message ?? 'invalid value'));
}

/** Validates (after conversion and defaults) and returns the value, or throws BadRequest. */
export function validate(v: Validator, data: unknown, part: 'params' | 'query' | 'body'): Record<string, unknown> {
  let value: unknown = data;
  if (part !== 'body') {
    // A copy: the uuid is normalised in place below, and Fastify's own object stays as it came.
    value = { ...(data as Record<string, unknown>) };
    if (v.convertsText) value = convertText(v.schema, value as Record<string, unknown>);
  } else if (value === undefined) value = {};
  if (v.hasDefaults) value = Value.Default(v.schema, value);
  if (!v.check.Check(value)) throw badRequest(v, value, part);
  const out = value as Record<string, unknown>;
  // The schema has checked the form: the normaliser always answers here.
  for (const k of v.uuidKeys) if (typeof out[k] === 'string') out[k] = normalizeUuid(out[k]) ?? out[k];
  return out;
}

export function isInvalidInput(e: unknown): e is Error & { field: string } {
  return e instanceof Error && (e.name === 'InvalidInput' || e instanceof BadRequest) && typeof (e as { field?: unknown }).field === 'string';
}


export function noExtra(data: Record<string, unknown> | undefined, part: 'query' | 'body'): Record<string, unknown> {
  const extra = data ? Object.keys(data)[0] : undefined;
  if (extra !== undefined) throw new BadRequest(extra, unexpected(extra, extra, [], part));
  return {};
}

export function noBody(data: unknown): Record<string, unknown> {
  if (data === undefined) return {};
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw new BadRequest('body', 'body: a body is a JSON object.');
  }
  return noExtra(data as Record<string, unknown>, 'body');
}
