// The kernel's messages service: a message (a catalogue key and its values) written for a reader, in
// the reader's language (./language.ts), from the operator's override when there is one
// (./overrides.ts), else as shipped; in the one style of ./style.ts. Modules reach it as
// `ctx.messages`; commands as `c.reply(msg(...))`, which renders for the sender.

import type { GamePlatform, TextComponent } from '../../platform/platform.ts';
import { durationParts } from '../text/duration.ts';
import { stripMarkup } from '../text/markup.ts';
import { isDuration, isSaid, SHIPPED_LANGUAGES, type CatalogueEntry, type Param, type Said, type ShippedLanguage } from './catalogue.ts';
import { fallbackChain, hasLanguage, languageOfLocale } from './language.ts';
import type { Overrides } from './overrides.ts';
import { renderTemplate } from './render.ts';
import { parseTemplate, type ParsedTemplate } from './template.ts';

export interface Messages {
  /** The message as the reader reads it: a player by uuid, or the console (undefined) in the server's default language. */
  render(said: Said, reader?: string): TextComponent;
  /** The message as plain text for the reader (a log line, a kick reason written as text). */
  plain(said: Said, reader?: string): string;
  /** Writes the message to an online player, in their language; false when they are not online here. */
  tell(uuid: string, said: Said): boolean;
  /** Writes the message to every online player, each in their language. */
  broadcast(said: Said): void;
  /** The language a player reads (the console: the server's default). */
  languageOf(reader?: string): string;
}

export interface MessagesDeps {
  platform: Pick<GamePlatform, 'player' | 'onlinePlayers' | 'sendMessage'>;
  /** Every message of the build, by key (./gather.ts). */
  entries: ReadonlyMap<string, CatalogueEntry>;
  /** The operator's overrides in force, read at each use: `core reload` may change them. */
  overrides: () => Overrides;
  /** core.conf's `language`, read at each use. */
  defaultLanguage: () => string;
}

const isShipped = (l: string): l is ShippedLanguage => (SHIPPED_LANGUAGES as readonly string[]).includes(l);

const plainText = (t: TextComponent | string): string => (typeof t === 'string' ? t : t.text + (t.extra ?? []).map(plainText).join(''));

export function createMessages(deps: MessagesDeps): Messages {
  const { platform, entries } = deps;
  const parsed = new Map<string, ParsedTemplate>();
  const numbers = new Map<string, Intl.NumberFormat>();

  function parsedOf(text: string): ParsedTemplate {
    let p = parsed.get(text);
    if (!p) {
      const r = parseTemplate(text);
      // Shipped templates are checked when their catalogue is defined; an override when read.
      if (!r.ok) throw new Error(`a message template does not parse: ${r.problem}`);
      p = r.value;
      parsed.set(text, p);
    }
    return p;
  }

  function languageOf(reader?: string): string {
    const fallback = deps.defaultLanguage();
    if (reader === undefined) return fallback;
    const language = languageOfLocale(platform.player(reader)?.locale);
    return language !== undefined && hasLanguage(language, deps.overrides()) ? language : fallback;
  }

  /** The template of a key in the first language of the chain that has one: an override, else shipped. */
  function templateOf(key: string, language: string): { text: string; template?: ParsedTemplate; language: string } {
    const entry = entries.get(key);
    if (!entry) throw new Error(`no catalogue has the message "${key}"`);
    const overrides = deps.overrides();
    for (const l of fallbackChain(language, deps.defaultLanguage())) {
      const o = overrides.get(l)?.get(key);
      if (o) return { text: o.text, template: o.template, language: l };
      if (isShipped(l)) return { text: entry.templates[l], language: l };
    }
    return { text: entry.templates.en, language: 'en' };
  }

  function numberText(n: number, language: string): string {
    let f = numbers.get(language);
    if (!f) {
      try {
        f = new Intl.NumberFormat(language, { maximumFractionDigits: 20 });
      } catch {
        f = new Intl.NumberFormat('en', { maximumFractionDigits: 20 });
      }
      numbers.set(language, f);
    }
    return f.format(n);
  }

  function valueText(p: Param, language: string): string {
    if (typeof p === 'string') return p;
    if (typeof p === 'number') return numberText(p, language);
    if (isSaid(p)) return plainText(renderIn(p, language));
    if (isDuration(p)) {
      return durationParts(p.seconds)
        .map(([unit, n]) => stripMarkup(templateOf(`core.duration.${unit}`, language).text).replace('{n}', numberText(n, language)))
        .join(' ');
    }
    return String(p);
  }

  /** The message in a language (the first of its fallback chain that has the key). */
  function renderIn(said: Said, language: string): TextComponent {
    const found = templateOf(said.key, language);
    const style = entries.get(said.key)!.style;
    return renderTemplate(found.template ?? parsedOf(found.text), style, (name) => {
      const p = said.params[name];
      return p === undefined ? undefined : valueText(p, found.language);
    });
  }

  const render = (said: Said, reader?: string): TextComponent => renderIn(said, languageOf(reader));

  return {
    render,
    plain: (said, reader) => plainText(render(said, reader)),
    tell: (uuid, said) => (platform.player(uuid) ? platform.sendMessage(uuid, render(said, uuid)) : false),
    broadcast(said) {
      for (const p of platform.onlinePlayers()) platform.sendMessage(p.uuid, render(said, p.uuid));
    },
    languageOf,
  };
}
