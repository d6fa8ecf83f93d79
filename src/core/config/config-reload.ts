// Config files that `core reload` reads again while the server runs. Every file is held by one
// registry entry, in the order the files were first read (the kernel's, then each module's in boot
// order, then the add-on's), so a file that depends on another (kits.conf on the currencies of
// economy.conf) is read after it.
//
// A reload is all or nothing per file: a file that no longer passes the start-up check keeps its
// old settings entirely and is reported with that check's one-line message; the other files still
// apply. Within a valid file, a key applies at once unless its spec says it needs a restart; such a
// key keeps its old value until the next start.

import { basename } from 'node:path';
import { messageOf } from '../text/sentence.ts';

/** What reading one file again did. `file` is the file's name as an operator knows it. */
export type FileReload =
  | { file: string; outcome: 'unchanged' }
  /** `applied`: keys in force now; `restart`: changed keys that wait for the next start. */
  | { file: string; outcome: 'changed'; applied: string[]; restart: string[] }
  /** Nothing of the file applied; `problem` is the start-up check's line (file, line, key). */
  | { file: string; outcome: 'invalid'; problem: string };

export interface ReloadableConfig<T> {
  /** The file's path. */
  path: string;
  /** Reads and checks the file as at start; throws an Error whose message is the one-line problem. */
  read(): T;
  /**
   * The file's settings as key → value (`default-limit`, `kits.vip`), to tell which changed. Asked
   * of a config `read` answered only: the registry keeps the keys in force itself.
   */
  keys(config: T): ReadonlyMap<string, unknown>;
  /**
   * For a file with keys that only a restart can apply: whether a changed key is one, and the
   * config to use now (`next` with each such key kept at its `current` value; it may update
   * `current` in place and return it). Without it, every key applies at once.
   */
  restart?: {
    needs(key: string, current: T, next: T): boolean;
    applyLive(current: T, next: T): T;
  };
  /**
   * Called after every reload that found the file valid (changed or not), with the config now in
   * force: for an owner that acts on a reload (the announcer reschedules, and tells subscribers).
   */
  reloaded?(config: T, changed: boolean): void;
}

/** A file whose reload its owner does itself (modules.conf: nothing of it applies live). */
export interface ReloadEntry {
  path: string;
  reload(): FileReload;
}

export interface ConfigFiles {
  /**
   * Reads a file now (a problem throws, stopping the start) and keeps it for reloads. A file read
   * already (by the start-up check, ./config-startup.ts) is not read again: its settings are
   * answered, and `spec` replaces the one it was read with for every later reload (a module's
   * spec may hold what only its service knows, a `reloaded` hook). Once the files are sealed, a
   * file the start-up check did not read is refused: a programming error naming the file.
   */
  load<T>(spec: ReloadableConfig<T>): () => T;
  add(entry: ReloadEntry): void;
  /** Reads every file again, each after the files it may depend on. Never throws. */
  reloadAll(): FileReload[];
  /** Ends the start-up check: from now on `load` only answers files it read. */
  seal(): void;
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** The keys whose value differs between two key maps (added and removed keys included), sorted. */
export function changedKeys(before: ReadonlyMap<string, unknown>, after: ReadonlyMap<string, unknown>): string[] {
  const keys = new Set([...before.keys(), ...after.keys()]);
  return [...keys].filter((k) => !same(before.get(k), after.get(k))).sort();
}

interface Kept<T> {
  spec: ReloadableConfig<T>;
  current: T;
  /** The keys in force: those of the file as last read, with each key waiting for a restart at its old value. */
  keys: ReadonlyMap<string, unknown>;
}

export function createConfigFiles(): ConfigFiles {
  const entries: ReloadEntry[] = [];
  // biome-ignore lint: each file has its own settings type.
  const kept = new Map<string, Kept<any>>();
  let sealed = false;

  function reloadOf<T>(k: Kept<T>): FileReload {
    const file = basename(k.spec.path);
    let next: T;
    try {
      next = k.spec.read();
    } catch (e) {
      return { file, outcome: 'invalid', problem: messageOf(e) };
    }
    const { spec, current } = k;
    const after = spec.keys(next);
    const changed = changedKeys(k.keys, after);
    if (changed.length === 0) {
      spec.reloaded?.(current, false);
      return { file, outcome: 'unchanged' };
    }
    const restart = spec.restart ? changed.filter((key) => spec.restart!.needs(key, current, next)) : [];
    const applied = changed.filter((key) => !restart.includes(key));
    // What is in force now, to compare the next reload with: a key that waits keeps its old value.
    const keys = new Map(after);
    for (const key of restart) {
      if (k.keys.has(key)) keys.set(key, k.keys.get(key));
      else keys.delete(key);
    }
    k.keys = keys;
    k.current = spec.restart ? spec.restart.applyLive(current, next) : next;
    spec.reloaded?.(k.current, true);
    return { file, outcome: 'changed', applied, restart };
  }

  return {
    load<T>(spec: ReloadableConfig<T>): () => T {
      const known = kept.get(spec.path) as Kept<T> | undefined;
      if (known) {
        known.spec = spec;
        return () => known.current;
      }
      if (sealed) {
        throw new Error(
          `${spec.path} is read after the start-up check of the config files, so a fault in it would not stop the start: name it in its module's configFiles (src/core/kernel/module.ts)`,
        );
      }
      const current = spec.read();
      const k: Kept<T> = { spec, current, keys: spec.keys(current) };
      kept.set(spec.path, k);
      entries.push({ path: spec.path, reload: () => reloadOf(k) });
      return () => k.current;
    },

    add(entry) {
      entries.push(entry);
    },

    reloadAll() {
      return entries.map((entry) => {
        try {
          return entry.reload();
        } catch (e) {
          // A reload that throws is a bug, not a bad file; the file keeps its settings all the same.
          const problem = `${entry.path}: could not be read again (${messageOf(e)})`;
          return { file: basename(entry.path), outcome: 'invalid', problem } satisfies FileReload;
        }
      });
    },

    seal() {
      sealed = true;
    },
  };
}

/** One line per file for the reply of `core reload`. */
export function describeReload(r: FileReload): string {
  switch (r.outcome) {
    case 'unchanged':
      return `${r.file}: unchanged.`;
    case 'changed': {
      const parts = [];
      if (r.applied.length) parts.push(`applied now: ${r.applied.join(', ')}`);
      if (r.restart.length) parts.push(`needs a restart: ${r.restart.join(', ')}`);
      return `${r.file}: changed; ${parts.join('; ')}.`;
    }
    case 'invalid':
      return `${r.file}: invalid, its old settings stay in force. ${r.problem}`;
  }
}
