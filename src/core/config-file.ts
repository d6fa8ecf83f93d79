// Config files of the plugin and its add-on: TOML, `key = value` lines each after a comment that
// explains it. Written with the defaults on first start, never overwritten afterwards. A problem is
// reported as one sentence naming the file, the line and the key.

import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { parse, TomlError } from 'smol-toml';

export type ConfigTable = Record<string, unknown>;

export type ConfigRead =
  | { ok: true; table: ConfigTable; text: string; created: boolean }
  /** Not TOML: `problem` is the parser's sentence, `line` where it stopped. */
  | { ok: false; message: string; problem: string; line: number; text: string; created: boolean };

/** Reads a TOML config file, writing `defaultText` first (and its folder) when the file is absent. */
export function readConfigFile(path: string, defaultText: string): ConfigRead {
  let created = false;
  if (!existsSync(path)) {
    mkdirSync(dirname(path), { recursive: true });
    // 'wx' never replaces a file that appeared in the meantime.
    writeFileSync(path, defaultText, { encoding: 'utf8', flag: 'wx' });
    created = true;
  }
  const text = readFileSync(path, 'utf8');
  try {
    return { ok: true, table: parse(text) as ConfigTable, text, created };
  } catch (e) {
    const problem = e instanceof Error ? (e.message.split('\n')[0] ?? e.message) : String(e);
    const line = e instanceof TomlError ? e.line : 0;
    return { ok: false, message: `${path} line ${line}: ${problem}`, problem, line, text, created };
  }
}

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&');

/** The 0-based line of the header `[a.b]` (or `[[a.b]]`) of a dotted table path, or -1. */
function headerOf(lines: readonly string[], parts: readonly string[]): number {
  const path = parts.map((p) => `["']?${escape(p)}["']?`).join('\\s*\\.\\s*');
  const re = new RegExp(`^\\s*\\[+\\s*${path}\\s*\\]`);
  return lines.findIndex((l) => re.test(l));
}

/**
 * The 1-based line on which `key` is set or opens a table, for error messages; undefined when it
 * cannot be found. A dotted key (`groups.vip.mode`) is looked for inside its own table
 * (`[groups.vip]`) first, so the line is that table's and not the first `mode` of the file; else
 * the first line setting or opening its last dotted part.
 */
export function lineOfKey(text: string, key: string): number | undefined {
  const lines = text.split(/\r?\n/);
  const parts = key.split('.');
  const last = parts.pop() ?? key;
  const escaped = escape(last);
  const setting = new RegExp(`^\\s*["']?${escaped}["']?\\s*=`);
  if (parts.length) {
    const own = headerOf(lines, [...parts, last]);
    if (own >= 0) return own + 1;
    const table = headerOf(lines, parts);
    if (table >= 0) {
      for (let i = table + 1; i < lines.length && !/^\s*\[/.test(lines[i]!); i++) if (setting.test(lines[i]!)) return i + 1;
      return table + 1;
    }
  }
  const re = new RegExp(`^\\s*(\\[+\\s*)?["']?${escaped}["']?\\s*[=\\].]`);
  const i = lines.findIndex((l) => re.test(l));
  return i < 0 ? undefined : i + 1;
}

/** `<file> line <n>, key "<key>": <problem>` (the line left out when it cannot be found). */
export function configProblem(path: string, text: string, key: string, problem: string): string {
  const line = lineOfKey(text, key);
  return `${path}${line === undefined ? '' : ` line ${line}`}, key "${key}": ${problem}`;
}
