// Value schemas config files share: a game material, an enchantment, a permission node, a list of
// command names. Each checks what a pattern cannot (the game's own names) in its Transform, and
// answers the value in its stored form ("Minecraft:Stone" → "stone").

import { Type, type SchemaOptions } from '@sinclair/typebox';
import { enchantmentName, materialName } from '../values/materials.ts';
import { ValueProblem, type ConfigKeywords } from './config-schema.ts';

type Options = SchemaOptions & ConfigKeywords;

/** A game material (item) name of Minecraft 1.21.4. */
export function material(options: Options = {}) {
  const own = typeof options.errorMessage === 'string' ? options.errorMessage : undefined;
  return Type.Transform(Type.String(options))
    .Decode((v) => {
      const name = materialName(v);
      if (!name) throw new ValueProblem(own ?? `"${v}" is not a game material name (an item of Minecraft 1.21.4, e.g. "bread")`);
      return name;
    })
    .Encode((v) => v);
}

/** An enchantment name of Minecraft 1.21.4, as the key of a table (`enchantments = { sharpness = 3 }`). */
export function enchantmentKey(key: string): string {
  const name = enchantmentName(key);
  if (!name) throw new ValueProblem(`"${key}" is not an enchantment of Minecraft 1.21.4 (e.g. sharpness, unbreaking)`, key);
  return name;
}

const NODE = /^[a-z0-9_-]+(\.[a-z0-9_-]+)*$/;

/** A permission node without wildcards, in lower case (`core.kit.vip`). */
export function permissionNode(options: Options & { errorMessage: string }) {
  return Type.Transform(Type.String(options))
    .Decode((v) => {
      const n = v.trim().toLowerCase();
      if (!NODE.test(n) || n.length > 128) throw new ValueProblem(options.errorMessage);
      return n;
    })
    .Encode((v) => v);
}

/**
 * Command names without the slash, in lower case and each once (`["msg", "/Tell"]` → msg, tell).
 * `errorMessage` is said of a value that is not a list of texts, `nameProblem` of a name that does
 * not match `pattern` (`errorMessage` again when not given).
 */
export function commandNames(pattern: RegExp, options: Options & { errorMessage: string; nameProblem?: (name: string) => string }) {
  const { nameProblem, ...schema } = options;
  return Type.Transform(Type.Array(Type.String(), schema))
    .Decode((list) => {
      const names = list.map((c) => c.trim().replace(/^\//, '').toLowerCase());
      const bad = names.findIndex((c) => !pattern.test(c));
      if (bad >= 0) throw new ValueProblem(nameProblem ? nameProblem(list[bad]!) : options.errorMessage);
      return [...new Set(names)];
    })
    .Encode((v) => v);
}
