// A message template as the catalogues and the override files write it: the `&` codes of
// ../text/markup.ts (colours, `&#rrggbb`, bold, italic, underlined), `{name}` placeholders, and
// click and hover actions as tags around a part of the text:
//
//   <click:run:/spawn>…</click>      runs a command          <click:suggest:/pay >…</click>  types it
//   <click:url:https://…>…</click>   opens a web page        <click:copy:text>…</click>     copies
//   <hover:Shown on hover>…</hover>  shows a text when the pointer is over the part
//
// A tag's argument runs to the next `>` and may hold placeholders (and, for hover, `&` codes). A
// `<` that starts no tag is text. Parsing happens once per template; a placeholder's value is put
// in only when a message is written (./render.ts), as text, so a value never acts as markup.

import { markupRuns, type Style } from '../text/markup.ts';

export type ClickAction = 'run_command' | 'suggest_command' | 'open_url' | 'copy_to_clipboard';

const CLICKS: Record<string, ClickAction> = { run: 'run_command', suggest: 'suggest_command', url: 'open_url', copy: 'copy_to_clipboard' };

export interface TemplateClick {
  action: ClickAction;
  /** The value as written: placeholders are filled in when written. */
  value: string;
}

/** A part of a template: text, or a placeholder's value; in the style and actions in force there. */
export interface TemplateNode {
  kind: 'text' | 'value';
  /** The text, or the placeholder's name. */
  text: string;
  style: Style;
  click?: TemplateClick;
  hover?: readonly TemplateNode[];
}

export interface ParsedTemplate {
  nodes: readonly TemplateNode[];
  /** Every placeholder the template names (in its text, its click values and hover texts), sorted. */
  placeholders: readonly string[];
}

export type TemplateParse = { ok: true; value: ParsedTemplate } | { ok: false; problem: string };

const PLACEHOLDER = /\{([a-z][a-z0-9-]*)\}/g;
const TAG = /<click:([^:>]*):([^>]*)>|<\/click>|<hover:([^>]*)>|<\/hover>/g;

/** The placeholders a piece of text names, or the problem of a brace that starts none. */
function placeholdersIn(text: string, into: Set<string>): string | undefined {
  for (const m of text.matchAll(PLACEHOLDER)) into.add(m[1]!);
  const stray = /[{}]/.exec(text.replace(PLACEHOLDER, ''));
  if (stray) return `a ${stray[0]} that is not part of a placeholder: a placeholder is a name in lower case in braces, such as {player}`;
  return undefined;
}

/** Text in one style cut into its text and placeholder parts. */
function splitRun(text: string, style: Style, click: TemplateClick | undefined, hover: readonly TemplateNode[] | undefined): TemplateNode[] {
  const nodes: TemplateNode[] = [];
  const extras = { ...(click ? { click } : {}), ...(hover ? { hover } : {}) };
  let at = 0;
  for (const m of text.matchAll(PLACEHOLDER)) {
    if (m.index > at) nodes.push({ kind: 'text', text: text.slice(at, m.index), style, ...extras });
    nodes.push({ kind: 'value', text: m[1]!, style, ...extras });
    at = m.index + m[0].length;
  }
  if (at < text.length) nodes.push({ kind: 'text', text: text.slice(at), style, ...extras });
  return nodes;
}

/** Plain text with `&` codes and placeholders (a hover text): no tags. */
function parseFlat(text: string, start: Style, click?: TemplateClick, hover?: readonly TemplateNode[]): { nodes: TemplateNode[]; end: Style } {
  const { runs, end } = markupRuns(text, start);
  return { nodes: runs.flatMap((r) => splitRun(r.text, r.style, click, hover)), end };
}

export function parseTemplate(source: string): TemplateParse {
  const placeholders = new Set<string>();
  const nodes: TemplateNode[] = [];
  let style: Style = {};
  let click: TemplateClick | undefined;
  let hover: readonly TemplateNode[] | undefined;
  let at = 0;
  const text = (piece: string): string | undefined => {
    const tag = /<\/?(click|hover)\b[^>]*>?/i.exec(piece);
    if (tag) {
      return tag[1]!.toLowerCase() === 'click'
        ? `${tag[0]} is not a tag: write <click:run:/command>…</click> (run, suggest, url or copy)`
        : `${tag[0]} is not a tag: write <hover:text shown>…</hover>`;
    }
    const problem = placeholdersIn(piece, placeholders);
    if (problem) return problem;
    const parsed = parseFlat(piece, style, click, hover);
    nodes.push(...parsed.nodes);
    style = parsed.end;
    return undefined;
  };
  for (const m of source.matchAll(TAG)) {
    const before = text(source.slice(at, m.index));
    if (before) return { ok: false, problem: before };
    at = m.index + m[0].length;
    const tag = m[0];
    if (tag === '</click>') {
      if (!click) return { ok: false, problem: '</click> closes no <click:…>' };
      click = undefined;
    } else if (tag === '</hover>') {
      if (!hover) return { ok: false, problem: '</hover> closes no <hover:…>' };
      hover = undefined;
    } else if (m[3] !== undefined) {
      if (hover) return { ok: false, problem: 'a <hover:…> inside another: close the first with </hover>' };
      const problem = placeholdersIn(m[3], placeholders);
      if (problem) return { ok: false, problem };
      hover = parseFlat(m[3], {}).nodes;
    } else {
      if (click) return { ok: false, problem: 'a <click:…> inside another: close the first with </click>' };
      const action = CLICKS[m[1]!];
      if (!action) return { ok: false, problem: `<click:${m[1]}:…> is not a click action: use run, suggest, url or copy` };
      const value = m[2]!;
      if (action === 'open_url' && !/^https?:\/\/\S+$/.test(value)) return { ok: false, problem: `<click:url:…> needs a web address starting with https:// or http://` };
      const problem = placeholdersIn(value, placeholders);
      if (problem) return { ok: false, problem };
      click = { action, value };
    }
  }
  const rest = text(source.slice(at));
  if (rest) return { ok: false, problem: rest };
  if (click) return { ok: false, problem: 'a <click:…> is not closed: end its part with </click>' };
  if (hover) return { ok: false, problem: 'a <hover:…> is not closed: end its part with </hover>' };
  return { ok: true, value: { nodes, placeholders: [...placeholders].sort() } };
}
