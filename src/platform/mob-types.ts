// The mob types of the hosted game version (1.21.4): minecraft-data's living entities that a world
// spawns (animals, monsters, water and ambient creatures, golems…), by their game names ("zombie",
// "cow"). Players, armour stands, items, projectiles and the like are not mobs.

import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

interface EntityData {
  name: string;
  type: string;
}

/** minecraft-data's entity categories of mobs. */
const MOB_CATEGORIES = new Set(['hostile', 'animal', 'passive', 'water_creature', 'ambient', 'mob']);

let names: readonly string[] | undefined;

/** Every mob type name, sorted. */
export function mobTypes(): readonly string[] {
  names ??= (require('minecraft-data') as (v: string) => { entitiesArray: EntityData[] })('1.21.4')
    .entitiesArray.filter((e) => MOB_CATEGORIES.has(e.type))
    .map((e) => e.name)
    .sort();
  return names;
}

/** The mob type in its stored form (lower case, no `minecraft:`), or undefined when it is not a mob of the game. */
export function mobTypeName(input: string): string | undefined {
  const name = input.trim().toLowerCase().replace(/^minecraft:/, '');
  return mobTypes().includes(name) ? name : undefined;
}
