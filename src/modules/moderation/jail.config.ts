// data/core/jail.conf: how far a prisoner may walk from the jail's point, which commands a prisoner
// may still run, and where a released prisoner goes. Every key applies at `core reload` (to the
// next move, command or release).

import { Type } from '@sinclair/typebox';
import { defineConfig, type ConfigOf } from '../../core/config/config-define.ts';
import { lines, oneOf } from '../../core/config/config-schema.ts';
import { commandNames } from '../../core/config/config-values.ts';

export type ReleaseTo = 'previous' | 'spawn';

export const MAX_RADIUS = 256;

export const jailConfig = defineConfig({
  file: 'jail.conf',
  header: 'Core jails (moderation).',
  schema: Type.Object({
    /** Blocks a prisoner may stray from the jail's point (in any direction) before a move is cancelled. */
    radius: Type.Number({
      default: 5,
      minimum: 1,
      maximum: MAX_RADIUS,
      unit: 'blocks',
      description: lines(
        'How far (in blocks, in any direction) a jailed player may move from the point of their jail.',
        `A move beyond it is cancelled: the player is put back. 1 to ${MAX_RADIUS}.`,
      ),
    }),
    /** Lower case names or aliases, without `/`. */
    'allowed-commands': commandNames(/^[a-z0-9_:-]+$/, {
      default: [],
      examples: [['msg', 'tell', 'r', 'reply', 'mail', 'helpop', 'rules', 'list', 'help']],
      errorMessage: 'must be a list of command names, e.g. ["msg", "helpop"]',
      description: lines(
        'The commands a jailed player may still run, by name or alias, without the slash. Every other',
        'command is refused with a sentence saying why.',
      ),
    }),
    /** Back where they were when jailed, or the world's spawn. */
    'release-to': oneOf(['previous', 'spawn'], {
      default: 'previous',
      description: lines(
        'Where a player goes when released (by /unjail, the route, or the end of their sentence):',
        '"previous" = back where they were when they were jailed (the world\'s spawn when that is not known),',
        '"spawn" = the spawn of the main world.',
      ),
    }),
  }),
});

export type JailConfig = ConfigOf<typeof jailConfig>;

export const jailReloadable = (configDir: string) => jailConfig.reloadable(configDir);
