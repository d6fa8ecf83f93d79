// Sign text as the platform accepts it from a player, shared by the adapter and the fake: what a
// client sends when it closes the sign editor is checked and cleaned here before any event fires.

/** Lines on one side of a sign. */
export const SIGN_LINES = 4;
/** The longest line the game's own server reads (its packet field's cap), in characters. */
export const SIGN_LINE_MAX = 384;

/** Whether a block (or item) material is a sign: standing, wall and hanging signs of every wood. */
export function isSignMaterial(material: string): boolean {
  return /_sign$/.test(material);
}

/**
 * The four lines to write, or undefined when the edit is malformed: not exactly four strings, or a
 * line longer than SIGN_LINE_MAX. As the game's server does, characters a player cannot type in
 * chat are removed: the formatting sign `§`, control characters and DEL.
 */
export function signLines(lines: readonly unknown[]): string[] | undefined {
  if (lines.length !== SIGN_LINES) return undefined;
  const clean: string[] = [];
  for (const line of lines) {
    if (typeof line !== 'string' || line.length > SIGN_LINE_MAX) return undefined;
    clean.push(line.replace(/[\u0000-\u001f\u007f\u00a7]/g, ''));
  }
  return clean;
}

/** A sign's two sides, blank. */
export function blankSign(): { front: string[]; back: string[] } {
  return { front: ['', '', '', ''], back: ['', '', '', ''] };
}
