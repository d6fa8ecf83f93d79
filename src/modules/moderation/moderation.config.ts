// data/core/moderation.conf: which commands a muted player may not run (the private-message
// commands, whatever module provides them). Applies at `core reload`, to the next command a muted
// player runs.

import { Type } from '@sinclair/typebox';
import { defineConfig, type ConfigOf } from '../../core/config/config-define.ts';
import { lines } from '../../core/config/config-schema.ts';
import { commandNames } from '../../core/config/config-values.ts';

export const DEFAULT_MUTE_BLOCKED = ['msg', 'tell', 'w', 'whisper', 'r', 'reply', 'mail', 'me', 'say', 'm', 't', 'pm', 'dm', 'message'];

export const moderationConfig = defineConfig({
  file: 'moderation.conf',
  header: 'Core moderation (bans, mutes, warnings, kicks, address bans, alts).',
  schema: Type.Object({
    /** Command names (lower case, no slash) a muted player is refused. */
    'mute-blocked-commands': commandNames(/^[a-z0-9_:-]{1,64}$/, {
      default: DEFAULT_MUTE_BLOCKED,
      errorMessage: 'must be a list of command names, e.g. ["msg", "tell", "r"]',
      description: lines(
        'Commands a muted player may not run: private messages, mail, /me, /say … (names without the',
        'slash; aliases of a command count as the command). Chat itself is always blocked while muted.',
      ),
    }),
  }),
});

export type ModerationConfig = ConfigOf<typeof moderationConfig>;

export const moderationReloadable = (configDir: string) => moderationConfig.reloadable(configDir);
