// The line of a config file that a key path is about, for the one-line message of a problem:
// `kits.vip.items[2].count` is the line of the second item of the list `items` in the table
// [kits.vip]; `rungs[3].name` the line of `name` under the third [[rungs]] header; a key the file
// does not set, the header of its table (or no line, at the top level).

import type { KeyPath } from './config-check.ts';

/** The parts of a dotted key as written (`a."b.c".d` → a, b.c, d). */
function dottedParts(text: string): string[] {
  const parts: string[] = [];
  for (const m of text.matchAll(/\s*(?:"((?:[^"\\]|\\.)*)"|'([^']*)'|([A-Za-z0-9_-]+))\s*(?:\.|$)/g)) parts.push(m[1] ?? m[2] ?? m[3]!);
  return parts;
}

interface Header {
  /** 0-based line. */
  line: number;
  /** The path it opens: an array of tables' element is counted (`[[rungs]]` the 2nd time: rungs, 1). */
  path: (string | number)[];
}

const HEADER = /^\s*(\[\[?)\s*([^\]]*?)\s*\]\]?\s*(?:#.*)?$/;
const SETTING = /^\s*((?:"(?:[^"\\]|\\.)*"|'[^']*'|[A-Za-z0-9_-]+)(?:\s*\.\s*(?:"(?:[^"\\]|\\.)*"|'[^']*'|[A-Za-z0-9_-]+))*)\s*=/;

function headersOf(lines: readonly string[]): Header[] {
  const headers: Header[] = [];
  const counts = new Map<string, number>();
  lines.forEach((text, line) => {
    const m = HEADER.exec(text);
    if (!m) return;
    const parts = dottedParts(m[2]!);
    if (m[1] === '[[') {
      const key = parts.join('\u0000');
      const n = counts.get(key) ?? 0;
      counts.set(key, n + 1);
      headers.push({ line, path: [...parts, n] });
    } else {
      headers.push({ line, path: parts });
    }
  });
  return headers;
}

const startsWith = (path: KeyPath, prefix: KeyPath): boolean => prefix.length <= path.length && prefix.every((p, i) => p === path[i]);

/**
 * The 0-based line where the `index`-th value of the list whose `=` is on line `from` starts. A
 * list all on one line answers that line.
 */
function elementLine(lines: readonly string[], from: number, index: number): number {
  let depth = 0;
  let seen = -1;
  let expecting = false;
  for (let l = from; l < lines.length; l++) {
    const text = lines[l]!;
    let i = l === from ? text.indexOf('=') + 1 : 0;
    for (; i < text.length; i++) {
      const c = text[i]!;
      if (c === '#') break;
      if (c === ' ' || c === '\t' || c === '\r') continue;
      if (depth === 1 && expecting && c !== ']' && c !== ',') {
        seen++;
        expecting = false;
        if (seen === index) return l;
      }
      if (c === '"' || c === "'") {
        const close = text.indexOf(c, i + 1);
        i = close < 0 ? text.length : close;
        continue;
      }
      if (c === '[' || c === '{') {
        depth++;
        if (depth === 1) expecting = true;
      } else if (c === ']' || c === '}') {
        depth--;
        if (depth === 0) return from;
      } else if (c === ',' && depth === 1) {
        expecting = true;
      }
    }
  }
  return from;
}

/** The 1-based line a key path is about, or undefined when the file does not show where it would go. */
export function lineOfPath(text: string, path: KeyPath): number | undefined {
  const lines = text.split(/\r?\n/);
  const headers = headersOf(lines);
  // The deepest table header the path is inside (or is).
  let table: Header | undefined;
  for (const h of headers) if (startsWith(path, h.path) && (!table || h.path.length > table.path.length)) table = h;
  if (table && table.path.length === path.length) return table.line + 1;
  const depth = table?.path.length ?? 0;
  const start = table ? table.line + 1 : 0;
  let end = headers.find((h) => h.line >= start)?.line ?? lines.length;
  if (end < start) end = lines.length;
  // A key set in that table, possibly dotted (`sidebar.title = …` at the top level).
  for (let l = start; l < end; l++) {
    const m = SETTING.exec(lines[l]!);
    if (!m) continue;
    const parts = dottedParts(m[1]!);
    if (!startsWith(path.slice(depth), parts)) continue;
    const rest = path.slice(depth + parts.length);
    return typeof rest[0] === 'number' ? elementLine(lines, l, rest[0]) + 1 : l + 1;
  }
  return table ? table.line + 1 : undefined;
}
