// Validation of a request's path parameters, query and body against its row's TypeBox schemas.
// A value that fails is a 400 naming the field at fault; the HTTP layer (server.ts) answers it.

import type { TSchema } from '@sinclair/typebox';
import { TypeCompiler, type TypeCheck } from '@sinclair/typebox/compiler';
import { Value } from '@sinclair/typebox/value';
import { normalizeUuid } from '../core/uuid.ts';
import { isPlayerUuidSchema } from './route-table.ts';

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
}

export function compile(schema: TSchema | undefined): Validator | undefined {
  if (!schema) return undefined;
  const props = (schema as { properties?: Record<string, unknown> }).properties ?? {};
  return {
    check: TypeCompiler.Compile(schema),
    schema,
    uuidKeys: Object.keys(props).filter((k) => isPlayerUuidSchema(props[k])),
  };
}

/** `/location/x` → `location.x`; the root → the part's own name. */
function fieldOf(path: string, root: string): string {
  return path === '' ? root : path.slice(1).replaceAll('/', '.').replaceAll('~1', '/').replaceAll('~0', '~');
}

export function describe(field: string, message: string): string {
  return `${field}: ${message.charAt(0).toLowerCase()}${message.slice(1)}.`;
}

const INTEGER_TEXT = /^-?\d+$/;
const NUMBER_TEXT = /^-?\d+(\.\d+)?$/;

/**
 * Path and query values arrive as text. A value becomes a number only when its text is exactly a
 * decimal (an integer only without a fraction), and a boolean only from `true` or `false`; anything
 * else stays text and fails validation naming the field. (TypeBox's Value.Convert would truncate
 * "1.5" to 1 for an integer.)
 */
function convertText(schema: TSchema, data: Record<string, unknown>): Record<string, unknown> {
  const props = (schema as { properties?: Record<string, { type?: unknown }> }).properties ?? {};
  const out: Record<string, unknown> = { ...data };
  for (const [k, v] of Object.entries(out)) {
    if (typeof v !== 'string') continue;
    const type = props[k]?.type;
    if (type === 'integer' && INTEGER_TEXT.test(v)) out[k] = Number(v);
    else if (type === 'number' && NUMBER_TEXT.test(v)) out[k] = Number(v);
    else if (type === 'boolean' && (v === 'true' || v === 'false')) out[k] = v === 'true';
  }
  return out;
}

/** Validates (after conversion and defaults) and returns the value, or throws BadRequest. */
export function validate(v: Validator, data: unknown, part: 'params' | 'query' | 'body'): Record<string, unknown> {
  let value: unknown = data;
  if (part !== 'body') value = convertText(v.schema, { ...(data as Record<string, unknown>) });
  else if (value === undefined) value = {};
  value = Value.Default(v.schema, value);
  if (!v.check.Check(value)) {
    const e = v.check.Errors(value).First();
    const field = fieldOf(e?.path ?? '', part);
    throw new BadRequest(field, describe(field, e?.message ?? 'invalid value'));
  }
  const out = value as Record<string, unknown>;
  // The schema has checked the form: the normaliser always answers here.
  for (const k of v.uuidKeys) if (typeof out[k] === 'string') out[k] = normalizeUuid(out[k]) ?? out[k];
  return out;
}

export function isInvalidInput(e: unknown): e is Error & { field: string } {
  return e instanceof Error && (e.name === 'InvalidInput' || e instanceof BadRequest) && typeof (e as { field?: unknown }).field === 'string';
}


export function noExtra(data: Record<string, unknown> | undefined, part: string): Record<string, unknown> {
  const extra = data ? Object.keys(data)[0] : undefined;
  if (extra !== undefined) throw new BadRequest(extra, `${extra}: this route takes no ${part} parameters.`);
  return {};
}

export function noBody(data: unknown): Record<string, unknown> {
  if (data === undefined) return {};
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw new BadRequest('body', 'body: a body is a JSON object.');
  }
  return noExtra(data as Record<string, unknown>, 'body');
}
