// Game material names: the item names of minecraft-data at the game version the server hosts
// (1.21.4), for home and vault icons and kit items; and enchantment names, for kit items.
// "minecraft:stone" and "Stone" are read as "stone"; air is not a material.

import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

interface GameData {
  itemsByName: Record<string, unknown>;
  enchantmentsByName: Record<string, unknown>;
}
let data: GameData | undefined;
let names: ReadonlySet<string> | undefined;

function gameData(): GameData {
  data ??= (require('minecraft-data') as (v: string) => GameData)('1.21.4');
  return data;
}

function materials(): ReadonlySet<string> {
  names ??= new Set(Object.keys(gameData().itemsByName).filter((n) => n !== 'air'));
  return names;
}

/** A name as stored: lower case, without the `minecraft:` namespace. */
const stored = (input: string) => input.trim().toLowerCase().replace(/^minecraft:/, '');

/** The material name in its stored form, or undefined when it is not an item of the game. */
export function materialName(input: string): string | undefined {
  const name = stored(input);
  return materials().has(name) ? name : undefined;
}

/** Material names starting with a prefix, for tab completion (at most `max`). */
export function materialsStartingWith(prefix: string, max = 50): string[] {
  const p = stored(prefix);
  const out: string[] = [];
  for (const n of materials()) {
    if (n.startsWith(p)) out.push(n);
    if (out.length >= max) break;
  }
  return out;
}

/** The enchantment name in its stored form ("minecraft:Sharpness" → "sharpness"), or undefined. */
export function enchantmentName(input: string): string | undefined {
  const name = stored(input);
  return Object.hasOwn(gameData().enchantmentsByName, name) ? name : undefined;
}
