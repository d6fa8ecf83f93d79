// data/core/jail.conf: how far a prisoner may walk from the jail's point, which commands a prisoner
// may still run, and where a released prisoner goes. Written with comments on first start, never
// overwritten; `core reload` applies a change at once.

import { join } from 'node:path';
import { configProblem, readConfigFile } from '../../core/config-file.ts';
import type { ReloadableConfig } from '../../core/config-reload.ts';

export type ReleaseTo = 'previous' | 'spawn';

export interface JailConfig {
  /** Blocks a prisoner may stray from the jail's point (in any direction) before a move is cancelled. */
  radius: number;
  /** Commands a prisoner may run (lower case names or aliases, without `/`). */
  allowedCommands: readonly string[];
  /** Where a released prisoner goes: back where they were when jailed, or the world's spawn. */
  releaseTo: ReleaseTo;
}

export const MAX_RADIUS = 256;

export const JAIL_CONF_DEFAULT = `# Core jails (moderation).

# How far (in blocks, in any direction) a jailed player may move from the point of their jail.
# A move beyond it is cancelled: the player is put back. 1 to ${MAX_RADIUS}.
radius = 5

# The commands a jailed player may still run, by name or alias, without the slash. Every other
# command is refused with a sentence saying why.
allowed-commands = ["msg", "tell", "r", "reply", "mail", "helpop", "rules", "list", "help"]

# Where a player goes when released (by /unjail, the route, or the end of their sentence):
# "previous" = back where they were when they were jailed (the world's spawn when that is not known),
# "spawn" = the spawn of the main world.
release-to = "previous"
`;

const KEYS = ['radius', 'allowed-commands', 'release-to'];

export function loadJailConfig(configDir: string): JailConfig {
  const path = join(configDir, 'jail.conf');
  const read = readConfigFile(path, JAIL_CONF_DEFAULT);
  if (!read.ok) throw new Error(read.message);
  const { table, text } = read;
  const problem = (key: string, what: string) => new Error(configProblem(path, text, key, what));
  for (const key of Object.keys(table)) if (!KEYS.includes(key)) throw problem(key, 'is not a key of this file');
  const radius = table.radius ?? 5;
  if (typeof radius !== 'number' || !Number.isFinite(radius) || radius < 1 || radius > MAX_RADIUS) {
    throw problem('radius', `must be a number of blocks from 1 to ${MAX_RADIUS}`);
  }
  const allowed = table['allowed-commands'] ?? [];
  if (!Array.isArray(allowed) || !allowed.every((c) => typeof c === 'string' && /^\/?[A-Za-z0-9_:-]+$/.test(c))) {
    throw problem('allowed-commands', 'must be a list of command names, e.g. ["msg", "helpop"]');
  }
  const releaseTo = table['release-to'] ?? 'previous';
  if (releaseTo !== 'previous' && releaseTo !== 'spawn') throw problem('release-to', 'must be "previous" or "spawn"');
  return { radius, allowedCommands: allowed.map((c: string) => c.replace(/^\//, '').toLowerCase()), releaseTo };
}

/** jail.conf for `core reload`: every key applies at once (to the next move, command or release). */
export function jailReloadable(configDir: string): ReloadableConfig<JailConfig> {
  return {
    path: join(configDir, 'jail.conf'),
    read: () => loadJailConfig(configDir),
    keys: (c) =>
      new Map<string, unknown>([
        ['radius', c.radius],
        ['allowed-commands', c.allowedCommands.join(',')],
        ['release-to', c.releaseTo],
      ]),
  };
}
