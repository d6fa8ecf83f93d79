// Every message of the build: the kernel's catalogue and each known module's (on or off, so that an
// override of a module switched off is still checked), each key once.

import type { CatalogueEntry } from './catalogue.ts';
import { CORE_MESSAGES } from './core.messages.ts';

/** What the kernel reads of a module's catalogue (`messages` in its definition). */
export interface CatalogueData {
  readonly area: string;
  readonly entries: ReadonlyMap<string, CatalogueEntry>;
}

/** The messages of the kernel and of the modules, by key; a module whose catalogue is not its own area throws. */
export function gatherMessages(modules: ReadonlyArray<{ name: string; messages?: CatalogueData }>): ReadonlyMap<string, CatalogueEntry> {
  const all = new Map<string, CatalogueEntry>(CORE_MESSAGES.entries);
  for (const m of modules) {
    if (!m.messages) continue;
    if (m.messages.area !== m.name) throw new Error(`module "${m.name}" declares the messages of "${m.messages.area}": a module's message keys start with its own name`);
    for (const [key, entry] of m.messages.entries) {
      if (all.has(key)) throw new Error(`the message "${key}" is declared twice`);
      all.set(key, entry);
    }
  }
  return all;
}
