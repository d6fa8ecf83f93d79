// The bad-input generator's body cases (./bad-input.ts): each field of a row's body schema, nested
// ones too, tried with every value worth trying, left out, and with unknown neighbours; a location
// with partial coordinates; and the body as a whole: not an object, not JSON, deep, oversized, not
// UTF-8, of another media type or content coding.

import type { TSchema } from '@sinclair/typebox';
import type { RouteDefinition } from '../../src/core/kernel/routes.ts';
import { BODY_LIMIT } from '../../src/rest/server.ts';
import type { FuzzCase } from './bad-input.ts';
import { bodyIsValid, isLocation, jsonText, MISSING, NOT_JSON, propsOf, requiredOf, validSample, valuesFor, type BodyValue, type SampleHints } from './bad-input.values.ts';

export const JSON_TYPE = 'application/json';

/** Each body field (nested ones too) tried with every value, left out, and with unknown neighbours. */
export function bodyFieldCases(schema: TSchema, base: Record<string, unknown>, hints: SampleHints, emit: (what: string, body: BodyValue) => void): void {
  const walk = (s: TSchema, at: string[], sample: Record<string, unknown>) => {
    const set = (path: string[], v: BodyValue): BodyValue => {
      const root = structuredClone(base);
      let o = root;
      for (const k of path.slice(0, -1)) o = (o[k] ??= {}) as Record<string, unknown>;
      o[path.at(-1)!] = v;
      return root;
    };
    const place = (v: BodyValue): BodyValue => (at.length === 0 ? v : set(at, v));
    const p = propsOf(s);
    for (const [k, sub] of Object.entries(p)) {
      const path = [...at, k];
      const name = path.join('.');
      for (const v of valuesFor(sub, hints)) emit(`body ${name} = ${jsonText(v).slice(0, 60)}`, set(path, v));
      if ((sub as { properties?: unknown }).properties) walk(sub, path, validSample(sub, hints, k) as Record<string, unknown>);
    }
    for (const k of requiredOf(s)) emit(`body ${[...at, k].join('.')} left out`, place({ ...sample, [k]: MISSING }));
    const known = Object.keys(p);
    for (const extra of ['fuzz', '__proto__', 'constructor', 'prototype', '', 'a'.repeat(300), ...known.map((k) => `${k}s`), ...known.map((k) => k.toUpperCase())]) {
      if (extra in p) continue;
      emit(`body ${[...at, extra.slice(0, 20)].join('.')} unknown`, place({ ...sample, [extra]: 1 }));
    }
    if (isLocation(s)) {
      for (const keep of [['x'], ['y'], ['z'], ['x', 'y'], ['x', 'z'], ['y', 'z'], []]) {
        const partial = { ...sample, x: MISSING, y: MISSING, z: MISSING } as Record<string, unknown>;
        for (const c of keep) partial[c] = sample[c];
        emit(`body ${at.join('.') || 'location'} with only ${keep.join(', ') || 'the world'}`, place(partial));
      }
      emit(`body ${at.join('.')} coordinates as text`, place({ ...sample, x: '1', y: '2', z: '3' }));
      emit(`body ${at.join('.')} without the world`, place({ ...sample, world: MISSING }));
    }
  };
  walk(schema, [], base);
}

