// A module's messages: what its players read, declared once as a catalogue of keys and English
// templates with named placeholders (`'kits.cooldown': 'You can claim the kit {kit} again in
// {wait}.'`), grouped by style, with a complete translation for every other shipped language. Code
// names a message by key with `msg(key, params)`, which the type checker holds to the catalogue: an
// unknown key, a missing placeholder or one the template does not have fails `tsc`. The kernel
// gathers the catalogues from the modules' declarations (`messages` in defineModule) and renders a
// message in each reader's language (./messages.ts); an operator overrides any template in
// data/core/messages/<language>.conf (./overrides.ts). docs/messages.md tells the whole of it.

import { parseTemplate } from './template.ts';

/** The languages every catalogue ships complete: English, and each a translation names. */
export const SHIPPED_LANGUAGES = ['en', 'de'] as const;
export type ShippedLanguage = (typeof SHIPPED_LANGUAGES)[number];
/** The shipped languages other than English: each catalogue translates every key into each. */
export type TranslatedLanguage = Exclude<ShippedLanguage, 'en'>;

/**
 * How a message looks: `success` (something was done), `error` (something was refused or went
 * wrong), `info` (a notice, a heading, a state), `plain` (a line of a list). The colour of each is
 * decided once (./style.ts); a placeholder's value is shown in the value colour.
 */
export type MessageStyle = 'success' | 'error' | 'info' | 'plain';
export const MESSAGE_STYLES: readonly MessageStyle[] = ['success', 'error', 'info', 'plain'];

/** A catalogue as written: English templates by key, in a group per style. */
export type StyledTemplates = { readonly [S in MessageStyle]?: { readonly [key: string]: string } };

/** Every key of a catalogue as written. */
export type KeysOf<M extends StyledTemplates> = { [S in keyof M]: keyof M[S] & string }[keyof M];

/** The English template of a key, as a literal type. */
type TemplateOf<M extends StyledTemplates, K extends string> = { [S in keyof M]: K extends keyof M[S] ? M[S][K] : never }[keyof M];

/** The placeholders of a template (`{kit}` in it makes `kit`). */
export type PlaceholdersOf<S extends string> = string extends S ? string : S extends `${string}{${infer P}}${infer Rest}` ? P | PlaceholdersOf<Rest> : never;

/** A duration, written in the reader's language ("59 min 59 s"). */
export interface Duration {
  readonly seconds: number;
}

/**
 * The value of a placeholder: text as it is (never read as markup), a number or a duration (each
 * written as the reader's language writes it), or another message (a word such as "free", written
 * in the reader's language, as plain text).
 */
export type Param = string | number | Duration | Said;

/** What a message's `msg` call takes after the key: nothing for a template without placeholders. */
export type ParamsOf<S extends string> = [PlaceholdersOf<S>] extends [never] ? [] : [params: { readonly [P in PlaceholdersOf<S>]: Param }];

/** A message to be written to a reader: a key of a catalogue and the values of its placeholders. */
export interface Said {
  readonly key: string;
  readonly params: Readonly<Record<string, Param>>;
}

/** Whether a reply is a message of a catalogue rather than text. */
export function isSaid(m: unknown): m is Said {
  return typeof m === 'object' && m !== null && 'key' in m && 'params' in m && !('text' in m);
}

/** A complete translation of a catalogue: every key, each with the placeholders of its English template. */
export type Translation<M extends StyledTemplates> = { readonly [K in KeysOf<M>]: string };

/** One message of a catalogue. */
export interface CatalogueEntry {
  key: string;
  style: MessageStyle;
  /** The template of each shipped language. */
  templates: Readonly<Record<ShippedLanguage, string>>;
  /** The placeholders of the English template, sorted. */
  placeholders: readonly string[];
}

/** A module's catalogue, as its definition declares it (`messages`). */
export interface MessageCatalogue<M extends StyledTemplates = StyledTemplates> {
  /** The first part of every key: the module's name (`kits.`), or `core` for the kernel's. */
  readonly area: string;
  readonly entries: ReadonlyMap<string, CatalogueEntry>;
  /** A message of this catalogue: the type checker holds `key` and the placeholders to the template. */
  readonly msg: <K extends KeysOf<M>>(key: K, ...params: ParamsOf<TemplateOf<M, K> & string>) => Said;
}

/** A duration as a placeholder's value. */
export const duration = (seconds: number): Duration => ({ seconds });

export const isDuration = (p: Param): p is Duration => typeof p === 'object' && 'seconds' in p;

const KEY = /^[a-z0-9]+(?:[.-][a-z0-9]+)*$/;

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/**
 * Declares a catalogue. Keys start with the area and a dot (`kits.cooldown`), in lower case with
 * dots and hyphens; no key is the start of another followed by a dot (so each can be a TOML key
 * of an override file). Each translation names every key with the same placeholders as English.
 * A broken catalogue throws when its module is loaded, naming the key: a programming error.
 */
export function defineMessages<const M extends StyledTemplates>(
  area: string,
  english: M,
  translations: { readonly [L in TranslatedLanguage]: Translation<M> },
): MessageCatalogue<M> {
  const entries = new Map<string, CatalogueEntry>();
  for (const style of MESSAGE_STYLES) {
    for (const [key, en] of Object.entries(english[style] ?? {})) {
      if (!KEY.test(key) || !key.startsWith(`${area}.`)) throw new Error(`messages of ${area}: the key "${key}" must start with "${area}." and hold only a-z, 0-9, dots and hyphens`);
      if (entries.has(key)) throw new Error(`messages of ${area}: the key "${key}" is in two groups`);
      const parsed = parseTemplate(en);
      if (!parsed.ok) throw new Error(`messages of ${area}: the English "${key}": ${parsed.problem}`);
      const templates: Record<string, string> = { en };
      for (const [language, translation] of Object.entries(translations) as Array<[TranslatedLanguage, Readonly<Record<string, string>>]>) {
        const text = translation[key];
        if (text === undefined) throw new Error(`messages of ${area}: the ${language} translation has no "${key}"`);
        const other = parseTemplate(text);
        if (!other.ok) throw new Error(`messages of ${area}: the ${language} "${key}": ${other.problem}`);
        if (!sameList(other.value.placeholders, parsed.value.placeholders)) {
          throw new Error(`messages of ${area}: the ${language} "${key}" has the placeholders {${other.value.placeholders.join('}, {')}}, English {${parsed.value.placeholders.join('}, {')}}`);
        }
        templates[language] = text;
      }
      entries.set(key, { key, style, templates: templates as Record<ShippedLanguage, string>, placeholders: parsed.value.placeholders });
    }
  }
  for (const [language, translation] of Object.entries(translations)) {
    for (const key of Object.keys(translation)) if (!entries.has(key)) throw new Error(`messages of ${area}: the ${language} translation has "${key}", which English has not`);
  }
  for (const key of entries.keys()) {
    if (entries.has(key.slice(0, key.lastIndexOf('.')))) throw new Error(`messages of ${area}: "${key}" continues the key "${key.slice(0, key.lastIndexOf('.'))}": name it with a hyphen`);
  }
  return {
    area,
    entries,
    msg: (key, ...params) => ({ key, params: params[0] ?? {} }),
  };
}
