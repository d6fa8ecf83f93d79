// Config files of the plugin and its add-on: TOML, `key = value` lines each after a comment that
// explains it. Written with the defaults on first start, never overwritten afterwards. A problem is
// reported as one sentence naming the file, the line and the key. Each file is declared with
// defineConfig (./config-define.ts); this reads and writes the text and tells a TOML mistake.

import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { parse, TomlError } from 'smol-toml';
import { describeTomlError } from './toml-errors.ts';

export type ConfigTable = Record<string, unknown>;

export type ConfigRead =
  | { ok: true; table: ConfigTable; text: string; created: boolean }
  /**
   * Not TOML: `problem` says what is wrong with the line in a person's words (./toml-errors.ts),
   * `key` is the key that line sets (undefined when it sets none), `message` the whole one line.
   */
  | { ok: false; message: string; problem: string; line: number; key: string | undefined; text: string; created: boolean };

/** The one line every config problem is told in: `<file> line <n>, key "<key>": <problem>` (line and key when known). */
export function problemLine(path: string, line: number | undefined, key: string | undefined, problem: string): string {
  const at = line === undefined || line < 1 ? '' : ` line ${line}`;
  return `${path}${at}${key === undefined ? '' : `, key "${key}"`}: ${problem}`;
}

/** Parses the text of a config file; a TOML error is told as a problem of a line and its key. */
export function parseConfigText(path: string, text: string): { ok: true; table: ConfigTable } | { ok: false; message: string; problem: string; line: number; key: string | undefined } {
  try {
    return { ok: true, table: parse(text) as ConfigTable };
  } catch (e) {
    if (!(e instanceof TomlError)) throw e;
    const { line, key, problem } = describeTomlError(e, text);
    return { ok: false, message: problemLine(path, line, key, problem), problem, line, key };
  }
}

/** What keeps a file from being read or written, in words. */
function fileFault(e: unknown): string {
  const code = (e as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied (check its owner and mode)';
  if (code === 'EISDIR') return 'it is a folder, not a file';
  if (code === 'ENOSPC') return 'the disk is full';
  if (code === 'EROFS') return 'the file system is read-only';
  return e instanceof Error ? e.message : String(e);
}

/** Reads a TOML config file, writing `defaultText` first (and its folder) when the file is absent. */
export function readConfigFile(path: string, defaultText: string): ConfigRead {
  let created = false;
  let text: string;
  try {
    if (!existsSync(path)) {
      mkdirSync(dirname(path), { recursive: true });
      // 'wx' never replaces a file that appeared in the meantime.
      writeFileSync(path, defaultText, { encoding: 'utf8', flag: 'wx' });
      created = true;
    }
    text = readFileSync(path, 'utf8');
  } catch (e) {
    throw new Error(`${path} cannot be ${created ? 'read' : existsSync(path) ? 'read' : 'written'}: ${fileFault(e)}`);
  }
  const parsed = parseConfigText(path, text);
  return parsed.ok ? { ok: true, table: parsed.table, text, created } : { ...parsed, text, created };
}
