// What is wrong with a value of a config file, in the words of the file's other messages: made
// from the keywords of the schema the value failed ("must be a whole number of seconds from 1 to
// 3600"), or the schema's own `errorMessage`. One wording per kind of value, for every file.

import { ValueErrorType } from '@sinclair/typebox/errors';
import type { MessageKeyword, SchemaNode } from './config-schema.ts';

/** The keyword of a TypeBox error: which part of the schema the value failed. */
export function keywordOf(type: ValueErrorType, s: SchemaNode): MessageKeyword {
  switch (type) {
    case ValueErrorType.IntegerMinimum:
    case ValueErrorType.IntegerExclusiveMinimum:
    case ValueErrorType.NumberMinimum:
    case ValueErrorType.NumberExclusiveMinimum:
      return 'minimum';
    case ValueErrorType.IntegerMaximum:
    case ValueErrorType.IntegerExclusiveMaximum:
    case ValueErrorType.NumberMaximum:
    case ValueErrorType.NumberExclusiveMaximum:
      return 'maximum';
    case ValueErrorType.StringPattern:
    case ValueErrorType.StringFormat:
      return 'pattern';
    case ValueErrorType.StringMinLength:
      return 'minLength';
    case ValueErrorType.StringMaxLength:
      return 'maxLength';
    case ValueErrorType.ArrayMinItems:
      return 'minItems';
    case ValueErrorType.ArrayMaxItems:
      return 'maxItems';
    case ValueErrorType.ObjectRequiredProperty:
      return 'required';
    case ValueErrorType.ObjectAdditionalProperties:
      return s.patternProperties ? 'propertyNames' : 'additionalProperties';
    default:
      return 'type';
  }
}

const quoted = (v: unknown): string => JSON.stringify(v);

/** The choices of a union of literals (`oneOf`), or undefined for another union. */
function choices(s: SchemaNode): unknown[] | undefined {
  if (!s.anyOf || !s.anyOf.every((o) => 'const' in o)) return undefined;
  return s.anyOf.map((o) => o.const);
}

/** "from 1 to 60", "of at least 0", "" for a number schema's bounds. */
function range(s: SchemaNode): string {
  const min = s.minimum ?? (s.exclusiveMinimum === undefined ? undefined : `more than ${s.exclusiveMinimum}`);
  const max = s.maximum ?? (s.exclusiveMaximum === undefined ? undefined : `less than ${s.exclusiveMaximum}`);
  if (typeof min === 'number' && typeof max === 'number') return ` from ${min} to ${max}`;
  if (min !== undefined && max !== undefined) return ` ${typeof min === 'number' ? `of at least ${min}` : min} and ${typeof max === 'number' ? `at most ${max}` : max}`;
  if (min !== undefined) return typeof min === 'number' ? ` of at least ${min}` : ` ${min}`;
  if (max !== undefined) return typeof max === 'number' ? ` of at most ${max}` : ` ${max}`;
  return '';
}

/** The words made from the schema's keywords, for a value that failed `keyword`. */
function generic(s: SchemaNode, keyword: MessageKeyword, value: unknown): string {
  const unit = s.unit === undefined ? '' : ` of ${s.unit}`;
  const options = choices(s);
  if (options) return options.length === 2 ? `must be ${quoted(options[0])} or ${quoted(options[1])}` : `must be one of ${options.map(quoted).join(', ')}`;
  if ('const' in s) return `must be ${quoted(s.const)}`;
  switch (s.type) {
    case 'boolean':
      return 'must be true or false';
    case 'integer':
      return `must be a whole number${unit}${range(s)}`;
    case 'number':
      return `must be a number${unit}${range(s)}`;
    case 'string':
      if (keyword === 'maxLength') return `must be at most ${s.maxLength} characters`;
      if (keyword === 'minLength') return s.minLength === 1 ? 'must not be empty' : `must be at least ${s.minLength} characters`;
      if (keyword === 'pattern') return `must match ${s.pattern}`;
      return 'must be a text in quotes';
    case 'array': {
      const what = s.unit ?? 'values';
      if (keyword === 'maxItems') return `holds at most ${s.maxItems} ${what}, not ${Array.isArray(value) ? value.length : '?'}`;
      if (keyword === 'minItems') return `must hold at least ${s.minItems} ${what}`;
      return 'must be a list';
    }
    case 'object':
      return 'must be a table';
    default:
      return 'has a value of the wrong kind';
  }
}

/** The sentence for a value that failed the schema `s` at `keyword`. */
export function valueMessage(s: SchemaNode, keyword: MessageKeyword, value: unknown): string {
  const own = s.errorMessage;
  if (typeof own === 'string') return keyword === 'required' ? `is missing: it ${own}` : own;
  const specific = own?.[keyword];
  if (specific !== undefined) return specific;
  if (keyword === 'required') {
    const what = own?.type ?? generic(s, 'type', value);
    return `is missing: it ${what}`;
  }
  return own?.type !== undefined && keyword === 'type' ? own.type : generic(s, keyword, value);
}

/** The sentence for a TypeBox error: `s` is the schema the error names, `table` the name of the table a key is unknown to. */
export function errorMessage(type: ValueErrorType, s: SchemaNode, value: unknown, table: string): string {
  const keyword = keywordOf(type, s);
  if (keyword === 'additionalProperties') {
    const own = typeof s.errorMessage === 'object' ? s.errorMessage.additionalProperties : undefined;
    if (own !== undefined) return own;
    return table === 'this file' ? 'is not a key of this file' : `is not a key of ${table} (${Object.keys(s.properties ?? {}).join(', ')})`;
  }
  return valueMessage(s, keyword, value);
}
