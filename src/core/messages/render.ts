// A parsed template written out as a text component, with the values of its placeholders: the
// message's colour on the root (./style.ts), each value in the value colour as text (never read as
// markup), click and hover actions on the parts they surround.

import type { TextComponent } from '../../platform/platform.ts';
import type { MessageStyle } from './catalogue.ts';
import { STYLE_COLOURS, VALUE_COLOUR } from './style.ts';
import type { ParsedTemplate, TemplateClick, TemplateNode } from './template.ts';

/** The text of a placeholder's value, or undefined when the message was given none (it then shows as written). */
export type ValueOf = (name: string) => string | undefined;

const fill = (text: string, value: ValueOf) => text.replace(/\{([a-z][a-z0-9-]*)\}/g, (whole, name: string) => value(name) ?? whole);

function part(node: TemplateNode, value: ValueOf): TextComponent {
  const { color, bold, italic, underlined } = node.style;
  const shown = node.kind === 'value' ? (value(node.text) ?? `{${node.text}}`) : node.text;
  const c: TextComponent = { text: shown };
  const colour = color ?? (node.kind === 'value' ? VALUE_COLOUR : undefined);
  if (colour !== undefined) c.color = colour;
  if (bold) c.bold = true;
  if (italic) c.italic = true;
  if (underlined) c.underlined = true;
  if (node.click) c.clickEvent = click(node.click, value);
  if (node.hover) c.hoverEvent = { action: 'show_text', contents: { text: '', extra: node.hover.map((n) => part(n, value)) } };
  return c;
}

const click = (c: TemplateClick, value: ValueOf): NonNullable<TextComponent['clickEvent']> => ({ action: c.action, value: fill(c.value, value) });

/** The message as a component: a root in the style's colour holding the parts. */
export function renderTemplate(template: ParsedTemplate, style: MessageStyle, value: ValueOf): TextComponent {
  const root: TextComponent = { text: '' };
  const colour = STYLE_COLOURS[style];
  if (colour !== undefined) root.color = colour;
  root.extra = template.nodes.map((n) => part(n, value));
  return root;
}