/** The body as a whole: not an object, not JSON, deep, oversized, not UTF-8, another media type. */
export function wholeBodyCases(
  r: RouteDefinition,
  valid: Buffer,
  auth: Record<string, string>,
  add: (what: string, c: Partial<FuzzCase> & Pick<FuzzCase, 'expect' | 'group'>) => void,
): void {
  const send = (group: string, what: string, body: Buffer, contentType: string | null = JSON_TYPE, extra: Record<string, string> = {}) => {
    const headers: Record<string, string> = { ...auth, ...(contentType === null ? {} : { 'content-type': contentType }), ...extra };
    const essence = contentType?.split(';')[0]!.trim().toLowerCase();
    const coded = extra['content-encoding'] !== undefined && extra['content-encoding'] !== 'identity';
    const fine = essence === JSON_TYPE && !coded && body.length <= BODY_LIMIT && bodyIsValid(r.body, stripBom(body));
    const status = body.length > BODY_LIMIT ? 413 : 400;
    add(what, { group, headers, body, expect: fine ? 'maybe' : 'refused', ...(fine ? {} : { status }) });
  };
  for (const t of ['[]', '[{}]', '"fuzz"', '1', 'true', 'null', '""', '{"fuzz":1}', '{"__proto__":{"admin":true}}', '{"constructor":{"prototype":{"admin":true}}}', ...NOT_JSON]) {
    send('not JSON', `the body ${t.slice(0, 40)}`, Buffer.from(t));
  }
  send('not JSON', 'an empty body', Buffer.alloc(0));
  send('not JSON', 'a truncated body', valid.subarray(0, valid.length - 1));
  send('not JSON', 'a body with garbage after it', Buffer.concat([valid, Buffer.from('x')]));
  send('not JSON', 'a body after a byte-order mark', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), valid]));
  send('deep', 'deep arrays (10,000 levels)', Buffer.from('['.repeat(10_000) + ']'.repeat(10_000)));
  send('deep', 'deep objects (10,000 levels)', Buffer.from('{"a":'.repeat(10_000) + '1' + '}'.repeat(10_000)));
  send('deep', 'deep arrays (32,000 levels)', Buffer.from('['.repeat(32_000) + ']'.repeat(32_000)));
  const first = Object.keys(propsOf(r.body))[0];
  if (first) send('deep', `deep arrays in ${first}`, Buffer.from(`{"${first}":${'['.repeat(10_000)}${']'.repeat(10_000)}}`));
  const padded = (size: number) => {
    const head = valid.length > 2 ? `${valid.subarray(0, valid.length - 1).toString()},` : '{';
    return Buffer.from(`${head}"fuzz":"${'a'.repeat(Math.max(0, size - head.length - 10))}"}`);
  };
  send('size', 'a body of exactly the limit', padded(BODY_LIMIT));
  send('size', 'a body one byte over the limit', padded(BODY_LIMIT + 1));
  send('size', 'a body of 200 KiB', padded(200 * 1024));
  for (const ct of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/xml', 'application/jsonx', 'application/json-patch+json', 'text/json', 'application/*', '*/*', '']) {
    send('media type', `the body as ${ct || 'an empty media type'}`, valid, ct);
  }
  send('media type', 'a body without a media type', valid, null);
  send('media type', 'the media type in capitals', valid, 'APPLICATION/JSON');
  send('media type', 'a body in UTF-16', Buffer.from(valid.toString(), 'utf16le'), 'application/json; charset=utf-16');
  for (const coding of ['gzip', 'br', 'deflate', 'x-fuzz']) send('content coding', `a body labelled ${coding}`, valid, JSON_TYPE, { 'content-encoding': coding });
  // Bytes that are not UTF-8, inside a string of the body (in a new field when it has none).
  for (const [name, bytes] of [
    ['0xFF', [0xff]],
    ['an overlong slash', [0xc0, 0xaf]],
    ['an encoded surrogate', [0xed, 0xa0, 0x80]],
    ['a cut sequence', [0xc3]],
    ['Latin-1 é', [0xe9]],
  ] as [string, number[]][]) {
    const text = valid.toString();
    const at = text.indexOf('":"');
    const bad =
      at >= 0
        ? Buffer.concat([Buffer.from(text.slice(0, at + 3)), Buffer.from(bytes), Buffer.from(text.slice(at + 3))])
        : Buffer.concat([Buffer.from(text.length > 2 ? `${text.slice(0, -1)},"fuzz":"` : '{"fuzz":"'), Buffer.from(bytes), Buffer.from('"}')]);
    send('not UTF-8', `a string holding ${name}`, bad);
    send('not UTF-8', `a string holding ${name}, declared Latin-1`, bad, 'application/json; charset=latin1');
  }
}

function stripBom(b: Buffer): Buffer {
  return b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf ? b.subarray(3) : b;
}
