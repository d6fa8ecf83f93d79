// A command line a module stores to run later (an NPC's or a hologram's bound command, a powertool):
// kept without its leading `/` and surrounding spaces, and never with a line break or another
// control character. Each module words its own refusals and sets its own length limit.

/** A line break or another control character, which no stored command line or shown name holds. */
// biome-ignore lint: control characters are what is refused.
export const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;

/** The line as stored: trimmed, without the leading `/` (or several). */
export function storedCommandLine(raw: string): string {
  return raw.trim().replace(/^\/+/, '').trim();
}
