// Text as the 1.21.4 game wants it: every text field since 1.20.3 is an NBT compound, not JSON.
// prismarine-nbt's tagged form is built by hand here so that no tag type is guessed.

import type { Text, TextComponent } from '../platform.ts';

export type NbtTag =
  | { type: 'string'; value: string }
  | { type: 'byte'; value: number }
  | { type: 'compound'; value: Record<string, NbtTag> }
  | { type: 'list'; value: { type: 'compound'; value: Array<Record<string, NbtTag>> } }
  | { type: 'list'; value: { type: 'string'; value: string[] } };

/** A root compound as `anonymousNbt` fields take it. */
export interface NbtCompound {
  type: 'compound';
  name: string;
  value: Record<string, NbtTag>;
}

const str = (value: string): NbtTag => ({ type: 'string', value });
const bool = (value: boolean): NbtTag => ({ type: 'byte', value: value ? 1 : 0 });

function componentFields(text: Text): Record<string, NbtTag> {
  if (typeof text === 'string') return { text: str(text) };
  const fields: Record<string, NbtTag> = { text: str(text.text) };
  if (text.color !== undefined) fields.color = str(text.color);
  if (text.bold !== undefined) fields.bold = bool(text.bold);
  if (text.italic !== undefined) fields.italic = bool(text.italic);
  if (text.underlined !== undefined) fields.underlined = bool(text.underlined);
  if (text.clickEvent) {
    // 1.21.4 keeps the camel-case key names (1.21.5 renamed them to click_event).
    fields.clickEvent = {
      type: 'compound',
      value: { action: str(text.clickEvent.action), value: str(text.clickEvent.value) },
    };
  }
  if (text.hoverEvent) {
    fields.hoverEvent = {
      type: 'compound',
      value: { action: str(text.hoverEvent.action), contents: { type: 'compound', value: componentFields(text.hoverEvent.contents) } },
    };
  }
  if (text.extra && text.extra.length > 0) {
    // An NBT list holds one tag type: every child becomes a compound, strings included.
    fields.extra = { type: 'list', value: { type: 'compound', value: text.extra.map(componentFields) } };
  }
  return fields;
}

/** The NBT compound of a message, for system_chat, kick reasons and other text fields. */
export function textToNbt(text: Text): NbtCompound {
  return { type: 'compound', name: '', value: componentFields(text) };
}

/** The message as plain text (for logs and the console): the texts of the component tree. */
export function textToPlain(text: Text): string {
  if (typeof text === 'string') return text;
  return text.text + (text.extra ?? []).map(textToPlain).join('');
}

/** Whether a value is a text component (as opposed to a plain string). */
export function isComponent(text: Text): text is TextComponent {
  return typeof text !== 'string';
}
