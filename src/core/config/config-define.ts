// One declaration per config file: `defineConfig` takes the file's name, its header comment and a
// TypeBox schema of its keys (./config-schema.ts), and gives the file's default text (written on
// first start, ./config-render.ts), its check (the first problem in one line naming the file, the
// line and the key, ./config-check.ts), its settings with the defaults filled in, and its entry
// for `core reload` (./config-reload.ts): which keys changed, and which of them wait for a restart
// (`restart: true` on a key).
//
//   export const homesConfig = defineConfig({
//     file: 'homes.conf',
//     header: 'Core homes.',
//     schema: Type.Object({
//       'default-limit': Type.Integer({ default: 3, minimum: 0, maximum: MAX_SLOT, description: 'Home slots a player has …' }),
//     }),
//   });
//   homesConfig.load(configDir).defaultLimit   // 3
//
// Code reads the settings with each key as a field (`default-limit` → `defaultLimit`), or as a
// file's `decode` shapes them. What a schema cannot say (a kit's price in a currency of
// economy.conf, a warning shorter than the interval it warns of) is the file's `check` or
// `decode`, which tell a problem with `at.problem(key, sentence)`.

import { join } from 'node:path';
import type { StaticDecode, TObject } from '@sinclair/typebox';
import { checkSettings, parsePath, pathText, type KeyPath } from './config-check.ts';
import { parseConfigText, problemLine, readConfigFile } from './config-file.ts';
import { lineOfPath } from './config-lines.ts';
import type { ReloadableConfig } from './config-reload.ts';
import { renderConfig, type RenderOptions } from './config-render.ts';
import { camelize, camelKey, closeTables, entrySchema, extraSchema, node, ValueProblem, type Settings } from './config-schema.ts';

/** What a file's `check` and `decode` are given besides its settings. */
export interface ConfigCheck<C> {
  /** What the file is read against: another file's settings (economy's currencies for kits.conf). */
  context: C;
  /** Stops the check with the problem of a key (`kits.vip.cost`, `rungs[2].name`): a sentence, without the file and the line. */
  problem(key: string, sentence: string): never;
}

export interface ConfigDefinition<S extends TObject, T, C> {
  /** The file's name in the config folder (`homes.conf`). */
  file: string;
  /** The comment at the top of the written file. */
  header: string;
  schema: S;
  /** `compact`: keys are written without a blank line between them. */
  layout?: RenderOptions['layout'];
  /** Appended to the comment of each key that applies at `core reload` (`live`) or that waits for a restart (`restart`). */
  mark?: RenderOptions['mark'];
  /** Values the file is written with on first start, drawn then (a fresh token), by key. */
  initial?(): Partial<Record<keyof StaticDecode<S> & string, unknown>>;
  /** The sentence for a top-level key the file does not have, when "is not a key of this file" is not the best. */
  unknownKey?(key: string): string;
  /** Checks what the schema cannot: keys against each other, against another file. */
  check?(settings: Settings<S>, at: ConfigCheck<C>): void;
  /** The settings as code uses them, when the schema's shape is not it. */
  decode?(settings: Settings<S>, at: ConfigCheck<C>): T;
  /**
   * The keys `core reload` tells changed (key → value, compared as JSON). Without it: each
   * top-level key, and each entry of a Record of tables (`kits.vip`) as a key of its own.
   */
  keys?(settings: Settings<S>): ReadonlyMap<string, unknown>;
  /** For keys that wait for a restart in a way `restart: true` cannot say (./config-reload.ts). */
  restart?: ReloadableConfig<T>['restart'];
}

/** A config file's problem: `message` is the one line; `line` 0 when it cannot be told. */
export class ConfigError extends Error {
  readonly path: string;
  readonly line: number;
  readonly key: string | undefined;
  readonly problem: string;
  constructor(path: string, line: number | undefined, key: string | undefined, problem: string) {
    super(problemLine(path, line, key, problem));
    this.path = path;
    this.line = line ?? 0;
    this.key = key;
    this.problem = problem;
  }
}

/** The context a file is read with, as arguments: none for a file read alone. */
type ContextArgs<C> = undefined extends C ? [] : [context: C];
type ContextGetter<C> = undefined extends C ? [] : [context: () => C];

export interface ConfigFile<T, C = undefined> {
  file: string;
  /** The text written on first start. */
  defaultText(): string;
  /** The settings of a file's text; throws a ConfigError. */
  parse(path: string, text: string, ...context: ContextArgs<C>): T;
  /** Reads `configDir/<file>` (written with the default text first when absent); throws a ConfigError. */
  load(configDir: string, ...context: ContextArgs<C>): T;
  /** As `load`, telling whether the file was written now (a first start). */
  read(configDir: string, ...context: ContextArgs<C>): { config: T; written: boolean };
  /** The file for `core reload`; `context` is read again at each reload. */
  reloadable(configDir: string, ...context: ContextGetter<C>): ReloadableConfig<T>;
}

