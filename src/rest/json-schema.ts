// TypeBox schemas as the plain JSON Schema the OpenAPI and AsyncAPI documents hold.

import type { TSchema } from '@sinclair/typebox';

export type Json = Record<string, unknown>;

/** A TypeBox schema as plain JSON Schema, with `$id` schemas moved to `components/schemas`. */
export function schemaCollector(refBase: string) {
  const named: Record<string, Json> = {};
  function plain(schema: unknown): unknown {
    if (Array.isArray(schema)) return schema.map(plain);
    if (typeof schema !== 'object' || schema === null) return schema;
    const out: Json = {};
    for (const [k, v] of Object.entries(schema)) out[k] = plain(v);
    const id = out.$id;
    if (typeof id === 'string') {
      delete out.$id;
      const existing = named[id];
      if (existing !== undefined && JSON.stringify(existing) !== JSON.stringify(out)) {
        throw new Error(`two different schemas share the $id ${id}`);
      }
      named[id] = out;
      return { $ref: `${refBase}${id}` };
    }
    return out;
  }
  return {
    named,
    /** JSON.stringify drops TypeBox's symbol keys. */
    convert: (schema: TSchema): Json => plain(JSON.parse(JSON.stringify(schema))) as Json,
  };
}
