// Reads the steps a Markdown page tells its reader to take, in order, for
// test/e2e/doc-commands.e2e.test.ts, which takes them against a real server:
//
// - ```sh blocks: each command (lines joined at a trailing `\`, a here-document taken whole). A
//   `curl` command is sent; an assignment `NAME=…` keeps a value in a variable (one whose value holds
//   `…` is a placeholder the reader fills in, such as `TOKEN=crs_…`); any other command (wscat, node)
//   and the transcript lines of a session (`< …`, `> …`) are not run. The answer a curl command is
//   shown to get is the `# {…}` comment right after it, or else the ```json block that follows it.
// - ```server-console blocks: lines typed at the server console (`> line`), each followed by the
//   start of the reply it prints.
// - ```in-game blocks: `Steve joined the game`, `Alex left the game`, and `Steve> /command` lines a
//   player types in chat, each followed by the start of the reply they see.
//
// In an expected reply, `…` stands for what varies (a secret, a place).

export interface Where {
  /** The file, as given. */
  file: string;
  /** The line of the step's first line, from 1. */
  line: number;
}

export interface Expected {
  json: unknown;
  line: number;
}

export type DocStep =
  | (Where & { kind: 'curl'; command: string; expect?: Expected })
  | (Where & { kind: 'assign'; name: string; command: string; placeholder: boolean })
  | (Where & { kind: 'console'; types: string; reply: string | undefined })
  | (Where & { kind: 'join'; player: string })
  | (Where & { kind: 'leave'; player: string })
  | (Where & { kind: 'chat'; player: string; types: string; reply: string | undefined });

const SHELL = new Set(['sh', 'bash', 'shell']);

interface Block {
  lang: string;
  /** The line of the block's first content line. */
  line: number;
  lines: string[];
}

