// Markup that admins write in config files and in game (hologram lines, sidebar lines, tab list
// header and footer, nametag prefixes, announcements): the `&` codes players know from other
// plugins. `&0`-`&9` and `&a`-`&f` choose a colour, `&#rrggbb` any colour by its hex code, `&l`
// bold, `&o` italic, `&n` underlined, `&r` back to plain; `&&` is a literal `&`. Any other `&x` is
// kept as written. A colour code ends the styles before it, as in the game. Messages
// (src/core/messages/) build on the same runs, adding placeholders and click and hover actions.

import type { Text, TextComponent } from '../../platform/platform.ts';

const COLOURS: Record<string, string> = {
  '0': 'black',
  '1': 'dark_blue',
  '2': 'dark_green',
  '3': 'dark_aqua',
  '4': 'dark_red',
  '5': 'dark_purple',
  '6': 'gold',
  '7': 'gray',
  '8': 'dark_gray',
  '9': 'blue',
  a: 'green',
  b: 'aqua',
  c: 'red',
  d: 'light_purple',
  e: 'yellow',
  f: 'white',
};

export type Style = Pick<TextComponent, 'color' | 'bold' | 'italic' | 'underlined'>;

/** A stretch of text in one style. */
export interface Run {
  text: string;
  style: Style;
}

const HEX = /^#[0-9a-fA-F]{6}$/;

/**
 * The text cut into runs of one style each, starting in `start`, with the style in force at the
 * end (so a text cut in pieces, as a message's click and hover parts, reads as one).
 */
export function markupRuns(source: string, start: Style = {}): { runs: Run[]; end: Style } {
  const runs: Run[] = [];
  let style: Style = start;
  let run = '';
  const flush = () => {
    if (run !== '') runs.push({ text: run, style });
    run = '';
  };
  for (let i = 0; i < source.length; i++) {
    const ch = source[i]!;
    const code = source[i + 1]?.toLowerCase();
    if (ch !== '&' || code === undefined) {
      run += ch;
      continue;
    }
    if (code === '&') {
      run += '&';
      i++;
      continue;
    }
    const hex = source.slice(i + 1, i + 8);
    if (code === '#' && HEX.test(hex)) {
      flush();
      style = { color: hex.toLowerCase() };
      i += 7;
      continue;
    }
    let next: Style | undefined;
    if (COLOURS[code]) next = { color: COLOURS[code] };
    else if (code === 'r') next = {};
    else if (code === 'l') next = { ...style, bold: true };
    else if (code === 'o') next = { ...style, italic: true };
    else if (code === 'n') next = { ...style, underlined: true };
    if (!next) {
      run += ch;
      continue;
    }
    flush();
    style = next;
    i++;
  }
  flush();
  return { runs, end: style };
}

/** The text with its `&` codes turned into styled parts; plain text stays a string. */
export function markup(source: string): Text {
  const parts: TextComponent[] = markupRuns(source).runs.map((r) => ({ text: r.text, ...r.style }));
  if (parts.length === 0) return '';
  if (parts.length === 1 && Object.keys(parts[0]!).length === 1) return parts[0]!.text;
  // A root with no style of its own, so that the parts' styles do not leak into each other.
  return { text: '', extra: parts };
}

/** The text without its `&` codes (`&&` becomes `&`): what a player reads. */
export function stripMarkup(source: string): string {
  const text = markup(source);
  return typeof text === 'string' ? text : (text.extra ?? []).map((p) => (typeof p === 'string' ? p : p.text)).join('');
}
