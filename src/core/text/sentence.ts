// Messages are often built from a sentence written elsewhere (a service's refusal, a parser's
// complaint) plus our own words. Whether that sentence brings its own final period is not ours to
// know, so joining goes through these two, and no message ends in `..`.

/** The text ending in exactly one final mark: a period is added unless it ends in `.`, `!` or `?`. */
export function asSentence(text: string): string {
  const t = text.trimEnd();
  return /[.!?]$/.test(t) ? t : `${t}.`;
}

/** The text without its final periods, to be continued (`<clause>; …` or `<clause>. Next …`). */
export function asClause(text: string): string {
  return text.trimEnd().replace(/\.+$/, '');
}

/** What went wrong, as words: an Error's message, or anything else as text. */
export function messageOf(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