/** The fenced blocks of a page, with their language and first line. */
export function fencedBlocks(text: string): Block[] {
  const lines = text.split('\n');
  const blocks: Block[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^(```|~~~)\s*([\w-]*)/.exec(lines[i]!);
    if (!open) continue;
    const fence = open[1]!;
    const start = i + 1;
    let end = start;
    while (end < lines.length && !lines[end]!.startsWith(fence)) end++;
    blocks.push({ lang: open[2] ?? '', line: start + 1, lines: lines.slice(start, end) });
    i = end;
  }
  return blocks;
}

/** A reply as shown (`…` for what varies) as a pattern that matches the reply's line. */
export function replyPattern(reply: string): RegExp {
  return new RegExp(reply.split('…').map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.*'));
}

function shellSteps(file: string, block: Block): DocStep[] {
  const steps: DocStep[] = [];
  const { lines } = block;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const at = block.line + i;
    if (line.trim() === '') continue;
    if (/^\s*#/.test(line)) {
      // An answer shown as a comment right after its command.
      const last = steps.at(-1);
      const json = /^\s*#\s*([[{].*)$/.exec(line)?.[1];
      if (json !== undefined && last?.kind === 'curl' && last.expect === undefined) last.expect = { json: JSON.parse(json), line: at };
      continue;
    }
    // The transcript of a session (what wscat prints and what is typed into it).
    if (/^[<>] /.test(line)) continue;
    const parts = [line];
    while (parts.at(-1)!.endsWith('\\') && i + 1 < lines.length) parts.push(lines[++i]!);
    const here = /<<-?\s*['"]?(\w+)['"]?/.exec(parts.join('\n'))?.[1];
    if (here !== undefined) {
      while (i + 1 < lines.length) {
        parts.push(lines[++i]!);
        if (parts.at(-1)!.trim() === here) break;
      }
    }
    const command = parts.join('\n');
    const assign = /^([A-Za-z_]\w*)=(.*)$/s.exec(command);
    if (/^curl\s/.test(command)) steps.push({ kind: 'curl', file, line: at, command });
    else if (assign) steps.push({ kind: 'assign', file, line: at, name: assign[1]!, command, placeholder: /^\S*…/.test(assign[2]!) });
  }
  return steps;
}

function consoleSteps(file: string, block: Block): DocStep[] {
  const steps: DocStep[] = [];
  block.lines.forEach((line, i) => {
    const typed = /^> (.*)$/.exec(line)?.[1];
    const last = steps.at(-1);
    if (typed !== undefined) steps.push({ kind: 'console', file, line: block.line + i, types: typed, reply: undefined });
    else if (line.trim() !== '' && last?.kind === 'console' && last.reply === undefined) last.reply = line;
  });
  return steps;
}

function gameSteps(file: string, block: Block): DocStep[] {
  const steps: DocStep[] = [];
  block.lines.forEach((line, i) => {
    const at = block.line + i;
    const joined = /^(\w+) joined the game$/.exec(line)?.[1];
    const left = /^(\w+) left the game$/.exec(line)?.[1];
    const chat = /^(\w+)> (.*)$/.exec(line);
    const last = steps.at(-1);
    if (joined !== undefined) steps.push({ kind: 'join', file, line: at, player: joined });
    else if (left !== undefined) steps.push({ kind: 'leave', file, line: at, player: left });
    else if (chat) steps.push({ kind: 'chat', file, line: at, player: chat[1]!, types: chat[2]!, reply: undefined });
    else if (line.trim() !== '' && last?.kind === 'chat' && last.reply === undefined) last.reply = line;
  });
  return steps;
}

/** Every step of a page, in order. `file` names it in the steps (and so in a failure). */
export function docSteps(file: string, text: string): DocStep[] {
  const steps: DocStep[] = [];
  for (const block of fencedBlocks(text)) {
    if (SHELL.has(block.lang)) steps.push(...shellSteps(file, block));
    else if (block.lang === 'server-console') steps.push(...consoleSteps(file, block));
    else if (block.lang === 'in-game') steps.push(...gameSteps(file, block));
    else if (block.lang === 'json') {
      // The answer shown after a command, when its command has none yet.
      const last = steps.at(-1);
      if (last?.kind === 'curl' && last.expect === undefined) last.expect = { json: JSON.parse(block.lines.join('\n')), line: block.line };
    }
  }
  return steps;
}

const kindOf = (v: unknown): string => (v === null ? 'null' : Array.isArray(v) ? 'a list' : typeof v === 'object' ? 'an object' : typeof v);

/**
 * How an answer differs from the one a page shows (one sentence), or undefined when it is the same
 * kind of answer: the same `ok`; for a success, `data` of the same kind and, for an object, with the
 * same keys (the service never leaves a key out); for a declined operation or an error, the same code.
 * Values are examples and may differ.
 */
export function answerDiffers(shown: unknown, got: unknown): string | undefined {
  const s = shown as { ok?: unknown; data?: unknown; code?: unknown } | null;
  const g = got as { ok?: unknown; data?: unknown; code?: unknown } | null;
  if (typeof s !== 'object' || s === null || !('ok' in s)) return undefined;
  if (typeof g !== 'object' || g === null) return `the page shows ${JSON.stringify(shown)}, the server answered ${JSON.stringify(got)}`;
  if (g.ok !== s.ok) return `the page shows ok ${String(s.ok)}, the server answered ${JSON.stringify(got)}`;
  if (s.ok !== true) return g.code === s.code ? undefined : `the page shows code ${String(s.code)}, the server answered ${JSON.stringify(got)}`;
  if (kindOf(g.data) !== kindOf(s.data)) return `the page shows data as ${kindOf(s.data)}, the server answered ${JSON.stringify(got)}`;
  if (kindOf(s.data) !== 'an object') return undefined;
  const shownKeys = Object.keys(s.data as object).sort();
  const gotKeys = Object.keys(g.data as object).sort();
  if (shownKeys.join() === gotKeys.join()) return undefined;
  const missing = gotKeys.filter((k) => !shownKeys.includes(k));
  const extra = shownKeys.filter((k) => !gotKeys.includes(k));
  return `the answer's data ${missing.length ? `holds ${missing.join(', ')}, which the page does not show` : ''}${missing.length && extra.length ? '; it ' : ''}${extra.length ? `lacks ${extra.join(', ')}, which the page shows` : ''}`;
}
