// Which language a reader reads: the language of the client's locale (`de_de` is German) when the
// server has it (shipped, or an override file of the operator's), else the server's default
// (core.conf's `language`); a message missing in that language comes in English.

import { SHIPPED_LANGUAGES } from './catalogue.ts';

/** The language part of a client's locale (`de_de`, `en_US`, `pt-BR` → de, en, pt); undefined for none. */
export function languageOfLocale(locale: string | undefined): string | undefined {
  const code = locale?.split(/[_-]/)[0]?.toLowerCase();
  return code && /^[a-z]{2,3}$/.test(code) ? code : undefined;
}

/** Whether the server has messages in a language: shipped, or named by an override file. */
export function hasLanguage(language: string, overridden: { has(language: string): boolean }): boolean {
  return (SHIPPED_LANGUAGES as readonly string[]).includes(language) || overridden.has(language);
}

/** The languages a message is looked for in, in order: the reader's, the server's default, English. */
export function fallbackChain(language: string, defaultLanguage: string): string[] {
  return [...new Set([language, defaultLanguage, 'en'])];
}
