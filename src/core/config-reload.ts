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
import { messageOf } from './sentence.ts';

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
  /** The file's settings as key → value (`default-limit`, `kits.vip`), to tell which changed. */
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
  /** Reads a file now (a problem throws, stopping the start) and keeps it for reloads. */
  load<T>(spec: ReloadableConfig<T>): () => T;
  /** Keeps a file read already (with `initial`, e.g. built-in defaults after a start-up problem). */
  watch<T>(spec: ReloadableConfig<T>, initial: T): () => T;
  add(entry: ReloadEntry): void;
  /** Reads every file again, each after the files it may depend on. Never throws. */
  reloadAll(): FileReload[];
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** The keys whose value differs between two key maps (added and removed keys included), sorted. */
export function changedKeys(before: ReadonlyMap<string, unknown>, after: ReadonlyMap<string, unknown>): string[] {
  const keys = new Set([...before.keys(), ...after.keys()]);
  return [...keys].filter((k) => !same(before.get(k), after.get(k))).sort();
}

export function createConfigFiles(): ConfigFiles {
  const entries: ReloadEntry[] = [];

  const files: ConfigFiles = {
    load: (spec) => files.watch(spec, spec.read()),

    watch<T>(spec: ReloadableConfig<T>, initial: T): () => T {
      let current = initial;
      const file = basename(spec.path);
      entries.push({
        path: spec.path,
        reload(): FileReload {
          let next: T;
          try {
            next = spec.read();
          } catch (e) {
            return { file, outcome: 'invalid', problem: messageOf(e) };
          }
          const changed = changedKeys(spec.keys(current), spec.keys(next));
          if (changed.length === 0) {
            spec.reloaded?.(current, false);
            return { file, outcome: 'unchanged' };
          }
          const restart = spec.restart ? changed.filter((k) => spec.restart!.needs(k, current, next)) : [];
          const applied = changed.filter((k) => !restart.includes(k));
          current = spec.restart ? spec.restart.applyLive(current, next) : next;
          spec.reloaded?.(current, true);
          return { file, outcome: 'changed', applied, restart };
        },
      });
      return () => current;
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
  };
  return files;
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
