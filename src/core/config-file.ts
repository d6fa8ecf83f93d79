// Config files of the plugin and its add-on: TOML, `key = value` lines each after a comment that
// explains it. Written with the defaults on first start, never overwritten afterwards. A problem is
// reported as one sentence naming the file, the line and the key.

import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { parse, TomlError } from 'smol-toml';

export type ConfigTable = Record<string, unknown>;

export type ConfigRead = { ok: true; table: ConfigTable; text: string; created: boolean } | { ok: false; message: string };

/** Reads a TOML config file, writing `defaultText` first when the file is absent. */
export function readConfigFile(path: string, defaultText: string): ConfigRead {
  let created = false;
  if (!existsSync(path)) {
    writeFileSync(path, defaultText, { flag: 'wx' });
    created = true;
  }
  const text = readFileSync(path, 'utf8');
  try {
    return { ok: true, table: parse(text) as ConfigTable, text, created };
  } catch (e) {
    if (e instanceof TomlError) {
      const first = e.message.split('\n')[0] ?? e.message;
      return { ok: false, message: `${path} line ${e.line}: ${first}` };
    }
    return { ok: false, message: `${path}: ${e instanceof Error ? e.message : String(e)}` };
  }
}

/** The 1-based line on which `key` is set (its last dotted part), for error messages. */
export function lineOfKey(text: string, key: string): number | undefined {
  const last = key.split('.').pop() ?? key;
  const escaped = last.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const re = new RegExp(`^\\s*["']?${escaped}["']?\\s*=`);
  const i = text.split('\n').findIndex((l) => re.test(l));
  return i < 0 ? undefined : i + 1;
}

/** `<file> line <n>, key "<key>": <problem>` (the line left out when it cannot be found). */
export function configProblem(path: string, text: string, key: string, problem: string): string {
  const line = lineOfKey(text, key);
  return `${path}${line === undefined ? '' : ` line ${line}`}, key "${key}": ${problem}`;
}
