// data/core/presence.conf: when a player is marked away by themselves, and who is told. Every key
// applies at `core reload` (the next sweep, the next change).

import { Type } from '@sinclair/typebox';
import { defineConfig, type ConfigOf } from '../../core/config/config-define.ts';
import { lines } from '../../core/config/config-schema.ts';

/** The longest idle time a config file can ask for: a day. */
export const MAX_AFK_AFTER = 86_400;

export const presenceConfig = defineConfig({
  file: 'presence.conf',
  header: 'Core presence (the away / AFK flag).',
  schema: Type.Object({
    'afk-after-seconds': Type.Integer({
      default: 300,
      minimum: 0,
      maximum: MAX_AFK_AFTER,
      unit: 'seconds',
      description: lines(
        'Seconds without activity (moving to another block, chatting, running a command, breaking,',
        'placing or using something) after which a player is marked away by themselves.',
        `0 switches automatic marking off (/afk and the Remote Access Service still work). 0 to ${MAX_AFK_AFTER}.`,
        'Only players holding core.afk.auto are marked (every player does by default).',
      ),
    }),
    announce: Type.Boolean({
      default: true,
      description: lines('Whether everyone else is told when a player goes away and comes back ("Ann is now AFK.").', 'The player is always told.'),
    }),
    'tab-list-marker': Type.Boolean({
      default: false,
      description: 'Whether an away player\'s name in the tab list reads "[AFK] <name>" while they are away.',
    }),
  }),
});

export type PresenceConfig = ConfigOf<typeof presenceConfig>;

export const presenceReloadable = (configDir: string) => presenceConfig.reloadable(configDir);
