// Game material names: the item names of minecraft-data at the game version the server hosts
// (1.21.4), for home and vault icons and kit items. "minecraft:stone" and "Stone" are read as
// "stone"; air is not a material.

import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
let names: ReadonlySet<string> | undefined;

function materials(): ReadonlySet<string> {
  if (!names) {
    const data = (require('minecraft-data') as (v: string) => { itemsByName: Record<string, unknown> })('1.21.4');
    names = new Set(Object.keys(data.itemsByName).filter((n) => n !== 'air'));
  }
  return names;
}

/** The material name in its stored form, or undefined when it is not an item of the game. */
export function materialName(input: string): string | undefined {
  const name = input.trim().toLowerCase().replace(/^minecraft:/, '');
  return materials().has(name) ? name : undefined;
}

/** Material names starting with a prefix, for tab completion (at most `max`). */
export function materialsStartingWith(prefix: string, max = 50): string[] {
  const p = prefix.toLowerCase().replace(/^minecraft:/, '');
  const out: string[] = [];
  for (const n of materials()) {
    if (n.startsWith(p)) out.push(n);
    if (out.length >= max) break;
  }
  return out;
}