/** The settings a config file answers: `type HomesConfig = ConfigOf<typeof homesConfig>`. */
export type ConfigOf<F> = F extends ConfigFile<infer T, infer _C> ? T : never;

function rejects(key: string, sentence: string): never {
  throw new ValueProblem(sentence, key);
}

/** Each top-level key → value, each entry of a Record of tables and each extra table as `key.<name>`. */
function settingKeys(schema: TObject, value: Record<string, unknown>): Map<string, unknown> {
  const keys = new Map<string, unknown>();
  for (const [key, s] of Object.entries(node(schema).properties ?? {})) {
    const v = value[key];
    const entries = entrySchema(s);
    const extra = extraSchema(s);
    if ((entries?.type === 'object' || extra) && typeof v === 'object' && v !== null) {
      const own = Object.fromEntries(Object.entries(v).filter(([k]) => Object.hasOwn(s.properties ?? {}, k)));
      if (extra) keys.set(key, own);
      for (const [name, entry] of Object.entries(v)) if (!Object.hasOwn(own, name)) keys.set(`${key}.${name}`, entry);
    } else {
      keys.set(key, v);
    }
  }
  return keys;
}

export function defineConfig<S extends TObject, T = Settings<S>, C = undefined>(definition: ConfigDefinition<S, T, C>): ConfigFile<T, C> {
  const { file, schema } = definition;
  closeTables(node(schema));
  const restartKeys = Object.entries(node(schema).properties ?? {})
    .filter(([, s]) => s.restart === true)
    .map(([k]) => k);
  if (restartKeys.length > 0 && definition.decode && !definition.restart) {
    throw new Error(`${file}: keys marked restart need the file's own restart rule when it decodes its settings`);
  }
  /** The key map of each config read, for `core reload`. */
  const keysOf = new WeakMap<object, ReadonlyMap<string, unknown>>();

  const defaultText = (): string =>
    renderConfig(node(schema), { header: definition.header, initial: definition.initial?.(), mark: definition.mark, layout: definition.layout });

  function parseTable(path: string, text: string, table: Record<string, unknown>, context: C): T {
    const fault = (at: KeyPath, problem: string): ConfigError => new ConfigError(path, lineOfPath(text, at), pathText(at), problem);
    const checked = checkSettings(schema, table);
    if (!checked.ok) {
      const unknown = checked.keyword === 'additionalProperties' && checked.path.length === 1 && definition.unknownKey;
      throw fault(checked.path, unknown ? unknown(String(checked.path[0])) : checked.problem);
    }
    const kebab = checked.value as Record<string, unknown>;
    const settings = camelize(node(schema), kebab) as Settings<S>;
    let config: T;
    try {
      const at: ConfigCheck<C> = { context, problem: rejects };
      definition.check?.(settings, at);
      config = definition.decode ? definition.decode(settings, at) : (settings as unknown as T);
    } catch (e) {
      if (!(e instanceof ValueProblem)) throw e;
      throw fault(parsePath(e.at ?? ''), e.message);
    }
    if (typeof config !== 'object' || config === null) throw new Error(`${file}: a config's settings must be an object`);
    keysOf.set(config, definition.keys ? definition.keys(settings) : settingKeys(schema, kebab));
    return config;
  }

  function parse(path: string, text: string, context: C): T {
    const parsed = parseConfigText(path, text);
    if (!parsed.ok) throw new ConfigError(path, parsed.line, parsed.key, parsed.problem);
    return parseTable(path, text, parsed.table, context);
  }

  function read(configDir: string, context: C): { config: T; written: boolean } {
    const path = join(configDir, file);
    const found = readConfigFile(path, defaultText());
    if (!found.ok) throw new ConfigError(path, found.line, found.key, found.problem);
    return { config: parseTable(path, found.text, found.table, context), written: found.created };
  }
  const load = (configDir: string, context: C): T => read(configDir, context).config;

  const restart: ReloadableConfig<T>['restart'] =
    definition.restart ??
    (restartKeys.length === 0
      ? undefined
      : {
          needs: (key) => restartKeys.includes(key.split('.')[0]!),
          applyLive(current, next) {
            const kept = Object.fromEntries(restartKeys.map((k) => [camelKey(k), (current as Record<string, unknown>)[camelKey(k)]]));
            return { ...next, ...kept };
          },
        });

  return {
    file,
    defaultText,
    parse: (path, text, ...context) => parse(path, text, context[0] as C),
    load: (configDir, ...context) => load(configDir, context[0] as C),
    read: (configDir, ...context) => read(configDir, context[0] as C),
    reloadable(configDir, ...context) {
      const current = context[0] as (() => C) | undefined;
      return {
        path: join(configDir, file),
        read: () => load(configDir, current?.() as C),
        keys(config) {
          const keys = keysOf.get(config as object);
          if (!keys) throw new Error(`${file}: the keys of a config are known only for a config read from the file`);
          return keys;
        },
        ...(restart ? { restart } : {}),
      };
    },
  };
}
