// data/core/staff.conf: the staff modes an admin offers (/staff [mode]): the game mode each puts
// the player in, and whether it vanishes them. Written with comments on first start, never
// overwritten; `core reload` applies it to the next /staff (a player on duty keeps the mode they
// entered, and gets back what they had when they leave it).

import { join } from 'node:path';
import { configProblem, readConfigFile } from '../../core/config-file.ts';
import type { ReloadableConfig } from '../../core/config-reload.ts';
import { GAME_MODES, type GameMode } from '../../platform/platform.ts';

export interface StaffMode {
  name: string;
  /** The game mode while on duty; null keeps the player's own. */
  gameMode: GameMode | null;
  /** Whether going on duty vanishes the player (through the vanish module, when it is on). */
  vanish: boolean;
}

export interface StaffConfig {
  /** The mode /staff uses when none is named. */
  defaultMode: string;
  /** Every mode, by name. */
  modes: ReadonlyMap<string, StaffMode>;
}

/** Mode names: lower case letters, digits, `-` and `_` (they are command words and permission nodes). */
const MODE_NAME = /^[a-z0-9_-]{1,16}$/;

export const STAFF_CONF_DEFAULT = `# Core staff mode (/staff [mode]) and staff chat (/sc).

# The mode /staff puts a player in when they name none. Any other mode needs the node
# core.staff.mode.<name> as well as core.staff.use.
default-mode = "mod"

# Each [modes.<name>] is a mode (name: a-z, 0-9, - and _, up to 16 characters).
#   game-mode: the game mode while on duty: "survival", "creative", "adventure", "spectator",
#              or "keep" to leave the player's own.
#   vanish:    whether going on duty vanishes the player (needs the vanish module on).
# Leaving duty (/staff again, leaving the game, or a restart) gives back the game mode the player
# had and shows them again if the mode vanished them.

[modes.mod]
game-mode = "creative"
vanish = true

[modes.watch]
game-mode = "spectator"
vanish = true

[modes.helper]
game-mode = "keep"
vanish = false
`;

export function loadStaffConfig(configDir: string): StaffConfig {
  const path = join(configDir, 'staff.conf');
  const read = readConfigFile(path, STAFF_CONF_DEFAULT);
  if (!read.ok) throw new Error(read.message);
  const { table, text } = read;
  const problem = (key: string, what: string) => new Error(configProblem(path, text, key, what));
  for (const key of Object.keys(table)) if (key !== 'default-mode' && key !== 'modes') throw problem(key, 'is not a key of this file');
  const rawModes = table.modes ?? {};
  if (typeof rawModes !== 'object' || rawModes === null || Array.isArray(rawModes)) throw problem('modes', 'must be tables [modes.<name>]');
  const modes = new Map<string, StaffMode>();
  for (const [name, raw] of Object.entries(rawModes as Record<string, unknown>)) {
    const key = `modes.${name}`;
    if (!MODE_NAME.test(name)) throw problem(key, 'a mode name is 1 to 16 of a-z, 0-9, - and _');
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw problem(key, 'must be a table with game-mode and vanish');
    const fields = raw as Record<string, unknown>;
    for (const k of Object.keys(fields)) if (k !== 'game-mode' && k !== 'vanish') throw problem(`${key}.${k}`, 'is not a key of a mode (game-mode, vanish)');
    const gm = fields['game-mode'] ?? 'keep';
    if (typeof gm !== 'string' || (gm !== 'keep' && !(GAME_MODES as readonly string[]).includes(gm))) {
      throw problem(`${key}.game-mode`, `must be one of ${[...GAME_MODES, 'keep'].map((m) => `"${m}"`).join(', ')}`);
    }
    const vanish = fields.vanish ?? false;
    if (typeof vanish !== 'boolean') throw problem(`${key}.vanish`, 'must be true or false');
    modes.set(name, { name, gameMode: gm === 'keep' ? null : (gm as GameMode), vanish });
  }
  if (modes.size === 0) throw problem('modes', 'at least one mode [modes.<name>] is needed');
  const defaultMode = table['default-mode'] ?? [...modes.keys()][0];
  if (typeof defaultMode !== 'string' || !modes.has(defaultMode)) {
    throw problem('default-mode', `must name one of the modes (${[...modes.keys()].join(', ')})`);
  }
  return { defaultMode, modes };
}

export function staffReloadable(configDir: string): ReloadableConfig<StaffConfig> {
  return {
    path: join(configDir, 'staff.conf'),
    read: () => loadStaffConfig(configDir),
    keys: (c) =>
      new Map<string, unknown>([
        ['default-mode', c.defaultMode],
        ...[...c.modes.values()].map((m): [string, unknown] => [`modes.${m.name}`, { 'game-mode': m.gameMode ?? 'keep', vanish: m.vanish }]),
      ]),
  };
}
