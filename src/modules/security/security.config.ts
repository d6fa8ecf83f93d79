// data/core/security.conf: how many wrong codes lead to a lockout, how long it lasts, how long a
// device stays trusted, and the issuer name authenticator apps show. Written with comments on
// first start, never overwritten.

import { join } from 'node:path';
import { configProblem, readConfigFile } from '../../core/config-file.ts';
import type { ReloadableConfig } from '../../core/config-reload.ts';

export interface SecurityConfig {
  /** Wrong codes in a row (while verifying) that lock the player out. */
  attempts: number;
  /** How long a lockout lasts. */
  lockoutSeconds: number;
  /** How long a device (address) that passed stays trusted. 0: never trusted, every join proves. */
  trustedDays: number;
  /** The issuer shown in authenticator apps. */
  issuer: string;
}

export const SECURITY_CONF_DEFAULT = `# Core security factors (time-based one-time passwords, /2fa).

# Wrong codes in a row, while a player proves their factor after joining, that lock them out. 1 to 100.
attempts = 5

# How long a lockout lasts: the player is kicked and cannot join until it ends (or an admin
# unlocks them). 1 to 604800 (a week).
lockout-seconds = 300

# How long a device (the address a player joins from) stays trusted after the player proved their
# factor from it: joins from it within that time need no code. 0 to 365; 0 asks at every join.
trusted-days = 30

# The issuer name authenticator apps show next to the account.
issuer = "Core"
`;

const KEYS = ['attempts', 'lockout-seconds', 'trusted-days', 'issuer'];

export function loadSecurityConfig(configDir: string): SecurityConfig {
  const path = join(configDir, 'security.conf');
  const read = readConfigFile(path, SECURITY_CONF_DEFAULT);
  if (!read.ok) throw new Error(read.message);
  const { table, text } = read;
  const problem = (key: string, what: string) => new Error(configProblem(path, text, key, what));
  for (const key of Object.keys(table)) if (!KEYS.includes(key)) throw problem(key, 'is not a key of this file');
  const whole = (key: string, fallback: number, min: number, max: number): number => {
    const v = table[key] ?? fallback;
    if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max) throw problem(key, `must be a whole number from ${min} to ${max}`);
    return v;
  };
  const issuer = table.issuer ?? 'Core';
  if (typeof issuer !== 'string' || !/^[^:]{1,32}$/.test(issuer)) throw problem('issuer', 'must be a text of 1 to 32 characters without ":"');
  return {
    attempts: whole('attempts', 5, 1, 100),
    lockoutSeconds: whole('lockout-seconds', 300, 1, 604800),
    trustedDays: whole('trusted-days', 30, 0, 365),
    issuer,
  };
}

/** security.conf for `core reload`: every key applies to the next attempt, lockout, pass or setup. */
export function securityReloadable(configDir: string): ReloadableConfig<SecurityConfig> {
  return {
    path: join(configDir, 'security.conf'),
    read: () => loadSecurityConfig(configDir),
    keys: (c) =>
      new Map<string, unknown>([
        ['attempts', c.attempts],
        ['lockout-seconds', c.lockoutSeconds],
        ['trusted-days', c.trustedDays],
        ['issuer', c.issuer],
      ]),
  };
}
