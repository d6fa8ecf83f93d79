// data/core/staff.conf: the staff modes an admin offers (/staff [mode]): the game mode each puts
// the player in, and whether it vanishes them. `core reload` applies it to the next /staff (a
// player on duty keeps the mode they entered, and gets back what they had when they leave it).

import { Type } from '@sinclair/typebox';
import { defineConfig } from '../../core/config/config-define.ts';
import { lines, oneOf } from '../../core/config/config-schema.ts';
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
const MODE_NAME = '^[a-z0-9_-]{1,16}$';

const Mode = Type.Object(
  {
    'game-mode': oneOf([...GAME_MODES, 'keep'], { default: 'keep' }),
    vanish: Type.Boolean({ default: false }),
  },
  { title: 'a mode', errorMessage: { type: 'must be a table with game-mode and vanish' } },
);

export const staffConfig = defineConfig({
  file: 'staff.conf',
  header: 'Core staff mode (/staff [mode]) and staff chat (/sc).',
  schema: Type.Object({
    'default-mode': Type.Optional(
      Type.String({
        examples: ['mod'],
        description: lines(
          'The mode /staff puts a player in when they name none. Any other mode needs the node',
          'core.staff.mode.<name> as well as core.staff.use.',
        ),
      }),
    ),
    modes: Type.Record(Type.String({ pattern: MODE_NAME }), Mode, {
      default: {},
      errorMessage: { type: 'must be tables [modes.<name>]', propertyNames: 'a mode name is 1 to 16 of a-z, 0-9, - and _' },
      description: lines(
        'Each [modes.<name>] is a mode (name: a-z, 0-9, - and _, up to 16 characters).',
        '  game-mode: the game mode while on duty: "survival", "creative", "adventure", "spectator",',
        '             or "keep" to leave the player\'s own.',
        '  vanish:    whether going on duty vanishes the player (needs the vanish module on).',
        'Leaving duty (/staff again, leaving the game, or a restart) gives back the game mode the player',
        'had and shows them again if the mode vanished them.',
      ),
      examples: [
        {
          mod: { 'game-mode': 'creative', vanish: true },
          watch: { 'game-mode': 'spectator', vanish: true },
          helper: { 'game-mode': 'keep', vanish: false },
        },
      ],
    }),
  }),
  decode(settings, at): StaffConfig {
    const modes = new Map<string, StaffMode>(
      Object.entries(settings.modes).map(([name, m]) => [name, { name, gameMode: m.gameMode === 'keep' ? null : m.gameMode, vanish: m.vanish }]),
    );
    if (modes.size === 0) at.problem('modes', 'at least one mode [modes.<name>] is needed');
    const defaultMode = settings.defaultMode ?? [...modes.keys()][0]!;
    if (!modes.has(defaultMode)) at.problem('default-mode', `must name one of the modes (${[...modes.keys()].join(', ')})`);
    return { defaultMode, modes };
  },
});

/** staff.conf for `core reload`: applies to the next /staff (a player on duty keeps the mode they entered). */
export const staffReloadable = (configDir: string) => staffConfig.reloadable(configDir);
