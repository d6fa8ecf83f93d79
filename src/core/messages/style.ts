// The one style of every message, decided here: a colour per kind of message, and one for the
// values put into it (names, amounts, durations). docs/messages.md shows them.

import type { MessageStyle } from './catalogue.ts';

/** The colour of each kind of message (`plain`: none of its own, the game's white). */
export const STYLE_COLOURS: Readonly<Record<MessageStyle, string | undefined>> = {
  success: 'green',
  error: 'red',
  info: 'gold',
  plain: undefined,
};

/** The colour of a placeholder's value, unless the template chose a colour before it with an `&` code. */
export const VALUE_COLOUR = 'yellow';
