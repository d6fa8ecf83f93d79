// data/core/security.conf: how many wrong codes lead to a lockout, how long it lasts, how long a
// device stays trusted, and the issuer name authenticator apps show. Every key applies at `core
// reload`, to the next attempt, lockout, pass or setup.

import { Type } from '@sinclair/typebox';
import { defineConfig, type ConfigOf } from '../../core/config/config-define.ts';
import { lines } from '../../core/config/config-schema.ts';

export const securityConfig = defineConfig({
  file: 'security.conf',
  header: 'Core security factors (time-based one-time passwords, /2fa).',
  schema: Type.Object({
    attempts: Type.Integer({
      default: 5,
      minimum: 1,
      maximum: 100,
      description: 'Wrong codes in a row, while a player proves their factor after joining, that lock them out. 1 to 100.',
    }),
    'lockout-seconds': Type.Integer({
      default: 300,
      minimum: 1,
      maximum: 604800,
      description: lines('How long a lockout lasts: the player is kicked and cannot join until it ends (or an admin', 'unlocks them). 1 to 604800 (a week).'),
    }),
    /** 0: never trusted, every join proves. */
    'trusted-days': Type.Integer({
      default: 30,
      minimum: 0,
      maximum: 365,
      description: lines(
        'How long a device (the address a player joins from) stays trusted after the player proved their',
        'factor from it: joins from it within that time need no code. 0 to 365; 0 asks at every join.',
      ),
    }),
    issuer: Type.String({
      default: 'Core',
      pattern: '^[^:]{1,32}$',
      errorMessage: 'must be a text of 1 to 32 characters without ":"',
      description: 'The issuer name authenticator apps show next to the account.',
    }),
  }),
});

export type SecurityConfig = ConfigOf<typeof securityConfig>;

export const securityReloadable = (configDir: string) => securityConfig.reloadable(configDir);
