// What smol-toml's complaints mean, in words a person editing a config file understands. The parser
// says where it stopped and what it expected ("control characters are not allowed in strings" for a
// string left open at the end of its line); this reads the line it stopped on and says what is
// wrong with it ("the text in quotes is not closed: a \" is missing at its end"), and which key the
// line sets, so the one-line message of a faulty file names the file, the line and the key.

import { TomlError } from 'smol-toml';

export interface TomlProblem {
  /** 1-based line the problem is on. */
  line: number;
  /** The key the line sets, or the table its header opens (`kits.starter`); undefined when there is none. */
  key: string | undefined;
  /** What is wrong, as a clause without a final period. */
  problem: string;
}

/** The parser's own words without its prefix and the code excerpt that follows them. */
function parserWords(e: TomlError): string {
  return (e.message.split('\n')[0] ?? e.message).replace(/^Invalid TOML document: /, '');
}

const quoted = (s: string): string => `\`${s}\``;

/**
 * A value as a message may show it: short and plain. A URL, an address with `@` or anything long may
 * be a password or a bot token (network.conf's database, extlink.conf's token): "the value" then.
 */
function shown(value: string): string {
  return value.length <= 32 && !/[@:/]/.test(value) ? quoted(value) : 'the value';
}

/** The key a `key = value` line sets, or the table a `[table]` header opens. */
export function keyOfLine(line: string): string | undefined {
  const setting = /^\s*((?:"[^"]*"|'[^']*'|[A-Za-z0-9_-]+)(?:\s*\.\s*(?:"[^"]*"|'[^']*'|[A-Za-z0-9_-]+))*)\s*=/.exec(line);
  if (setting) return unquoteKey(setting[1]!);
  const header = /^\s*\[\[?\s*([^\]]*?)\s*\]?\]?\s*(?:#.*)?$/.exec(line);
  if (header && header[1]) return unquoteKey(header[1]);
  // A key with a character a key cannot have: the text before `=` as written.
  const before = line.includes('=') ? line.slice(0, line.indexOf('=')).trim() : '';
  if (before !== '') return before;
  const bare = /^\s*([A-Za-z0-9_.-]+)/.exec(line);
  return bare ? bare[1] : undefined;
}

function unquoteKey(key: string): string {
  return key
    .split(/\s*\.\s*/)
    .map((p) => p.replace(/^["'](.*)["']$/, '$1'))
    .join('.');
}

/** The text after the first `=` of a line, without a trailing comment (a rough cut: for messages only). */
function valueOf(line: string): string {
  const at = line.indexOf('=');
  if (at < 0) return '';
  const rest = line.slice(at + 1).trim();
  return rest.startsWith('"') || rest.startsWith("'") ? rest : rest.replace(/\s+#.*$/, '').trim();
}

const isHeader = (line: string): boolean => /^\s*\[/.test(line);

/** The 0-based index of the table header above a 1-based line, or -1 at the top level. */
function headerAbove(lines: readonly string[], line: number): number {
  for (let i = line - 2; i >= 0; i--) if (isHeader(lines[i]!)) return i;
  return -1;
}

/** The key a line sets, with the table it is in (`kits.starter.items`), or the table its header opens. */
function qualifiedKey(lines: readonly string[], line: number): string | undefined {
  const text = lines[line - 1] ?? '';
  const own = keyOfLine(text);
  if (own === undefined || isHeader(text)) return own;
  const header = headerAbove(lines, line);
  const table = header < 0 ? undefined : keyOfLine(lines[header]!);
  return table === undefined ? own : `${table}.${own}`;
}

/** The 1-based line that first set the key (or opened the table) that line `line` sets again. */
function firstDefinition(lines: readonly string[], line: number): number | undefined {
  const text = lines[line - 1] ?? '';
  const key = keyOfLine(text);
  if (key === undefined) return undefined;
  // A table is looked for in the whole file before it; a key in its own table only.
  const from = isHeader(text) ? 0 : headerAbove(lines, line) + 1;
  for (let i = from; i < line - 1; i++) if (isHeader(lines[i]!) === isHeader(text) && keyOfLine(lines[i]!) === key) return i + 1;
  return undefined;
}

const BOOLEANISH = /^(true|false|yes|no|on|off)$/i;

/** The problem of a value that is not a TOML value (a bare word, a number with letters in it, nothing at all). */
function badValue(value: string): string {
  if (value === '' || value.startsWith('#')) return 'the value after `=` is missing';
  if (value.startsWith('=')) return 'has `=` twice';
  if (BOOLEANISH.test(value)) return `${quoted(value)} is not a value: write true or false, in lower case and without quotes`;
  if (/^[+-]?[0-9.]/.test(value)) return `${shown(value)} is not a number`;
  return `${shown(value)} is not a value: put text in double quotes; true and false, numbers and lists [ ] go without`;
}

/** What is wrong with the text, in a person's words, with the line and the key it is about. */
export function describeTomlError(e: TomlError, text: string): TomlProblem {
  const lines = text.split(/\r?\n/);
  const words = parserWords(e);
  let line = e.line;
  const at = (n: number) => lines[n - 1] ?? '';
  const key = (n: number) => keyOfLine(at(n));
  const here = at(line);
  const value = valueOf(here);
  const column = e.column;

  const problem = ((): string => {
    switch (words) {
      case 'control characters are not allowed in strings': {
        // The string ran to the end of its line: nothing closed it.
        const stopped = here.charAt(column - 1);
        if (stopped === '' || stopped === '\r' || column > here.length) {
          const quote = /=\s*(["'])/.exec(here)?.[1] ?? '"';
          return `the text in quotes is not closed: a ${quote} is missing at its end`;
        }
        return 'the text in quotes holds an invisible control character: delete it, or write it as an escape such as \\t';
      }
      case 'unfinished string': {
        if (/=\s*("""|''')/.test(here)) return 'the text opened with three quotes is never closed: three quotes are missing at its end';
        const quote = /=\s*(["'])/.exec(here)?.[1] ?? '"';
        return `the text in quotes is not closed: a ${quote} is missing at its end`;
      }
      case 'unrecognised escape sequence': {
        const escape = /\\./.exec(here.slice(Math.max(0, column - 2)))?.[0] ?? '\\';
        return `the text in quotes holds ${quoted(escape)}, which is not an escape TOML knows: write a backslash as \\\\, or put the text in single quotes`;
      }
      case 'invalid non-hex character in unicode escape':
      case 'invalid unicode escape':
        return 'the text in quotes holds a \\u escape that is not 4 (\\u) or 8 (\\U) hexadecimal digits of a character';
      case 'invalid escape: only line-ending whitespace may be escaped':
        return 'a backslash inside the text in three quotes must end its line';
      case 'illegal character in key':
      case 'incomplete key-value: cannot find end of key': {
        const trimmed = here.trim();
        if (trimmed.startsWith('[')) return `the table header ${quoted(trimmed)} is not closed: a ] is missing`;
        if (!here.includes('=')) {
          const k = key(line);
          return k === undefined ? 'is not a `key = value` line' : `the key ${quoted(k)} has no \`=\` after it (write \`${k} = <value>\`)`;
        }
        const name = here.slice(0, here.indexOf('=')).trim();
        return `the key ${quoted(name)} holds a character a key cannot have: use letters, digits, - and _, or put the key in double quotes`;
      }
      case 'unexpected end of key':
      case 'illegal empty bare key':
        return here.trim().startsWith('[') ? 'the table header has an empty name' : 'the key before `=` is missing or has an empty part (two dots, or a dot at an end)';
      case 'invalid value':
        return badValue(value);
      case 'illegal character in numeric literal':
      case 'unfinished numeric value':
      case 'illegal underscore':
        return `${shown(value)} is not a number`;
      case 'illegal leading zero':
        return `${shown(value)} is not a number: a number other than 0 cannot start with 0`;
      case 'integer value cannot be represented losslessly':
        return `${shown(value)} is too large a number`;
      case 'invalid date':
      case 'invalid date-time: date part is malformed':
      case 'invalid date-time: time part is malformed':
        return `${shown(value)} is not a valid date or time`;
      case 'trying to redefine an already defined table or value':
      case 'trying to redefine an already defined value': {
        const k = key(line);
        const first = firstDefinition(lines, line);
        const what = isHeader(here) ? `the table [${k}] appears` : `the key ${quoted(k ?? '?')} is set`;
        return `${what} twice${first === undefined ? '' : ` (first on line ${first})`}: keep one`;
      }
      case 'each key-value declaration must be followed by an end-of-line': {
        const rest = here.slice(column - 1).trim();
        return `there is more on the line after the value${rest.length <= 32 && !/[@:/]/.test(rest) ? `: ${quoted(rest)}` : ''} (one \`key = value\` per line; text with spaces goes in double quotes)`;
      }
      case 'expected comma or end of structure':
      case 'unfinished array':
      case 'unfinished table': {
        // The parser stops where it gave up, often the line after the list: the key is on the line
        // that opened it.
        let open = line;
        while (open > 1 && !/=\s*[[{]/.test(at(open))) open--;
        if (!/=\s*[[{]/.test(at(open))) open = line;
        line = open;
        const opener = /=\s*([[{])/.exec(at(open))?.[1] ?? '[';
        return opener === '{'
          ? 'the table in braces is not closed: a } is missing, or a , between two of its keys'
          : 'the list is not closed: a ] is missing, or a , between two of its values';
      }
      case 'expected end of table array declaration':
        return `the header ${quoted(here.trim())} is not closed: ]] is missing`;
      case 'control characters are not allowed in comments':
        return 'a comment holds an invisible control character: delete it';
      case 'document contains excessively nested structures. aborting.':
        return 'the values are nested too deeply';
      default:
        return words;
    }
  })();
  return { line, key: qualifiedKey(lines, line), problem };
}

export { TomlError };
